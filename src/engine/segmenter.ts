// One ISNet inference session on one backend. The caller picks the backend
// (see backend.ts); this module only builds the session and runs it.
import * as ort from 'onnxruntime-web';
import { widenToFloat32 } from './onnx/widen-float32';
import type { Plane } from '../imaging/image';

export type Backend = { kind: 'webgpu' } | { kind: 'wasm'; threads: number };

export function describeBackend(backend: Backend): string {
  return backend.kind === 'webgpu' ? 'webgpu' : backend.threads > 1 ? `wasm-threads(${backend.threads})` : 'wasm';
}

export interface Segmenter {
  backend: Backend;
  side: number;
  run(input: Float32Array, side: number): Promise<Plane>;
  release(): Promise<void>;
}

/**
 * @param model ISNet as shipped (float16 weights); on WASM it runs widened to
 *   float32, which skips the casts around every float16 island (bench:model)
 */
export async function createSegmenter(model: Uint8Array, side: number, backend: Backend): Promise<Segmenter> {
  if (backend.kind === 'wasm') ort.env.wasm.numThreads = backend.threads;
  const session = await ort.InferenceSession.create(backend.kind === 'wasm' ? widenToFloat32(model) : model, {
    executionProviders: [backend.kind === 'webgpu' ? 'webgpu' : 'wasm'],
    graphOptimizationLevel: 'all',
  });
  const inputName = session.inputNames[0];
  const outputName = session.outputNames[0];
  return {
    backend,
    side,
    async run(input, requestedSide) {
      if (requestedSide !== side) throw new Error(`this session takes ${side}², not ${requestedSide}²`);
      const tensor = new ort.Tensor('float32', input, [1, 3, side, side]);
      const results = await session.run({ [inputName]: tensor }, [outputName]);
      const output = results[outputName];
      const data = output.type === 'float32' ? (output.data as Float32Array) : Float32Array.from(output.data as ArrayLike<number>);
      const plane = { data: new Float32Array(data), width: side, height: side };
      output.dispose();
      return plane;
    },
    release: () => session.release(),
  };
}
