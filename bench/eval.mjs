// npm run eval:image — matte quality on ground-truth sets, this app against
// @imgly/background-removal 1.7.0, in one headless Chromium (same setup as
// bench:image: our app through POST /v1/remove-background, the peer through
// removeBackground(blob), both ISNet fp16 on WASM, offline).
// Two sets: "emoji" (fluentui-emoji subjects on drawn backdrops, eval-cases.mjs)
// and "pov" (product-like objects rendered with POV-Ray, pov-cases.mjs; skipped
// with a note when POV-Ray is not installed).
// Metrics per case: alpha MAE (0–1), IoU of alpha > 0.5, boundary F1 (boundary
// pixels of alpha > 0.5 matched within 2 px). Side-by-side mattes (truth | ours
// | peer) are written to bench/out/eval/ for a look.
// Env: BENCH_SKIP_BUILD=1, BENCH_ONLY=ours,peer, EVAL_SETS=emoji,pov,
// EVAL_CASES=01,p05 (name prefixes; the pov cases are named p01-…).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { evalCases } from './lib/eval-cases.mjs';
import { loadPovCases, renderPovSet } from './lib/pov-cases.mjs';
import { grayPng, sideBySide } from './lib/gray-png.mjs';
import { matteMetrics } from './lib/metrics.mjs';
import { openOurs } from './lib/ours.mjs';
import { decodeAlpha } from './lib/page-alpha.mjs';
import { openPeer } from './lib/peer.mjs';
import { describeBuild } from './lib/build.mjs';
import { describeMachine, saveReport } from './lib/report.mjs';
import { openImplementations, withBenchSession } from './lib/session.mjs';
import { mean } from './lib/stats.mjs';
import { outDir } from './lib/support.mjs';
import { fixed, markdownTable } from './lib/table.mjs';

const ONLY = new Set((process.env.BENCH_ONLY ?? 'ours,peer').split(','));
const ONLY_CASES = process.env.EVAL_CASES?.split(',');
const OWNERS = ['ours', 'peer'].filter((owner) => ONLY.has(owner));
const SETS = new Set((process.env.EVAL_SETS ?? 'emoji,pov').split(','));
const SET_TITLES = {
  emoji: 'emoji: fluentui-emoji subjects (vectors, exact alpha) on drawn photo-like backdrops',
  pov: 'pov: product-like objects rendered with POV-Ray (exact alpha from the subject pass)',
};

async function renderEmojiCases(context, scene) {
  const page = await context.newPage();
  const cases = (await evalCases(page, scene)).filter((c) => !ONLY_CASES || ONLY_CASES.some((prefix) => c.name.startsWith(prefix)));
  const rendered = [];
  for (const c of cases) {
    const { dataUrl, alpha } = await scene.renderScene(page, c.spec, true);
    rendered.push({ ...c, set: 'emoji', dataUrl, truth: Uint8Array.from(alpha) });
  }
  await page.close();
  return rendered;
}

function saveMattes(c, predicted) {
  const folder = join(outDir, 'eval');
  mkdirSync(folder, { recursive: true });
  const planes = [c.truth, ...OWNERS.map((owner) => predicted[owner])];
  const { pixels, width, height } = sideBySide(planes, c.spec.width, c.spec.height);
  writeFileSync(join(folder, `${c.name}.png`), grayPng(pixels, width, height));
  writeFileSync(join(folder, `${c.name}-input.${c.spec.format === 'image/png' ? 'png' : 'jpg'}`), Buffer.from(c.dataUrl.split(',')[1], 'base64'));
}

const METRIC_COLUMNS = [
  ['MAE ↓', 'mae', 4],
  ['IoU ↑', 'iou', 3],
  ['edge F1 ↑', 'edgeF1', 3],
];

/** Per-case rows of one set, then its means over all and over the hard cases. */
function resultsTable(rows) {
  const header = ['case', 'size', 'hard part'];
  for (const [title] of METRIC_COLUMNS) for (const owner of OWNERS) header.push(`${owner} ${title}`);
  const body = rows.map((row) => {
    const cells = [row.name, row.size, row.hard || '–'];
    for (const [, key, digits] of METRIC_COLUMNS) for (const owner of OWNERS) cells.push(fixed(row[owner]?.[key], digits));
    return cells;
  });
  for (const [label, filter] of [
    ['**mean, all**', () => true],
    ['**mean, hard cases**', (r) => r.hard],
  ]) {
    const picked = rows.filter(filter);
    const cells = [label, `${picked.length} cases`, ''];
    for (const [, key, digits] of METRIC_COLUMNS) for (const owner of OWNERS) cells.push(fixed(mean(picked.map((r) => r[owner]?.[key])), digits));
    body.push(cells);
  }
  return markdownTable(header, body);
}

