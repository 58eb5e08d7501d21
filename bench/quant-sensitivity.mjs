// npm run bench:quant — mixed precision for ISNet: which blocks of convolutions
// can run in dynamic 8 bits (bench/lib/quantise-convs.ts) without the
// speckles whole-graph quantisation makes on faint textures (eval:quint8), and
// whether what survives is worth shipping.
//
// 1. Sensitivity: each block (bench/lib/quant-blocks.mjs) quantised alone, the
//    rest float32; scored in onnxruntime-node (1 thread) on eval:quint8's
//    texture scenes and a few eval:image cases (bench/lib/quant-quality.mjs).
// 2. Greedy: blocks that pass alone, least harmful first, added one by one
//    while the combination keeps the bar: every texture row's MAE within
//    0.002 of the float graph's, the cases' mean matte MAE within 0.0005.
// 3. Confirm: the combination and the float graph scored again in
//    onnxruntime-web's WASM build (in Node), the runtime the app uses.
// 4. Timing: that combination against the float32-widened graph (what the app
//    runs on WASM) in onnxruntime-web in Chromium (bench/lib/quant-timing.mjs).
//    Verdict: ship only if it passes the bar and saves at least 10 %.
//
// Env: QUANT_PHASES (sensitivity,greedy,confirm,time), QUANT_CASES (eval:image name
// prefixes, default 01,06,09,11,14,20), QUANT_SPLIT=1 (each RSU stage as two
// blocks, down and up), QUANT_GRANULARITY (channel | tensor), QUANT_FRESH=1
// (ignore the score cache), QUANT_BLOCKS (only these blocks), QUANT_THREADS
// (ORT threads in the browser timing, 2), BENCH_RUNS (3 timed runs after 1 warm-up).
// Writes bench/out/quant/: sensitivity-latest.{md,json}, scores-cache.json,
// cases/ (rendered inputs), models/ (timed variants).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { manifest } from '../models/assemble.ts';
import { quantiseConvs } from './lib/quantise-convs.ts';
import { widenToFloat32 } from '../src/engine/onnx/widen-float32.ts';
import { loadAverage } from './lib/machine.mjs';
import { convsOfBlocks, isnetBlocks } from './lib/quant-blocks.mjs';
import { scoreGraph } from './lib/quant-quality.mjs';
import { DEFAULT_CASES, TEXTURE_AMPLITUDES, evalImages, textureScene } from './lib/quant-scenes.mjs';
import { timeInBrowser } from './lib/quant-timing.mjs';
import { describeMachine } from './lib/report.mjs';
import { mean, median } from './lib/stats.mjs';
import { outDir, root } from './lib/support.mjs';
import { fixed, markdownTable, ms, ratio } from './lib/table.mjs';

const PHASES = new Set((process.env.QUANT_PHASES ?? 'sensitivity,greedy,confirm,time').split(','));
const CASES = process.env.QUANT_CASES?.split(',') ?? DEFAULT_CASES;
const SPLIT = process.env.QUANT_SPLIT === '1';
const GRANULARITY = process.env.QUANT_GRANULARITY ?? 'channel';
const FRESH = process.env.QUANT_FRESH === '1';
/** QUANT_BLOCKS: only these blocks (comma list of names), for a quick look. */
const ONLY_BLOCKS = process.env.QUANT_BLOCKS?.split(',');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** ORT threads for the browser timing: 2, as the app runs on WASM; 1 is steadier on a loaded machine. */
const THREADS = Number(process.env.QUANT_THREADS ?? 2);
/** The bar: texture rows' MAE may rise by this much, the cases' mean matte MAE by that. */
const BAR = { texture: 0.002, cases: 0.0005 };
/** Shipping needs at least this saving in model time. */
const MIN_GAIN = 0.1;

const folder = join(outDir, 'quant');
const cacheFile = join(folder, 'scores-cache.json');
const log = (text) => console.error(`[bench:quant] ${text}`);
const percent = (share) => `${(share * 100).toFixed(1)} %`;

/** Scores by configuration, kept across runs (they depend only on the graph and the inputs). */
function scoreCache() {
  const entries = !FRESH && existsSync(cacheFile) ? JSON.parse(readFileSync(cacheFile, 'utf8')) : {};
  return {
    get: (key) => entries[key],
    set(key, value) {
      entries[key] = value;
      writeFileSync(cacheFile, JSON.stringify(entries));
    },
  };
}

