// Serves the built app (dist/) with `vite preview` on a free port.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitFor(url: string, deadline: number): Promise<void> {
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not come up`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export interface PreviewServer {
  url: string;
  stop(): Promise<void>;
}

/** The built app to serve: the test build (dist-test/), or another build folder named by CUTOUT_DIST. */
export const distDir = process.env.CUTOUT_DIST ?? 'dist-test';

export async function startPreview(): Promise<PreviewServer> {
  if (!existsSync(join(root, distDir, 'sw.js'))) throw new Error(`${distDir}/ is missing: run \`npm run build:test\` first`);
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'preview', '--outDir', distDir, '--port', String(port), '--strictPort', '--host', '127.0.0.1'],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, PORT: String(port) } },
  );
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor(url, Date.now() + 30_000);
  } catch (error) {
    child.kill();
    throw new Error(`${(error as Error).message}\n${output}`);
  }
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill();
      }),
  };
}
