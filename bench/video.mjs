// npm run bench:video — the video core end to end in headless Chromium, on
// clips rendered for the purpose (a subject that crosses a still, textured
// backdrop, then holds still; AAC audio):
//   1. seconds per output format and end-to-end frames per second, for a
//      10 s 640×360 30 fps clip and a 5 s 1280×720 30 fps clip, with where
//      the time goes per stage;
//   2. alpha MAE against the known alpha of rendered frames, per model input
//      size, next to the 1024² model.
// Serves the build named by CUTOUT_DIST (default dist/; build it first).
// Env: BENCH_FORMATS (comma list, default all nine), BENCH_CLIPS (a,b; empty: none),
// BENCH_SECONDS (shorten both clips), BENCH_MODEL_SIDE (model input for the
// format table, default the shipped one; 64 leaves the model out of the way,
// to compare encoders), BENCH_SIDES (MAE table, default 320,384,448,512,1024;
// empty skips it), BENCH_MAE_FRAMES (default 8).
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
const CLIPS = { a: clipSpec(640, 360, 10), b: clipSpec(1280, 720, 5) };
const CLIP_KEYS = process.env.BENCH_CLIPS?.split(',').filter(Boolean) ?? Object.keys(CLIPS);
const MODEL_SIDE = process.env.BENCH_MODEL_SIDE ? Number(process.env.BENCH_MODEL_SIDE) : undefined;
const SIDES = (process.env.BENCH_SIDES ?? '320,384,448,512,1024').split(',').filter(Boolean).map(Number);
const MAE_FRAMES = Number(process.env.BENCH_MAE_FRAMES ?? 8);
const MAE_SUBJECTS = ['running-shoe', 'teddy-bear', 'potted-plant', 'handbag', 'guitar', 'cat', 'backpack', 'cactus'];
const ALPHA_FORMATS = new Set(['webm_vp9', 'mov_proresks', 'gif']);
const STAGES = ['decode', 'model input', 'segment', 'refine', 'foreground', 'composite', 'encode', 'finish'];

const log = (...args) => console.error('[bench:video]', ...args);
const uptime = () => execFileSync('uptime').toString().trim();
const table = (header, rows) =>
  [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n');

/** Renders a clip: the subject crosses the frame in the first 60 %, then holds still (where temporal smoothing matters). */
async function makeClip(page, spec) {
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

const server = await startPreview();
const browser = await launchBrowser();
try {
  const before = uptime();
  const page = await openApp(browser.context, server.url, '/');
  await startVideoEngine(page);
  const { rows, stageRows } = await benchFormats(page);
  const mae = SIDES.length ? await benchMae(page) : [];
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
} finally {
  await browser.close();
  await server.stop();
}
