// Model time of ISNet graph variants in onnxruntime-web as the app runs it:
// ORT 1.30's JSEP build, WASM execution provider, 2 threads, cross-origin
// isolated, in headless Chromium, one page per variant (bench:model's page,
// bench/model-web/index.html). One warm-up each, then the timed runs taking
// turns, order reversed every round, so load from others hits all alike.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { CpuShare, loadAverage, machineInfo } from './machine.mjs';
import { guardNetwork, OFFLINE_ARGS } from './network-guard.mjs';
import { startStaticServer } from './static-server.mjs';
import { loadSupport, outDir, root } from './support.mjs';

const require = createRequire(join(root, 'package.json'));
const ortDir = dirname(require.resolve('onnxruntime-web'));
const RUNTIME = { script: 'ort.min.mjs', build: 'ort-wasm-simd-threaded.jsep' };

/**
 * @param variants { label: model bytes } (1024² input)
 * @returns { variants: [{ label, runs (ms), info }], machine }
 */
export async function timeInBrowser(variants, { runs = 3, threads = 2 } = {}) {
  const folder = join(outDir, 'quant', 'models');
  mkdirSync(folder, { recursive: true });
  const files = Object.entries(variants).map(([label, bytes], i) => {
    const file = `variant-${i}.onnx`;
    writeFileSync(join(folder, file), bytes);
    return { label, file };
  });
  const loadBefore = loadAverage();
  const server = await startStaticServer({
    mounts: [
      ['/', join(root, 'bench', 'model-web')],
      ['/ort/', ortDir],
      ['/models/', folder],
    ],
  });
  const support = await loadSupport();
  const browser = await support.chromium.launchBrowser({ extraArgs: OFFLINE_ARGS });
  const network = guardNetwork(browser.context);
  const cpu = new CpuShare();
  const sampler = setInterval(() => cpu.sample(), 500);
  let maxLoad = loadBefore.one;
  const results = [];
  try {
    for (const { label, file } of files) {
      const page = await browser.context.newPage();
      const query = new URLSearchParams({ ort: `/ort/${RUNTIME.script}`, wasm: `/ort/${RUNTIME.build}.wasm`, mjs: `/ort/${RUNTIME.build}.mjs`, threads: String(threads) });
      await page.goto(`${server.url}/?${query}`);
      await page.waitForFunction(() => window.modelBench && self.crossOriginIsolated, null, { timeout: 30_000 });
      const info = await page.evaluate(([url, side]) => window.modelBench.init(url, side), [`/models/${file}`, 1024]);
      const warmUp = await page.evaluate(() => window.modelBench.run());
      console.error(`[bench:quant] ${label}: warm-up ${Math.round(warmUp)} ms`);
      results.push({ label, info, page, warmUp, runs: [] });
    }
    for (let i = 0; i < runs; i++) {
      for (const r of i % 2 ? [...results].reverse() : results) {
        r.runs.push(await r.page.evaluate(() => window.modelBench.run()));
        maxLoad = Math.max(maxLoad, loadAverage().one);
        console.error(`[bench:quant] ${r.label}: ${Math.round(r.runs.at(-1))} ms (load ${loadAverage().one})`);
      }
    }
  } finally {
    clearInterval(sampler);
    await browser.close();
    await server.stop();
  }
  network.assertOffline();
  const loadAfter = loadAverage();
  return {
    variants: results.map(({ page, ...r }) => r),
    machine: { ...machineInfo(), loadBefore, loadAfter, maxLoad1m: Math.max(maxLoad, loadAfter.one), cpuDuringBrowserRun: cpu.summary() },
    runtime: `onnxruntime-web ${results[0]?.info.version} (${RUNTIME.build}), WASM, ${threads} threads`,
  };
}
