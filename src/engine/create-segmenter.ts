// Builds a segmenter on the runtime its backend names: LiteRT.js
// (litert-segmenter.ts) or onnxruntime-web on WASM or WebGPU (ort-segmenter.ts).
import { createLiteRtSegmenter } from './litert-segmenter';
import { createOrtSegmenter } from './ort-segmenter';
import type { Backend, Segmenter } from './segmenter';

/**
 * @param model ISNet as the app has it for this side (float16 weights, graph
 *   resized when the side is not the model's own)
 */
export function createSegmenter(model: Uint8Array, side: number, backend: Backend): Promise<Segmenter> {
  return backend.kind === 'litert' ? createLiteRtSegmenter(model, side, backend) : createOrtSegmenter(model, side, backend);
}
