// npm run eval:int8 — which of ISNet's convolutions can keep their weights in
// 8 bits on LiteRT.js without changing the app's mattes. The app converts the
// ONNX graph to .tflite (src/engine/tflite/); a Conv written with int8 weights
// (one scale per output channel) runs XNNPACK's dynamic-range kernel: the
// activations are quantised to 8 bits per run. That is faster and smaller, but
// the decoder's last stages turn faint textures into speckle (bench:quant).
//
// The candidates are a ladder of blocks (bench/lib/quant-blocks.mjs), each
// rung adding blocks to the one below: the encoder first, then the decoder
// from its deepest stage up (the order bench:quant's sensitivity gave). Every
// rung and the float32 file run in LiteRT.js in Chromium (one page each, 2
// threads), on every case of every ground-truth set (bench/lib/eval-sets.mjs:
// emoji, pov, texture) at 1024², through the app's matte (refineMatte), scored
// against the truth.
//
// Choosing (tuning half only): the highest rung whose per-set means of MAE,
// IoU and edge F1 are each within TOLERANCE of the float file's (or better),
// on every set, with no case losing its subject and no case's IoU falling by
// more than CASE_IOU_DROP; the ladder stops at the first rung that fails. The
// held-out half is then reported for the chosen rung (and the first failing
// one), and the chosen rung is timed against float32 (interleaved, BENCH_RUNS runs).
//
// INT8_PLAN=sensitivity (the default) orders the ladder by measurement
// instead: each candidate block (INT8_CANDIDATES, default the encoder's) is
// first put in 8 bits alone and scored on the tuning half; the ladder then
// adds the blocks from the least harmful (the smallest worst-case IoU drop)
// to the most, and the choice above is made on it. INT8_PLAN=ladder keeps the
// fixed order (INT8_RUNGS or encoder, then the decoder from its deepest stage).
//
// Env: INT8_SIDE (1024), INT8_RUNGS (JSON: [[label, [blocks…]], …], each rung's own blocks added
// to the rungs below; INT8_ALONE=1: each rung's blocks alone), INT8_CASES
// (names to keep, comma-separated; a probe), INT8_SETS (emoji,small,pov,texture),
// INT8_PHASES (quality,time; fallback: see fallbackRule), INT8_FALLBACK
// (its blocks, default the encoder's), BENCH_RUNS (5), INT8_MEMORY=1 (session memory).
// Masks' scores are cached in bench/out/int8/scores.json by file and case.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { manifest, patchedResource } from '../models/assemble.ts';
import { onnxToTflite } from '../src/engine/tflite/onnx-to-tflite.ts';
import { toModelInput } from '../src/imaging/model-input.ts';
import { loadEvalSets } from './lib/eval-sets.mjs';
import { loadAverage, machineInfo } from './lib/machine.mjs';
import { matteMeans, scoreMatte } from './lib/matte-quality.mjs';
import { isnetBlocks } from './lib/quant-blocks.mjs';
import { describeMachine, saveReport } from './lib/report.mjs';
import { median } from './lib/stats.mjs';
import { outDir, root } from './lib/support.mjs';
import { fixed, markdownTable, mb, ms, ratio } from './lib/table.mjs';
import { timeTfliteVariants, withTflitePages } from './lib/tflite-timing.mjs';

