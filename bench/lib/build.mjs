// Builds what the benches serve: our app into its own folder (others build
// dist/ in the same tree at the same time) and the small page that hosts the peer.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './support.mjs';

export const APP_DIST = process.env.CUTOUT_DIST ?? 'dist-bench';
export const PEER_DIST = join(root, 'bench', 'out', 'peer-dist');
/** The same page with the peer on our ORT (PEER_ORT=app in bench/peer/vite.config.mjs). */
export const PEER_APP_ORT_DIST = join(root, 'bench', 'out', 'peer-dist-app-ort');
const viteBin = join(root, 'node_modules', 'vite', 'bin', 'vite.js');

function run(label, args) {
  const started = Date.now();
  const result = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${label} failed:\n${result.stdout}\n${result.stderr}`);
  console.error(`[bench] ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

/** BENCH_SKIP_BUILD=1 reuses existing builds, for quick re-runs. */
const skipBuild = () => process.env.BENCH_SKIP_BUILD === '1';

/**
 * What the build was made from. Others commit to and edit this tree while the
 * benches run, so a result is only meaningful next to its commit and the list
 * of app files that differed from it.
 */
function provenance() {
  // Not trimmed at the start: porcelain lines begin with a status column that may be a space.
  const git = (...args) => spawnSync('git', args, { cwd: root, encoding: 'utf8' }).stdout.trimEnd();
  const changed = git('status', '--porcelain', '--', 'src', 'models', 'index.html', 'vite.config.ts', 'public')
    .split('\n')
    .filter(Boolean)
    .map((line) => line.slice(3));
  return { commit: git('rev-parse', '--short', 'HEAD'), subject: git('log', '-1', '--format=%s'), uncommittedAppFiles: changed, builtAt: new Date().toISOString() };
}

/** Builds the app (unless reused) and says what it was built from. */
export function buildApp() {
  if (skipBuild() && existsSync(join(root, APP_DIST, 'sw.js'))) {
    return { reused: true, builtAt: statSync(join(root, APP_DIST, 'sw.js')).mtime.toISOString() };
  }
  const made = provenance();
  run('assemble the model', ['--import', 'tsx', join(root, 'models', 'assemble.ts')]);
  // The test mode: the benches drive the engine through window.cutoutEngine,
  // which only test builds expose (the code paths timed are the same).
  run(`build the app into ${APP_DIST}/`, [viteBin, 'build', '--mode', 'test', '--outDir', APP_DIST, '--logLevel', 'warn']);
  return made;
}

export function describeBuild(build) {
  if (build.reused) return `App: ${APP_DIST}/ reused (built ${build.builtAt}).`;
  const dirty = build.uncommittedAppFiles.length;
  return `App: built into ${APP_DIST}/ from commit ${build.commit} ("${build.subject}")${dirty ? ` plus uncommitted changes to ${dirty} app files (others are editing the tree; see the JSON)` : ''}.`;
}

export function buildPeerPage() {
  const config = join(root, 'bench', 'peer', 'vite.config.mjs');
  if (!(skipBuild() && existsSync(join(PEER_DIST, 'index.html')))) run('build the peer page', [viteBin, 'build', '--config', config, '--logLevel', 'warn']);
  if (skipBuild() && existsSync(join(PEER_APP_ORT_DIST, 'index.html'))) return;
  process.env.PEER_ORT = 'app';
  try {
    run('build the peer page on our ORT', [viteBin, 'build', '--config', config, '--logLevel', 'warn']);
  } finally {
    delete process.env.PEER_ORT;
  }
}
