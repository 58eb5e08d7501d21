// Test builds only (reached through the engine worker's compareLiteRt hook):
// the real ISNet at one side on ORT WASM and on LiteRT, the same input to
// both, and how far apart their masks are. test/e2e/litert.test.ts asserts on it.
import { liteRtBackend, wasmBackend } from './backend';
import { liteRtSupport } from './litert-support';
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

export interface BackendComparison {
  side: number;
  ort: BackendRun;
  litert: BackendRun & { reason: string };
  maxDiff: number;
  meanDiff: number;
}

/** A normalised (x/255 − 0.5) NCHW image: a bright disc on a textured field, so the mask has an edge. */
export function probeInput(side: number): Float32Array {
  const data = new Float32Array(3 * side * side);
  for (let c = 0; c < 3; c++) {
    for (let y = 0; y < side; y++) {
      for (let x = 0; x < side; x++) {
        const inside = Math.hypot(x - side * 0.5, y - side * 0.55) < side * 0.28;
        data[c * side * side + y * side + x] = inside ? 0.35 - c * 0.1 : -0.2 + 0.1 * Math.sin(x / 9 + c) * Math.cos(y / 13);
      }
    }
  }
  return data;
}

const mean = (data: Float32Array) => data.reduce((sum, v) => sum + v, 0) / data.length;

export async function compareLiteRtWithOrt(side: number): Promise<BackendComparison> {
  const model = modelSource(side, () => {});
  const input = probeInput(side);
  const wasm = wasmBackend(ownThreadEnvironment());
  const ort = await timedRun(model, wasm, input);
  const support = await liteRtSupport();
  const liteRt = liteRtBackend(support);
  if (!liteRt) throw new Error(`LiteRT cannot run here: ${support.reason}`);
  const litert = await timedRun(model, liteRt, input);
  let maxDiff = 0;
  let sumDiff = 0;
  for (let i = 0; i < ort.mask.length; i++) {
    const diff = Math.abs(ort.mask[i] - litert.mask[i]);
    maxDiff = Math.max(maxDiff, diff);
    sumDiff += diff;
  }
  return {
    side,
    ort: { label: ort.label, createMs: ort.createMs, runMs: ort.runMs, mean: mean(ort.mask) },
    litert: { label: litert.label, reason: support.reason, createMs: litert.createMs, runMs: litert.runMs, mean: mean(litert.mask) },
    maxDiff,
    meanDiff: sumDiff / ort.mask.length,
  };
}
