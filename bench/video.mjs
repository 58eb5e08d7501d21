// npm run bench:video — the video core end to end in headless Chromium, on
// clips rendered for the purpose (a subject that crosses a still, textured
// backdrop, then holds still; AAC audio):
//   1. seconds per output format and end-to-end frames per second, for a
//      10 s 640×360 30 fps clip and a 5 s 1280×720 30 fps clip, with where
//      the time goes per stage;
//   2. alpha MAE against the known alpha of rendered frames, per model input
//      size, next to the 1024² model;
//   3. on a clip that moves all the time (the same crossing without its still
//      part), every frame through the model against key frames with the
//      frames between carried by motion: model runs, seconds, fps, alpha MAE
//      and flicker against the rendered frames' true alpha.
// Serves the build named by CUTOUT_DIST (default dist/; build it first).
// Env: BENCH_FORMATS (comma list, default all nine), BENCH_CLIPS (a,b,m; empty: none;
// default a,b), BENCH_SECONDS (shorten every clip), BENCH_MODEL_SIDE (model input for the
// format table, default the shipped one; 64 leaves the model out of the way,
// to compare encoders), BENCH_SIDES (MAE table, default 320,384,448,512,1024;
// empty skips it), BENCH_MAE_FRAMES (default 8), BENCH_METHODS (method table:
// every,key; empty skips it), BENCH_METHOD_FORMAT (its output format, one with
// alpha; default mov_proresks), BENCH_KEY_INTERVAL (most frames per model run
// for `key`; default the shipped one).
// Not a test: it prints numbers and judges nothing.
import { execFileSync } from 'node:child_process';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';

/** The test support modules are TypeScript; Vite's module runner loads them as they are. */
const load = async (path) => (await runnerImport(fileURLToPath(new URL(path, import.meta.url)))).module;
const { startPreview, distDir } = await load('../test/support/server.ts');
const { launchBrowser } = await load('../test/support/chromium.ts');
const { openApp } = await load('../test/support/app.ts');
const { renderScene, subjectSvg, testScene } = await load('../test/support/scene.ts');
const { alphaPlanes, encodeClip, ffprobe, renderClipFrames } = await load('../test/support/video-clip.ts');
const { removeVideoInPage, startVideoEngine } = await load('../test/support/video-engine.ts');
const { OUTPUT_FORMATS } = await load('../src/features/video/shared/meta.ts');

const FORMATS = process.env.BENCH_FORMATS?.split(',') ?? OUTPUT_FORMATS;
const clipSpec = (width, height, seconds) => {
  const s = Number(process.env.BENCH_SECONDS ?? seconds);
  return { label: `${width}×${height}, ${s} s, 30 fps`, width, height, fps: 30, frames: Math.round(30 * s) };
};
const CLIPS = {
  a: clipSpec(640, 360, 10),
  b: clipSpec(1280, 720, 5),
  // The crossing of clip a without its still part: no frame can reuse a mask.
  m: { ...clipSpec(640, 360, 10), moving: true, label: clipSpec(640, 360, 10).label.replace('640×360', '640×360 moving') },
};
const CLIP_KEYS = process.env.BENCH_CLIPS?.split(',').filter(Boolean) ?? ['a', 'b'];
const MODEL_SIDE = process.env.BENCH_MODEL_SIDE ? Number(process.env.BENCH_MODEL_SIDE) : undefined;
const SIDES = (process.env.BENCH_SIDES ?? '320,384,448,512,1024').split(',').filter(Boolean).map(Number);
const MAE_FRAMES = Number(process.env.BENCH_MAE_FRAMES ?? 8);
const MAE_SUBJECTS = ['running-shoe', 'teddy-bear', 'potted-plant', 'handbag', 'guitar', 'cat', 'backpack', 'cactus'];
const ALPHA_FORMATS = new Set(['webm_vp9', 'mov_proresks', 'gif']);
const STAGES = ['decode', 'model input', 'segment', 'motion', 'refine', 'foreground', 'composite', 'encode', 'finish'];
const METHODS = { every: { label: 'every frame through the model', tuning: { keyInterval: 1 } }, key: { label: 'key frames + motion', tuning: {} } };
const METHOD_KEYS = (process.env.BENCH_METHODS ?? 'every,key').split(',').filter(Boolean);
const METHOD_FORMAT = process.env.BENCH_METHOD_FORMAT ?? 'mov_proresks';
const KEY_INTERVAL = process.env.BENCH_KEY_INTERVAL ? Number(process.env.BENCH_KEY_INTERVAL) : undefined;

