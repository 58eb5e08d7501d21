// npx tsx bench/litert.mjs — ISNet at 1024² alone on the CPU, in one headless
// Chromium (cross-origin isolated page, bench/litert/index.html), two ways:
//   ORT 1.30 WASM — what the app runs now: the JSEP build, the model widened
//                   to float32 (src/engine/model/ort-segmenter.ts);
//   LiteRT.js     — the same patched model converted to .tflite by the app's
//                   converter (src/engine/tflite/), run by @litertjs/core's
//                   threaded build (XNNPACK), input reordered NCHW → NHWC per
//                   run as src/engine/model/litert-segmenter.ts does.
// Both get the same input; runs alternate (ORT, LiteRT, LiteRT, ORT, …) after
// one warm-up each, so load from other processes hits both alike. Prints the
// medians, their ratio and the masks' max/mean |Δ|.
// Env: BENCH_RUNS (3), BENCH_THREADS (2), BENCH_SIDE (1024).
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { patchedResource } from '../models/assemble.ts';
import { widenToFloat32 } from '../src/engine/onnx/widen-float32.ts';
import { probeInput } from '../src/engine/model/probe-input.ts';
import { onnxToTflite } from '../src/engine/tflite/onnx-to-tflite.ts';
import { CpuShare, loadAverage, machineInfo } from './lib/machine.mjs';
import { guardNetwork, OFFLINE_ARGS } from './lib/network-guard.mjs';
import { describeMachine, saveReport } from './lib/report.mjs';
import { startStaticServer } from './lib/static-server.mjs';
import { median } from './lib/stats.mjs';
import { loadSupport, outDir, root } from './lib/support.mjs';
import { markdownTable, mb, ms, ratio } from './lib/table.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const THREADS = Number(process.env.BENCH_THREADS ?? 2);
const SIDE = Number(process.env.BENCH_SIDE ?? 1024);
const require = createRequire(join(root, 'package.json'));
const packageDir = (name) => dirname(require.resolve(`${name}/package.json`));
const ortDir = dirname(require.resolve('onnxruntime-web'));

/** The two model files, made the way the app makes them, and the probe input, into bench/out/litert. */
function modelFiles() {
  const folder = join(outDir, 'litert');
  mkdirSync(folder, { recursive: true });
  const patched = patchedResource('/models/medium', SIDE);
  writeFileSync(join(folder, `isnet-fp32-${SIDE}.onnx`), widenToFloat32(patched));
  const start = performance.now();
  const tflite = onnxToTflite(patched);
  const convertMs = performance.now() - start;
  writeFileSync(join(folder, `isnet-${SIDE}.tflite`), tflite.bytes);
  // The same input the engine's own probe feeds both backends.
  writeFileSync(join(folder, `probe-${SIDE}.bin`), new Uint8Array(probeInput(SIDE).buffer));
  return { folder, convertMs, tfliteBytes: tflite.bytes.length, tfliteOps: tflite.tfliteOps };
}

async function main() {
  const loadBefore = loadAverage();
  const models = modelFiles();
  console.error(`[bench:litert] converted in ${Math.round(models.convertMs)} ms (Node): ${JSON.stringify(models.tfliteOps)}`);
  const server = await startStaticServer({
    mounts: [
      ['/', join(root, 'bench', 'litert')],
      ['/ort-1.30/', ortDir],
      ['/litert/', packageDir('@litertjs/core')],
      ['/litert-wasm-utils/', packageDir('@litertjs/wasm-utils')],
      ['/models/', models.folder],
    ],
  });
  const support = await loadSupport();
  const browser = await support.chromium.launchBrowser({ extraArgs: OFFLINE_ARGS });
  const network = guardNetwork(browser.context);
  const cpu = new CpuShare();
  const sampler = setInterval(() => cpu.sample(), 500);
  const runs = { ort: [], litert: [], reorder: [] };
  let info;
  let difference;
  try {
    const page = await browser.context.newPage();
    // LiteRT logs its INFO/WARNING lines as console errors; only real errors are shown.
    page.on('console', (message) => message.type() === 'error' && !/^(INFO|WARNING): /.test(message.text()) && console.error('[page]', message.text()));
    await page.goto(`${server.url}/?threads=${THREADS}`);
    await page.waitForFunction(() => window.litertBench && self.crossOriginIsolated, null, { timeout: 30_000 });
    info = await page.evaluate(([o, t, i, s]) => window.litertBench.init(o, t, i, s), [`/models/isnet-fp32-${SIDE}.onnx`, `/models/isnet-${SIDE}.tflite`, `/models/probe-${SIDE}.bin`, SIDE]);
    console.error(`[bench:litert] ready: ${JSON.stringify(info)}`);
    const run = {
      ort: () => page.evaluate(() => window.litertBench.runOrt()),
      litert: () => page.evaluate(() => window.litertBench.runLiteRt()),
    };
    await run.ort();
    await run.litert();
    for (let i = 0; i < RUNS; i++) {
      for (const name of i % 2 ? ['litert', 'ort'] : ['ort', 'litert']) {
        const result = await run[name]();
        runs[name].push(result.ms);
        if (result.reorderMs !== undefined) runs.reorder.push(result.reorderMs);
        console.error(`[bench:litert] ${name}: ${Math.round(result.ms)} ms`);
      }
    }
    difference = await page.evaluate(() => window.litertBench.difference());
  } finally {
    clearInterval(sampler);
    await browser.close();
    await server.stop();
  }
  network.assertOffline();
  const loadAfter = loadAverage();
  const machine = { ...machineInfo(), loadBefore, loadAfter, maxLoad1m: Math.max(loadBefore.one, loadAfter.one), cpuDuringBrowserRun: cpu.summary() };
  const ortMedian = median(runs.ort);
  const rows = [
    [`ORT ${info.ort} WASM (JSEP build), float32 ONNX`, ms(info.ortCreateMs), ms(ortMedian), runs.ort.map(Math.round).join(', '), '1.00×'],
    [`LiteRT.js threaded build, .tflite (${mb(models.tfliteBytes)})`, ms(info.liteCreateMs), ms(median(runs.litert)), runs.litert.map(Math.round).join(', '), ratio(median(runs.litert), ortMedian)],
  ];
  const markdown = [
    `## bench:litert — ISNet ${SIDE}² alone, ${THREADS} threads each, ${RUNS} runs after 1 warm-up, alternating`,
    '',
    markdownTable(['runtime', 'session ms', 'median ms', 'runs (ms)', 'vs ORT'], rows),
    '',
    `Masks: max |Δ| ${difference.max.toExponential(2)}, mean |Δ| ${difference.mean.toExponential(2)} (${difference.length[0]} values). ` +
      `LiteRT's times include reordering the input NCHW → NHWC in JS (median ${ms(median(runs.reorder))} ms). ` +
      `Converting the model took ${ms(models.convertMs)} ms in Node.`,
    '',
    describeMachine(machine),
  ].join('\n');
  console.log(markdown);
  saveReport('litert', { machine, network: { requests: network.requests }, info, runs, difference, models: { ...models, folder: undefined } }, markdown);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