/** The model side the files are converted for and run at (INT8_SIDE; the app runs photos at 1024², video at 512²). */
const SIDE = Number(process.env.INT8_SIDE ?? 1024);
const TOLERANCE = 0.0005;
const CASE_IOU_DROP = 0.01;
const ENCODER = ['conv_in', 'stage1', 'stage2', 'stage3', 'stage4', 'stage5', 'stage6'];
const DEFAULT_RUNGS = [['encoder', ENCODER], ['+ stage5d', ['stage5d']], ['+ stage4d', ['stage4d']], ['+ stage3d', ['stage3d']], ['+ stage2d', ['stage2d']], ['+ stage1d', ['stage1d']]];
const RUNGS = process.env.INT8_RUNGS ? JSON.parse(process.env.INT8_RUNGS) : DEFAULT_RUNGS;
const PLAN = process.env.INT8_PLAN ?? (process.env.INT8_RUNGS ? 'ladder' : 'sensitivity');
const CANDIDATES = process.env.INT8_CANDIDATES?.split(',').filter(Boolean) ?? ENCODER;
const SETS = (process.env.INT8_SETS ?? 'emoji,small,pov,texture').split(',').filter(Boolean);
const PHASES = new Set((process.env.INT8_PHASES ?? 'quality,time').split(','));
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** Each rung's blocks alone rather than on top of the rungs below (a sensitivity probe). */
const ALONE = process.env.INT8_ALONE === '1';
/** Only the cases whose names contain one of these (a probe; the halves' verdicts then cover only them). */
const ONLY_CASES = process.env.INT8_CASES?.split(',').filter(Boolean) ?? null;
const METRICS = [['mae', -1], ['iou', 1], ['edgeF1', 1]];

const folder = join(outDir, 'int8');
const cacheFile = join(folder, 'scores.json');
const log = (text) => console.error(`[eval:int8] ${text}`);
const digest = (bytes) => createHash('sha256').update(bytes).digest('hex').slice(0, 12);

/** Writes .tflite files of the patched graph with named blocks' Conv weights in 8 bits. */
function fileMaker() {
  const shipped = readFileSync(join(root, 'public', 'models', manifest.models[0].file));
  const { blocks, totalMacs } = isnetBlocks(shipped);
  const patched = patchedResource('/models/medium', SIDE);
  const make = (label, names) => {
    const chosen = blocks.filter((b) => names.includes(b.name));
    const convs = new Set(chosen.flatMap((b) => b.convs));
    const file = onnxToTflite(patched, { int8Convs: (node) => convs.has(node) });
    if (file.int8Weights !== convs.size) throw new Error(`${label}: ${file.int8Weights} int8 weights written for ${convs.size} convs`);
    const bytes = file.bytes.slice();
    return { label, blocks: [...names], convs: convs.size, share: chosen.reduce((a, b) => a + b.macs, 0) / totalMacs, bytes, key: digest(bytes) };
  };
  return { make, float: () => ({ ...make('float32', []), convs: undefined }) };
}

/** The float32 file and one file per rung, each with the blocks of every rung up to it in 8 bits (INT8_ALONE: its own alone). */
function ladderOf(maker, rungs, alone = ALONE) {
  const names = [];
  return rungs.map(([label, added]) => {
    if (alone) names.length = 0;
    names.push(...added);
    return maker.make(label, names);
  });
}

/** Each candidate alone, scored on the tuning half: the ladder's order, least harmful first (smallest worst-case IoU drop). */
async function sensitivityOrder(maker, reference, tuning) {
  const alone = ladderOf(maker, CANDIDATES.map((name) => [name, [name]]), true);
  const scores = await scoreAll([reference, ...alone], tuning);
  const rows = alone.map((f) => {
    const sets = compare(f, reference, tuning, scores);
    const worst = sets.map((r) => r.worst).reduce((a, b) => (b.drop > a.drop ? b : a));
    return { file: f, worst: worst.drop, worstCase: worst.name, holds: sets.every((r) => r.holds) };
  });
  rows.sort((a, b) => a.worst - b.worst || b.file.share - a.file.share);
  const table = markdownTable(
    ['block alone in 8 bits', 'MACs', 'worst case IoU Δ (tuning)', 'holds alone'],
    rows.map((r) => [r.file.label, `${(100 * r.file.share).toFixed(1)} %`, `${r.worstCase} ${fixed(-r.worst, 4)}`, r.holds ? 'yes' : 'NO']),
  );
  return { order: rows.map((r) => r.file.label), table };
}

