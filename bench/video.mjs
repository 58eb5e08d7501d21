// npm run bench:video — video where the user sits, and its mattes on footage
// whose camera moves or whose subject turns. Clips (bench/lib/video-clip-sets.ts,
// exact alpha, rendered in Node, H.264 as a phone writes it): BENCH_SET=turntable
// (the default: a mug, a carton, a bottle and a mannequin turning, the camera
// still, panning, hand-held, or the subject leaving the frame; 24 fps) or
// camera (a subject that holds its shape, a camera that pans, zooms, shakes,
// tracks or whips; 30 fps). Each split once by seed into a tuning half (npm
// run tune:video) and the held-out half reported here (BENCH_QUALITY_HALF=tuning
// for the other).
//   1. Job start to result, through the API as a script meets it: POST
//      /v1/video/remove-background, poll the job, fetch the result (→
//      mp4_h264 on green), for a 2-s and a 10-s 640×360 30 fps clip whose
//      camera pans in every frame. Each length in its own sitting: a fresh
//      browser profile opens the app, makes a key and starts the job at once
//      (cold: the model host has no video session yet, and the app is still
//      starting up), then the same job again (warm), then the page is reloaded
//      and the job runs a third time (reopened: everything is cached, the
//      model host starts again).
//   2. Quality on the held-out half: each clip through the engine's video task
//      (window.cutoutEngine, the code a job runs) twice, every frame through
//      the model and key frames + camera motion (as shipped), into
//      mov_proresks, its alpha read back with ffmpeg: model runs, fps, alpha
//      MAE and flicker against the true alpha, and where the time went.
//   3. The still camera, as before: a subject crossing a still backdrop
//      (test/support/video-clip.ts), both methods, so the camera work is seen
//      not to cost the case it was not made for.
//   4. Opt-in: seconds per output format (BENCH_FORMATS).
//   5. Opt-in (BENCH_ONLY=memory): the whole browser's memory (PSS) over a
//      2-s and a 10-s job of the timing clip, each in a fresh profile, by
//      tenths of the job (untimed: reading PSS slows the model).
// Env: BENCH_SKIP_BUILD=1 (reuse dist-bench/), CUTOUT_DIST (serve another
// build), BENCH_ONLY (timing,quality,still,formats; default the first three),
// BENCH_TIMING_SECONDS (2,10), BENCH_TIMING_SEED (2: a held-out glossy mug turning while the camera pans),
// BENCH_TIMING_FORMAT (mp4_h264), BENCH_MEMORY_SECONDS (2,10), BENCH_QUALITY_SEEDS (the held-out half:
// 2,4,6,8,10,12), BENCH_QUALITY_SECONDS (2), BENCH_METHODS (every,key),
// BENCH_STILL_SECONDS (3), BENCH_FORMATS (comma list, or "all"; for `formats`),
// BENCH_SIZE (640x360).
// Not a test: it prints numbers and judges nothing.
import { APP_DIST, buildApp, describeBuild } from './lib/build.mjs';
import { loadAverage, watchMachine } from './lib/machine.mjs';
import { chromiumPss } from './lib/memory.mjs';
import { matteQuality } from './lib/video-quality.mjs';
import { guardNetwork, OFFLINE_ARGS } from './lib/network-guard.mjs';
import { describeMachine, saveReport } from './lib/report.mjs';
import { join } from 'node:path';
import { runnerImport } from 'vite';
import { loadSupport, root } from './lib/support.mjs';
import { fixed, markdownTable } from './lib/table.mjs';
import { timeVideoJob } from './lib/video-jobs.mjs';

const list = (value, fallback) => (value ?? fallback).split(',').filter(Boolean);
const ONLY = new Set(list(process.env.BENCH_ONLY, 'timing,quality,still'));
const [WIDTH, HEIGHT] = (process.env.BENCH_SIZE ?? '640x360').split('x').map(Number);
const SET = process.env.BENCH_SET ?? 'turntable';
const FPS = SET === 'turntable' ? 24 : 30;
const QUALITY_HALF = process.env.BENCH_QUALITY_HALF ?? 'held-out';
const TIMING_SECONDS = list(process.env.BENCH_TIMING_SECONDS, '2,10').map(Number);
const TIMING_SEED = Number(process.env.BENCH_TIMING_SEED ?? 2);

