// npm run bench:memory — a phone's question: how much memory does the whole
// browser take to cut out a few photos, ours against the peer
// (@imgly/background-removal 1.7.0 as users install it), in the same sitting.
//
// Each run is a fresh browser with a fresh profile (a cold start: the model is
// downloaded and, for ours, converted), doing what a user does: ours opens the
// app, makes a key on the Developer page and sends BENCH_PHOTOS photos
// through POST /v1/remove-background; the peer opens its page and calls
// removeBackground on each. From the browser's launch to its last result, the
// PSS of every one of its processes (browser, renderers or web processes,
// GPU, network, storage) is summed every 200 ms: the peak of that sum is the
// whole browser's peak. Also printed: the peak of the largest single process
// (in WebKit, the web content process, where the page and its workers live and
// which iOS ends near 1.5 GB), and each photo's time from call to result.
// Engines: Chromium (headless, the e2e flags) and WebKit (WebKitGTK's
// MiniBrowser over WebDriver, as the WebKit tests drive it). Runs alternate
// ours / peer, the order swapping every sitting.
//
// Photos: 1024×1024 JPEGs of the speed bench's held-out kind (inputs.mjs),
// none tuned on. Memory is sampled all along (reading smaps_rollup slows the
// model a little: times here are for comparing, bench:image times speed).
// Env: BENCH_SITTINGS (2), BENCH_PHOTOS (3), BENCH_ENGINES (chromium,webkit),
// BENCH_ONLY (ours,peer; also ours-light, ours-ort: TEST_SETTINGS), BENCH_SKIP_BUILD=1.
import { readFileSync } from 'node:fs';
import { APP_DIST, buildApp, buildPeerPage, describeBuild } from './lib/build.mjs';
import { benchInputSpecs, ensureInputs } from './lib/inputs.mjs';
import { loadAverage, watchMachine } from './lib/machine.mjs';
import { processTree, readOr } from './lib/memory.mjs';
import { guardNetwork, OFFLINE_ARGS } from './lib/network-guard.mjs';
import { startPeerServer } from './lib/peer-server.mjs';
import { describeMachine, saveReport } from './lib/report.mjs';
import { median } from './lib/stats.mjs';
import { loadSupport, loadWebKit } from './lib/support.mjs';
import { markdownTable, mb, ratio, seconds } from './lib/table.mjs';

const SITTINGS = Number(process.env.BENCH_SITTINGS ?? 2);
const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 3);
const ENGINES = (process.env.BENCH_ENGINES ?? 'chromium,webkit').split(',');
const ONLY = (process.env.BENCH_ONLY ?? 'ours,peer').split(',');
const SAMPLE_MS = 200;
/**
 * Our app as a test build's hooks set it up (src/app/boot.ts): ours-ort with
 * LiteRT withheld (its onnxruntime-web path on the widened graph); ours-light
 * on a device that reports 2 GB, as a phone would.
 */
const TEST_SETTINGS = {
  'ours-ort': { 'cutout.debug.litert': 'fail' },
  'ours-light': { 'cutout.debug.memory': '2' },
};

/** Every process this bench started for a browser (its launcher's descendants), with its name and PSS. */
function browserProcesses(rootPids) {
  const procs = [];
  for (const root of rootPids) {
    for (const proc of processTree(root)) {
      const command = readOr(`/proc/${proc.pid}/cmdline`, '').replaceAll('\0', ' ').trim();
      const pss = Number(/^Pss:\s+(\d+)/m.exec(readOr(`/proc/${proc.pid}/smaps_rollup`, ''))?.[1] ?? 0) * 1024;
      const type = /--type=([\w-]+)/.exec(command)?.[1] ?? (command.split(' ')[0].split('/').pop() || 'unknown');
      procs.push({ pid: proc.pid, type, pss });
    }
  }
  return procs;
}

/** Samples a browser's processes until stop(): the peak of their sum, and of the largest one. */
function sampleBrowser(rootPids, isBrowser) {
  const peaks = { total: 0, largest: 0, largestType: null, byType: {} };
  const total = (procs) => procs.reduce((sum, p) => sum + p.pss, 0);
  const sample = () => {
    const procs = browserProcesses(rootPids).filter(isBrowser);
    peaks.total = Math.max(peaks.total, total(procs));
    for (const p of procs) {
      if (p.pss > peaks.largest) Object.assign(peaks, { largest: p.pss, largestType: p.type });
      peaks.byType[p.type] = Math.max(peaks.byType[p.type] ?? 0, p.pss);
    }
  };
  sample();
  const timer = setInterval(sample, SAMPLE_MS);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return peaks;
    },
    /** The whole browser's PSS now. */
    now: () => total(browserProcesses(rootPids).filter(isBrowser)),
  };
}

