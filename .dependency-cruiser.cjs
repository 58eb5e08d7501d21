// Who may import whom (docs/architecture.md#layers). `npm run lint:layers` checks src/
// against these rules in `npm test`; test/unit/layers.test.ts proves a broken
// rule fails. Paths match `src/` anywhere, so the test's fixture tree is
// judged by the same rules. Type-only imports count too: a type is a dependency.
const src = "(?:^|/)src/";

/** @type {import('dependency-cruiser').IForbiddenRuleType[]} */
const forbidden = [
  {
    name: 'imaging-is-pure',
    comment: 'imaging/ is pixel maths: it imports nothing of ours outside imaging/',
    severity: 'error',
    from: { path: `${src}imaging/` },
    to: { path: `${src}`, pathNot: `${src}imaging/` },
  },
  {
    name: 'onnx-is-self-contained',
    comment: 'engine/onnx/ rewrites model bytes for the worker and the install script alike: it imports nothing else of ours',
    severity: 'error',
    from: { path: `${src}engine/onnx/` },
    to: { path: `${src}`, pathNot: `${src}engine/onnx/` },
  },
  {
    name: 'contract-and-store-stand-alone',
    comment: 'api/ and store/ import no feature, engine, sw, app or ui',
    severity: 'error',
    from: { path: `${src}(api|store)/` },
    to: { path: `${src}(features|engine|sw|app|ui)/` },
  },
  {
    name: 'store-below-the-contract',
    comment: 'store/ keeps records; the contract (api/) reads and writes them, never the other way',
    severity: 'error',
    from: { path: `${src}store/` },
    to: { path: `${src}api/` },
  },
  {
    name: 'engine-names-no-feature',
    comment: 'the engine finds features by file layout (import.meta.glob), never by import',
    severity: 'error',
    from: { path: `${src}engine/` },
    to: { path: `${src}(features|sw|app|ui)/` },
  },
  {
    name: 'features-meet-through-shared',
    comment: 'a feature imports another only through that feature\'s shared/',
    severity: 'error',
    from: { path: `${src}features/([^/]+)/` },
    to: { path: `${src}features/`, pathNot: [`${src}features/$1/`, `${src}features/[^/]+/shared/`] },
  },
  {
    name: 'sw-takes-routes-only',
    comment: 'the service worker uses the contract, the store, and the engine\'s wire types; features reach it through their route.ts',
    severity: 'error',
    from: { path: `${src}sw/` },
    to: { path: `${src}(app|ui|features|imaging)/` },
  },
  {
    name: 'nothing-imports-the-sw',
    comment: 'sw/ is an entry point of its own',
    severity: 'error',
    from: { path: `${src}`, pathNot: `${src}sw/` },
    to: { path: `${src}sw/` },
  },
  {
    name: 'only-main-imports-the-app',
    comment: 'app/ (shell, boot, routing) sits on top: it finds pages by file layout, and nothing but the entry imports it',
    severity: 'error',
    from: { path: `${src}`, pathNot: [`${src}app/`, `${src}main\\.tsx$`] },
    to: { path: `${src}app/` },
  },
  {
    name: 'ui-names-no-feature',
    comment: 'ui/ is the shared components and tokens pages are built from: it names no feature, nor the app above it',
    severity: 'error',
    from: { path: `${src}ui/` },
    to: { path: `${src}(features|app|sw)/` },
  },
  {
    name: 'only-pages-import-ui',
    comment: 'ui/ is React for pages: the app and features\' client/ use it; workers, the sw and shared/ cannot',
    severity: 'error',
    from: { path: `${src}`, pathNot: [`${src}ui/`, `${src}app/`, `${src}features/[^/]+/client/`, `${src}main\\.tsx$`] },
    to: { path: `${src}ui/` },
  },
  {
    name: 'no-circular',
    comment: 'no module reaches itself through its imports',
    severity: 'error',
    from: {},
    to: { circular: true },
  },
  {
    name: 'no-orphans',
    comment: 'a module nothing imports and that imports nothing is dead, or an entry depcruise cannot see (declare those here)',
    severity: 'error',
    from: { orphan: true, pathNot: ['\\.d\\.ts$'] },
    to: {},
  },
];

module.exports = {
  forbidden,
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'] },
    exclude: { path: '\\.css$' },
  },
};
