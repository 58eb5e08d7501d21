// The e2e helpers in test/support are TypeScript; the benches reuse them as
// they are (same Chromium flags, same preview server, same scene renderer, same
// way of driving the app) by loading them through Vite's module runner, so a
// change there reaches the benches without a copy to keep in step.
import { join } from 'node:path';
import { runnerImport } from 'vite';

export const root = join(import.meta.dirname, '..', '..');
export const outDir = join(root, 'bench', 'out');

async function loadHelper(name, folder = 'support') {
  const path = join(root, 'test', folder, `${name}.ts`);
  const { module } = await runnerImport(path, { configFile: false, logLevel: 'warn' });
  return module;
}

/** test/webkit/webkit.ts: WebKitGTK's MiniBrowser over WebDriver, as the WebKit tests drive it. */
export function loadWebKit() {
  return loadHelper('webkit', 'webkit');
}

/** scene, app, chromium and server from test/support. Set CUTOUT_DIST first: server.ts reads it on load. */
export async function loadSupport() {
  const [scene, app, chromium, server] = await Promise.all(['scene', 'app', 'chromium', 'server'].map((name) => loadHelper(name)));
  return { scene, app, chromium, server };
}