/** Runs in the page: one photo through our API, timed. */
async function oursCall({ dataUrl, key }) {
  const blob = await (await fetch(dataUrl)).blob();
  const started = performance.now();
  const form = new FormData();
  form.append('image', blob, 'photo.jpg');
  const response = await fetch('/v1/remove-background', { method: 'POST', headers: { 'X-API-KEY': key, Accept: 'image/png' }, body: form });
  const body = await response.arrayBuffer();
  if (!response.ok) return { error: `${response.status} ${new TextDecoder().decode(body)}` };
  return { ms: performance.now() - started, engine: response.headers.get('X-Engine') };
}

/** Runs in the peer's page: one photo, timed (its first call loads the model). */
async function peerCall({ dataUrl }) {
  await window.peerBench.put('photo', dataUrl);
  const run = await window.peerBench.run('photo');
  return { ms: run.ms };
}

/** A fresh Chromium: its launcher is this process, so its processes are the `chrom…` ones under it. */
async function chromiumRun(support, impl, target, inputs) {
  const before = new Set(processTree().map((p) => p.pid));
  const isBrowser = (p) => !before.has(p.pid) && /chrom/i.test(readOr(`/proc/${p.pid}/cmdline`, ''));
  const sampler = sampleBrowser([process.pid], isBrowser);
  const startedAt = Date.now();
  const browser = await support.chromium.launchBrowser({ extraArgs: OFFLINE_ARGS });
  const network = guardNetwork(browser.context);
  try {
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    const settings = TEST_SETTINGS[impl];
    if (settings) await page.addInitScript((entries) => entries.forEach(([key, value]) => localStorage.setItem(key, value)), Object.entries(settings));
    const driver = { evaluate: (fn, arg) => page.evaluate(fn, arg) };
    const times = await drive(impl, target, inputs, driver, {
      goto: (path) => page.goto(target.url + path),
      openApp: async () => {
        await support.app.waitForServiceWorker(page);
        return support.app.createKeyInUi(page, target.url);
      },
    });
    network.assertOffline();
    const beforeRelease = sampler.now();
    const released = impl.startsWith('ours') ? await afterRelease(driver, sampler) : null;
    return { times, peaks: sampler.stop(), wallMs: Date.now() - startedAt, beforeRelease, released };
  } finally {
    sampler.stop();
    await browser.close();
  }
}

/** A fresh WebKit (WebKitWebDriver starts MiniBrowser, whose web processes do the work). */
async function webkitRun(webkitHelpers, impl, target, inputs) {
  const before = new Set(processTree().map((p) => p.pid));
  const isBrowser = (p) => !before.has(p.pid) && /WebKit|MiniBrowser/.test(readOr(`/proc/${p.pid}/cmdline`, '')) && !/WebKitWebDriver/.test(readOr(`/proc/${p.pid}/cmdline`, ''));
  const sampler = sampleBrowser([process.pid], isBrowser);
  const startedAt = Date.now();
  const webkit = await webkitHelpers.launchWebKit();
  try {
    const settings = TEST_SETTINGS[impl];
    if (settings) {
      // No script runs before a WebDriver page loads: set them on a first load; the next navigation reads them.
      await webkit.driver.get(`${target.url}/manifest.webmanifest`);
      await webkit.evaluate((entries) => entries.forEach(([key, value]) => localStorage.setItem(key, value)), Object.entries(settings));
    }
    const times = await drive(impl, target, inputs, webkit, {
      goto: (path) => webkit.driver.get(target.url + path),
      openApp: async () => {
        await webkitHelpers.openApp(webkit, target.url, '/developer');
        return webkitHelpers.createKeyInUi(webkit);
      },
    });
    const beforeRelease = sampler.now();
    const released = impl.startsWith('ours') ? await afterRelease(webkit, sampler) : null;
    return { times, peaks: sampler.stop(), wallMs: Date.now() - startedAt, beforeRelease, released };
  } finally {
    sampler.stop();
    await webkit.close();
  }
}

/**
 * Ours, after its photos: the model's memory given back, as the app does when
 * it goes to the background or sits idle (src/engine/model-release.ts), and
 * the whole browser's PSS a few seconds later.
 */
async function afterRelease(driver, sampler) {
  await driver.evaluate(() => window.cutoutEngine.model.release('bench'));
  await new Promise((r) => setTimeout(r, 3000));
  return sampler.now();
}