/** Scores of every variant on every case: { [variant key]: { [case]: score } }, cached. */
async function scoreAll(files, cases, { shareOf = [] } = {}) {
  mkdirSync(folder, { recursive: true });
  const cache = existsSync(cacheFile) ? JSON.parse(readFileSync(cacheFile, 'utf8')) : {};
  const caseKey = (c) => `${c.set}/${c.name}@${digest(c.image.data)}`;
  // A score is missing when absent, or without the mask's subject share where `shareOf` (file keys) asks for it.
  const missing = (f, c) => !cache[f.key]?.[caseKey(c)] || (shareOf.includes(f.key) && cache[f.key][caseKey(c)].subjectShare === undefined);
  const todo = cases.filter((c) => files.some((f) => missing(f, c)));
  if (todo.length) {
    files.forEach((f, i) => writeFileSync(join(folder, `variant-${i}.tflite`), f.bytes));
    await withTflitePages(folder, 2, log, async (open) => {
      const pages = [];
      // Loading a page runs the model once on some input: the first case's.
      writeFileSync(join(folder, 'input.bin'), new Uint8Array(toModelInput(cases[0].image, SIDE).buffer));
      for (const [i, f] of files.entries()) {
        const page = await open();
        await page.evaluate(([url, side]) => window.tfliteBench.load(url, '/models/input.bin', side), [`/models/variant-${i}.tflite`, SIDE]);
        pages.push(page);
      }
      for (const [n, c] of todo.entries()) {
        const input = (SIDE === 1024 && c.modelInput) || toModelInput(c.image, SIDE);
        writeFileSync(join(folder, 'input.bin'), new Uint8Array(input.buffer, input.byteOffset, input.byteLength));
        for (const [i, f] of files.entries()) {
          if (!missing(f, c)) continue;
          await pages[i].evaluate(() => window.tfliteBench.input('/models/input.bin'));
          const modelMs = await pages[i].evaluate(() => window.tfliteBench.run());
          const raw = new Float32Array(new Uint8Array(Buffer.from(await pages[i].evaluate(() => window.tfliteBench.mask()), 'base64')).buffer);
          // The share of the model's mask at 0.5 or above: what the app could read from an 8-bit run before deciding to run float32.
          const subjectShare = raw.reduce((n, v) => n + (v >= 0.5 ? 1 : 0), 0) / raw.length;
          (cache[f.key] ??= {})[caseKey(c)] = { ...(await scoreMatte(c.image, c.truth, raw, SIDE)), modelMs, subjectShare };
        }
        writeFileSync(cacheFile, JSON.stringify(cache));
        log(`${n + 1}/${todo.length} ${c.set}/${c.name} (load ${loadAverage().one})`);
      }
    });
  }
  return Object.fromEntries(files.map((f) => [f.key, Object.fromEntries(cases.map((c) => [c.name, cache[f.key][caseKey(c)]]))]));
}

/**
 * INT8_PHASES=fallback: the whole encoder in 8 bits (INT8_FALLBACK blocks),
 * with float32 run again for an image whose 8-bit mask marks less than a
 * share τ of the model input (a small subject, where 8 bits went wrong). τ is
 * the smallest of FALLBACK_SHARES that holds on the tuning half; the held-out
 * half is reported with it, and how many images pay for the second run.
 */
