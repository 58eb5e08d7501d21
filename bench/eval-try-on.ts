// npm run eval:try-on: try-on scored on persons rendered with POV-Ray and on
// garments from two sources made apart from the drawings it was tuned on:
// garments rendered with POV-Ray (laid flat or on a model) and 2-D fashion
// drawings (bench/lib/try-on-eval/drawn/). EVAL_SOURCE: rendered, drawn or
// both (the default). EVAL_HALF: held-out (the default), tuning, closing,
// closing-2 or closing-3 (each read once, last; the first was read on
// 2026-11-28, the second on 2026-11-29, early) or
// all (tuning and held-out). Prints, per source, tables
// by garment, kind, length and pose — passes of the placement score, the
// garment's kind read right, the hem's error — and each failing pair. The
// models read each photo once in the test build (cached); the fit runs in
// Node on those readings. EVAL_RENDER_ONLY=1 renders the photos and makes
// the readings but runs no fit and prints no score (to cache a half without
// reading it). EVAL_E2E=N also runs the whole task in the browser on the
// first N pairs (all: every pair) and reports how far its JPEG is from the
// Node result.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readAll } from './lib/try-on-eval/readings';
import { EVAL_DIR, povrayVersion } from './lib/try-on-eval/render';
import { halvesOf, loadPairs, sourcesOf } from './lib/try-on-eval/pairs';
import { loadFit, runCase } from './lib/try-on-eval/run';
import { PASS } from './lib/try-on-eval/score';
import { endToEnd } from './lib/try-on-eval/end-to-end';
import { bySourceTable, countTables, failureLine, hemOf, kindRight, resultsJson, sourceTables, HEM_WITHIN, type PairResult } from './lib/try-on-eval/report';
import { loadAverage, machineInfo } from './lib/machine.mjs';

const half = process.env.EVAL_HALF ?? 'held-out';
const source = process.env.EVAL_SOURCE ?? 'both';
const renderOnly = Boolean(process.env.EVAL_RENDER_ONLY && process.env.EVAL_RENDER_ONLY !== '0');
if (!povrayVersion()) {
  console.error('POV-Ray is not installed (apt-get install povray): the try-on eval renders its persons and garments with it.');
  process.exit(1);
}
const sources = sourcesOf(source);
const log = (line: string) => console.error(line);
const pairs = await loadPairs(sources, halvesOf(half));
log(`[eval] ${pairs.length} pairs rendered`);
const readings = await readAll(pairs.flatMap((c) => [{ file: c.files.person, role: 'person' as const }, { file: c.files.garment, role: 'garment' as const }]), log);
if (renderOnly) {
  // Rendered and read, nothing scored: the half stays unread.
  console.log([`try-on eval, ${half} half, ${source}: ${pairs.length} pairs rendered and read; no fit run, no score (EVAL_RENDER_ONLY)`, ...countTables(pairs)].join('\n'));
  process.exit(0);
}
const fit = await loadFit();
const results: PairResult[] = [];
for (const [k, pair] of pairs.entries()) {
  const run = runCase(fit, pair, readings[2 * k], readings[2 * k + 1]);
  results.push({ pair, run });
  log(`[eval] ${pair.name}: ${run.refused ? `refused (${run.refused})` : run.score!.pass ? 'pass' : run.score!.failures.join(', ')}`);
}

const pct = (x: number) => `${(100 * x).toFixed(1)}`;
const lines: string[] = [];
const { cpu, cores } = machineInfo();
lines.push(`try-on eval, ${half} half, source ${source}: ${pairs.length} pairs (POV-Ray ${povrayVersion()}); fit: ${process.env.EVAL_FIT ?? 'this checkout'}; ${cpu}, ${cores} cores, 1-min load ${loadAverage().one}`);
lines.push(`pass: landmark error ≤ ${pct(PASS.landmarkError)} %, coverage ≥ ${pct(PASS.coverage)} %, paint outside ≤ ${pct(PASS.outside)} %, head and hands untouched, old garment showing ≤ ${pct(PASS.oldShowing)} %`);
lines.push(`kind right: the fit's kind is the garment's slot; hem error: mean |dy| of the hem's landmarks (hemLeft/Right, or legLeft/Right for trousers and shorts) as a share of body height, a lost one counting ${pct(0.15)} %; hem within ${pct(HEM_WITHIN)} %: none lost and the mean at most that (of the pairs whose hem the score finds in the truth, or that were refused)`);
for (const s of sources) {
  const group = results.filter((r) => r.pair.source === s);
  if (!group.length) continue;
  const passed = group.filter((r) => r.run.score?.pass).length;
  const kinds = group.filter(kindRight).length;
  const hemmed = group.filter((r) => !r.run.score || hemOf(r).error !== null);
  lines.push('', `### ${s}: pass ${passed}/${group.length}, kind right ${kinds}/${group.length}, hem within ${pct(HEM_WITHIN)} % ${hemmed.filter((r) => hemOf(r).within).length}/${hemmed.length}`);
  lines.push(...sourceTables(group));
}
if (sources.length > 1) lines.push('', '### Both sources', ...bySourceTable(results));
const failing = results.map(failureLine).filter((l): l is string => l !== null);
lines.push('', `**Failing pairs** (${failing.length}: placement, kind or hem)`, '', ...failing);
const sorted = results.map((r) => r.run.ms).sort((a, b) => a - b);
lines.push('', `fit in Node: median ${(sorted[Math.floor(sorted.length / 2)] ?? NaN).toFixed(0)} ms a pair`);

if (process.env.EVAL_E2E) {
  const count = process.env.EVAL_E2E === 'all' ? results.length : Number(process.env.EVAL_E2E);
  const e2e = await endToEnd(results.slice(0, count).map(({ pair, run }) => ({ c: pair, node: run.result })), log);
  lines.push('', `end to end (the tryOn task in Chromium, JPEG): ${e2e.summary}`);
}

const text = lines.join('\n');
console.log(text);
mkdirSync(EVAL_DIR, { recursive: true });
writeFileSync(join(EVAL_DIR, `eval-${source}-${half}-latest.md`), `${text}\n`);
writeFileSync(join(EVAL_DIR, `eval-${source}-${half}-latest.json`), JSON.stringify(resultsJson(results), null, 1));