const TIMING_FORMAT = process.env.BENCH_TIMING_FORMAT ?? 'mp4_h264';
const MEMORY_SECONDS = list(process.env.BENCH_MEMORY_SECONDS, '2,10').map(Number);
const MEMORY_SAMPLE_MS = 500;
const QUALITY_SEEDS = process.env.BENCH_QUALITY_SEEDS ? list(process.env.BENCH_QUALITY_SEEDS).map(Number) : null;
const QUALITY_SECONDS = Number(process.env.BENCH_QUALITY_SECONDS ?? 2);
const METHOD_KEYS = list(process.env.BENCH_METHODS, 'every,key');
const STILL_SECONDS = Number(process.env.BENCH_STILL_SECONDS ?? 3);
const METHODS = {
  every: { label: 'every frame through the model', tuning: { keyInterval: 1 } },
  key: { label: 'key frames + camera motion (shipped)', tuning: {} },
};
const STAGES = ['decode', 'model input', 'segment', 'motion', 'motion back', 'blend', 'refine', 'foreground', 'composite', 'finish wait', 'encode', 'finish'];
const GOALS = { coldSeconds: 20, warmFps: 3, maeWithin: 0.005 };

/** A TypeScript module of this repository, through Vite's module runner (as support.mjs loads test/support). */
const loadTs = async (path) => (await runnerImport(join(root, path), { configFile: false, logLevel: 'warn' })).module;
const loadHelper = (name) => loadTs(`test/support/${name}.ts`);

const log = (...args) => console.error('[bench:video]', ...args);
const s = (ms) => (ms == null ? '–' : (ms / 1000).toFixed(1));
const load = () => {
  const { one, five, fifteen } = loadAverage();
  return `${one}/${five}/${fifteen}`;
};

/** Opens the app in a fresh profile at /developer and makes a key; returns the page, the key and when the navigation started. */
async function openFresh(support, url) {
  const browser = await support.chromium.launchBrowser({ extraArgs: OFFLINE_ARGS });
  const network = guardNetwork(browser.context);
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  page.on('pageerror', (error) => log('[page error]', error.message));
  await page.goto(`${url}/developer`);
  const openedAt = await page.evaluate(() => performance.timeOrigin);
  await support.app.waitForServiceWorker(page);
  const key = await support.app.createKeyInUi(page, url);
  const readyAt = await page.evaluate(() => performance.timeOrigin + performance.now());
  return { browser, network, page, key, sinceOpen: readyAt - openedAt };
}

/** One sitting per clip length: cold, warm, reopened. */
async function benchTiming(support, url, clips) {
  const rows = [];
  for (const seconds of TIMING_SECONDS) {
    const { clip, frames } = await clips.timingClip(seconds);
    const { browser, network, page, key, sinceOpen } = await openFresh(support, url);
    try {
      for (const when of ['cold', 'warm', 'reopened']) {
        if (when === 'reopened') {
          await page.reload();
          await support.app.waitForServiceWorker(page);
        }
        const before = load();
        log(`${seconds} s clip, ${when} …`);
        const run = await timeVideoJob(page, { clip, key, outputFormat: TIMING_FORMAT });
        const loop = run.firstFrameMs != null && run.lastFrameMs != null ? run.lastFrameMs - run.firstFrameMs : null;
        rows.push({ seconds, frames, when, sinceOpen: when === 'cold' ? sinceOpen : null, ...run, loopMs: loop, loadBefore: before, loadAfter: load() });
        log(`  ${s(run.ms)} s (first frame after ${s(run.firstFrameMs)} s); load ${before} → ${load()}`);
      }
      network.assertOffline();
    } finally {
      await browser.close();
    }
  }
  return rows;
}

/**
 * The whole browser's memory over a video job: a fresh profile opens the app
 * and sends the job (cold, as a user's first), PSS of every Chromium process
 * read every MEMORY_SAMPLE_MS. Not timed: reading smaps_rollup slows the
 * model (see lib/memory.mjs), so this sitting's seconds are not comparable.
 */
