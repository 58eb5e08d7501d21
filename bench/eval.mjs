// npm run eval:image — matte quality on a ground-truth set, this app against
// @imgly/background-removal 1.7.0, in one headless Chromium (same setup as
// bench:image: our app through POST /v1/remove-background, the peer through
// removeBackground(blob), both ISNet fp16 on WASM, offline).
// Metrics per case: alpha MAE (0–1), IoU of alpha > 0.5, boundary F1 (boundary
// pixels of alpha > 0.5 matched within 2 px). Side-by-side mattes (truth | ours
// | peer) are written to bench/out/eval/ for a look.
// Env: BENCH_SKIP_BUILD=1, BENCH_ONLY=ours,peer, EVAL_CASES=01,05 (prefixes).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { evalCases } from './lib/eval-cases.mjs';
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

async function renderCases(context, scene) {
  const page = await context.newPage();
  const cases = (await evalCases(page, scene)).filter((c) => !ONLY_CASES || ONLY_CASES.some((prefix) => c.name.startsWith(prefix)));
  const rendered = [];
  for (const c of cases) {
    const { dataUrl, alpha } = await scene.renderScene(page, c.spec, true);
    rendered.push({ ...c, dataUrl, truth: Uint8Array.from(alpha) });
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

function resultsTable(rows) {
  const metricColumns = [
    ['MAE ↓', 'mae', 4],
    ['IoU ↑', 'iou', 3],
    ['edge F1 ↑', 'edgeF1', 3],
  ];
  const header = ['case', 'size', 'hard part'];
  for (const [title] of metricColumns) for (const owner of OWNERS) header.push(`${owner} ${title}`);
  const body = rows.map((row) => {
    const cells = [row.name, row.size, row.hard || '–'];
    for (const [, key, digits] of metricColumns) for (const owner of OWNERS) cells.push(fixed(row[owner]?.[key], digits));
    return cells;
  });
  for (const [label, filter] of [
    ['**mean, all**', () => true],
    ['**mean, hard cases**', (r) => r.hard],
  ]) {
    const picked = rows.filter(filter);
    const cells = [label, `${picked.length} cases`, ''];
    for (const [, key, digits] of metricColumns) for (const owner of OWNERS) cells.push(fixed(mean(picked.map((r) => r[owner]?.[key])), digits));
    body.push(cells);
  }
  return markdownTable(header, body);
}

async function main() {
  const session = await withBenchSession(async (env) => {
    const cases = await renderCases(env.context, env.support.scene);
    const opened = await openImplementations(env, ONLY, { openOurs, openPeer });
    const rows = [];
    for (const c of cases) {
      const row = { name: c.name, size: `${c.spec.width}×${c.spec.height}`, hard: c.hard, format: c.spec.format, colors: c.spec.colors, subject: c.spec.subject };
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
  const markdown = [
    `## eval:image — ${session.result.length} ground-truth cases (fluentui-emoji subjects with known alpha on photo-like backdrops)`,
    '',
    resultsTable(session.result),
    '',
    'MAE: mean |alpha − truth| on a 0–1 scale. IoU: of alpha > 0.5. Edge F1: boundary pixels of alpha > 0.5 (pixels with a 4-neighbour outside), a predicted one counts when a true one is within 2 px and vice versa.',
    'Truth is the subject alone; the renderer also draws a soft contact shadow under it, which a matte should leave out.',
    `Mattes side by side (truth | ${OWNERS.join(' | ')}) and the inputs: ${join(outDir, 'eval')}/`,
    '',
    describeBuild(session.build),
    describeMachine(session.machine),
    `Network: ${session.network.requests} browser requests, all to localhost/127.0.0.1 (or data:/blob:).`,
  ].join('\n');
  console.log(markdown);
  const file = saveReport('eval', { build: session.build, machine: session.machine, network: session.network, cases: session.result }, markdown);
  console.error(`[eval] raw results: ${file}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
