// npm run eval:sides — which model side a small or medium input needs. Every
// image runs ISNet at 1024² today; a 256² photo pays a full 1024² run. Here
// each case of every ground-truth set (bench/lib/eval-sets.mjs: emoji, pov,
// texture) is shrunk to a range of long sides (area filter, the app's
// resizeRgba; the truth likewise), and each shrunk input runs at each model
// side through the app's own pipeline (toModelInput → ISNet → refineMatte,
// bench/lib/matte-quality.mjs), scored against its truth. Inputs are only
// ever shrunk: a long side above a case's own is skipped.
//
// The model runs in onnxruntime-node on the float32-widened graph patched for
// each side (models/assemble.ts: patchedResource), whose masks equal the
// app's LiteRT ones to ~1e-6 (bench:litert).
//
// Choosing (tuning half only): for each input long side, the smallest model
// side whose per-set means of MAE, IoU and edge F1 are each within
// TOLERANCE of the 1024² run's (or better), on every set, with no case losing
// its subject. The side may only grow with the input (a larger input never
// gets a smaller side), and a long side between two measured ones takes the
// larger one's side. The rule is then reported on the held-out half against
// 1024² everywhere.
//
// Timing (SIDES_TIME=1): each model side's .tflite (the app's converter) on
// LiteRT.js in Chromium, 2 threads (bench/lib/tflite-timing.mjs).
//
// Env: SIDES_INPUTS (long sides, default 256,384,512,640,768,896,1024,1280),
// SIDES_MODELS (model sides, default 384,512,640,768,1024), SIDES_SETS
// (emoji,pov,texture), SIDES_THREADS (ORT threads, 1), SIDES_TIME=1,
// BENCH_RUNS (3 timed runs). Scores are cached in bench/out/sides/scores.json.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as ort from 'onnxruntime-node';
import { patchedResource } from '../models/assemble.ts';
import { MODEL_SIDE_STEPS, modelSideFor } from '../src/engine/model-side.ts';
import { widenToFloat32 } from '../src/engine/onnx/widen-float32.ts';
import { onnxToTflite } from '../src/engine/tflite/onnx-to-tflite.ts';
import { toModelInput } from '../src/imaging/model-input.ts';
import { resizePlane, resizeRgba } from '../src/imaging/resize.ts';
import { loadEvalSets } from './lib/eval-sets.mjs';
import { loadAverage, machineInfo } from './lib/machine.mjs';
import { matteMeans, scoreMatte } from './lib/matte-quality.mjs';
import { describeMachine, saveReport } from './lib/report.mjs';
import { median } from './lib/stats.mjs';
import { outDir } from './lib/support.mjs';
import { fixed, markdownTable, mb, ms, ratio } from './lib/table.mjs';
import { timeTfliteVariants } from './lib/tflite-timing.mjs';

const list = (value, fallback) => (value ?? fallback).split(',').map((v) => v.trim()).filter(Boolean);
const INPUT_SIDES = list(process.env.SIDES_INPUTS, '256,384,512,640,768,896,1024,1280').map(Number);
const MODEL_SIDES = list(process.env.SIDES_MODELS, '384,512,640,768,1024').map(Number).sort((a, b) => a - b);
const SETS = list(process.env.SIDES_SETS, 'emoji,pov,texture');
const THREADS = Number(process.env.SIDES_THREADS ?? 1);
const TIME = process.env.SIDES_TIME === '1';
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** The side every image runs at today: the reference each smaller side is held to. */
const REFERENCE_SIDE = 1024;
/** "Unchanged to the third digit": a set's mean may worsen by less than half a unit of it. */
const TOLERANCE = 0.0005;
const METRICS = [
  ['MAE', 'mae', -1],
  ['IoU', 'iou', 1],
  ['edge F1', 'edgeF1', 1],
];

const folder = join(outDir, 'sides');
const cacheFile = join(folder, 'scores.json');
const log = (text) => console.error(`[eval:sides] ${text}`);

if (!MODEL_SIDES.includes(REFERENCE_SIDE)) throw new Error(`SIDES_MODELS must include ${REFERENCE_SIDE}, the reference`);
for (const side of [...INPUT_SIDES, ...MODEL_SIDES]) if (!Number.isInteger(side) || side <= 0) throw new Error(`bad side ${side}`);
for (const side of MODEL_SIDES) if (side % 32 !== 0) throw new Error(`model side ${side} is not a multiple of 32`);

