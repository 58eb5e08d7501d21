// npm run bench:cold — speed where the user sits. Each sitting opens a fresh
// browser profile twice, once for this app and once for the peer
// (@imgly/background-removal 1.7.0 as users install it), in turn (the order
// swaps every sitting):
//   ours: open the app (/developer), make a key, send the first photo through
//         POST /v1/remove-background, then the next five;
//   peer: open its page, removeBackground(first photo) with no preload (its
//         model load included, as a user's first call pays it), then the next five.
// "First result" is timed from the navigation's start to the first result, so
// it holds everything the user waits for: page load, service worker, model
// download, model start-up, the run. Then, in a fresh profile again, the app is
// opened and left alone for IDLE_SECONDS: the CPU its processes burn, in 5-s
// bins after first paint, and when it first goes idle.
// Photos: 800×800 JPEGs no other bench or eval uses (inputs.mjs coldInputSpecs).
// Env: BENCH_SITTINGS (2), BENCH_IDLE_SECONDS (60), BENCH_SKIP_BUILD=1, BENCH_ONLY=ours,peer,idle.
import { APP_DIST, buildApp, buildPeerPage, describeBuild } from './lib/build.mjs';
import { coldInputSpecs, ensureInputs } from './lib/inputs.mjs';
import { loadAverage, watchMachine } from './lib/machine.mjs';
import { chromiumCpu } from './lib/memory.mjs';
import { guardNetwork, OFFLINE_ARGS } from './lib/network-guard.mjs';
import { startPeerServer } from './lib/peer-server.mjs';
import { describeMachine, saveReport } from './lib/report.mjs';
import { median } from './lib/stats.mjs';
import { loadSupport } from './lib/support.mjs';
import { markdownTable, ratio, seconds } from './lib/table.mjs';

const SITTINGS = Number(process.env.BENCH_SITTINGS ?? 2);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 60);
const ONLY = new Set((process.env.BENCH_ONLY ?? 'ours,peer,idle').split(','));
/** A 2-s window under this many cores of Chromium CPU counts as idle. */
const IDLE_CORES = 0.1;
const GOALS = { first: 1, nextFive: 0.7 };

/** Runs in the page: one call of ours, input Blob → PNG, timed; returns epoch-ms end. */
async function oursCall({ name, key }) {
  const started = performance.now();
  const form = new FormData();
  form.append('image', window.__coldInputs.get(name), name);
  const response = await fetch('/v1/remove-background', { method: 'POST', headers: { 'X-API-KEY': key, Accept: 'image/png' }, body: form });
  const body = new Uint8Array(await response.arrayBuffer());
  if (!response.ok) return { error: `${response.status} ${new TextDecoder().decode(body)}` };
  return { ms: performance.now() - started, endedAt: performance.timeOrigin + performance.now(), engine: response.headers.get('X-Engine'), bytes: body.byteLength };
}

async function putInputs(page, inputs) {
  await page.evaluate(async (list) => {
    window.__coldInputs ??= new Map();
    for (const { name, dataUrl } of list) window.__coldInputs.set(name, await (await fetch(dataUrl)).blob());
  }, inputs.map(({ name, dataUrl }) => ({ name, dataUrl })));
}

async function sitOurs(support, appUrl, inputs) {
  const browser = await support.chromium.launchBrowser({ extraArgs: OFFLINE_ARGS });
  const network = guardNetwork(browser.context);
  try {
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    await page.goto(`${appUrl}/developer`);
    const openedAt = await page.evaluate(() => performance.timeOrigin);
    await support.app.waitForServiceWorker(page);
    const controlledAt = await page.evaluate(() => performance.timeOrigin + performance.now());
    const key = await support.app.createKeyInUi(page, appUrl);
    const keyAt = await page.evaluate(() => performance.timeOrigin + performance.now());
    await putInputs(page, inputs.slice(0, 1));
    const first = await page.evaluate(oursCall, { name: inputs[0].name, key });
    if (first.error) throw new Error(`ours: ${first.error}`);
    await putInputs(page, inputs.slice(1));
    const next = [];
    for (const input of inputs.slice(1)) {
      const run = await page.evaluate(oursCall, { name: input.name, key });
      if (run.error) throw new Error(`ours: ${run.error}`);
      next.push(run.ms);
    }
    const status = await page.evaluate(() => window.cutoutEngine.refreshStatus());
    network.assertOffline();
    return {
      first: first.endedAt - openedAt,
      firstRequest: first.ms,
      untilControlled: controlledAt - openedAt,
      makingKey: keyAt - controlledAt,
      next,
      engine: first.engine,
      startup: status.startup,
    };
  } finally {
    await browser.close();
  }
}

