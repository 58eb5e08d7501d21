// A ModelSource over bytes a test already has: the ONNX graph for ORT, and an
// empty .tflite, which LiteRT (absent in Node) never gets as far as reading.
import type { ModelSource } from '../../../../src/engine/model/segmenter';

export function bytesSource(side: number, onnx: Uint8Array): ModelSource {
  return { side, onnx: async () => onnx, tflite: async () => new Uint8Array() };
}

/**
 * Points ORT back at its own files: ort-segmenter.ts gives it the bundle's
 * WASM paths when it loads, which exist in a browser build, not in Node.
 */
export async function useNodeOrt(): Promise<void> {
  await import('../../../../src/engine/model/ort-segmenter');
  const ort = await import('onnxruntime-web/webgpu');
  ort.env.wasm.wasmPaths = undefined;
}