const digest = (bytes) => createHash('sha256').update(bytes).digest('hex').slice(0, 12);

/** A case shrunk so its long side is `longSide`: the image (area filter) and its truth alike. */
function shrink(c, longSide) {
  const { width, height } = c.image;
  const [w, h] = shrunkSize(c, longSide);
  if (w === width && h === height) return { image: c.image, truth: c.truth };
  const image = resizeRgba(c.image, w, h);
  const truth = Uint8Array.from(resizePlane({ data: c.truth, width, height }, w, h).data, (v) => Math.round(v));
  return { image, truth };
}

function scoreCache() {
  const entries = existsSync(cacheFile) ? JSON.parse(readFileSync(cacheFile, 'utf8')) : {};
  let dirty = 0;
  const save = () => writeFileSync(cacheFile, JSON.stringify(entries));
  return {
    get: (key) => entries[key],
    set(key, value) {
      entries[key] = value;
      if (++dirty % 20 === 0) save();
    },
    save,
  };
}

/** Scores of every case × input long side × model side: { [case]: { [long]: { [side]: score } } }. */
async function scoreAll(cases) {
  mkdirSync(folder, { recursive: true });
  const cache = scoreCache();
  const keys = new Map(cases.map((c) => [c.name, `${c.name}@${digest(c.image.data)}`]));
  const scores = {};
  for (const side of MODEL_SIDES) {
    const graph = widenToFloat32(patchedResource('/models/medium', side));
    const modelKey = digest(graph);
    const jobs = [];
    for (const c of cases) {
      for (const longSide of INPUT_SIDES) {
        if (longSide > Math.max(c.image.width, c.image.height)) continue;
        const key = `${modelKey}|${keys.get(c.name)}|${longSide}`;
        const hit = cache.get(key);
        ((scores[c.name] ??= {})[longSide] ??= {})[side] = hit;
        if (!hit) jobs.push({ c, longSide, key });
      }
    }
    if (!jobs.length) continue;
    log(`model side ${side}: ${jobs.length} runs (load ${loadAverage().one})`);
    const session = await ort.InferenceSession.create(graph, { executionProviders: ['cpu'], intraOpNumThreads: THREADS, interOpNumThreads: 1, graphOptimizationLevel: 'all' });
    try {
      for (const [i, { c, longSide, key }] of jobs.entries()) {
        const { image, truth } = shrink(c, longSide);
        const input = toModelInput(image, side);
        const started = performance.now();
        const out = await session.run({ [session.inputNames[0]]: new ort.Tensor('float32', input, [1, 3, side, side]) });
        const modelMs = performance.now() - started;
        const raw = new Float32Array(out[session.outputNames[0]].data);
        const score = { ...(await scoreMatte(image, truth, raw, side)), modelMs };
        scores[c.name][longSide][side] = score;
        cache.set(key, score);
        if (i % 10 === 0) log(`  ${side}: ${i + 1}/${jobs.length} ${c.name} @${longSide}: MAE ${fixed(score.mae, 4)} (${Math.round(modelMs)} ms)`);
      }
    } finally {
      await session.release();
      cache.save();
    }
  }
  return scores;
}

/** Means of one model side at one input long side over `cases` (null where no case has that long side). */
const setMeans = (cases, scores, longSide, side) => matteMeans(cases.map((c) => scores[c.name]?.[longSide]?.[side]).filter(Boolean));

/** The score of the side `sideFor` picks for a case shrunk to `longSide`. */
const ruledScore = (c, scores, longSide, sideFor) => scores[c.name]?.[longSide]?.[sideFor(...shrunkSize(c, longSide))];

/** How much worse `candidate` is than `reference`, metric by metric (positive = worse). */
function worsening(candidate, reference) {
  return Object.fromEntries(METRICS.map(([, key, sign]) => [key, sign * (reference[key] - candidate[key])]));
}

const holds = (candidate, reference) => candidate.lost <= reference.lost && Object.values(worsening(candidate, reference)).every((d) => d < TOLERANCE);