/** How far a score is from failing: the largest rise over the float graph, as a share of its allowance (≤ 1 passes). */
function judge(score, reference) {
  const textureRise = score.textures.map((t, i) => t.mae - reference.textures[i].mae);
  const caseRise = mean(score.cases.map((c) => c.mae)) - mean(reference.cases.map((c) => c.mae));
  const harm = Math.max(...textureRise.map((d) => d / BAR.texture), caseRise / BAR.cases);
  return { textureRise, caseRise, harm, passes: harm <= 1 };
}

async function main() {
  mkdirSync(folder, { recursive: true });
  const shipped = readFileSync(join(root, 'public', 'models', manifest.models[0].file));
  const float = widenToFloat32(shipped);
  const grouped = isnetBlocks(shipped, { split: SPLIT });
  const { totalMacs } = grouped;
  const blocks = ONLY_BLOCKS ? grouped.blocks.filter((b) => ONLY_BLOCKS.includes(b.name)) : grouped.blocks;
  const inputs = { textures: TEXTURE_AMPLITUDES.map(textureScene), cases: await evalImages(CASES) };
  const cache = scoreCache();
  const inputKey = [...inputs.textures.map((t) => t.name), ...inputs.cases.map((c) => c.name)].join(',');
  const modelKey = createHash('sha256').update(shipped).digest('hex').slice(0, 12);

  const scoring = PHASES.has('sensitivity') || PHASES.has('greedy');
  let referenceRaws = null;
  let referenceScore = null;
  if (scoring) {
    log(`reference: the float32-widened graph on ${inputs.textures.length} texture scenes and ${inputs.cases.length} cases`);
    ({ raws: referenceRaws, ...referenceScore } = await scoreGraph(float, inputs));
  }

  /** The float graph with these blocks quantised, scored (cached by block names). */
  const scoreBlocks = async (names) => {
    const key = `${modelKey}|${GRANULARITY}|${inputKey}|${[...convsOfBlocks(blocks, names)].sort().join(',')}`;
    const hit = cache.get(key);
    if (hit) return hit;
    const started = performance.now();
    const { bytes } = quantiseConvs(float, convsOfBlocks(blocks, names), { granularity: GRANULARITY });
    const { raws, ...score } = await scoreGraph(bytes, inputs, referenceRaws);
    log(`${names.length === blocks.length ? 'all blocks' : names.join(' + ')}: ${Math.round((performance.now() - started) / 1000)} s`);
    cache.set(key, score);
    return score;
  };
  const shareOf = (names) => names.reduce((s, n) => s + blocks.find((b) => b.name === n).share, 0);

  const report = { granularity: GRANULARITY, split: SPLIT, cases: inputs.cases.map((c) => c.name), totalMacs, blocks };
  if (referenceScore) report.reference = referenceScore;
  const sections = [];

  sections.push(
    `## bench:quant — ISNet (${(totalMacs / 1e9).toFixed(1)} GMAC at 1024²), dynamic 8-bit convolutions by block`,
    '',
    `Weights symmetric int8 (stored uint8 around 128), one scale per ${GRANULARITY === 'channel' ? 'output channel' : 'tensor'}; activations uint8, one scale per tensor, computed at run time (DynamicQuantizeLinear → ConvInteger → Cast → Mul → Add).`,
    '',
    '### Blocks (grouped by the first part of the Conv node name)',
    '',
    markdownTable(
      ['block', '# convs', 'share of MACs', 'largest output', 'convs (rebnconv…)'],
      blocks.map((b) => [b.name, b.convs.length, percent(b.share), `${b.largestSide}²`, b.layers.join(' ') || '–']),
    ),
  );

  const textureHeader = inputs.textures.map((t) => `texture ${t.amplitude} MAE`);
  const qualityRow = (label, convs, share, score, verdict) => [
    label,
    convs,
    share,
    fixed(mean(score.cases.map((c) => c.rawVsReference)), 4),
    fixed(mean(score.textures.map((t) => t.rawVsReference)), 4),
    ...score.textures.map((t) => fixed(t.mae, 4)),
    fixed(mean(score.cases.map((c) => c.mae)), 4),
    verdict ? `${verdict.passes ? 'yes' : 'no'} (${fixed(verdict.harm, 2)})` : '–',
  ];
  const qualityHeader = ['quantised', '# convs', 'share of MACs', 'raw mask MAE vs float, cases', 'raw mask MAE vs float, textures', ...textureHeader, 'cases matte MAE', 'passes (harm)'];
  const solo = [];
  if (scoring) {
    const referenceRow = qualityRow('none (float32, the app)', 0, '0 %', referenceScore);
    for (const block of blocks) {
      const score = await scoreBlocks([block.name]);
      solo.push({ block: block.name, score, verdict: judge(score, referenceScore) });
    }
    const all = await scoreBlocks(blocks.map((b) => b.name));
    report.solo = solo;
    report.all = { score: all, verdict: judge(all, referenceScore) };
    sections.push(
      '',
      '### Each block quantised alone',
      '',
      `Raw mask MAE: the 1024² sigmoid output against the float graph's (0–1). Texture rows: the raw mask against eval:quint8's exact truth. Cases matte MAE: the app's full matte against the truth, mean over ${inputs.cases.map((c) => c.name).join(', ')}. Harm: the largest rise over the float graph as a share of the bar (texture +${BAR.texture}, cases +${BAR.cases}); ≤ 1 passes.`,
      '',
      markdownTable(qualityHeader, [
        referenceRow,
        ...solo.map((s) => {
          const b = blocks.find((x) => x.name === s.block);
          return qualityRow(b.name, b.convs.length, percent(b.share), s.score, s.verdict);
        }),
        qualityRow('all blocks', blocks.reduce((n, b) => n + b.convs.length, 0), percent(shareOf(blocks.map((b) => b.name))), all, report.all.verdict),
      ]),
    );
  }

  let chosen = [];
  if (PHASES.has('greedy')) {
    const candidates = solo
      .filter((s) => s.verdict.passes)
      .sort((a, b) => a.verdict.harm - b.verdict.harm || blocks.find((x) => x.name === b.block).share - blocks.find((x) => x.name === a.block).share);
    const steps = [];
    let current = null;
    for (const candidate of candidates) {
      const trial = [...chosen, candidate.block];
      const score = await scoreBlocks(trial);
      const verdict = judge(score, referenceScore);
      steps.push({ added: candidate.block, kept: verdict.passes, blocks: trial, score, verdict });
      if (verdict.passes) {
        chosen = trial;
        current = { score, verdict };
      }
    }
    report.greedy = { steps, chosen, share: shareOf(chosen), score: current?.score, verdict: current?.verdict };
    sections.push(
      '',
      `### Greedy combination (candidates: the ${candidates.length} blocks that pass alone, least harm first)`,
      '',
      markdownTable(
        ['step: add', 'kept', 'share of MACs if kept', ...textureHeader, 'cases matte MAE', 'harm'],
        steps.map((s) => [s.added, s.kept ? 'yes' : 'no', percent(shareOf(s.blocks)), ...s.score.textures.map((t) => fixed(t.mae, 4)), fixed(mean(s.score.cases.map((c) => c.mae)), 4), fixed(s.verdict.harm, 2)]),
      ),
      '',
      `Chosen: ${chosen.length ? chosen.join(', ') : 'nothing'} — ${chosen.reduce((n, name) => n + blocks.find((b) => b.name === name).convs.length, 0)} convs, ${percent(shareOf(chosen))} of the MACs.`,
    );
    if (current) {
      sections.push(
        '',
        '#### The combination against the float graph',
        '',
        markdownTable(
          ['input', 'float MAE', 'combination MAE', 'rise', 'float IoU', 'combination IoU', 'raw mask MAE vs float'],
          [
            ...referenceScore.textures.map((t, i) => [t.name, fixed(t.mae, 4), fixed(current.score.textures[i].mae, 4), fixed(current.score.textures[i].mae - t.mae, 4), fixed(t.iou), fixed(current.score.textures[i].iou), fixed(current.score.textures[i].rawVsReference, 4)]),
            ...referenceScore.cases.map((c, i) => [c.name, fixed(c.mae, 4), fixed(current.score.cases[i].mae, 4), fixed(current.score.cases[i].mae - c.mae, 4), fixed(c.iou), fixed(current.score.cases[i].iou), fixed(current.score.cases[i].rawVsReference, 4)]),
          ],
        ),
      );
    }
  } else if (PHASES.has('confirm') || PHASES.has('time')) {
    const last = join(folder, 'sensitivity-latest.json');
    if (!existsSync(last)) throw new Error('no greedy result yet: run with QUANT_PHASES including greedy first');
    chosen = JSON.parse(readFileSync(last, 'utf8')).greedy?.chosen ?? [];
  }
  const combinationBytes = () => quantiseConvs(float, convsOfBlocks(blocks, chosen), { granularity: GRANULARITY }).bytes;

  if (PHASES.has('confirm') && chosen.length) {
    log('confirming the combination in onnxruntime-web (WASM, 1 thread, in Node)');
    const { raws: webRaws, ...webFloat } = await scoreGraph(float, inputs, null, 'web');
    const { raws, ...webCombination } = await scoreGraph(combinationBytes(), inputs, webRaws, 'web');
    const verdict = judge(webCombination, webFloat);
    report.confirm = { float: webFloat, combination: webCombination, verdict };
    sections.push(
      '',
      `#### The same in onnxruntime-web (WASM, what the app runs): ${verdict.passes ? 'passes' : 'fails'} the bar (harm ${fixed(verdict.harm, 2)})`,
      '',
      markdownTable(
        ['input', 'float MAE', 'combination MAE', 'rise', 'raw mask MAE vs float'],
        [...webFloat.textures, ...webFloat.cases].map((f, i) => {
          const q = [...webCombination.textures, ...webCombination.cases][i];
          return [f.name, fixed(f.mae, 4), fixed(q.mae, 4), fixed(q.mae - f.mae, 4), fixed(q.rawVsReference, 4)];
        }),
      ),
    );
  }

  if (PHASES.has('time')) {
    const variants = { 'float32 widened (the app)': float };
    if (chosen.length) variants[`combination (${percent(shareOf(chosen))} of MACs)`] = combinationBytes();
    // The ceiling: every conv in 8 bits (fails the bar; for scale).
    variants['all convs 8-bit (ceiling)'] = quantiseConvs(float, () => true, { granularity: GRANULARITY }).bytes;
    log(`timing ${Object.keys(variants).length} variants in Chromium, load ${loadAverage().one}`);
    const timing = await timeInBrowser(variants, { runs: RUNS, threads: THREADS });
    const base = median(timing.variants[0].runs);
    report.timing = timing;
    const combination = chosen.length ? timing.variants[1] : null;
    // Round by round, the two graphs ran back to back under much the same load: the median of those ratios.
    const timeRatio = combination ? median(combination.runs.map((r, i) => r / timing.variants[0].runs[i])) : null;
    // Greedy keeps only passing combinations; the WASM confirmation, when run, must agree.
    const qualityPasses = chosen.length > 0 && (report.confirm?.verdict.passes ?? true);
    const ship = combination && qualityPasses && timeRatio <= 1 - MIN_GAIN;
    report.verdict = { timeRatio, qualityPasses, ship };
    sections.push(
      '',
      `### Model time, ${timing.runtime}, 1 warm-up + ${RUNS} runs each, interleaved`,
      '',
      markdownTable(
        ['graph', 'median ms', 'runs (ms)', 'warm-up ms', 'vs float32 (medians)', 'vs float32, round by round'],
        timing.variants.map((v) => [
          v.label,
          ms(median(v.runs)),
          v.runs.map((r) => Math.round(r)).join(', '),
          ms(v.warmUp),
          ratio(median(v.runs), base),
          v.runs.map((r, i) => fixed(r / timing.variants[0].runs[i], 2)).join(', '),
        ]),
      ),
      '',
      describeMachine(timing.machine),
      '',
      `**Verdict: ${ship ? 'ship' : "don't ship"}.** ` +
        (combination
          ? `The combination runs in ${fixed(timeRatio, 2)}× the float graph's time (median of the round-by-round ratios) (${timeRatio <= 1 - MIN_GAIN ? 'a gain of at least' : 'less than'} ${MIN_GAIN * 100} %) and ${qualityPasses ? 'keeps' : 'misses'} the quality bar.`
          : 'No block can be quantised within the quality bar.'),
    );
  }

  const markdown = sections.join('\n');
  console.log(markdown);
  // A run without the scoring phases (e.g. QUANT_PHASES=time) keeps the full report and writes its own.
  writeFileSync(join(folder, scoring ? 'sensitivity-latest.md' : `${[...PHASES].join('-')}-${THREADS}-threads-latest.md`), markdown + '\n');
  const previous = existsSync(join(folder, 'sensitivity-latest.json')) ? JSON.parse(readFileSync(join(folder, 'sensitivity-latest.json'), 'utf8')) : {};
  writeFileSync(join(folder, 'sensitivity-latest.json'), JSON.stringify({ ...previous, ...report }, null, 1));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
