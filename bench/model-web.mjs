// npm run bench:model — the model alone in onnxruntime-web, in one headless
// Chromium, to tell apart what bench:image lumps into "model run": the ORT
// version and WASM build, and the model file. Runtimes:
//   1.30 JSEP  — what the app runs (onnxruntime-web 1.30, its JSEP build, which
//                also carries WebGPU; src/engine/runtime.ts picks it);
//   1.30 plain — the same version's WASM-only build;
//   1.21 plain — what @imgly/background-removal 1.7.0 runs on the CPU;
// models: patched (what the app ships: `output` only, MaxPool ceil_mode cleared)
// and original (/models/medium of the data package, 12 outputs, what the peer runs).
// Every configuration gets its own page; runs go round-robin so load from
// other processes hits all alike. Env: BENCH_RUNS (3, after one warm-up).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { assembleResource, manifest } from '../models/assemble.mjs';
import { CpuShare, loadAverage, machineInfo } from './lib/machine.mjs';
import { guardNetwork, OFFLINE_ARGS } from './lib/network-guard.mjs';
import { ort121Dir } from './lib/peer-resources.mjs';
import { describeMachine, saveReport } from './lib/report.mjs';
import { startStaticServer } from './lib/static-server.mjs';
import { median } from './lib/stats.mjs';
import { loadSupport, outDir, root } from './lib/support.mjs';
import { markdownTable, ms, ratio } from './lib/table.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const THREADS = 2;
const require = createRequire(join(root, 'package.json'));
const ort130Dir = dirname(require.resolve('onnxruntime-web'));

const RUNTIMES = {
  '1.30 JSEP (app)': { prefix: '/ort-1.30/', script: 'ort.min.mjs', build: 'ort-wasm-simd-threaded.jsep' },
  '1.30 plain': { prefix: '/ort-1.30/', script: 'ort.wasm.min.mjs', build: 'ort-wasm-simd-threaded' },
  '1.21 plain (peer)': { prefix: '/ort-1.21/', script: 'ort.wasm.min.mjs', build: 'ort-wasm-simd-threaded' },
};
const ALL_MODELS = { 'patched (app)': `/models/${manifest.models[0].file}`, 'original (peer)': '/original/isnet-fp16-original.onnx' };
const pick = (all, names) => (names ? Object.fromEntries(Object.entries(all).filter(([name]) => names.split(',').some((n) => name.startsWith(n)))) : all);
/** BENCH_RUNTIMES / BENCH_MODELS: comma lists of name prefixes, to measure fewer pairs. */
const RUNTIMES_PICKED = pick(RUNTIMES, process.env.BENCH_RUNTIMES);
const MODELS = pick(ALL_MODELS, process.env.BENCH_MODELS);

/** The original model as one file, assembled once from the data package's chunks. */
function originalModelFile() {
  const folder = join(outDir, 'models');
  const file = join(folder, 'isnet-fp16-original.onnx');
  if (!existsSync(file)) {
    mkdirSync(folder, { recursive: true });
    writeFileSync(file, assembleResource(manifest.models[0].resource));
  }
  return folder;
}

async function main() {
  const loadBefore = loadAverage();
  const originalFolder = originalModelFile();
  const server = await startStaticServer({
    mounts: [
      ['/', join(root, 'bench', 'model-web')],
      ['/ort-1.30/', ort130Dir],
      ['/ort-1.21/', ort121Dir],
      ['/models/', join(root, 'public', 'models')],
      ['/original/', originalFolder],
    ],
  });
  const support = await loadSupport();
  const browser = await support.chromium.launchBrowser({ extraArgs: OFFLINE_ARGS });
  const network = guardNetwork(browser.context);
  const cpu = new CpuShare();
  const sampler = setInterval(() => cpu.sample(), 500);
  const configs = [];
  try {
    for (const [runtime, r] of Object.entries(RUNTIMES_PICKED)) {
      for (const [model, path] of Object.entries(MODELS)) {
        const page = await browser.context.newPage();
        const query = new URLSearchParams({ ort: r.prefix + r.script, wasm: `${r.prefix}${r.build}.wasm`, mjs: `${r.prefix}${r.build}.mjs`, threads: String(THREADS) });
        await page.goto(`${server.url}/?${query}`);
        await page.waitForFunction(() => window.modelBench && self.crossOriginIsolated, null, { timeout: 30_000 });
        const info = await page.evaluate((url) => window.modelBench.init(url), path);
        await page.evaluate(() => window.modelBench.run()); // warm-up
        configs.push({ runtime, model, info, page, runs: [] });
        console.error(`[bench:model] ready: ${runtime}, ${model} (ORT ${info.version}, ${info.outputs} outputs)`);
      }
    }
    for (let i = 0; i < RUNS; i++) {
      for (const config of i % 2 ? [...configs].reverse() : configs) {
        config.runs.push(await config.page.evaluate(() => window.modelBench.run()));
        console.error(`[bench:model] ${config.runtime}, ${config.model}: ${Math.round(config.runs.at(-1))} ms`);
      }
    }
  } finally {
    clearInterval(sampler);
    await browser.close();
    await server.stop();
  }
  network.assertOffline();
  const machine = { ...machineInfo(), loadBefore, loadAfter: loadAverage(), maxLoad1m: Math.max(loadBefore.one, loadAverage().one), cpuDuringBrowserRun: cpu.summary() };
  const app = configs[0];
  const rows = configs.map((c) => [c.runtime, c.model, c.info.version, c.info.outputs, ms(median(c.runs)), c.runs.map((v) => Math.round(v)).join(', '), ratio(median(c.runs), median(app.runs))]);
  const markdown = [
    `## bench:model — ISNet fp16 alone in onnxruntime-web, WASM, ${THREADS} threads, ${RUNS} runs after 1 warm-up`,
    '',
    markdownTable(['runtime', 'model', 'ORT', 'outputs', 'median ms', 'runs (ms)', 'vs the app\'s pair'], rows),
    '',
    describeMachine(machine),
  ].join('\n');
  console.log(markdown);
  saveReport('model', { machine, network: { requests: network.requests }, configs: configs.map(({ page, ...c }) => c) }, markdown);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
