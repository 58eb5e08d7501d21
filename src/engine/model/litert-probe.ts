// Test builds only (reached through the engine worker's compareLiteRt hook):
// the real ISNet at one side on ORT WASM and on LiteRT, the same input to
// both, and how far apart their masks are: LiteRT once on an all-float32
// conversion (the converter is exact) and once on the app's own, whose listed
// blocks keep 8-bit weights (../tflite/isnet-int8.ts: near, not equal).
// test/e2e/litert.test.ts asserts on it.
import { liteRtBackend, wasmBackend } from './backend';
import { liteRtSupport } from './litert-support';
import { probeInput } from './probe-input';
import { ISNET_INT8_BLOCKS } from '../tflite/isnet-int8';
import { modelSource } from './runtime';
import { timedRun } from './probe-run';
import { ownThreadEnvironment } from './threads';

export interface BackendRun {
  label: string;
  /** Building the session (LiteRT: converting the model too). */
  createMs: number;
  runMs: number;
  /** Mean of the mask. */
  mean: number;
}

/** How far one mask is from another. */
export interface MaskDifference {
  maxDiff: number;
  meanDiff: number;
  /** Share of pixels on the same side of 0.5 in both. */
  agree: number;
}

export interface BackendComparison {
  side: number;
  ort: BackendRun;
  litert: BackendRun & { reason: string };
  /** LiteRT on an all-float32 conversion against ORT. */
  float32: MaskDifference;
  /** LiteRT on the app's conversion (8-bit blocks included) against ORT. */
  shipped: MaskDifference & { int8Blocks: number };
}

const mean = (data: Float32Array) => data.reduce((sum, v) => sum + v, 0) / data.length;

function difference(a: Float32Array, b: Float32Array): MaskDifference {
  let maxDiff = 0;
  let sumDiff = 0;
  let agree = 0;
  for (let i = 0; i < a.length; i++) {
    const diff = Math.abs(a[i] - b[i]);
    maxDiff = Math.max(maxDiff, diff);
    sumDiff += diff;
    if (a[i] >= 0.5 === b[i] >= 0.5) agree++;
  }
  return { maxDiff, meanDiff: sumDiff / a.length, agree: agree / a.length };
}

export async function compareLiteRtWithOrt(side: number): Promise<BackendComparison> {
  const model = modelSource(side, () => {});
  const input = probeInput(side);
  const wasm = wasmBackend(ownThreadEnvironment());
  const ort = await timedRun(model, wasm, input);
  const support = await liteRtSupport();
  const liteRt = liteRtBackend(support);
  if (!liteRt) throw new Error(`LiteRT cannot run here: ${support.reason}`);
  const litert = await timedRun(model, liteRt, input);
  const { onnxToTflite } = await import('../tflite/onnx-to-tflite');
  const float32 = await timedRun({ ...model, tflite: async () => onnxToTflite(await model.onnx()).bytes }, liteRt, input);
  return {
    side,
    ort: { label: ort.label, createMs: ort.createMs, runMs: ort.runMs, mean: mean(ort.mask) },
    litert: { label: litert.label, reason: support.reason, createMs: litert.createMs, runMs: litert.runMs, mean: mean(litert.mask) },
    float32: difference(ort.mask, float32.mask),
    shipped: { ...difference(ort.mask, litert.mask), int8Blocks: ISNET_INT8_BLOCKS.length },
  };
}
