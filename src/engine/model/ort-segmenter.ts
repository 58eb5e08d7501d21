// One ISNet session on onnxruntime-web, on WASM or on ORT's native WebGPU EP.
//
// ORT comes from its `webgpu` entry: one runtime (ort-wasm-simd-threaded.asyncify,
// 26.8 MB of WASM) that carries both the CPU kernels and ORT's native WebGPU EP,
// so a worker never loads two runtimes. Measured here (2 cores, busy machine,
// runs interleaved): its CPU runs take the JSEP build's time (ISNet 1024²
// median 31.1 s vs 30.9 s; 512² 4.75 s vs 4.79 s); a page holding a WASM and
// a WebGPU session took 1948 MB of Chromium PSS on it, 2271 MB with WASM on
// the plain build beside it. Its WASM is 1.5 MB smaller than JSEP's.
import * as ort from 'onnxruntime-web/webgpu';
import ortWasmUrl from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.wasm?url';
import ortMjsUrl from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.mjs?url';
import { widenToFloat32 } from '../onnx/widen-float32';
import type { Segmenter, WasmBackend, WebGpuBackend } from './segmenter';
import { modelThreads, ownThreadEnvironment } from './threads';

// ORT starts its thread workers from these files; without explicit paths it
// would try to start them from the bundle, which is not a worker script.
ort.env.wasm.wasmPaths = { wasm: ortWasmUrl, mjs: ortMjsUrl };
// ORT reads the thread count once, at its first session, and the backend
// choice tries WebGPU before WASM: set it before any session is made.
ort.env.wasm.numThreads = modelThreads(ownThreadEnvironment());

/** Whether the backend runs the graph widened to float32 rather than as shipped. */
export function runsFloat32(backend: WasmBackend | WebGpuBackend): boolean {
  return backend.precision === 'float32';
}

/**
 * @param model ISNet as shipped (float16 weights). WASM runs it widened to
 *   float32, which skips the casts around every float16 island (bench:model),
 *   or as shipped where memory may be short (backend.ts); WebGPU runs it as
 *   shipped when the adapter has float16 shaders, else widened.
 */
export async function createOrtSegmenter(model: Uint8Array, side: number, backend: WasmBackend | WebGpuBackend): Promise<Segmenter> {
  // Takes effect only before ORT's first session in this worker (runtime.ts sets it at load).
  if (backend.kind === 'wasm') ort.env.wasm.numThreads = backend.threads;
  const session = await ort.InferenceSession.create(runsFloat32(backend) ? widenToFloat32(model) : model, {
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