const FALLBACK_SHARES = [0, 0.01, 0.02, 0.03, 0.05, 0.075, 0.1, 0.15, 0.2, 0.3];
async function fallbackRule(maker, reference, cases) {
  const blocks = process.env.INT8_FALLBACK?.split(',').filter(Boolean) ?? ENCODER;
  const int8 = maker.make(process.env.INT8_FALLBACK ? blocks.join(', ') : 'encoder', blocks);
  const scores = await scoreAll([reference, int8], cases, { shareOf: [int8.key] });
  const combined = (tau) => {
    const key = `fallback@${tau}`;
    scores[key] = Object.fromEntries(cases.map((c) => [c.name, scores[int8.key][c.name].subjectShare < tau ? scores[reference.key][c.name] : scores[int8.key][c.name]]));
    return { label: `${int8.label}, float32 under ${(100 * tau).toFixed(1)} %`, key, share: int8.share };
  };
  const tuning = cases.filter((c) => c.half === 'tune');
  const tau = FALLBACK_SHARES.find((t) => compare(combined(t), reference, tuning, scores).every((r) => r.holds)) ?? null;
  const rate = (group) => group.filter((c) => scores[int8.key][c.name].subjectShare < tau).length;
  const heldOut = cases.filter((c) => c.half === 'held-out');
  const lines = [`### A float32 fallback for small subjects: ${int8.label} in 8 bits (${(100 * int8.share).toFixed(1)} % of the MACs)`, ''];
  if (tau === null) return [...lines, `No share up to ${FALLBACK_SHARES.at(-1)} holds on the tuning half.`].join('\n');
  const shares = cases.map((c) => `${c.name} ${(100 * scores[int8.key][c.name].subjectShare).toFixed(1)}`).join(', ');
  return [
    ...lines,
    `Chosen on the tuning half: run float32 again when the 8-bit mask marks under **${(100 * tau).toFixed(1)} %** of the input (tuning ${rate(tuning)} of ${tuning.length} images, held out ${rate(heldOut)} of ${heldOut.length}).`,
    '',
    '#### Held-out half',
    '',
    qualityTable([reference, combined(tau)], cases, scores, 'held-out'),
    '',
    '#### Tuning half',
    '',
    qualityTable([reference, combined(tau)], cases, scores, 'tune'),
    '',
    `Subject shares of the 8-bit masks (%): ${shares}.`,
  ].join('\n');
}

/** Per set: the variant's means against float32's, and its worst case's IoU drop. */
function compare(variant, reference, cases, scores) {
  return SETS.filter((set) => cases.some((c) => c.set === set)).map((set) => {
    const group = cases.filter((c) => c.set === set);
    const m = matteMeans(group.map((c) => scores[variant.key][c.name]));
    const r = matteMeans(group.map((c) => scores[reference.key][c.name]));
    const drops = group.map((c) => ({ name: c.name, drop: scores[reference.key][c.name].iou - scores[variant.key][c.name].iou }));
    const worst = drops.reduce((a, b) => (b.drop > a.drop ? b : a));
    const worse = Object.fromEntries(METRICS.map(([key, sign]) => [key, sign * (r[key] - m[key])]));
    const holds = m.lost <= r.lost && Object.values(worse).every((d) => d < TOLERANCE) && worst.drop <= CASE_IOU_DROP;
    return { set, n: group.length, m, r, worst, holds };
  });
}

function qualityTable(files, cases, scores, half) {
  const group = cases.filter((c) => c.half === half);
  const rows = [];
  for (const f of files.slice(1)) {
    for (const s of compare(f, files[0], group, scores)) {
      const cell = (key) => `${fixed(s.r[key], 4)} → ${fixed(s.m[key], 4)}`;
      rows.push([f.label, `${(100 * f.share).toFixed(1)} %`, s.set, s.n, cell('mae'), cell('iou'), cell('edgeF1'), `${s.worst.name} ${fixed(-s.worst.drop, 4)}`, `${s.r.lost} → ${s.m.lost}`, s.holds ? 'yes' : 'NO']);
    }
  }
  return markdownTable(['rung (8-bit blocks)', 'MACs in 8 bits', 'set', 'cases', 'MAE float → int8', 'IoU float → int8', 'edge F1 float → int8', 'worst case IoU Δ', 'no subject', 'holds'], rows);
}