async function benchMemory(support, url, clips) {
  const rows = [];
  for (const seconds of MEMORY_SECONDS) {
    const { clip, frames } = await clips.timingClip(seconds);
    const { browser, network, page, key } = await openFresh(support, url);
    try {
      const before = load();
      const idle = chromiumPss();
      log(`memory over a ${seconds} s job …`);
      const samples = [];
      const started = performance.now();
      const sampler = setInterval(() => samples.push([performance.now() - started, chromiumPss()]), MEMORY_SAMPLE_MS);
      const run = await timeVideoJob(page, { clip, key, outputFormat: TIMING_FORMAT });
      clearInterval(sampler);
      if (run.error) throw new Error(run.error);
      const total = performance.now() - started;
      // The job's timeline in tenths, each tenth's highest reading.
      const tenths = Array.from({ length: 10 }, (_, k) => Math.max(0, ...samples.filter(([t]) => t >= (k * total) / 10 && t < ((k + 1) * total) / 10).map(([, pss]) => pss)));
      rows.push({ seconds, frames, idle, peak: Math.max(...samples.map(([, pss]) => pss)), tenths, samples: samples.length, ms: run.ms, loadBefore: before, loadAfter: load() });
      log(`  peak ${mb(rows.at(-1).peak)} MB; by tenth ${tenths.map(mb).join(' ')}`);
      network.assertOffline();
    } finally {
      await browser.close();
    }
  }
  return rows;
}

const mb = (bytes) => (bytes / 2 ** 20).toFixed(0);

function memoryTable(rows) {
  return markdownTable(
    ['clip', 'app open, idle (MB)', 'peak over the job (MB)', 'highest in each tenth of the job (MB)', 'second half − first half, highest (MB)', 'samples', 'load before → after'],
    rows.map((r) => [
      `${r.seconds} s, ${r.frames} frames`,
      mb(r.idle),
      mb(r.peak),
      r.tenths.map(mb).join(' · '),
      mb(Math.max(...r.tenths.slice(5)) - Math.max(...r.tenths.slice(0, 5))),
      r.samples,
      `${r.loadBefore} → ${r.loadAfter}`,
    ]),
  );
}

/** Runs a clip through each method in the engine's video task; scores the alpha against the truth. */
async function runMethods(page, support, { mp4, truth, width, height }) {
  const results = {};
  for (const key of METHOD_KEYS) {
    const method = METHODS[key];
    const started = performance.now();
    const run = await support.videoEngine.removeVideoInPage(page, mp4, { outputFormat: 'mov_proresks', backgroundColor: 'transparent' }, method.tuning);
    const ms = performance.now() - started;
    if (!run.ok) throw new Error(`${key}: ${run.error.code}: ${run.error.message}`);
    const planes = support.videoClip.alphaPlanes(run.bytes);
    const size = width * height;
    if (planes.length !== truth.length * size) throw new Error(`${key}: ${planes.length / size} alpha frames for ${truth.length}`);
    const alphas = truth.map((_, f) => planes.subarray(f * size, (f + 1) * size));
    results[key] = { ms, frames: run.output.frames, segmented: run.output.segmentedFrames, timings: run.output.timings, ...matteQuality(alphas, truth, size, width) };
  }
  return results;
}

async function benchQuality(support, url, clips) {
  const { browser, network, page } = await openFresh(support, url);
  try {
    await support.videoEngine.startVideoEngine(page);
    // One short run first, so neither method pays the model host's session build.
    await support.videoEngine.removeVideoInPage(page, (await clips.heldOut(QUALITY_SECONDS))[0].mp4, { outputFormat: 'mov_proresks', backgroundColor: 'transparent' }, { keyInterval: 1 });
    const rows = [];
    for (const clip of await clips.heldOut(QUALITY_SECONDS)) {
      log(`${clip.half} seed ${clip.seed} (${clip.spec.kind ?? ''} ${clip.spec.move}) …`);
      const before = load();
      const results = await runMethods(page, support, { mp4: clip.mp4, truth: clip.truth, width: WIDTH, height: HEIGHT });
      rows.push({ seed: clip.seed, half: clip.half, move: clip.spec.move, subject: clip.spec.kind ?? clip.spec.subject.name, backdrop: clip.spec.backdrop.wall, results, loadBefore: before, loadAfter: load() });
      log(`  ${Object.entries(results).map(([k, r]) => `${k}: ${r.segmented}/${r.frames} runs, ${(r.frames / (r.ms / 1000)).toFixed(2)} fps, MAE ${r.mae.toFixed(4)}, flicker ${r.flicker.toFixed(4)}`).join('; ')}`);
    }
    network.assertOffline();
    return rows;
  } finally {
    await browser.close();
  }
}

