// One ISNet session on one backend. The caller picks the backend (see
// backend.ts); this module names the backends and hands each to the runtime
// that builds its session: LiteRT.js (litert-segmenter.ts) or onnxruntime-web
// on WASM or WebGPU (ort-segmenter.ts).
import { createLiteRtSegmenter } from './litert-segmenter';
import type { LiteRtBuild } from './litert-support';
import { createOrtSegmenter } from './ort-segmenter';
import type { WebGpuPrecision } from './webgpu-adapter';
import type { Plane } from '../imaging/image';

export type WebGpuBackend = { kind: 'webgpu'; precision: WebGpuPrecision };
export type WasmBackend = { kind: 'wasm'; threads: number };
export type LiteRtBackend = { kind: 'litert'; build: LiteRtBuild; threads: number };
/** Where a session runs; a discriminated union, so another runtime joins by `kind`. */
export type Backend = WebGpuBackend | WasmBackend | LiteRtBackend;

export function describeBackend(backend: Backend): string {
  switch (backend.kind) {
    case 'webgpu':
      return backend.precision === 'float16' ? 'webgpu(fp16)' : 'webgpu(fp32)';
    case 'litert':
      return backend.threads > 1 ? `litert-threads(${backend.threads})` : backend.build === 'compat' ? 'litert-compat' : 'litert';
    case 'wasm':
      return backend.threads > 1 ? `wasm-threads(${backend.threads})` : 'wasm';
  }
}

/** Threads the backend runs the model on; 0 for the GPU. */
export function backendThreads(backend: Backend): number {
  return backend.kind === 'webgpu' ? 0 : backend.threads;
}

export interface Segmenter {
  backend: Backend;
  side: number;
  run(input: Float32Array, side: number): Promise<Plane>;
  release(): Promise<void>;
}

/**
 * @param model ISNet as the app has it for this side (float16 weights, graph
 *   resized when the side is not the model's own)
 */
export function createSegmenter(model: Uint8Array, side: number, backend: Backend): Promise<Segmenter> {
  return backend.kind === 'litert' ? createLiteRtSegmenter(model, side, backend) : createOrtSegmenter(model, side, backend);
}
