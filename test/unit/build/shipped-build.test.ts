// The app people install carries no test hooks: no movable clock, no crash
// switch, no engine on window, no WebGPU failure switch; and it keeps within
// the size budget of size-budget.json. Built here as `npm run build` builds
// it (with Vite's chunk manifest beside it), then searched and measured.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { firstPageScripts, precache } from '../../support/build-size';

const root = join(import.meta.dirname, '..', '..', '..');
const outDir = join(root, '.tmp', 'dist-shipped');

/** Strings that exist only where a test hook does. */
const HOOKS = ['debug:clock', 'cutoutEngine', 'simulated worker crash', 'cutout.debug.webgpu', 'simulated adapter failure', 'cutout.debug.litert', 'simulated LiteRT failure', 'cutout.debug.memory', 'simulated model host crash'];

function scripts(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.js') || name.endsWith('.mjs'))
    .map((name) => join(dir, name));
}

beforeAll(() => {
  execFileSync(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--outDir', outDir, '--sourcemap', 'false', '--manifest'], {
    cwd: root,
    stdio: 'pipe',
    // Vitest runs with NODE_ENV=test, which would give the build React's development copy.
    env: { ...process.env, NODE_ENV: 'production' },
  });
}, 120_000);

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('the shipped build', () => {
  test('has none of the test hooks', () => {
    const found = scripts(outDir).flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return HOOKS.filter((hook) => text.includes(hook)).map((hook) => `${hook} in ${file.slice(outDir.length)}`);
    });
    expect(found).toEqual([]);
  });

  test('precaches the app shell only: the model and every runtime are fetched when used, and kept then', () => {
    const sw = readFileSync(join(outDir, 'sw.js'), 'utf8');
    const precached = [...sw.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1]);
    expect(precached).toContain('index.html');
    expect(precached.filter((url) => /\.(wasm|onnx|tflite|data)$|^models\/|ffmpeg-core/.test(url))).toEqual([]);
  });
});

describe('the size budget (size-budget.json)', () => {
  const budget = JSON.parse(readFileSync(join(root, 'size-budget.json'), 'utf8')) as { firstVisitPrecacheMB: number; firstPageJsKB: number };

  test('a first visit precaches no more than its ceiling', () => {
    const { files, bytes } = precache(outDir);
    expect(bytes / 1e6, `${files} files, ${(bytes / 1e6).toFixed(1)} MB`).toBeLessThanOrEqual(budget.firstVisitPrecacheMB);
  });

  test("the first page's JavaScript stays under its ceiling", () => {
    const { entry, page, total } = firstPageScripts(outDir, '/');
    expect(entry).toBeGreaterThan(0);
    expect(page).toBeGreaterThan(0);
    expect(total / 1e3, `entry ${(entry / 1e3).toFixed(1)} KB + the / page ${(page / 1e3).toFixed(1)} KB`).toBeLessThanOrEqual(budget.firstPageJsKB);
  });
});