/** The old clip: a subject crossing a still backdrop, every frame rendered in the page with its true alpha. */
async function benchStill(support, url) {
  const { browser, network, page } = await openFresh(support, url);
  try {
    await support.videoEngine.startVideoEngine(page);
    const frames = Math.round(STILL_SECONDS * FPS);
    const pngs = [];
    const truth = [];
    for (let i = 0; i < frames; i++) {
      const x = 0.25 + (0.35 * i) / Math.max(1, frames - 1);
      const [frame] = await support.videoClip.renderClipFrames(page, { width: WIDTH, height: HEIGHT, fps: FPS, frames: 1, audio: false, from: x, to: x }, true);
      pngs.push(frame.png);
      truth.push(Uint8Array.from(frame.alpha));
    }
    const mp4 = support.videoClip.encodeClip(pngs, { fps: FPS, audio: false });
    await support.videoEngine.removeVideoInPage(page, mp4, { outputFormat: 'mov_proresks', backgroundColor: 'transparent' }, { keyInterval: 1 });
    const results = await runMethods(page, support, { mp4, truth, width: WIDTH, height: HEIGHT });
    network.assertOffline();
    return results;
  } finally {
    await browser.close();
  }
}

async function benchFormats(support, url, clips) {
  const { OUTPUT_FORMATS } = await loadTs('src/features/video/shared/meta.ts');
  const formats = process.env.BENCH_FORMATS === 'all' || !process.env.BENCH_FORMATS ? OUTPUT_FORMATS : list(process.env.BENCH_FORMATS);
  const { clip, frames } = await clips.timingClip(TIMING_SECONDS[0]);
  const { browser, page } = await openFresh(support, url);
  const alphaFormats = new Set(['webm_vp9', 'mov_proresks', 'gif']);
  try {
    await support.videoEngine.startVideoEngine(page);
    const rows = [];
    for (const format of formats) {
      log(`${format} …`);
      const started = performance.now();
      const run = await support.videoEngine.removeVideoInPage(page, clip, { outputFormat: format, backgroundColor: alphaFormats.has(format) ? 'transparent' : '#00ff00' });
      const ms = performance.now() - started;
      rows.push(run.ok ? [format, run.output.encoder, `${run.output.frames} (model on ${run.output.segmentedFrames})`, s(ms), (frames / (ms / 1000)).toFixed(2), `${(run.bytes.length / 1e6).toFixed(2)} MB`] : [format, `failed: ${run.error.code}`, '', '', '', '']);
    }
    return rows;
  } finally {
    await browser.close();
  }
}

function timingTable(rows) {
  return markdownTable(
    ['clip', 'job', 'app open → job start (s)', 'start → result (s)', `goal`, 'until the first frame (s)', 'frame loop (s)', 'loop fps', 'end to end fps', 'load before → after'],
    rows.map((r) => [
      `${r.seconds} s, ${r.frames} frames`,
      r.when,
      s(r.sinceOpen),
      s(r.ms),
      r.when === 'warm' ? `≥ ${GOALS.warmFps} fps` : r.seconds === 2 && r.when === 'cold' ? `≤ ${GOALS.coldSeconds} s` : '',
      s(r.firstFrameMs),
      s(r.loopMs),
      r.loopMs ? (r.frames / (r.loopMs / 1000)).toFixed(2) : '–',
      (r.frames / (r.ms / 1000)).toFixed(2),
      `${r.loadBefore} → ${r.loadAfter}`,
    ]),
  );
}

