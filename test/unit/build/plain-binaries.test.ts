// `npm start`'s server (vite preview) sends the model files as they are: with
// their Content-Length and no on-the-fly compression, which cost a first
// visit 3.5 s on an 88 MB model that gzip shrinks by 7 %. Scripts are still
// compressed, so the test sees the compression it is avoiding.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { preview, type PreviewServer } from 'vite';
import { freePort } from '../../support/server';

const root = join(import.meta.dirname, '..', '..', '..');
const outDir = mkdtempSync(join(tmpdir(), 'cutout-preview-'));
const MODEL_BYTES = 256 * 1024;
let server: PreviewServer;
let base: string;

beforeAll(async () => {
  mkdirSync(join(outDir, 'models'));
  // Text-like bytes, so gzip would shrink them if it were let.
  writeFileSync(join(outDir, 'models', 'model.onnx'), Buffer.alloc(MODEL_BYTES, 'weights '));
  writeFileSync(join(outDir, 'app.js'), `export const text = ${JSON.stringify('script '.repeat(4096))};\n`);
  writeFileSync(join(outDir, 'index.html'), '<!doctype html><title>x</title>');
  const port = await freePort();
  server = await preview({ root, logLevel: 'silent', build: { outDir }, preview: { port, strictPort: true, host: '127.0.0.1' } });
  base = `http://127.0.0.1:${port}`;
}, 60_000);

afterAll(async () => {
  await server?.close();
  rmSync(outDir, { recursive: true, force: true });
});

const fetchAccepting = (path: string) => fetch(`${base}${path}`, { headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd' } });

describe('the preview server', () => {
  test('sends a model file uncompressed, with its length', async () => {
    const response = await fetchAccepting('/models/model.onnx');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('content-length')).toBe(String(MODEL_BYTES));
    expect((await response.arrayBuffer()).byteLength).toBe(MODEL_BYTES);
  });

  test('still compresses scripts, and keeps the isolation headers on both', async () => {
    const script = await fetchAccepting('/app.js');
    expect(script.headers.get('content-encoding')).toMatch(/^(br|gzip)$/);
    const model = await fetchAccepting('/models/model.onnx');
    for (const response of [script, model]) expect(response.headers.get('cross-origin-embedder-policy')).toBe('require-corp');
  });
});
