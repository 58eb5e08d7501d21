// What the engine reads off a WebGPU adapter: the graph precision (float16 only
// with `shader-f16`) and whether the adapter is software, and that the backend
// choice skips a software adapter without building a WebGPU session.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test, vi } from 'vitest';

// The app imports ORT's `webgpu` build, whose threaded WASM cannot start in
// Node; Node gets ORT's own Node build, the same CPU kernels and API.
vi.mock('onnxruntime-web/webgpu', () => import('onnxruntime-web'));
import { chooseBackend, webGpuBackend } from '../../../../src/engine/model/backend';
import { IMAGE_MODEL } from '../../../../src/engine/model/models';
import { patchIsnet } from '../../../../src/engine/onnx/isnet-patch';
import { runsFloat32 } from '../../../../src/engine/model/ort-segmenter';
import { describeBackend } from '../../../../src/engine/model/segmenter';
import { bytesSource, useNodeOrt } from './model-source';
import { softwareAdapterReason, webGpuPrecision } from '../../../../src/engine/model/webgpu-adapter';

const features = (...names: string[]) => new Set(names);
const swiftShader = { features: features('timestamp-query', 'subgroups'), info: { architecture: 'swiftshader', vendor: 'google', isFallbackAdapter: true } };

describe('webGpuPrecision', () => {
  test('float16 only when the adapter has shader-f16', () => {
    expect(webGpuPrecision({ features: features('shader-f16', 'timestamp-query') })).toBe('float16');
    expect(webGpuPrecision({ features: features('timestamp-query') })).toBe('float32');
    expect(webGpuPrecision({})).toBe('float32');
  });

  test('the backend carries it, and it decides the graph and the label', () => {
    const f16 = webGpuBackend({ features: features('shader-f16') });
    const f32 = webGpuBackend(swiftShader);
    expect(f16).toEqual({ kind: 'webgpu', precision: 'float16' });
    expect(f32).toEqual({ kind: 'webgpu', precision: 'float32' });
    expect([runsFloat32(f16), runsFloat32(f32), runsFloat32({ kind: 'wasm', threads: 2, precision: 'float32' }), runsFloat32({ kind: 'wasm', threads: 2, precision: 'float16' })]).toEqual([false, true, true, false]);
    expect([describeBackend(f16), describeBackend(f32)]).toEqual(['webgpu(fp16)', 'webgpu(fp32)']);
  });
});

describe('softwareAdapterReason', () => {
  test('SwiftShader (a fallback adapter) is software; a GPU is not', () => {
    expect(softwareAdapterReason(swiftShader)).toBe('the WebGPU adapter is software (swiftshader), slower than the CPU');
    expect(softwareAdapterReason({ isFallbackAdapter: true })).toBe('the WebGPU adapter is software (fallback adapter), slower than the CPU');
    expect(softwareAdapterReason({ info: { architecture: 'ampere', vendor: 'nvidia', isFallbackAdapter: false } })).toBeNull();
    expect(softwareAdapterReason({})).toBeNull();
  });
});

beforeAll(useNodeOrt);

describe('chooseBackend on a software adapter', () => {
  test('WebGPU is not tried: WASM, and the reason says why', async () => {
    const shipped = new Uint8Array(readFileSync(join(import.meta.dirname, '..', '..', '..', '..', 'public', 'models', IMAGE_MODEL.file)));
    const model = patchIsnet(shipped, { keepOutputs: ['output'], clearCeilMode: true, inputSize: 64 }).bytes;
    let devicesAsked = 0;
    const adapter = { ...swiftShader, requestDevice: () => (devicesAsked++, Promise.reject(new Error('no device'))) } as unknown as GPUAdapter;
    const choice = await chooseBackend(bytesSource(64, model), { gpu: { requestAdapter: async () => adapter }, sharedMemory: true, hardwareConcurrency: 2, deviceMemory: 8 });
    expect(choice.backend).toEqual({ kind: 'wasm', threads: 2, precision: 'float32' });
    expect(choice.reason).toBe('WASM with 2 threads (shared memory); LiteRT not offered; WebGPU not tried: the WebGPU adapter is software (swiftshader), slower than the CPU');
    expect(choice.timings).toEqual({});
    expect(devicesAsked).toBe(0);
    await choice.segmenter.release();
  });
});
