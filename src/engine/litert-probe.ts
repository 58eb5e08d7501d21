// Test builds only (reached through the engine worker's compareLiteRt hook):
// the real ISNet at one side on ORT WASM and on LiteRT, the same input to
// both, and how far apart their masks are. test/e2e/litert.test.ts asserts on it.
import { wasmBackend } from './backend';
import { createLiteRtSegmenter } from './litert-segmenter';
import { liteRtSupport } from './litert-support';
import { fetchModel } from './model-loader';
import { IMAGE_MODEL, modelUrl } from './models';
import { patchIsnet } from './onnx/isnet-patch';
import { createSegmenter, describeBackend, type Segmenter } from './segmenter';
import type { LiteRtSegmenter } from './litert-segmenter';

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

async function timed(segmenterMade: () => Promise<Segmenter | LiteRtSegmenter>, input: Float32Array, side: number) {
  let start = performance.now();
  const segmenter = await segmenterMade();
  const createMs = performance.now() - start;
  start = performance.now();
  const mask = await segmenter.run(input, side);
  const runMs = performance.now() - start;
  await segmenter.release();
  return { mask: mask.data, createMs, runMs };
}

const mean = (data: Float32Array) => data.reduce((sum, v) => sum + v, 0) / data.length;

export async function compareLiteRtWithOrt(side: number): Promise<BackendComparison> {
  const shipped = await fetchModel(modelUrl(IMAGE_MODEL));
  const model = side === IMAGE_MODEL.inputSize ? shipped : patchIsnet(shipped, { keepOutputs: ['output'], clearCeilMode: true, inputSize: side }).bytes;
  const input = probeInput(side);
  const wasm = wasmBackend({ gpu: undefined, crossOriginIsolated: self.crossOriginIsolated, hardwareConcurrency: self.navigator.hardwareConcurrency || 1 });
  const ort = await timed(() => createSegmenter(model, side, wasm), input, side);
  const support = await liteRtSupport();
  const litert = await timed(() => createLiteRtSegmenter(model, side, { support }), input, side);
  let maxDiff = 0;
  let sumDiff = 0;
  for (let i = 0; i < ort.mask.length; i++) {
    const diff = Math.abs(ort.mask[i] - litert.mask[i]);
    maxDiff = Math.max(maxDiff, diff);
    sumDiff += diff;
  }
  return {
    side,
    ort: { label: describeBackend(wasm), createMs: ort.createMs, runMs: ort.runMs, mean: mean(ort.mask) },
    litert: { label: `litert-${support.build}(${support.threads})`, reason: support.reason, createMs: litert.createMs, runMs: litert.runMs, mean: mean(litert.mask) },
    maxDiff,
    meanDiff: sumDiff / ort.mask.length,
  };
}
