// Test builds only: one timed session for the backend-comparison probes
// (litert-probe.ts, webgpu-probe.ts): build it, run it once, release it.
import { createSegmenter } from './create-segmenter';
import { describeBackend, type Backend, type ModelSource } from './segmenter';

export interface ProbeRun {
  label: string;
  /** Building the session (LiteRT: converting the model too). */
  createMs: number;
  runMs: number;
  mask: Float32Array;
}

export async function timedRun(source: ModelSource, backend: Backend, input: Float32Array): Promise<ProbeRun> {
  let start = performance.now();
  const segmenter = await createSegmenter(source, backend);
  const side = source.side;
  const createMs = performance.now() - start;
  try {
    start = performance.now();
    const mask = (await segmenter.run(input, side)).data;
    return { label: describeBackend(backend), createMs, runMs: performance.now() - start, mask };
  } finally {
    await segmenter.release();
  }
}