const log = (...args) => console.error('[bench:video]', ...args);
const uptime = () => execFileSync('uptime').toString().trim();
const table = (header, rows) =>
  [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n');

/**
 * Renders the moving clip one frame at a time (the subject crosses from 0.25 to
 * 0.6 of the width, as in the other clips' moving part), keeping each frame's
 * true alpha as bytes. Rendered once per run, for the format and method tables.
 */
const movingClips = new Map();
async function movingClip(page, spec) {
  if (!movingClips.has(spec)) {
    const pngs = [];
    const truth = [];
    for (let i = 0; i < spec.frames; i++) {
      const x = 0.25 + (0.35 * i) / Math.max(1, spec.frames - 1);
      const [frame] = await renderClipFrames(page, { ...spec, frames: 1, audio: true, from: x, to: x }, true);
      pngs.push(frame.png);
      truth.push(Uint8Array.from(frame.alpha));
    }
    movingClips.set(spec, { clip: encodeClip(pngs, { fps: spec.fps, audio: true }), truth });
  }
  return movingClips.get(spec);
}

/** Renders a clip: the subject crosses the frame in the first 60 %, then holds still (where temporal smoothing matters). */
async function makeClip(page, spec) {
  if (spec.moving) return (await movingClip(page, spec)).clip;
  const moving = Math.round(spec.frames * 0.6);
  const frames = [
    ...(await renderClipFrames(page, { ...spec, frames: moving, audio: true, from: 0.25, to: 0.6 })),
    ...(await renderClipFrames(page, { ...spec, frames: spec.frames - moving, audio: true, from: 0.6, to: 0.6 })),
  ];
  return encodeClip(
    frames.map((f) => f.png),
    { fps: spec.fps, audio: true },
  );
}

async function benchFormats(page) {
  const rows = [];
  const stageRows = [];
  for (const key of CLIP_KEYS) {
    const spec = CLIPS[key];
    log(`rendering ${spec.label}`);
    const clip = await makeClip(page, spec);
    for (const format of FORMATS) {
      const background = ALPHA_FORMATS.has(format) ? 'transparent' : '#00ff00';
      log(`${spec.label} → ${format} …`);
      const started = performance.now();
      const run = await removeVideoInPage(page, clip, { outputFormat: format, backgroundColor: background }, { modelSide: MODEL_SIDE });
      const seconds = (performance.now() - started) / 1000;
      if (!run.ok) {
        rows.push([spec.label, format, `failed: ${run.error.code}: ${run.error.message}`, '', '', '', '']);
        continue;
      }
      const { output } = run;
      const video = ffprobe(run.bytes).streams.find((s) => s.codec_type === 'video');
      const perFrame = (stage) => (output.timings[stage] ?? 0) / output.frames;
      rows.push([
        spec.label,
        format,
        output.encoder,
        `${output.frames} (ffprobe ${video?.nb_read_frames ?? '?'}; model on ${output.segmentedFrames})`,
        seconds.toFixed(1),
        (output.frames / seconds).toFixed(2),
        `${(run.bytes.length / 1e6).toFixed(2)} MB`,
      ]);
      stageRows.push([spec.label, format, ...STAGES.map((stage) => perFrame(stage).toFixed(0)), (output.timings['model load'] ?? 0).toFixed(0)]);
      log(`  ${seconds.toFixed(1)} s, ${(output.frames / seconds).toFixed(2)} fps; ${uptime()}`);
    }
  }
  return { rows, stageRows };
}

/** Frames of different subjects with their true alpha, as one clip. */
async function maeClip(page) {
  const frames = [];
  for (let i = 0; i < MAE_FRAMES; i++) {
    const scene = testScene({
      svg: subjectSvg(MAE_SUBJECTS[i % MAE_SUBJECTS.length]),
      width: 640,
      height: 360,
      format: 'image/png',
      seed: 11 + i,
      colors: i % 2 ? ['#d9d4cc', '#a8a29a'] : ['#9fb3c8', '#5d6f80'],
      subject: { x: 0.35 + 0.3 * ((i * 37) % 10) / 10, y: 0.55, size: 0.55 + 0.05 * (i % 3) },
    });
    const { dataUrl, alpha } = await renderScene(page, scene, true);
    frames.push({ png: Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64'), alpha });
  }
  // Near-lossless, so every model size sees the same, clean pixels.
  return { clip: encodeClip(frames.map((f) => f.png), { fps: 10, audio: false }, 8), truth: frames.map((f) => f.alpha) };
}

async function benchMae(page) {
  const { clip, truth } = await maeClip(page);
  const results = [];
  for (const side of SIDES) {
    log(`alpha MAE at ${side}² …`);
    const run = await removeVideoInPage(page, clip, { outputFormat: 'mov_proresks', backgroundColor: 'transparent' }, { modelSide: side });
    if (!run.ok) throw new Error(`${side}: ${run.error.code}: ${run.error.message}`);
    const planes = alphaPlanes(run.bytes);
    const size = 640 * 360;
    let sum = 0;
    truth.forEach((alpha, f) => {
      for (let i = 0; i < size; i++) sum += Math.abs(planes[f * size + i] - alpha[i]);
    });
    results.push({ side, mae: sum / (255 * size * truth.length), segmentMs: run.output.timings.segment / run.output.frames });
  }
  const reference = results.find((r) => r.side === 1024);
  return results.map((r) => [
    `${r.side}²`,
    r.mae.toFixed(4),
    reference ? (r.mae - reference.mae >= 0 ? '+' : '') + (r.mae - reference.mae).toFixed(4) : '',
    r.segmentMs.toFixed(0),
  ]);
}

/**
 * Alpha MAE against the truth (0–1), and flicker: the mean over frames t ≥ 1 of
 * mean |(a_t − a_{t−1}) − (g_t − g_{t−1})| (0–1), i.e. how far the matte's
 * change from frame to frame differs from the true alpha's own change (a
 * steady matte on a moving subject is not "steady"; one that wobbles is not
 * "following").
 */
function matteQuality(planes, truth, width, height) {
  const size = width * height;
  let mae = 0;
  let flicker = 0;
  truth.forEach((alpha, f) => {
    const frame = f * size;
    let sum = 0;
    let change = 0;
    for (let i = 0; i < size; i++) {
      sum += Math.abs(planes[frame + i] - alpha[i]);
      if (f > 0) change += Math.abs(planes[frame + i] - planes[frame - size + i] - (alpha[i] - truth[f - 1][i]));
    }
    mae += sum / (255 * size);
    flicker += change / (255 * size);
  });
  return { mae: mae / truth.length, flicker: flicker / Math.max(1, truth.length - 1) };
}

async function benchMethods(page) {
  const spec = CLIPS.m;
  log(`rendering ${spec.label} with its true alpha`);
  const { clip, truth } = await movingClip(page, spec);
  const results = [];
  for (const key of METHOD_KEYS) {
    const method = METHODS[key];
    const tuning = { ...method.tuning, modelSide: MODEL_SIDE, ...(key === 'key' && KEY_INTERVAL ? { keyInterval: KEY_INTERVAL } : {}) };
    log(`${spec.label}, ${method.label} → ${METHOD_FORMAT} …`);
    const started = performance.now();
    const run = await removeVideoInPage(page, clip, { outputFormat: METHOD_FORMAT, backgroundColor: 'transparent' }, tuning);
    const seconds = (performance.now() - started) / 1000;
    if (!run.ok) throw new Error(`${key}: ${run.error.code}: ${run.error.message}`);
    const { output } = run;
    const planes = alphaPlanes(run.bytes);
    if (planes.length !== truth.length * spec.width * spec.height) throw new Error(`${key}: ${planes.length / (spec.width * spec.height)} alpha frames for ${truth.length}`);
    const quality = matteQuality(planes, truth, spec.width, spec.height);
    results.push({ key, label: method.label, frames: output.frames, segmented: output.segmentedFrames, seconds, timings: output.timings, ...quality });
    log(`  ${seconds.toFixed(1)} s, model on ${output.segmentedFrames} of ${output.frames}, MAE ${quality.mae.toFixed(4)}, flicker ${quality.flicker.toFixed(4)}; ${uptime()}`);
  }
  const every = results.find((r) => r.key === 'every');
  const delta = (value, reference) => (reference === undefined ? '' : ` (${value - reference >= 0 ? '+' : ''}${(value - reference).toFixed(4)})`);
  return results.map((r) => [
    r.label,
    `${r.segmented} of ${r.frames}`,
    r.seconds.toFixed(1),
    (r.frames / r.seconds).toFixed(2),
    r.mae.toFixed(4) + (r === every ? '' : delta(r.mae, every?.mae)),
    r.flicker.toFixed(4) + (r === every ? '' : delta(r.flicker, every?.flicker)),
    ((r.timings.motion ?? 0) / r.frames).toFixed(0),
    ((r.timings.segment ?? 0) / Math.max(1, r.segmented)).toFixed(0),
  ]);
}

const server = await startPreview();
const browser = await launchBrowser();
try {
  const before = uptime();
  const page = await openApp(browser.context, server.url, '/');
  await startVideoEngine(page);
  const { rows, stageRows } = await benchFormats(page);
  const mae = SIDES.length ? await benchMae(page) : [];
  const methods = METHOD_KEYS.length ? await benchMethods(page) : [];
  console.log(`# Video bench\n`);
  console.log(`Build ${distDir}/, Chromium headless, ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}.`);
  console.log(`Format table: model input ${MODEL_SIDE ? `${MODEL_SIDE}² (bench override)` : 'as shipped'}.`);
  console.log(`Load before: \`${before}\`; after: \`${uptime()}\`.\n`);
  console.log('## Seconds per format (end to end: decode → model → refine → composite → encode → mux)\n');
  console.log(table(['clip', 'format', 'encoder', 'frames', 'seconds', 'fps', 'size'], rows));
  console.log('\n## Where the time goes (ms per frame, summed over the run; stages overlap with the encoders\' own threads)\n');
  console.log(table(['clip', 'format', ...STAGES, 'model load (ms, once)'], stageRows));
  if (mae.length) {
    console.log(`\n## Alpha MAE against the rendered frames' true alpha (${MAE_FRAMES} frames, 640×360)\n`);
    console.log(table(['model input', 'MAE (0–1)', 'vs 1024²', 'segment ms/frame'], mae));
  }
  if (methods.length) {
    console.log(`\n## Key frames + motion against every frame through the model (${CLIPS.m.label}, → ${METHOD_FORMAT}, alpha against the rendered frames' true alpha)\n`);
    console.log(
      'Flicker: mean over frames of mean |(a_t − a_{t−1}) − (g_t − g_{t−1})|, the matte\'s change from the previous frame against the true alpha\'s (0–1). ' +
        `Key interval: ${KEY_INTERVAL ?? 'as shipped'}.\n`,
    );
    console.log(table(['method', 'model ran on', 'seconds', 'fps', 'alpha MAE (vs every frame)', 'flicker (vs every frame)', 'motion ms/frame', 'ms per model run'], methods));
  }
} finally {
  await browser.close();
  await server.stop();
}
