// Chooses where the model runs: WebGPU only when an adapter exists, the
// session builds, a warm-up run succeeds and it beats WASM; else WASM with
// threads when the page is cross-origin isolated; else WASM on one thread.
// The reason for the choice travels with it, for X-Engine and the app status.
import { createSegmenter, describeBackend, type Backend, type Segmenter } from './segmenter';

export interface BackendEnvironment {
  gpu: Pick<GPU, 'requestAdapter'> | undefined;
  crossOriginIsolated: boolean;
  hardwareConcurrency: number;
}

export interface BackendChoice {
  segmenter: Segmenter;
  backend: Backend;
  label: string;
  reason: string;
  /** Milliseconds of one run on each backend tried. */
  timings: Partial<Record<'webgpu' | 'wasm', number>>;
}

export function wasmBackend(env: BackendEnvironment): Backend {
  return { kind: 'wasm', threads: env.crossOriginIsolated ? Math.max(1, Math.min(4, env.hardwareConcurrency)) : 1 };
}

function wasmReason(env: BackendEnvironment, backend: Backend): string {
  if (backend.kind !== 'wasm') return '';
  return env.crossOriginIsolated
    ? `WASM with ${backend.threads} threads (cross-origin isolated)`
    : 'WASM on one thread (the page is not cross-origin isolated, so no threads)';
}

async function timeRun(segmenter: Segmenter): Promise<number> {
  const input = new Float32Array(3 * segmenter.side * segmenter.side);
  const start = performance.now();
  await segmenter.run(input, segmenter.side);
  return performance.now() - start;
}

/** Tries WebGPU; returns the segmenter and its run time, or why it cannot be used. */
async function tryWebGpu(model: Uint8Array, side: number, env: BackendEnvironment) {
  if (!env.gpu) return { failure: 'no WebGPU in this browser' };
  let segmenter: Segmenter | undefined;
  try {
    const adapter = await env.gpu.requestAdapter();
    if (!adapter) return { failure: 'WebGPU has no adapter' };
    segmenter = await createSegmenter(model, side, { kind: 'webgpu' });
    await timeRun(segmenter);
    return { segmenter, ms: await timeRun(segmenter) };
  } catch (error) {
    await segmenter?.release().catch(() => {});
    return { failure: `WebGPU failed (${(error as Error).message ?? String(error)})` };
  }
}

export async function chooseBackend(model: Uint8Array, side: number, env: BackendEnvironment): Promise<BackendChoice> {
  const wasm = wasmBackend(env);
  const gpu = await tryWebGpu(model, side, env);
  const wasmSegmenter = await createSegmenter(model, side, wasm);
  if (gpu.segmenter && gpu.ms !== undefined) {
    const wasmMs = await timeRun(wasmSegmenter);
    if (gpu.ms < wasmMs) {
      await wasmSegmenter.release();
      return {
        segmenter: gpu.segmenter,
        backend: { kind: 'webgpu' },
        label: 'webgpu',
        reason: `WebGPU (${Math.round(gpu.ms)} ms per run, WASM ${Math.round(wasmMs)} ms)`,
        timings: { webgpu: gpu.ms, wasm: wasmMs },
      };
    }
    await gpu.segmenter.release();
    return {
      segmenter: wasmSegmenter,
      backend: wasm,
      label: describeBackend(wasm),
      reason: `${wasmReason(env, wasm)}; WebGPU ran but was slower (${Math.round(gpu.ms)} ms vs ${Math.round(wasmMs)} ms)`,
      timings: { webgpu: gpu.ms, wasm: wasmMs },
    };
  }
  return {
    segmenter: wasmSegmenter,
    backend: wasm,
    label: describeBackend(wasm),
    reason: `${wasmReason(env, wasm)}; ${gpu.failure}`,
    timings: {},
  };
}
