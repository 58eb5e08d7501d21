// Test builds only (reached through the engine worker's compareLiteRt hook):
// the real ISNet at one side on ORT WASM and on LiteRT, the same input to
// both, and how far apart their masks are. test/e2e/litert.test.ts asserts on it.
import { liteRtBackend, wasmBackend } from './backend';
import { liteRtSupport } from './litert-support';
import { probeInput } from './probe-input';
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