/** What a user does, timed per photo: ours through the API, the peer through its function. */
async function drive(impl, target, inputs, driver, nav) {
  const times = [];
  if (impl.startsWith('ours')) {
    await nav.goto('/developer');
    const key = await nav.openApp();
    for (const input of inputs) {
      const run = await driver.evaluate(oursCall, { dataUrl: input.dataUrl, key });
      if (run.error) throw new Error(`ours: ${run.error}`);
      times.push(run.ms);
    }
  } else {
    await nav.goto('/');
    const deadline = Date.now() + 30_000;
    while (!(await driver.evaluate(() => Boolean(window.peerBench)))) {
      if (Date.now() > deadline) throw new Error('the peer page did not load');
      await new Promise((r) => setTimeout(r, 200));
    }
    await driver.evaluate((publicPath) => window.peerBench.configure(publicPath), target.publicPath);
    for (const input of inputs) times.push((await driver.evaluate(peerCall, { dataUrl: input.dataUrl })).ms);
  }
  return times;
}

const loadBefore = loadAverage();
const build = buildApp();
buildPeerPage();
process.env.CUTOUT_DIST = APP_DIST;
const support = await loadSupport();
const webkitHelpers = ENGINES.includes('webkit') ? await loadWebKit() : null;
const appServer = await support.server.startPreview();
const peerServer = await startPeerServer();
const watch = watchMachine(loadBefore, 500);
const runs = [];
try {
  // Inputs are rendered once, in a throwaway Chromium.
  const renderer = await support.chromium.launchBrowser({ extraArgs: OFFLINE_ARGS });
  const specs = benchInputSpecs(support.scene, PHOTOS).filter((s) => s.size === '1024×1024');
  const inputs = await ensureInputs(renderer.context, support.scene, specs);
  await renderer.close();
  for (let sitting = 0; sitting < SITTINGS; sitting++) {
    for (const engine of ENGINES) {
      const order = sitting % 2 ? [...ONLY].reverse() : ONLY;
      for (const impl of order) {
        const target = impl.startsWith('ours') ? { url: appServer.url } : { url: peerServer.url, publicPath: peerServer.publicPath };
        console.error(`[bench] sitting ${sitting + 1}: ${engine}, ${impl}…`);
        const run = engine === 'chromium' ? await chromiumRun(support, impl, target, inputs) : await webkitRun(webkitHelpers, impl, target, inputs);
        console.error(
          `[bench]   whole browser ${mb(run.peaks.total)}, largest process ${mb(run.peaks.largest)} (${run.peaks.largestType}); photos ${run.times.map((t) => seconds(t)).join(', ')}; after the photos ${mb(run.beforeRelease)}${run.released === null ? '' : `, the model released ${mb(run.released)}`}`,
        );
        runs.push({ sitting, engine, impl, ...run });
      }
    }
  }
} finally {
  await peerServer.stop();
  await appServer.stop();
}
const machine = watch.stop();

const rows = [];
for (const engine of ENGINES) {
  const of = (impl) => runs.filter((r) => r.engine === engine && r.impl === impl);
  const peakTotal = (impl) => Math.max(...of(impl).map((r) => r.peaks.total));
  const peakLargest = (impl) => Math.max(...of(impl).map((r) => r.peaks.largest));
  const firstPhoto = (impl) => median(of(impl).map((r) => r.times[0]));
  const laterPhotos = (impl) => median(of(impl).flatMap((r) => r.times.slice(1)));
  if (!ONLY.every((impl) => of(impl).length)) continue;
  rows.push([
    engine,
    ...ONLY.map((impl) => `${mb(peakTotal(impl))} (${of(impl).map((r) => mb(r.peaks.total)).join(', ')})`),
    ONLY.includes('ours') && ONLY.includes('peer') ? ratio(peakTotal('ours'), peakTotal('peer')) : '–',
    ...ONLY.map((impl) => `${mb(peakLargest(impl))} ${of(impl)[0].peaks.largestType}`),
    ...ONLY.map((impl) => `${seconds(firstPhoto(impl))} / ${seconds(laterPhotos(impl))}`),
    ONLY.filter((impl) => impl.startsWith('ours')).map((impl) => `${impl}: ${mb(median(of(impl).map((r) => r.beforeRelease)))} → ${mb(median(of(impl).map((r) => r.released)))}`).join('; ') || '–',
  ]);
}
const header = [
  'engine',
  ...ONLY.map((impl) => `whole browser peak PSS, ${impl} (each run)`),
  'ours / peer',
  ...ONLY.map((impl) => `largest process peak, ${impl}`),
  ...ONLY.map((impl) => `${impl}: first photo / next (median)`),
  'whole browser after the photos → model released 3 s later',
];
const markdown = [
  `Fresh profiles, ${PHOTOS} photos of 1024×1024 each, ${SITTINGS} sittings, ours and the peer alternating.`,
  '',
  markdownTable(header, rows),
  '',
  describeBuild(build),
  describeMachine(machine),
].join('\n');
console.log(markdown);
saveReport('memory', { runs, machine, build, photos: PHOTOS, sittings: SITTINGS }, markdown);
