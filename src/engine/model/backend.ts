// Chooses where the model runs. On the CPU: LiteRT.js (XNNPACK) where the
// browser has what its builds need (bench:litert: 0.62× ORT's time for the
// same graph and the same mask), else onnxruntime-web's WASM; either with
// threads where there is shared memory (shared-memory.ts). WebGPU only when a hardware
// adapter exists, the session builds, a warm-up run succeeds and it beats the
// CPU; it gets the float16 graph when the adapter has `shader-f16`, else float32.
// The reason for the choice travels with it, for X-Engine and the app status.
import type { LiteRtSupport } from './litert-support';
import { createSegmenter } from './create-segmenter';
import { describeBackend, type Backend, type LiteRtBackend, type ModelSource, type Segmenter, type WasmBackend, type WebGpuBackend } from './segmenter';
import { memoryIsAmple, memoryIsShort } from './device-memory';
import { modelThreads, type ThreadEnvironment } from './threads';
import { softwareAdapterReason, webGpuPrecision, type AdapterFacts } from './webgpu-adapter';

export interface BackendEnvironment extends ThreadEnvironment {
  gpu: Pick<GPU, 'requestAdapter'> | undefined;
  /** What LiteRT.js can do here (litert-support.ts); absent where it is not offered. */
  liteRt?: LiteRtSupport;
  /** The device's memory in GB, where the browser reports it (device-memory.ts). */
  deviceMemory?: number;
}

export interface BackendChoice {
  segmenter: Segmenter;
  backend: Backend;
  label: string;
  reason: string;
  /** Milliseconds of one warm run on each backend timed against the other (only when WebGPU ran). */
  timings: Partial<Record<'webgpu' | 'cpu', number>>;
}

/** The WebGPU backend for an adapter: its graph precision follows the adapter's features. */
export function webGpuBackend(adapter: AdapterFacts): WebGpuBackend {
  return { kind: 'webgpu', precision: webGpuPrecision(adapter) };
}

/** The LiteRT backend that support allows, or null where LiteRT cannot run. */
export function liteRtBackend(support: LiteRtSupport): LiteRtBackend | null {
  return support.usable && support.build ? { kind: 'litert', build: support.build, threads: support.threads } : null;
}

/** ORT WASM: on the widened graph where the device reports ample memory, else as shipped (device-memory.ts). */
export function wasmBackend(env: ThreadEnvironment & { deviceMemory?: number }): WasmBackend {
  return { kind: 'wasm', threads: modelThreads(env), precision: memoryIsAmple(env.deviceMemory) ? 'float32' : 'float16' };
}

function wasmReason(env: BackendEnvironment, backend: WasmBackend): string {
  const graph = backend.precision === 'float16' ? ', the float16 graph as shipped' : '';
  return env.sharedMemory
    ? `WASM with ${backend.threads} threads (shared memory)${graph}`
    : `WASM on one thread (no SharedArrayBuffer here, so no threads)${graph}`;
}

function message(error: unknown): string {
  return (error as Error)?.message ?? String(error);
}

async function timeRun(segmenter: Segmenter): Promise<number> {
  const input = new Float32Array(3 * segmenter.side * segmenter.side);
  const start = performance.now();
  await segmenter.run(input, segmenter.side);
  return performance.now() - start;
}

interface CpuChoice {
  segmenter: Segmenter;
  backend: LiteRtBackend | WasmBackend;
  reason: string;
}

/**
 * LiteRT where it is offered and builds the session; else ORT WASM, saying why
 * not LiteRT. Where the device reports little memory, ORT WASM, the lighter
 * of the two (device-memory.ts).
 */
async function chooseCpu(source: ModelSource, env: BackendEnvironment): Promise<CpuChoice> {
  if (memoryIsShort(env.deviceMemory)) {
    const light = wasmBackend(env);
    const reason = `${wasmReason(env, light)}: the device reports ${env.deviceMemory} GB of memory, and LiteRT's session takes about twice as much`;
    return { segmenter: await createSegmenter(source, light), backend: light, reason };
  }
  const support = env.liteRt;
  const backend = support ? liteRtBackend(support) : null;
  let notLiteRt = support ? `no LiteRT: ${support.reason}` : 'LiteRT not offered';
  if (support && backend) {
    try {
      return { segmenter: await createSegmenter(source, backend), backend, reason: support.reason };
    } catch (error) {
      notLiteRt = `LiteRT failed (${message(error)})`;
    }
  }
  const wasm = wasmBackend(env);
  return { segmenter: await createSegmenter(source, wasm), backend: wasm, reason: `${wasmReason(env, wasm)}; ${notLiteRt}` };
}

/** Tries WebGPU; returns the segmenter and its run time, or why it cannot be used. */
async function tryWebGpu(source: ModelSource, env: BackendEnvironment) {
  if (!env.gpu) return { failure: 'no WebGPU in this browser' };
  let segmenter: Segmenter | undefined;
  try {
    const adapter = await env.gpu.requestAdapter();
    if (!adapter) return { failure: 'WebGPU has no adapter' };
    const software = softwareAdapterReason(adapter);
    if (software) return { failure: `WebGPU not tried: ${software}` };
    const backend = webGpuBackend(adapter);
    segmenter = await createSegmenter(source, backend);
    await timeRun(segmenter);
    return { segmenter, backend, ms: await timeRun(segmenter) };
  } catch (error) {
    await segmenter?.release().catch(() => {});
    return { failure: `WebGPU failed (${message(error)})` };
  }
}

export async function chooseBackend(source: ModelSource, env: BackendEnvironment): Promise<BackendChoice> {
  const gpu = await tryWebGpu(source, env);
  const cpu = await chooseCpu(source, env);
  if (gpu.segmenter && gpu.backend && gpu.ms !== undefined) {
    const cpuMs = await timeRun(cpu.segmenter);
    const timings = { webgpu: gpu.ms, cpu: cpuMs };
    const cpuLabel = describeBackend(cpu.backend);
    if (gpu.ms < cpuMs) {
      await cpu.segmenter.release();
      return {
        segmenter: gpu.segmenter,
        backend: gpu.backend,
        label: describeBackend(gpu.backend),
        reason: `WebGPU, ${gpu.backend.precision} graph (${Math.round(gpu.ms)} ms per run, ${cpuLabel} ${Math.round(cpuMs)} ms)`,
        timings,
      };
    }
    await gpu.segmenter.release();
    return {
      segmenter: cpu.segmenter,
      backend: cpu.backend,
      label: cpuLabel,
      reason: `${cpu.reason}; WebGPU ran but was slower (${Math.round(gpu.ms)} ms vs ${Math.round(cpuMs)} ms)`,
      timings,
    };
  }
  return { segmenter: cpu.segmenter, backend: cpu.backend, label: describeBackend(cpu.backend), reason: `${cpu.reason}; ${gpu.failure}`, timings: {} };
}
