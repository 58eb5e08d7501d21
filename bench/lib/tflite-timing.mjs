// Model time and session memory of .tflite variants on LiteRT.js as the app
// runs them: the threaded WebAssembly build (XNNPACK), `threads` threads, a
// cross-origin isolated page in headless Chromium (bench/tflite-timing/).
//
// Time: one page per variant (each its own WebAssembly heap), one warm-up
// each, then `runs` rounds in which every variant runs once, the order
// reversed every other round, so load from other processes hits all alike.
//
// Memory (optional): each variant alone in a fresh browser; the peak PSS of
// all Chromium processes (bench/lib/memory.mjs reads /proc) while the page
// fetches the file, compiles it and runs it once, less the PSS just before
// (the page with LiteRT's runtime loaded). That is what a session build costs
// on top of an idle runtime.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { CpuShare, loadAverage, machineInfo } from './machine.mjs';
import { ChromiumMemory } from './memory.mjs';
import { guardNetwork, OFFLINE_ARGS } from './network-guard.mjs';
import { startStaticServer } from './static-server.mjs';
import { loadSupport, outDir, root } from './support.mjs';

const require = createRequire(join(root, 'package.json'));
const packageDir = (name) => dirname(require.resolve(`${name}/package.json`));

/** A normalised NCHW image with an edge: a bright disc on a textured field (as bench/litert's page draws). */
export function probeInput(side) {
  const data = new Float32Array(3 * side * side);
  for (let c = 0; c < 3; c++)
    for (let y = 0; y < side; y++)
      for (let x = 0; x < side; x++) {
        const inside = Math.hypot(x - side * 0.5, y - side * 0.55) < side * 0.28;
        data[c * side * side + y * side + x] = inside ? 0.35 - c * 0.1 : -0.2 + 0.1 * Math.sin(x / 9 + c) * Math.cos(y / 13);
      }
  return data;
}

/** The variants' files and one probe input per side, written under bench/out/<folder>/. */
function writeVariants(variants, folder) {
  const dir = join(outDir, folder);
  mkdirSync(dir, { recursive: true });
  for (const side of new Set(variants.map((v) => v.side))) {
    const input = probeInput(side);
    writeFileSync(join(dir, `input-${side}.bin`), new Uint8Array(input.buffer));
  }
  return variants.map((v, i) => {
    const file = `variant-${i}.tflite`;
    writeFileSync(join(dir, file), v.bytes);
    return { ...v, file };
  });
}

/**
 * Serves `dir` under /models/ beside LiteRT's runtime and calls `body(open)`,
 * where open() gives a new cross-origin isolated page with window.tfliteBench.
 */
export async function withTflitePages(dir, threads, log, body) {
  const server = await startStaticServer({
    mounts: [
      ['/', join(root, 'bench', 'tflite-timing')],
      ['/litert/', packageDir('@litertjs/core')],
      ['/litert-wasm-utils/', packageDir('@litertjs/wasm-utils')],
      ['/models/', dir],
    ],
  });
  const support = await loadSupport();
  const browser = await support.chromium.launchBrowser({ extraArgs: OFFLINE_ARGS });
  const network = guardNetwork(browser.context);
  try {
    const open = async () => {
      const page = await browser.context.newPage();
      // LiteRT logs its INFO/WARNING lines as console errors; only real errors are shown.
      page.on('console', (m) => m.type() === 'error' && !/^(INFO|WARNING): /.test(m.text()) && log(`[page] ${m.text()}`));
      await page.goto(`${server.url}/?threads=${threads}`);
      await page.waitForFunction(() => window.tfliteBenchReady && self.crossOriginIsolated, null, { timeout: 60_000 });
      return page;
    };
    return await body(open);
  } finally {
    await browser.close();
    await server.stop();
    network.assertOffline();
  }
}

/**
 * @param variants [{ label, side, bytes }]
 * @param options { runs, threads, memory (also measure session memory), folder (under bench/out), log }
 * @returns { rows: [{ label, side, fileBytes, compileMs, warmUpMs, runs, sessionPss? }],
 *            masks: each variant's mask of probeInput(side), machine }
 */
export async function timeTfliteVariants(variants, { runs = 3, threads = 2, memory = false, folder = 'tflite-timing', log = console.error } = {}) {
  const dir = join(outDir, folder);
  const files = writeVariants(variants, folder);
  const loadBefore = loadAverage();
  const cpu = new CpuShare();
  const sampler = setInterval(() => cpu.sample(), 500);
  let maxLoad = loadBefore.one;
  const rows = files.map((f) => ({ label: f.label, side: f.side, fileBytes: f.bytes.length, runs: [] }));
  const masks = [];
  try {
    await withTflitePages(dir, threads, log, async (open) => {
      const pages = [];
      for (const [i, f] of files.entries()) {
        const page = await open();
        const loaded = await page.evaluate(([url, input, side]) => window.tfliteBench.load(url, input, side), [`/models/${f.file}`, `/models/input-${f.side}.bin`, f.side]);
        rows[i].compileMs = loaded.compileMs;
        rows[i].warmUpMs = await page.evaluate(() => window.tfliteBench.run());
        const mask = Buffer.from(await page.evaluate(() => window.tfliteBench.mask()), 'base64');
        masks.push(new Float32Array(new Uint8Array(mask).buffer));
        log(`${f.label}: compiled in ${Math.round(loaded.compileMs)} ms, warm-up ${Math.round(rows[i].warmUpMs)} ms`);
        pages.push(page);
      }
      for (let round = 0; round < runs; round++) {
        const order = round % 2 ? [...pages.keys()].reverse() : [...pages.keys()];
        for (const i of order) {
          rows[i].runs.push(await pages[i].evaluate(() => window.tfliteBench.run()));
          maxLoad = Math.max(maxLoad, loadAverage().one);
          log(`${rows[i].label}: ${Math.round(rows[i].runs.at(-1))} ms (load ${loadAverage().one})`);
        }
      }
    });
    if (memory) {
      for (const [i, f] of files.entries()) {
        await withTflitePages(dir, threads, log, async (open) => {
          const page = await open();
          const meter = new ChromiumMemory();
          meter.running('idle', 'idle');
          meter.idle();
          const idle = meter.peaks.idle.peakAllPss;
          meter.start(200);
          meter.running('build', 'build');
          await page.evaluate(([url, input, side]) => window.tfliteBench.load(url, input, side), [`/models/${f.file}`, `/models/input-${f.side}.bin`, f.side]);
          await page.evaluate(() => window.tfliteBench.run());
          meter.idle();
          meter.stop();
          rows[i].sessionPss = meter.peaks.build.peakAllPss - idle;
          log(`${f.label}: session build + first run, peak PSS +${Math.round(rows[i].sessionPss / 1e6)} MB over ${Math.round(idle / 1e6)} MB idle`);
        });
      }
    }
  } finally {
    clearInterval(sampler);
  }
  const loadAfter = loadAverage();
  return {
    rows,
    masks,
    machine: { ...machineInfo(), loadBefore, loadAfter, maxLoad1m: Math.max(maxLoad, loadAfter.one), cpuDuringBrowserRun: cpu.summary() },
  };
}