/** For each measured long side: the smallest model side that holds on every set of the given cases. */
function chooseSides(cases, scores, sets) {
  const chosen = [];
  let floor = MODEL_SIDES[0];
  for (const longSide of INPUT_SIDES) {
    const perSet = sets.map((set) => cases.filter((c) => c.set === set));
    const references = perSet.map((group) => setMeans(group, scores, longSide, REFERENCE_SIDE));
    if (references.every((r) => r === null)) continue;
    const side = MODEL_SIDES.filter((s) => s >= floor).find((s) =>
      perSet.every((group, i) => references[i] === null || holds(setMeans(group, scores, longSide, s), references[i])),
    );
    floor = side;
    chosen.push({ longSide, side });
  }
  return chosen;
}

/** The measured choices as thresholds: "long side ≤ L → side S", merged where S repeats; the last step is open. */
function thresholdsOf(chosen) {
  const steps = [];
  for (const { longSide, side } of chosen) {
    if (steps.length && steps.at(-1).side === side) steps.at(-1).maxLongSide = longSide;
    else steps.push({ maxLongSide: longSide, side });
  }
  return steps;
}

function qualityTable(cases, scores, sets, half) {
  const rows = [];
  for (const set of sets) {
    const group = cases.filter((c) => c.set === set && c.half === half);
    for (const longSide of INPUT_SIDES) {
      const reference = setMeans(group, scores, longSide, REFERENCE_SIDE);
      if (!reference) continue;
      for (const side of MODEL_SIDES) {
        const m = setMeans(group, scores, longSide, side);
        const d = worsening(m, reference);
        rows.push([
          set,
          longSide,
          m.n,
          `${side}²`,
          fixed(m.mae, 4),
          fixed(m.iou, 4),
          fixed(m.edgeF1, 4),
          side === REFERENCE_SIDE ? '–' : `${fixed(-d.mae, 4)} / ${fixed(-d.iou, 4)} / ${fixed(-d.edgeF1, 4)}`,
          m.lost,
          side === REFERENCE_SIDE ? '(reference)' : holds(m, reference) ? 'yes' : 'no',
        ]);
      }
    }
  }
  return markdownTable(['set', 'input long side', 'cases', 'model side', 'MAE ↓', 'IoU ↑', 'edge F1 ↑', 'Δ vs 1024² (MAE / IoU / F1; + = higher)', 'no subject', 'holds'], rows);
}

/** Held-out: each set's means with the rule's side for each input against 1024² for all, per input long side and over all. */
function ruleTable(cases, scores, sets, sideFor) {
  const rows = [];
  const cell = (reference, m, key) => `${fixed(reference[key], 4)} → ${fixed(m[key], 4)}`;
  for (const set of sets) {
    const group = cases.filter((c) => c.set === set && c.half === 'held-out');
    const everything = { reference: [], ruled: [] };
    for (const longSide of INPUT_SIDES) {
      const present = group.filter((c) => scores[c.name]?.[longSide]);
      if (!present.length) continue;
      const referenceRows = present.map((c) => scores[c.name][longSide][REFERENCE_SIDE]);
      const ruledRows = present.map((c) => ruledScore(c, scores, longSide, sideFor));
      if (ruledRows.some((r) => !r)) throw new Error(`the rule picks a side eval:sides did not run at long side ${longSide}; add it to SIDES_MODELS`);
      everything.reference.push(...referenceRows);
      everything.ruled.push(...ruledRows);
      const reference = matteMeans(referenceRows);
      const m = matteMeans(ruledRows);
      const sides = [...new Set(present.map((c) => sideFor(...shrunkSize(c, longSide))))].map((x) => `${x}²`).join(', ');
      rows.push([set, longSide, m.n, sides, cell(reference, m, 'mae'), cell(reference, m, 'iou'), cell(reference, m, 'edgeF1'), `${reference.lost} → ${m.lost}`, holds(m, reference) ? 'yes' : 'NO']);
    }
    const reference = matteMeans(everything.reference);
    const m = matteMeans(everything.ruled);
    rows.push([`**${set}, all sizes**`, '', m.n, 'rule', cell(reference, m, 'mae'), cell(reference, m, 'iou'), cell(reference, m, 'edgeF1'), `${reference.lost} → ${m.lost}`, holds(m, reference) ? 'yes' : 'NO']);
  }
  return markdownTable(['set', 'input long side', 'cases', 'rule’s side', 'MAE 1024² → rule', 'IoU 1024² → rule', 'edge F1 1024² → rule', 'no subject', 'holds'], rows);
}

