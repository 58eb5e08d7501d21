// npm run bench:model — the model alone in onnxruntime-web, in one headless
// Chromium, to tell apart what bench:image lumps into "model run": the ORT
// version and WASM build, and the model file. Runtimes:
//   1.30 JSEP  — what the app runs (onnxruntime-web 1.30, its JSEP build, which
//                also carries WebGPU; src/engine/model/ort-segmenter.ts picks it);
//   1.30 plain — the same version's WASM-only build;
//   1.21 plain — what @imgly/background-removal 1.7.0 runs on the CPU;
// models, each patched as the app patches them (`output` only, MaxPool
// ceil_mode cleared): fp16 ("medium" in the data package) widened to float32
// (what the app runs on WASM), fp16 as it is (what WebGPU gets), quint8
// ("small": weights uint8, activations quantised per layer at run time), at
// 1024² and at 768²; and original (/models/medium as the data package has it,
// 12 outputs, what the peer runs).
// Every configuration gets its own page; runs go round-robin so load from
// other processes hits all alike. Env: BENCH_RUNS (3, after one warm-up).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { assembleResource, patchedResource } from '../models/assemble.ts';
import { widenToFloat32 } from '../src/engine/onnx/widen-float32.ts';
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
/** name → [file under bench/out/models, input side, how to make it from the data package] */
const patchedAt = (resource, side) => () => patchedResource(resource, side);
const ALL_MODELS = {
  'fp32 widened (app)': ['isnet-fp32-1024.onnx', 1024, () => widenToFloat32(patchedAt('/models/medium', 1024)())],
  'fp32 widened 768': ['isnet-fp32-768.onnx', 768, () => widenToFloat32(patchedAt('/models/medium', 768)())],
  fp16: ['isnet-fp16-1024.onnx', 1024, patchedAt('/models/medium', 1024)],
  quint8: ['isnet-quint8-1024.onnx', 1024, patchedAt('/models/small', 1024)],
  'quint8 768': ['isnet-quint8-768.onnx', 768, patchedAt('/models/small', 768)],
  'original (peer)': ['isnet-fp16-original.onnx', 1024, () => assembleResource('/models/medium')],
};
const pick = (all, names) => (names ? Object.fromEntries(Object.entries(all).filter(([name]) => names.split(',').some((n) => name.startsWith(n)))) : all);
/** BENCH_RUNTIMES / BENCH_MODELS: comma lists of name prefixes, to measure fewer pairs. */
const RUNTIMES_PICKED = pick(RUNTIMES, process.env.BENCH_RUNTIMES);
const MODELS = pick(ALL_MODELS, process.env.BENCH_MODELS);

/** Writes each picked model variant once into bench/out/models. */
function modelFiles() {
  const folder = join(outDir, 'models');
  mkdirSync(folder, { recursive: true });
  for (const [file, , make] of Object.values(MODELS)) {
    if (!existsSync(join(folder, file))) writeFileSync(join(folder, file), make());
  }
  return folder;
}

async function main() {
  const loadBefore = loadAverage();
  const modelFolder = modelFiles();
  const server = await startStaticServer({
    mounts: [
      ['/', join(root, 'bench', 'model-web')],
      ['/ort-1.30/', ort130Dir],
      ['/ort-1.21/', ort121Dir],
      ['/models/', modelFolder],
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
      for (const [model, [file, side]] of Object.entries(MODELS)) {
        const page = await browser.context.newPage();
        const query = new URLSearchParams({ ort: r.prefix + r.script, wasm: `${r.prefix}${r.build}.wasm`, mjs: `${r.prefix}${r.build}.mjs`, threads: String(THREADS) });
        await page.goto(`${server.url}/?${query}`);
        await page.waitForFunction(() => window.modelBench && self.crossOriginIsolated, null, { timeout: 30_000 });
        const info = await page.evaluate(([url, s]) => window.modelBench.init(url, s), [`/models/${file}`, side]);
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
    `## bench:model — ISNet alone in onnxruntime-web, WASM, ${THREADS} threads, ${RUNS} runs after 1 warm-up`,
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
