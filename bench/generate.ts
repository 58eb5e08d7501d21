// npm run bench:generate: median time of one 1024² generation beyond the
// segmentation step (recipe, set, shadow, reflection, finish, product), per
// preset set and for prompts, on the glass bottle cut-out. Runs the same code
// as the worker, in Node; JPEG encoding (in the browser) is not included.
import { SCENES } from '../src/features/generate-background/shared/meta';
import { generatePixels } from '../src/features/generate-background/worker/generate-pixels';
import { glassBottle } from '../test/support/products';
import { GALLERY_PROMPTS } from './gallery-prompts';
import { loadAverage, machineInfo } from './lib/machine.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const product = { image: glassBottle(512), cutOut: false };
const transform = { scale: 0.55, xCenter: 0.5, yCenter: 0.6 };

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function time(options: { scene?: (typeof SCENES)[number]; prompt?: string }): number {
  const runs: number[] = [];
  // One warm-up run, so the JIT has compiled the shaders before we time them.
  for (let run = 0; run <= RUNS; run++) {
    const start = performance.now();
    generatePixels(product, { transform, negativePrompt: [], ...options }, 100 + run);
    if (run > 0) runs.push(performance.now() - start);
  }
  return median(runs);
}

const loadBefore = loadAverage().one;
const rows: [string, number][] = [];
for (const scene of SCENES) rows.push([`scene \`${scene}\``, time({ scene })]);
const promptTimes = GALLERY_PROMPTS.map((prompt) => time({ prompt }));
for (const [i, prompt] of GALLERY_PROMPTS.entries()) rows.push([`prompt “${prompt}”`, promptTimes[i]]);
rows.push(['**all prompts (median)**', median(promptTimes)]);

const { cpu, cores, node } = machineInfo();
// A busy machine inflates every number: the load average says how quiet it was.
console.log(`${cpu}, ${cores} cores, Node ${node}; 1-min load average ${loadBefore} before, ${loadAverage().one} after\n`);
console.log(`| generation (1024², ${RUNS} runs each) | median ms |`);
console.log('|---|---:|');
for (const [name, ms] of rows) console.log(`| ${name} | ${Math.round(ms)} |`);
