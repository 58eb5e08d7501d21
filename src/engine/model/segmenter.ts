// What a segmenter is (one ISNet session on one backend) and the backends it
// can run on. The caller picks the backend (backend.ts); create-segmenter.ts
// hands it to the runtime that builds the session.
import type { LiteRtBuild } from './litert-support';
import type { WebGpuPrecision } from './webgpu-adapter';
import type { Plane } from '../../imaging/image';

export type WebGpuBackend = { kind: 'webgpu'; precision: WebGpuPrecision };
/**
 * onnxruntime-web on the CPU: `float32` runs the graph widened (a little faster:
 * no casts around the float16 islands), `float16` as shipped (lighter: no
 * widened copy of the weights, in JavaScript or in ORT).
 */
export type WasmBackend = { kind: 'wasm'; threads: number; precision: 'float32' | 'float16' };
export type LiteRtBackend = { kind: 'litert'; build: LiteRtBuild; threads: number };
/** Where a session runs; a discriminated union, so another runtime joins by `kind`. */
export type Backend = WebGpuBackend | WasmBackend | LiteRtBackend;

export function describeBackend(backend: Backend): string {
  switch (backend.kind) {
    case 'webgpu':
      return backend.precision === 'float16' ? 'webgpu(fp16)' : 'webgpu(fp32)';
    case 'litert':
      return backend.threads > 1 ? `litert-threads(${backend.threads})` : 'litert';
    case 'wasm': {
      const name = backend.precision === 'float16' ? 'wasm-fp16' : 'wasm';
      return backend.threads > 1 ? `${name}-threads(${backend.threads})` : name;
    }
  }
}

/** Threads the backend runs the model on; 0 for the GPU. */
export function backendThreads(backend: Backend): number {
  return backend.kind === 'webgpu' ? 0 : backend.threads;
}

/**
 * One side's model, read only when a runtime asks for it: ISNet's ONNX graph
 * (ORT), or the .tflite converted from it (LiteRT). Neither is held after the
 * session is built, so the weights live in the runtime alone.
 */
export interface ModelSource {
  side: number;
  onnx(): Promise<Uint8Array>;
  tflite(): Promise<Uint8Array>;
}

export interface Segmenter {
  backend: Backend;
  side: number;
  run(input: Float32Array, side: number): Promise<Plane>;
  release(): Promise<void>;
}
