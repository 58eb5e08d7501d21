// Builds a segmenter on the runtime its backend names: LiteRT.js
// (litert-segmenter.ts) or onnxruntime-web on WASM or WebGPU (ort-segmenter.ts).
// onnxruntime-web is imported only when a session needs it: where LiteRT runs
// the model, ORT's code and its 26 MB of WASM are never fetched.
import { loadLiteRtBuild } from './litert-loader';
import { createLiteRtSegmenter } from './litert-segmenter';
import type { Backend, ModelSource, Segmenter } from './segmenter';

/** Each runtime reads the form of the model it runs: LiteRT the .tflite, ORT the ONNX graph. */
export async function createSegmenter(source: ModelSource, backend: Backend): Promise<Segmenter> {
  if (backend.kind !== 'litert') return (await import('./ort-segmenter')).createOrtSegmenter(await source.onnx(), source.side, backend);
  // LiteRT's runtime (its script, its WebAssembly compile, its threads) starts
  // while the model is read or converted; a failure surfaces when it is used.
  loadLiteRtBuild(backend.build).catch(() => {});
  return createLiteRtSegmenter(await source.tflite(), source.side, backend);
}
