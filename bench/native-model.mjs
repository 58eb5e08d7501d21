// The floor: the bare ISNet model in native onnxruntime-node on this CPU, model
// time only (no decode, resize, refinement or encode). One model per process,
// so its peak RSS is its own. Prints one JSON line.
//
//   node --import tsx bench/native-model.mjs patched|original [runs] [threads]
//
// patched  = public/models/isnet-fp16.onnx, what the app ships (only `output`,
//            MaxPool ceil_mode cleared);
// original = /models/medium of @imgly/background-removal-data, what the peer
//            runs, with all 12 outputs computed as the peer asks for them.
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import * as ort from 'onnxruntime-node';
import { assembleResource, manifest } from '../models/assemble.ts';
import { median } from './lib/stats.mjs';

const [which = 'patched', runsArg = '5', threadsArg] = process.argv.slice(2);
const runs = Number(runsArg);
// The browser engines run ORT on min(4, cores) threads; the same here.
const threads = Number(threadsArg ?? Math.min(4, availableParallelism()));
const side = manifest.models[0].inputSize;

const bytes =
  which === 'original'
    ? assembleResource(manifest.models[0].resource)
    : readFileSync(join(import.meta.dirname, '..', 'public', 'models', manifest.models[0].file));

const session = await ort.InferenceSession.create(bytes, {
  executionProviders: ['cpu'],
  intraOpNumThreads: threads,
  interOpNumThreads: 1,
  graphOptimizationLevel: 'all',
});

// A smooth, image-like input: model time does not depend on the content, but
// a constant tensor could take shortcuts in denormal or zero handling.
const input = new Float32Array(3 * side * side);
for (let c = 0; c < 3; c++)
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++) input[c * side * side + y * side + x] = 0.5 * Math.sin((x + 2 * y + 97 * c) / 53) - 0.1;
const feeds = { [session.inputNames[0]]: new ort.Tensor('float32', input, [1, 3, side, side]) };

const timeOne = async () => {
  const start = performance.now();
  const outputs = await session.run(feeds);
  const ms = performance.now() - start;
  for (const value of Object.values(outputs)) value.dispose?.();
  return ms;
};

await timeOne(); // warm-up: first run allocates and plans
const times = [];
for (let i = 0; i < runs; i++) times.push(await timeOne());

console.log(
  JSON.stringify({
    model: which,
    outputs: session.outputNames.length,
    threads,
    runs: times,
    medianMs: median(times),
    peakRssBytes: process.resourceUsage().maxRSS * 1024,
    ortVersion: ort.env.versions?.node ?? ort.env.versions?.common ?? null,
  }),
);
