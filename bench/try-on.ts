// npm run bench:try-on: median seconds per try-on result at 768×1024 on this
// machine, split by step (pose, masks = ISNet on person and garment, garment
// reading, warp, composite), with the real models in headless Chromium. One
// warm-up run (model loads) is not counted. Run it alone on the machine.
import { renderGarment } from '../test/support/garments';
import { renderPerson, PERSON_IDS } from '../test/support/people';
import { loadAverage, machineInfo } from './lib/machine.mjs';
import { openTryOnPage } from './lib/try-on-page';

const RUNS = Number(process.env.BENCH_RUNS ?? 1);
const GARMENTS = ['tee', 'trousers', 'dress'] as const;
const STEPS = ['decode', 'pose', 'masks', 'garment', 'warp', 'composite', 'encode'];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

const seconds = (ms: number) => (ms / 1000).toFixed(2);

const loadBefore = loadAverage().one;
const session = await openTryOnPage();
try {
  const people = Object.fromEntries(PERSON_IDS.map((id) => [id, renderPerson(id, 768, 1024)]));
  const garments = Object.fromEntries(GARMENTS.map((id) => [id, renderGarment(id, 768, 1024)]));
  await session.run(people[PERSON_IDS[0]], garments.tee);
  const runs: { pair: string; ms: number; timings: Record<string, number> }[] = [];
  for (let run = 0; run < RUNS; run++) {
    for (const person of PERSON_IDS) {
      for (const garment of GARMENTS) {
        const result = await session.run(people[person], garments[garment]);
        runs.push({ pair: `${person} × ${garment}`, ms: result.ms, timings: result.timings });
      }
    }
  }
  const { cpu, cores } = machineInfo();
  console.log(`${cpu}, ${cores} cores; 1-min load average ${loadBefore} before, ${loadAverage().one} after`);
  console.log(`${runs.length} results (${PERSON_IDS.length} persons × ${GARMENTS.length} garments × ${RUNS}), after one warm-up run\n`);
  console.log('| step (768×1024) | median s |');
  console.log('|---|---:|');
  for (const step of STEPS) console.log(`| ${step} | ${seconds(median(runs.map((r) => r.timings[step] ?? 0)))} |`);
  console.log(`| **total** | **${seconds(median(runs.map((r) => r.ms)))}** |`);
  console.log('\n| pair | total s |');
  console.log('|---|---:|');
  for (const { pair, ms } of runs.slice(0, PERSON_IDS.length * GARMENTS.length)) console.log(`| ${pair} | ${seconds(ms)} |`);
} finally {
  await session.close();
}