async function sitPeer(support, peerServer, inputs) {
  const browser = await support.chromium.launchBrowser({ extraArgs: OFFLINE_ARGS });
  const network = guardNetwork(browser.context);
  try {
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    await page.goto(`${peerServer.url}/`);
    const openedAt = await page.evaluate(() => performance.timeOrigin);
    await page.waitForFunction(() => window.peerBench && self.crossOriginIsolated, null, { timeout: 30_000 });
    await page.evaluate((publicPath) => window.peerBench.configure(publicPath), peerServer.publicPath);
    const put = (input) => page.evaluate(({ name, dataUrl }) => window.peerBench.put(name, dataUrl), { name: input.name, dataUrl: input.dataUrl });
    await put(inputs[0]);
    const first = await page.evaluate((name) => window.peerBench.run(name).then((run) => ({ ...run, endedAt: performance.timeOrigin + performance.now() })), inputs[0].name);
    const next = [];
    for (const input of inputs.slice(1)) {
      await put(input);
      next.push((await page.evaluate((name) => window.peerBench.run(name), input.name)).ms);
    }
    network.assertOffline();
    return { first: first.endedAt - openedAt, firstRequest: first.ms, next };
  } finally {
    await browser.close();
  }
}

/** Opens the app in a fresh profile and asks nothing: Chromium's CPU, in cores, over time after first paint. */
async function idleAfterOpening(support, appUrl) {
  const browser = await support.chromium.launchBrowser({ extraArgs: OFFLINE_ARGS });
  try {
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    const samples = [];
    const total = () => Object.values(chromiumCpu()).reduce((a, b) => a + b, 0);
    const startWall = Date.now();
    const timer = setInterval(() => samples.push({ t: Date.now(), jiffies: total() }), 500);
    await page.goto(`${appUrl}/`);
    const paint = await page.evaluate(async () => {
      for (let i = 0; i < 100; i++) {
        const entry = performance.getEntriesByName('first-contentful-paint')[0] ?? performance.getEntriesByType('paint')[0];
        if (entry) return performance.timeOrigin + entry.startTime;
        await new Promise((r) => setTimeout(r, 100));
      }
      return performance.timeOrigin;
    });
    await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000 - (Date.now() - startWall)));
    clearInterval(timer);
    const cores = (a, b) => (b.jiffies - a.jiffies) / 100 / ((b.t - a.t) / 1000);
    const after = samples.filter((s) => s.t >= paint);
    const bins = [];
    for (let from = 0; from + 5 <= IDLE_SECONDS - 2; from += 5) {
      const a = after.find((s) => s.t >= paint + from * 1000);
      const b = after.find((s) => s.t >= paint + (from + 5) * 1000);
      if (a && b) bins.push({ from, cores: cores(a, b) });
    }
    let idleAt = null;
    for (let i = 0; i < after.length; i++) {
      const end = after.find((s) => s.t >= after[i].t + 2000);
      if (end && cores(after[i], end) < IDLE_CORES) {
        idleAt = (after[i].t - paint) / 1000;
        break;
      }
    }
    const status = await page.evaluate(() => window.cutoutEngine.refreshStatus());
    return { bins, idleAt, firstPaintMs: paint - samples[0]?.t, startup: status.startup, state: status.state };
  } finally {
    await browser.close();
  }
}

