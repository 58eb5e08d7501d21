// Test builds only (reached through the engine worker's compareWebGpu hook):
// the real ISNet at one side on ORT's WebGPU EP and on ORT WASM, the same
// image made into the same input for both, and both masks back. WebGPU is
// built here even on a software adapter, which the backend choice skips, so
// test/e2e/webgpu.test.ts can prove the WebGPU path right on a machine
// without a GPU.
import * as ort from 'onnxruntime-web/webgpu';
import { wasmBackend, webGpuBackend } from './backend';
import { modelSource } from './runtime';
import { timedRun, type ProbeRun } from './probe-run';
import { ownThreadEnvironment } from './threads';
import { toModelInput } from '../../imaging/model-input';
import type { RgbaImage } from '../../imaging/image';

export interface WebGpuComparison {
  side: number;
  adapter: { architecture: string; isFallbackAdapter: boolean; shaderF16: boolean };
  /** Whether ORT's WebGPU EP made its GPU device (ORT sets env.webgpu.device when it does). */
  ortMadeDevice: boolean;
  wasm: ProbeRun;
  webgpu: ProbeRun;
}

export async function compareWebGpuWithWasm(image: RgbaImage, side: number): Promise<WebGpuComparison> {
  const adapter = await (self.navigator as { gpu?: GPU }).gpu?.requestAdapter();
  if (!adapter) throw new Error('WebGPU has no adapter in this worker');
  const model = modelSource(side, () => {});
  const input = toModelInput(image, side);
  const wasm = await timedRun(model, wasmBackend(ownThreadEnvironment()), input);
  const webgpu = await timedRun(model, webGpuBackend(adapter), input);
  return {
    side,
    adapter: { architecture: adapter.info.architecture, isFallbackAdapter: adapter.info.isFallbackAdapter === true, shaderF16: adapter.features.has('shader-f16') },
    ortMadeDevice: ort.env.webgpu.device !== undefined,
    wasm,
    webgpu,
  };
}
