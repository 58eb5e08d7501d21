// The backend choice with the real model in onnxruntime-web (WASM, in Node):
// WASM with threads only when cross-origin isolated, and a WebGPU that is
// missing, throws, or cannot build the session falls back to WASM saying why.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { chooseBackend } from '../../../src/engine/backend';
import { IMAGE_MODEL } from '../../../src/engine/models';

let model: Uint8Array;

beforeAll(() => {
  model = new Uint8Array(readFileSync(join(import.meta.dirname, '..', '..', '..', 'public', 'models', IMAGE_MODEL.file)));
});

describe('chooseBackend', () => {
  test('without WebGPU: WASM with threads when isolated', async () => {
    const choice = await chooseBackend(model, IMAGE_MODEL.inputSize, { gpu: undefined, crossOriginIsolated: true, hardwareConcurrency: 2 });
    expect(choice.backend).toEqual({ kind: 'wasm', threads: 2 });
    expect(choice.label).toBe('wasm-threads(2)');
    expect(choice.reason).toBe('WASM with 2 threads (cross-origin isolated); no WebGPU in this browser');
    await choice.segmenter.release();
  });

  test('a throwing adapter falls back to WASM, on one thread when not isolated, and says why', async () => {
    const gpu = { requestAdapter: () => Promise.reject(new Error('simulated adapter failure')) };
    const choice = await chooseBackend(model, IMAGE_MODEL.inputSize, { gpu, crossOriginIsolated: false, hardwareConcurrency: 8 });
    expect(choice.backend).toEqual({ kind: 'wasm', threads: 1 });
    expect(choice.label).toBe('wasm');
    expect(choice.reason).toBe('WASM on one thread (the page is not cross-origin isolated, so no threads); WebGPU failed (simulated adapter failure)');
    await choice.segmenter.release();
  });

  test('an adapter on which the session cannot be built falls back to WASM', async () => {
    // Node's onnxruntime-web has no WebGPU backend, so building the session fails as on a GPU that cannot run ISNet.
    const gpu = { requestAdapter: async () => ({}) as GPUAdapter };
    const choice = await chooseBackend(model, IMAGE_MODEL.inputSize, { gpu, crossOriginIsolated: true, hardwareConcurrency: 4 });
    expect(choice.backend).toEqual({ kind: 'wasm', threads: 4 });
    expect(choice.reason).toMatch(/^WASM with 4 threads \(cross-origin isolated\); WebGPU failed \(.+\)$/);
    expect(choice.timings).toEqual({});
    await choice.segmenter.release();
  });
});