async function main() {
  const loadBefore = loadAverage();
  const build = buildApp();
  buildPeerPage();
  process.env.CUTOUT_DIST = APP_DIST;
  const support = await loadSupport();
  const appServer = await support.server.startPreview();
  const peerServer = await startPeerServer();
  const watch = watchMachine(loadBefore);
  const sittings = [];
  let idle = null;
  try {
    const renderer = await support.chromium.launchBrowser();
    const inputs = await ensureInputs(renderer.context, support.scene, coldInputSpecs(support.scene)).finally(() => renderer.close());
    for (let s = 0; s < SITTINGS; s++) {
      const order = s % 2 ? ['peer', 'ours'] : ['ours', 'peer'];
      const sitting = {};
      for (const who of order.filter((o) => ONLY.has(o))) {
        sitting[who] = who === 'ours' ? await sitOurs(support, appServer.url, inputs) : await sitPeer(support, peerServer, inputs);
        console.error(`[bench:cold] sitting ${s + 1} ${who}: first ${seconds(sitting[who].first)}, next five median ${seconds(median(sitting[who].next))}`);
      }
      sittings.push(sitting);
    }
    if (ONLY.has('idle')) idle = await idleAfterOpening(support, appServer.url);
  } finally {
    await peerServer.stop();
    await appServer.stop();
  }
  const machine = watch.stop();

  const rows = sittings.map((sitting, i) => {
    const { ours, peer } = sitting;
    const oursNext = ours && median(ours.next);
    const peerNext = peer && median(peer.next);
    return [
      `${i + 1} (${i % 2 ? 'peer first' : 'ours first'})`,
      seconds(ours?.first),
      seconds(peer?.first),
      ratio(ours?.first, peer?.first),
      seconds(oursNext),
      seconds(peerNext),
      ratio(oursNext, peerNext),
    ];
  });
  const breakdown = sittings
    .filter((s) => s.ours)
    .map((s, i) => [
      i + 1,
      seconds(s.ours.untilControlled),
      seconds(s.ours.makingKey),
      seconds(s.ours.firstRequest),
      seconds(s.peer?.firstRequest),
      Object.entries(s.ours.startup ?? {})
        .map(([step, time]) => `${step} ${seconds(time)}`)
        .join(', '),
      s.ours.next.map((t) => (t / 1000).toFixed(2)).join(', '),
      s.peer?.next.map((t) => (t / 1000).toFixed(2)).join(', ') ?? '–',
    ]);
  const markdown = [
    `## bench:cold — a fresh profile, open, the first photo and the next five (800×800, ${SITTINGS} sittings)`,
    '',
    markdownTable(
      ['sitting', 'ours: first result', 'peer: first result', `ours/peer (goal ≤ ${GOALS.first})`, 'ours: next five (median)', 'peer: next five (median)', `ours/peer (goal ≤ ${GOALS.nextFive})`],
      rows,
    ),
    '',
    'First result: from the navigation\'s start to the first PNG, all included. Ours, step by step:',
    '',
    markdownTable(['sitting', 'until the SW controls the page', 'making a key', 'first request', 'peer: first call', 'model host start-up (first session)', 'ours: next five (s)', 'peer: next five (s)'], breakdown),
    '',
    idle
      ? [
          `### CPU after opening the app, nothing asked (${IDLE_SECONDS} s, fresh profile)`,
          '',
          `First idle 2-s window (under ${IDLE_CORES} core): ${idle.idleAt == null ? 'none' : `${idle.idleAt.toFixed(1)} s after first paint`} (goal ≤ 15 s). ` +
            `Engine: ${idle.state}; start-up steps: ${Object.entries(idle.startup ?? {})
              .map(([step, time]) => `${step} ${seconds(time)}`)
              .join(', ')}.`,
          '',
          markdownTable(['seconds after first paint', ...idle.bins.map((b) => `${b.from}–${b.from + 5}`)], [['Chromium CPU (cores)', ...idle.bins.map((b) => b.cores.toFixed(2))]]),
        ].join('\n')
      : '',
    '',
    describeBuild(build),
    describeMachine(machine),
  ].join('\n');
  console.log(markdown);
  saveReport('cold', { machine, build, sittings, idle }, markdown);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