function qualityTables(rows) {
  const methodRows = [];
  for (const row of rows) {
    const every = row.results.every;
    for (const [key, r] of Object.entries(row.results)) {
      const delta = (value, reference) => (reference === undefined || key === 'every' ? '' : ` (${value - reference >= 0 ? '+' : ''}${(value - reference).toFixed(4)})`);
      methodRows.push([
        `${row.seed} ${row.move} (${row.subject} on ${row.backdrop})`,
        METHODS[key].label,
        `${r.segmented} of ${r.frames}`,
        (r.frames / (r.ms / 1000)).toFixed(2),
        fixed(r.mae, 4) + delta(r.mae, every?.mae),
        fixed(r.flicker, 4) + delta(r.flicker, every?.flicker),
        `${(100 * r.ghost).toFixed(3)} %` + (every && key !== 'every' ? ` (${(100 * every.ghost).toFixed(3)} %)` : ''),
      ]);
    }
  }
  const summary = METHOD_KEYS.map((key) => {
    const rs = rows.map((row) => row.results[key]).filter(Boolean);
    const mean = (pick) => rs.reduce((sum, r) => sum + pick(r), 0) / rs.length;
    const frames = rs.reduce((sum, r) => sum + r.frames, 0);
    const ms = rs.reduce((sum, r) => sum + r.ms, 0);
    return [METHODS[key].label, `${rs.reduce((sum, r) => sum + r.segmented, 0)} of ${frames}`, (frames / (ms / 1000)).toFixed(2), fixed(mean((r) => r.mae), 4), fixed(mean((r) => r.flicker), 4), `${(100 * mean((r) => r.ghost)).toFixed(3)} %`];
  });
  const keyed = rows.map((row) => row.results.key).filter(Boolean);
  const stages = keyed.length
    ? markdownTable(
        ['method', ...STAGES, 'model load (once)'],
        [[METHODS.key.label, ...STAGES.map((st) => (keyed.reduce((sum, r) => sum + (r.timings[st] ?? 0) / r.frames, 0) / keyed.length).toFixed(0)), (keyed.reduce((sum, r) => sum + (r.timings['model load'] ?? 0), 0) / keyed.length).toFixed(0)]],
      )
    : '';
  return {
    perClip: markdownTable(['clip', 'method', 'model ran on', 'fps (engine, → mov_proresks)', 'alpha MAE (vs every frame)', 'flicker (vs every frame)', 'ghosts (every frame)'], methodRows),
    summary: markdownTable(['method', 'model ran on', 'fps', 'mean alpha MAE', 'mean flicker', 'mean ghosts'], summary),
    stages,
  };
}