async function main() {
  const loadBefore = loadAverage();
  const maker = fileMaker();
  const reference = maker.float();
  const sections = [`## eval:int8 — Conv weights in 8 bits on LiteRT.js, ISNet at ${SIDE}²`, ''];
  let chosen = null;
  let scores = null;
  let cases = [];
  // The fixed ladder's files are made only where they are used (converting one takes seconds).
  const fixedLadder = () => [reference, ...ladderOf(maker, RUNGS)];
  const loadCases = async () => (await loadEvalSets({ sets: SETS, log })).filter((c) => SETS.includes(c.set) && (!ONLY_CASES || ONLY_CASES.some((n) => c.name.includes(n))));
  let files = null;
  if (PHASES.has('quality')) {
    cases = await loadCases();
    const tuning = cases.filter((c) => c.half === 'tune');
    if (PLAN === 'sensitivity') {
      const { order, table } = await sensitivityOrder(maker, reference, tuning);
      files = [reference, ...ladderOf(maker, order.map((name, i) => [i === 0 ? name : `+ ${name}`, [name]]), false)];
      sections.push(`Order of the ladder: each candidate block alone in 8 bits on the tuning half, least harmful first.`, '', table, '');
    } else {
      files = fixedLadder();
    }
    log(files.map((f) => `${f.label}: ${f.convs ?? 0} convs, ${(100 * f.share).toFixed(1)} % of MACs, ${mb(f.bytes.length)}`).join('; '));
    // The ladder on the tuning half, up to its first failing rung; the held-out half for those rungs only.
    scores = {};
    for (const f of files.slice(1)) {
      Object.assign(scores, await scoreAll([reference, f], tuning));
      if (!compare(f, reference, tuning, scores).every((s) => s.holds)) break;
      chosen = f;
    }
    // Tried: every rung up to the first that fails. The held-out half is scored for the chosen rung and that first failing one.
    files = files.slice(0, Math.min(files.length, files.indexOf(chosen ?? reference) + 2));
    const reported = [reference, ...files.slice(Math.max(1, files.length - 2))];
    Object.assign(scores, await scoreAll(reported, cases));
    sections.push(
      `A rung holds when each set's mean MAE, IoU and edge F1 is within ${TOLERANCE} of the float32 file's (or better), no case loses its subject, and no case's IoU falls by more than ${CASE_IOU_DROP}.`,
      '',
      `**Chosen on the tuning half: ${chosen ? `${chosen.label} (${chosen.blocks.join(', ')}; ${chosen.convs} convs, ${(100 * chosen.share).toFixed(1)} % of the MACs)` : 'none (the first rung already fails)'}.**`,
      '',
      '### Held-out half',
      '',
      qualityTable(reported, cases, scores, 'held-out'),
      '',
      '### Tuning half',
      '',
      qualityTable(files, cases, scores, 'tune'),
    );
  }
  if (PHASES.has('fallback')) {
    const fallback = await fallbackRule(maker, reference, cases.length ? cases : await loadCases());
    sections.push('', fallback);
  }
  let timing = null;
  if (PHASES.has('time')) {
    const timed = chosen ? [reference, chosen] : (files ?? fixedLadder());
    timing = await timeTfliteVariants(timed.map((f) => ({ label: f.label, side: SIDE, bytes: f.bytes })), { runs: RUNS, threads: 2, memory: process.env.INT8_MEMORY === '1', folder: 'int8/timing', log });
    const reference = median(timing.rows[0].runs);
    sections.push(
      '',
      `### Model time: LiteRT.js threaded build, 2 threads, Chromium, ${RUNS} runs after a warm-up, interleaved`,
      '',
      markdownTable(
        ['file', '.tflite', 'compile ms', 'median ms', 'runs (ms)', 'vs float32', 'session build + first run, PSS'],
        timing.rows.map((r) => [r.label, mb(r.fileBytes), ms(r.compileMs), ms(median(r.runs)), r.runs.map(Math.round).join(', '), ratio(median(r.runs), reference), r.sessionPss ? mb(r.sessionPss) : '–']),
      ),
      '',
      describeMachine(timing.machine),
    );
  }
  const loadAfter = loadAverage();
  sections.push('', `Load average before ${loadBefore.one}/${loadBefore.five}/${loadBefore.fifteen}, after ${loadAfter.one}/${loadAfter.five}/${loadAfter.fifteen} (${machineInfo().cpu}, ${machineInfo().cores} cores).`);
  const markdown = sections.join('\n');
  console.log(markdown);
  saveReport(SIDE === 1024 ? 'int8' : `int8-${SIDE}`, { rungs: (files ?? [reference]).map(({ bytes, ...f }) => f), chosen: chosen?.label ?? null, cases: cases.map((c) => ({ set: c.set, name: c.name, half: c.half })), scores, timing }, markdown);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
