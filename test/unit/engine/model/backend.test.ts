// The backend choice with the real model in onnxruntime-web (WASM, in Node):
// WASM with threads only where there is shared memory; a WebGPU that is missing,
// throws, or cannot build the session, and a LiteRT that is not offered, not
// usable or cannot start, fall back to WASM saying why; a device that reports
// little memory gets ORT WASM, whatever LiteRT could do.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test, vi } from 'vitest';

// The app imports ORT's `webgpu` build, whose threaded WASM cannot start in
// Node; Node gets ORT's own Node build, the same CPU kernels and API.
vi.mock('onnxruntime-web/webgpu', () => import('onnxruntime-web'));
import { chooseBackend } from '../../../../src/engine/model/backend';
import { chooseLiteRtBuild } from '../../../../src/engine/model/litert-support';
import { describeBackend } from '../../../../src/engine/model/segmenter';
import { bytesSource, useNodeOrt } from './model-source';
import { IMAGE_MODEL } from '../../../../src/engine/model/models';

let model: Uint8Array;

beforeAll(async () => {
  await useNodeOrt();
  model = new Uint8Array(readFileSync(join(import.meta.dirname, '..', '..', '..', '..', 'public', 'models', IMAGE_MODEL.file)));
});

describe('chooseBackend', () => {
  test('without WebGPU: WASM with threads when isolated', async () => {
    const choice = await chooseBackend(bytesSource(IMAGE_MODEL.inputSize, model), { gpu: undefined, sharedMemory: true, hardwareConcurrency: 2, deviceMemory: 8 });
    expect(choice.backend).toEqual({ kind: 'wasm', threads: 2, precision: 'float32' });
    expect(choice.label).toBe('wasm-threads(2)');
    expect(choice.reason).toBe('WASM with 2 threads (shared memory); LiteRT not offered; no WebGPU in this browser');
    await choice.segmenter.release();
  });

  test('a throwing adapter falls back to WASM, on one thread when not isolated, and says why', async () => {
    const gpu = { requestAdapter: () => Promise.reject(new Error('simulated adapter failure')) };
    const choice = await chooseBackend(bytesSource(IMAGE_MODEL.inputSize, model), { gpu, sharedMemory: false, hardwareConcurrency: 8, deviceMemory: 8 });
    expect(choice.backend).toEqual({ kind: 'wasm', threads: 1, precision: 'float32' });
    expect(choice.label).toBe('wasm');
    expect(choice.reason).toBe('WASM on one thread (no SharedArrayBuffer here, so no threads); LiteRT not offered; WebGPU failed (simulated adapter failure)');
    await choice.segmenter.release();
  });

  test('an adapter on which the session cannot be built falls back to WASM', async () => {
    // Node's onnxruntime-web has no WebGPU backend, so building the session fails as on a GPU that cannot run ISNet.
    const gpu = { requestAdapter: async () => ({}) as GPUAdapter };
    const choice = await chooseBackend(bytesSource(IMAGE_MODEL.inputSize, model), { gpu, sharedMemory: true, hardwareConcurrency: 4, deviceMemory: 8 });
    expect(choice.backend).toEqual({ kind: 'wasm', threads: 4, precision: 'float32' });
    expect(choice.reason).toMatch(/^WASM with 4 threads \(shared memory\); LiteRT not offered; WebGPU failed \(.+\)$/);
    expect(choice.timings).toEqual({});
    await choice.segmenter.release();
  });

  test('LiteRT offered but unable to start (Node has no LiteRT runtime): ORT WASM, saying why', async () => {
    const liteRt = chooseLiteRtBuild({ simd: true, relaxedSimd: true, threads: true }, { sharedMemory: true, hardwareConcurrency: 2 });
    expect(liteRt).toMatchObject({ usable: true, build: 'threaded', threads: 2 });
    const choice = await chooseBackend(bytesSource(IMAGE_MODEL.inputSize, model), { gpu: undefined, sharedMemory: true, hardwareConcurrency: 2, liteRt, deviceMemory: 8 });
    expect(choice.backend).toEqual({ kind: 'wasm', threads: 2, precision: 'float32' });
    expect(choice.reason).toMatch(/^WASM with 2 threads \(shared memory\); LiteRT failed \(.+\); no WebGPU in this browser$/);
    await choice.segmenter.release();
  });

  test('a browser without WebAssembly SIMD gets ORT WASM, and the reason names what LiteRT lacked', async () => {
    const liteRt = chooseLiteRtBuild({ simd: false, relaxedSimd: false, threads: true }, { sharedMemory: true, hardwareConcurrency: 2 });
    const choice = await chooseBackend(bytesSource(IMAGE_MODEL.inputSize, model), { gpu: undefined, sharedMemory: true, hardwareConcurrency: 2, liteRt, deviceMemory: 8 });
    expect(choice.backend).toEqual({ kind: 'wasm', threads: 2, precision: 'float32' });
    expect(choice.reason).toBe('WASM with 2 threads (shared memory); no LiteRT: no WebAssembly SIMD in this browser; no WebGPU in this browser');
    await choice.segmenter.release();
  });

  test('a device that reports 4 GB or less: ORT WASM, though LiteRT is offered, saying why', async () => {
    const liteRt = chooseLiteRtBuild({ simd: true, relaxedSimd: true, threads: true }, { sharedMemory: true, hardwareConcurrency: 2 });
    const choice = await chooseBackend(bytesSource(IMAGE_MODEL.inputSize, model), { gpu: undefined, sharedMemory: true, hardwareConcurrency: 2, liteRt, deviceMemory: 4 });
    expect(choice.backend).toEqual({ kind: 'wasm', threads: 2, precision: 'float16' });
    expect(choice.label).toBe('wasm-fp16-threads(2)');
    expect(choice.reason).toMatch(/^WASM with 2 threads \(shared memory\), the float16 graph as shipped: the device reports 4 GB of memory/);
    await choice.segmenter.release();
  });

  test('8 GB reported, or none: LiteRT is tried (here it cannot start in Node, so ORT, saying LiteRT failed)', async () => {
    const liteRt = chooseLiteRtBuild({ simd: true, relaxedSimd: true, threads: true }, { sharedMemory: true, hardwareConcurrency: 2 });
    for (const deviceMemory of [8, undefined]) {
      const choice = await chooseBackend(bytesSource(IMAGE_MODEL.inputSize, model), { gpu: undefined, sharedMemory: true, hardwareConcurrency: 2, liteRt, deviceMemory });
      expect(choice.backend).toMatchObject({ kind: 'wasm' });
      expect(choice.reason).toMatch(/LiteRT failed/);
      await choice.segmenter.release();
    }
  });
});

describe('describeBackend', () => {
  test('names the runtime, and the threads where there are several', () => {
    const labels = [
      describeBackend({ kind: 'litert', build: 'threaded', threads: 2 }),
      describeBackend({ kind: 'litert', build: 'relaxed-simd', threads: 1 }),
      describeBackend({ kind: 'wasm', threads: 4, precision: 'float32' }),
      describeBackend({ kind: 'wasm', threads: 1, precision: 'float32' }),
      describeBackend({ kind: 'wasm', threads: 2, precision: 'float16' }),
      describeBackend({ kind: 'wasm', threads: 1, precision: 'float16' }),
    ];
    expect(labels).toEqual(['litert-threads(2)', 'litert', 'wasm-threads(4)', 'wasm', 'wasm-fp16-threads(2)', 'wasm-fp16']);
  });
});