async function main() {
  const loadBefore = loadAverage();
  const build = buildApp();
  process.env.CUTOUT_DIST = APP_DIST;
  const support = { ...(await loadSupport()), videoEngine: await loadHelper('video-engine'), videoClip: await loadHelper('video-clip') };
  const clipSets = await loadTs('bench/lib/video-clip-sets.ts');
  const size = (seconds) => ({ width: WIDTH, height: HEIGHT, fps: FPS, seconds });
  const clips = {
    async timingClip(seconds) {
      const clip = await clipSets.loadClip(SET, TIMING_SEED, size(seconds));
      return { clip: clip.mp4, frames: clip.frames.length };
    },
    async heldOut(seconds) {
      const seeds = QUALITY_SEEDS ?? clipSets.seedsIn(SET, QUALITY_HALF, SET === 'turntable' ? 8 : 6);
      const out = [];
      for (const seed of seeds) out.push(await clipSets.loadClip(SET, seed, size(seconds)));
      return out;
    },
  };
  log(`rendering the ${SET} clips (kept in bench/out/${SET}-clips) …`);
  if (ONLY.has('timing') || ONLY.has('formats')) for (const seconds of TIMING_SECONDS) await clips.timingClip(seconds);
  if (ONLY.has('memory')) for (const seconds of MEMORY_SECONDS) await clips.timingClip(seconds);
  if (ONLY.has('quality')) await clips.heldOut(QUALITY_SECONDS);
  const server = await support.server.startPreview();
  const watch = watchMachine(loadBefore);
  const data = {};
  try {
    if (ONLY.has('timing')) data.timing = await benchTiming(support, server.url, clips);
    if (ONLY.has('memory')) data.memory = await benchMemory(support, server.url, clips);
    if (ONLY.has('quality')) data.quality = await benchQuality(support, server.url, clips);
    if (ONLY.has('still')) data.still = await benchStill(support, server.url);
    if (ONLY.has('formats')) data.formats = await benchFormats(support, server.url, clips);
  } finally {
    await server.stop();
  }
  const machine = watch.stop();
  const timingSpec = (await clipSets.loadClip(SET, TIMING_SEED, size(TIMING_SECONDS[0]))).spec;
  const timingWhat = SET === 'turntable' ? `a ${timingSpec.look?.glossy ? 'glossy ' : ''}${timingSpec.kind} turning, camera ${timingSpec.move}` : `${timingSpec.move}: ${timingSpec.subject.name} on ${timingSpec.backdrop.wall}; the camera moves in every frame`;
  const parts = [`# bench:video`, ''];
  if (data.timing) {
    parts.push(
      `## Job start to result (POST /v1/video/remove-background → poll → fetch the result), ${WIDTH}×${HEIGHT} ${FPS} fps → ${TIMING_FORMAT}`,
      '',
      `Clip: ${SET} seed ${TIMING_SEED} (${timingWhat}). ` +
        'Cold: a fresh profile opens the app and starts the job as soon as it has a key; warm: the next job; reopened: after a reload. ' +
        'First frame and loop from the job\'s progress, polled every 100 ms (written at most every 400 ms, so ± 0.5 s).',
      '',
      timingTable(data.timing),
      '',
    );
  }
  if (data.memory) {
    parts.push(
      `## The whole browser's memory over a job (PSS of every Chromium process, read every ${MEMORY_SAMPLE_MS} ms), ${WIDTH}×${HEIGHT} ${FPS} fps → ${TIMING_FORMAT}`,
      '',
      `Clip: ${SET} seed ${TIMING_SEED}. Each length in a fresh profile, the job sent as soon as the app has a key. Memory is flat when the second half of a job holds no more than the first, and a longer clip no more than a shorter one.`,
      '',
      memoryTable(data.memory),
      '',
    );
  }
  if (data.quality) {
    const tables = qualityTables(data.quality);
    parts.push(
      `## ${SET} clips, ${[...new Set(data.quality.map((row) => row.half))].join(' and ')} half: key frames (as shipped) against every frame through the model (${QUALITY_SECONDS} s, ${WIDTH}×${HEIGHT}, ${FPS} fps)`,
      '',
      'Alpha against the true alpha (0–1). Flicker: mean over frames of mean |(a_t − a_{t−1}) − (g_t − g_{t−1})|. ' +
        `fps: the engine's video task alone (no job, no service worker), model session already built. Goal: MAE within ${GOALS.maeWithin} of every frame, flicker no worse.`,
      '',
      tables.perClip,
      '',
      tables.summary,
      '',
      'Where the time goes with key frames (ms per frame, summed over the run; stages overlap with the encoder\'s own threads):',
      '',
      tables.stages,
      '',
    );
  }
  if (data.still) {
    parts.push(
      `## Still camera: a subject crossing a still backdrop (${STILL_SECONDS} s, the clip the key-frame rules were first tuned on)`,
      '',
      markdownTable(
        ['method', 'model ran on', 'fps', 'alpha MAE', 'flicker'],
        Object.entries(data.still).map(([key, r]) => [METHODS[key].label, `${r.segmented} of ${r.frames}`, (r.frames / (r.ms / 1000)).toFixed(2), fixed(r.mae, 4), fixed(r.flicker, 4)]),
      ),
      '',
    );
  }
  if (data.formats) {
    parts.push(`## Seconds per output format (engine, ${TIMING_SECONDS[0]} s clip)`, '', markdownTable(['format', 'encoder', 'frames', 'seconds', 'fps', 'size'], data.formats), '');
  }
  parts.push(describeBuild(build), describeMachine(machine));
  const markdown = parts.join('\n');
  console.log(markdown);
  saveReport('video', { machine, build, ...data }, markdown);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
