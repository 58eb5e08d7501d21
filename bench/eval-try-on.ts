// npm run eval:try-on: try-on scored on persons and garments rendered with
// POV-Ray (bench/lib/try-on-eval/), never on the drawings it was tuned on.
// Prints tables by garment and by pose for one half of the set (EVAL_HALF:
// held-out, the default; tuning; all), and each failing case. The models
// read each photo once in the test build (cached); the fit runs in Node on
// those readings. EVAL_E2E=N also runs the whole task in the browser on the
// first N cases (all: every case) and reports how far its JPEG is from the
// Node result.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { evalCases, GARMENT_TYPES, POSES } from './lib/try-on-eval/cases';
import { readAll } from './lib/try-on-eval/readings';
import { EVAL_DIR, povrayVersion } from './lib/try-on-eval/render';
import { renderCase, type RenderedCase } from './lib/try-on-eval/rendered';
import { loadFit, runCase, type CaseRun } from './lib/try-on-eval/run';
import { PASS } from './lib/try-on-eval/score';
import { endToEnd } from './lib/try-on-eval/end-to-end';
import { loadAverage, machineInfo } from './lib/machine.mjs';

const half = process.env.EVAL_HALF ?? 'held-out';
if (!povrayVersion()) {
  console.error('POV-Ray is not installed (apt-get install povray): the try-on eval renders its persons and garments with it.');
  process.exit(1);
}
const specs = evalCases().filter((c) => half === 'all' || c.half === half);
const log = (line: string) => console.error(line);
const cases: RenderedCase[] = [];
for (const spec of specs) cases.push(await renderCase(spec));
log(`[eval] ${cases.length} cases rendered`);
const readings = await readAll(cases.flatMap((c) => [{ file: c.files.person, role: 'person' as const }, { file: c.files.garment, role: 'garment' as const }]), log);
const fit = await loadFit();
const runs: { c: RenderedCase; run: CaseRun }[] = [];
for (const [k, c] of cases.entries()) {
  const run = runCase(fit, c, readings[2 * k], readings[2 * k + 1]);
  runs.push({ c, run });
  log(`[eval] ${c.spec.name}: ${run.refused ? `refused (${run.refused})` : run.score!.pass ? 'pass' : run.score!.failures.join(', ')}`);
}

const pct = (x: number) => `${(100 * x).toFixed(1)}`;
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);

function row(label: string, group: typeof runs): string {
  const scored = group.filter((g) => g.run.score);
  const s = scored.map((g) => g.run.score!);
  const passed = s.filter((x) => x.pass).length;
  const refused = group.length - scored.length;
  const touched = s.filter((x) => x.headTouched > 0 || x.handsTouched > 0).length;
  return `| ${label} | ${group.length} | ${passed} (${pct(passed / Math.max(1, group.length))} %) | ${pct(mean(s.map((x) => x.landmarkError)))} | ${pct(mean(s.map((x) => x.coverage)))} | ${pct(mean(s.map((x) => x.outside)))} | ${touched} | ${pct(mean(s.map((x) => x.oldShowing)))} | ${refused} |`;
}

const header = '| | pairs | pass | landmark error, % of height | coverage % | paint outside % | head/hands painted | old showing % | refused |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|';
const lines: string[] = [];
const { cpu, cores } = machineInfo();
lines.push(`try-on eval, ${half} half: ${cases.length} pairs (POV-Ray ${povrayVersion()}); fit: ${process.env.EVAL_FIT ?? 'this checkout'}; ${cpu}, ${cores} cores, 1-min load ${loadAverage().one}`);
lines.push(`pass: landmark error ≤ ${pct(PASS.landmarkError)} %, coverage ≥ ${pct(PASS.coverage)} %, paint outside ≤ ${pct(PASS.outside)} %, head and hands untouched, old garment showing ≤ ${pct(PASS.oldShowing)} %`);
lines.push('', '**By garment**', '', header);
for (const type of GARMENT_TYPES) {
  const group = runs.filter((r) => r.c.spec.garment === type);
  if (group.length) lines.push(row(type, group));
}
lines.push(row('worn by a model', runs.filter((r) => r.c.spec.onModel)));
lines.push(row('**all**', runs));
lines.push('', '**By pose**', '', header);
for (const pose of POSES) {
  const group = runs.filter((r) => r.c.spec.pose === pose);
  if (group.length) lines.push(row(pose, group));
}
lines.push(row('**all**', runs));
const failing = runs.filter((r) => !r.run.score?.pass);
lines.push('', `**Failing pairs** (${failing.length})`, '');
for (const { c, run } of failing) lines.push(`- ${c.spec.name} (${run.kind ?? '-'}): ${run.refused ? `refused: ${run.refused}` : run.score!.failures.join(', ')}`);
lines.push('', `fit in Node: median ${mean(runs.map((r) => r.run.ms).sort((a, b) => a - b).slice(Math.floor(runs.length / 2), Math.floor(runs.length / 2) + 1)).toFixed(0)} ms a pair`);

if (process.env.EVAL_E2E) {
  const count = process.env.EVAL_E2E === 'all' ? runs.length : Number(process.env.EVAL_E2E);
  const e2e = await endToEnd(runs.slice(0, count).map(({ c, run }) => ({ c, node: run.result })), log);
  lines.push('', `end to end (the tryOn task in Chromium, JPEG): ${e2e.summary}`);
}

const text = lines.join('\n');
console.log(text);
mkdirSync(EVAL_DIR, { recursive: true });
writeFileSync(join(EVAL_DIR, `eval-${half}-latest.md`), `${text}\n`);
writeFileSync(
  join(EVAL_DIR, `eval-${half}-latest.json`),
  JSON.stringify(runs.map(({ c, run }) => ({ name: c.spec.name, kind: run.kind, refused: run.refused, score: run.score })), null, 1),
);
