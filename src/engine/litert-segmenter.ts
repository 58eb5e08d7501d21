// One ISNet session on LiteRT.js (XNNPACK on the CPU): the ONNX graph the app
// has (patched for its side) is converted to a .tflite file in the worker
// (tflite/onnx-to-tflite.ts), compiled once, and run on the app's NCHW input
// reordered to NHWC. It gives ORT's mask (max |Δ| ~1e-6) in less time on the
// CPU (bench/litert.mjs).
import { Tensor, type CompiledModel } from '@litertjs/core';
import { loadLiteRtBuild } from './litert-loader';
import type { LiteRtBackend, Segmenter } from './segmenter';
import { chwToHwc } from './tflite/layout';
import { onnxToTflite } from './tflite/onnx-to-tflite';

/** @param backend the build and threads liteRtSupport() found usable here */
export async function createLiteRtSegmenter(onnxModelBytes: Uint8Array, side: number, backend: LiteRtBackend): Promise<Segmenter> {
  const liteRt = await loadLiteRtBuild(backend.build);
  const tflite = onnxToTflite(onnxModelBytes);
  const inputShape = [1, side, side, 3];
  if (tflite.input.shape.join() !== inputShape.join()) throw new Error(`LiteRT: the model takes ${tflite.input.shape}, not ${inputShape}`);
  if (tflite.output.shape.join() !== [1, side, side, 1].join()) throw new Error(`LiteRT: the model gives ${tflite.output.shape}, not a ${side}² mask`);
  const model: CompiledModel = await liteRt.loadAndCompile(tflite.bytes, { accelerator: 'wasm', cpuOptions: { numThreads: backend.threads } });
  // Reused across runs: LiteRT copies the input into its own memory.
  const nhwc = new Float32Array(3 * side * side);
  return {
    backend,
    side,
    async run(input, requestedSide) {
      if (requestedSide !== side) throw new Error(`this session takes ${side}², not ${requestedSide}²`);
      const tensor = new Tensor(chwToHwc(input, 3, side, side, nhwc), inputShape);
      try {
        const outputs = await model.run([tensor]);
        try {
          // A copy out of LiteRT's memory.
          const data = outputs[0].toTypedArray();
          if (!(data instanceof Float32Array) || data.length !== side * side) throw new Error('LiteRT: the output is not a float32 mask');
          return { data, width: side, height: side };
        } finally {
          for (const output of outputs) output.delete();
        }
      } finally {
        tensor.delete();
      }
    },
    release: async () => model.delete(),
  };
}