/** One row per set (all cases, hard cases), the sets next to each other. */
function summaryTable(rows) {
  const header = ['set', 'cases'];
  for (const [title] of METRIC_COLUMNS) for (const owner of OWNERS) header.push(`${owner} ${title}`);
  const body = [];
  const sets = [...new Set(rows.map((r) => r.set))];
  const groups = sets.flatMap((set) => [
    [`${set}, all`, (r) => r.set === set],
    [`${set}, hard`, (r) => r.set === set && r.hard],
  ]);
  if (sets.length > 1) groups.push(['both sets, all', () => true]);
  for (const [label, filter] of groups) {
    const picked = rows.filter(filter);
    const cells = [label, String(picked.length)];
    for (const [, key, digits] of METRIC_COLUMNS) for (const owner of OWNERS) cells.push(fixed(mean(picked.map((r) => r[owner]?.[key])), digits));
    body.push(cells);
  }
  return markdownTable(header, body);
}

async function main() {
  // POV-Ray renders (slow, cached) come first: they need no browser.
  const pov = SETS.has('pov') ? await renderPovSet(ONLY_CASES) : { skipped: null, cases: [] };
  if (pov.skipped) console.error(`[eval] the pov set is skipped: ${pov.skipped}. Only the emoji set runs.`);
  const session = await withBenchSession(async (env) => {
    const cases = [
      ...(SETS.has('emoji') ? await renderEmojiCases(env.context, env.support.scene) : []),
      ...(await loadPovCases(env.context, pov.cases)).map((c) => ({ ...c, set: 'pov' })),
    ];
    const opened = await openImplementations(env, ONLY, { openOurs, openPeer });
    const rows = [];
    for (const c of cases) {
      const row = { set: c.set, name: c.name, size: `${c.spec.width}×${c.spec.height}`, hard: c.hard, format: c.spec.format, colors: c.spec.colors, subject: c.spec.subject, scene: c.spec.scene };
      const predicted = {};
      for (const owner of OWNERS) {
        await opened[owner].put(c.name, c.dataUrl);
        const run = await opened[owner].run(c.name, true);
        await opened[owner].drop(c.name);
        const { alpha, width, height } = decodeAlpha(run.alpha);
        if (width !== c.spec.width || height !== c.spec.height) throw new Error(`${owner} returned ${width}×${height} for ${row.size}`);
        predicted[owner] = alpha;
        row[owner] = { ...matteMetrics(c.truth, alpha, width, height), ms: Math.round(run.ms) };
      }
      saveMattes(c, predicted);
      console.error(`[eval] ${c.name}: ${OWNERS.map((o) => `${o} MAE ${fixed(row[o].mae, 4)} IoU ${fixed(row[o].iou)} F1 ${fixed(row[o].edgeF1)}`).join(' | ')}`);
      rows.push(row);
    }
    for (const owner of OWNERS) await opened[owner].close();
    return rows;
  });
  session.assertOffline();
  const rows = session.result;
  const sets = [...new Set(rows.map((r) => r.set))];
  const markdown = [
    `## eval:image — ${rows.length} ground-truth cases in ${sets.length === 1 ? 'one set' : `${sets.length} sets`}`,
    '',
    summaryTable(rows),
    '',
    ...(pov.skipped ? [`The pov set was skipped: ${pov.skipped}.`, ''] : []),
    ...sets.flatMap((set) => [`### ${SET_TITLES[set]}`, '', resultsTable(rows.filter((r) => r.set === set)), '']),
    'MAE: mean |alpha − truth| on a 0–1 scale. IoU: of alpha > 0.5. Edge F1: boundary pixels of alpha > 0.5 (pixels with a 4-neighbour outside), a predicted one counts when a true one is within 2 px and vice versa.',
    'Truth is the subject alone. The emoji renderer also draws a soft contact shadow under it, and the pov backdrops carry the subject’s real shadow (rendered with the subject invisible); a matte should leave both out.',
    `Mattes side by side (truth | ${OWNERS.join(' | ')}) and the inputs: ${join(outDir, 'eval')}/`,
    '',
    describeBuild(session.build),
    describeMachine(session.machine),
    `Network: ${session.network.requests} browser requests, all to localhost/127.0.0.1 (or data:/blob:).`,
  ].join('\n');
  console.log(markdown);
  const file = saveReport('eval', { build: session.build, machine: session.machine, network: session.network, povSkipped: pov.skipped, cases: rows }, markdown);
  console.error(`[eval] raw results: ${file}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
