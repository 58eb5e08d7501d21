// One ISNet session on LiteRT.js (XNNPACK on the CPU): the .tflite converted
// from the app's ONNX graph (tflite/onnx-to-tflite.ts; kept in Cache Storage,
// runtime.ts), compiled once, and run on the app's NCHW input reordered to
// NHWC. It gives ORT's mask (max |Δ| ~1e-6) in less time on the CPU
// (bench/litert.mjs).
import { Tensor, type CompiledModel } from '@litertjs/core';
import { loadLiteRtBuild } from './litert-loader';
import type { LiteRtBackend, Segmenter } from './segmenter';
import { chwToHwc } from '../tflite/layout';

/**
 * @param tflite the converted model; LiteRT copies it into its own memory, so
 *   the caller's bytes may go as soon as this resolves
 * @param backend the build and threads liteRtSupport() found usable here
 */
export async function createLiteRtSegmenter(tflite: Uint8Array, side: number, backend: LiteRtBackend): Promise<Segmenter> {
  const liteRt = await loadLiteRtBuild(backend.build);
  const model: CompiledModel = await liteRt.loadAndCompile(tflite, { accelerator: 'wasm', cpuOptions: { numThreads: backend.threads } });
  const inputShape = [1, side, side, 3];
  const takes = Array.from(model.getInputDetails()[0]?.shape ?? []);
  const gives = Array.from(model.getOutputDetails()[0]?.shape ?? []);
  if (takes.join() !== inputShape.join() || gives.join() !== [1, side, side, 1].join()) {
    model.delete();
    throw new Error(`LiteRT: the model maps ${takes} to ${gives}, not a ${side}² image to its mask`);
  }
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