/** A case's size once shrunk to `longSide`, as shrink() makes it. */
function shrunkSize(c, longSide) {
  const scale = longSide / Math.max(c.image.width, c.image.height);
  return [Math.max(1, Math.round(c.image.width * scale)), Math.max(1, Math.round(c.image.height * scale))];
}

async function timeSides() {
  const variants = MODEL_SIDES.map((side) => ({ label: `${side}²`, side, bytes: onnxToTflite(patchedResource('/models/medium', side)).bytes }));
  const timing = await timeTfliteVariants(variants, { runs: RUNS, threads: 2, folder: 'sides/models', log });
  const reference = median(timing.rows.find((r) => r.side === REFERENCE_SIDE).runs);
  const table = markdownTable(
    ['model side', '.tflite', 'compile ms', 'median ms', 'runs (ms)', 'vs 1024²'],
    timing.rows.map((r) => [r.label, mb(r.fileBytes), ms(r.compileMs), ms(median(r.runs)), r.runs.map(Math.round).join(', '), ratio(median(r.runs), reference)]),
  );
  return { timing, table };
}

async function main() {
  const loadBefore = loadAverage();
  const cases = (await loadEvalSets({ sets: SETS, log })).filter((c) => SETS.includes(c.set));
  const sets = SETS.filter((set) => cases.some((c) => c.set === set));
  log(`${cases.length} cases (${sets.map((s) => `${s} ${cases.filter((c) => c.set === s).length}`).join(', ')}), long sides ${INPUT_SIDES}, model sides ${MODEL_SIDES}, ORT ${THREADS} thread(s)`);
  const scores = await scoreAll(cases);
  const tuning = cases.filter((c) => c.half === 'tune');
  const chosen = chooseSides(tuning, scores, sets);
  const derived = thresholdsOf(chosen);
  const shipped = MODEL_SIDE_STEPS.map((s) => `≤ ${s.maxLongSide} → ${s.side}²`).join(', ');
  const derivedText = derived.map((s, i) => (i === derived.length - 1 ? `else → ${s.side}²` : `≤ ${s.maxLongSide} → ${s.side}²`)).join(', ');
  const sections = [
    `## eval:sides — model side per input size, ${cases.length} cases (${sets.map((s) => `${s} ${cases.filter((c) => c.set === s).length}`).join(', ')}), each shrunk to long sides ${INPUT_SIDES.join(', ')}`,
    '',
    `The app's pipeline (toModelInput → ISNet float32 in onnxruntime-node → refineMatte) against each shrunk truth. A side "holds" when every one of a set's mean MAE, IoU and edge F1 is within ${TOLERANCE} of the ${REFERENCE_SIDE}² run's (or better) and no case loses its subject.`,
    '',
    '### Chosen on the tuning half',
    '',
    markdownTable(['input long side', 'smallest side that holds on every set'], chosen.map((c) => [c.longSide, `${c.side}²`])),
    '',
    `Derived thresholds: ${derivedText}. Shipped in src/engine/model-side.ts: ${shipped ? `${shipped}, else` : 'every input'} → ${REFERENCE_SIDE}².`,
    '',
    '### Held-out half: the shipped rule against 1024² everywhere',
    '',
    ruleTable(cases, scores, sets, modelSideFor),
    '',
    '### Held-out half: every model side at every input long side',
    '',
    qualityTable(cases, scores, sets, 'held-out'),
    '',
    '### Tuning half: every model side at every input long side',
    '',
    qualityTable(cases, scores, sets, 'tune'),
  ];
  let timing = null;
  if (TIME) {
    const timed = await timeSides();
    timing = timed.timing;
    sections.push('', `### Model time per side: LiteRT.js threaded build, 2 threads, Chromium, ${RUNS} runs after a warm-up, interleaved`, '', timed.table, '', describeMachine(timing.machine));
  }
  const loadAfter = loadAverage();
  sections.push('', `Load average before ${loadBefore.one}/${loadBefore.five}/${loadBefore.fifteen}, after ${loadAfter.one}/${loadAfter.five}/${loadAfter.fifteen} (${machineInfo().cpu}, ${machineInfo().cores} cores).`);
  const markdown = sections.join('\n');
  console.log(markdown);
  saveReport('sides', { inputSides: INPUT_SIDES, modelSides: MODEL_SIDES, tolerance: TOLERANCE, cases: cases.map(({ image, truth, modelInput, ...c }) => ({ ...c, width: image.width, height: image.height })), scores, chosen, derived, timing }, markdown);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
