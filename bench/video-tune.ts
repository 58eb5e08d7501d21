// npm run tune:video — the key-frame rules on the TUNING half of the
// moving-camera clips (bench/lib/camera-clips.ts), in Node, fast enough to try
// settings: ISNet at the video's model side runs once per frame in native
// onnxruntime-node and its masks are kept in bench/out, so a run of the video
// matte (frame-matte.ts, exactly as the app runs it between the decoder and
// the encoder) costs only the work around the model. Per clip and method:
// model runs, alpha MAE, flicker and ghosts against the true alpha, why each
// key frame was taken, and the matte's own ms per frame in Node.
// The held-out half is never read here: bench:video reports it, in the app.
// Env: TUNE_SET (camera, or turntable: turning products and a person, 24 fps,
// 8 clips), TUNE_SIDE (the model's side; default the app's), TUNE_SEEDS (comma list; default the tuning half's first TUNE_CLIPS),
// TUNE_CLIPS (6), TUNE_SECONDS (2), TUNE_SIZE (640x360), TUNE_KEYFRAMES (JSON
// merged into the shipped keyFrames settings, as a variant), TUNE_EVERY=0 to
// skip the every-frame reference, TUNE_TRACE=1 to print every frame's measures.
import { VIDEO_MATTE, type FrameReport, type VideoMatteSettings } from '../src/features/video/worker/frame-matte';
import { CachedModel, clipSet, fpsOf, loadClip, matteClip, seedsIn, type AnyClip } from './lib/video-clip-sets';
import { matteQuality } from './lib/video-quality.mjs';

const [width, height] = (process.env.TUNE_SIZE ?? '640x360').split('x').map(Number);
const SECONDS = Number(process.env.TUNE_SECONDS ?? 2);
const SET = clipSet(process.env.TUNE_SET);
const FPS = fpsOf(SET);
const SEEDS = process.env.TUNE_SEEDS?.split(',').map(Number) ?? seedsIn(SET, 'tuning', Number(process.env.TUNE_CLIPS ?? (SET === 'turntable' ? 8 : 6)));
const VARIANT = process.env.TUNE_KEYFRAMES ? JSON.parse(process.env.TUNE_KEYFRAMES) : null;
const SIDE = Number(process.env.TUNE_SIDE ?? VIDEO_MATTE.modelSide);
const SHIPPED: VideoMatteSettings = { ...VIDEO_MATTE, modelSide: SIDE };

interface MethodResult {
  label: string;
  segmented: number;
  frames: number;
  mae: number;
  flicker: number;
  ghost: number;
  msPerFrame: number;
  reasons: Record<string, number>;
}

async function runMethod(clip: AnyClip, cached: CachedModel, label: string, settings: VideoMatteSettings): Promise<MethodResult> {
  const trace = process.env.TUNE_TRACE === '1' ? (f: number, matter: { lastFrame: FrameReport | null }) => {
    const { kind, reason, edgeMismatch, poorShare, unseen, camera } = matter.lastFrame!;
    const cam = camera ? `zoom ${camera.scale.toFixed(4)} pan ${camera.pan.toFixed(2)} support ${camera.support.toFixed(2)}` : '';
    console.error(`  ${label} f${f} ${kind}${reason ? ` (${reason})` : ''} edge ${edgeMismatch.toFixed(3)} poor ${poorShare.toFixed(3)} unseen ${unseen.toFixed(3)} ${cam}`);
  } : undefined;
  const { alphas, matter, msPerFrame } = await matteClip(clip, cached, settings, trace);
  const reasons = matter.reasons as Record<string, number>;
  const quality = matteQuality(alphas, clip.truth, width * height, width);
  return { label, segmented: matter.counts.segmented, frames: clip.frames.length, ...quality, msPerFrame, reasons };
}

const every: VideoMatteSettings = { ...SHIPPED, keyFrames: { ...SHIPPED.keyFrames, maxInterval: 1 } };
const methods: [string, VideoMatteSettings][] = [
  ...(process.env.TUNE_EVERY === '0' ? [] : [['every frame', every] as [string, VideoMatteSettings]]),
  ...(process.env.TUNE_SHIPPED === '0' ? [] : [['key frames (shipped)', SHIPPED] as [string, VideoMatteSettings]]),
  ...(VARIANT ? [['key frames (variant)', { ...SHIPPED, keyFrames: { ...SHIPPED.keyFrames, ...VARIANT } }] as [string, VideoMatteSettings]] : []),
];

const rows: string[] = [];
const totals = new Map<string, { mae: number; flicker: number; ghost: number; segmented: number; frames: number; ms: number }>();
for (const seed of SEEDS) {
  const clip = await loadClip(SET, seed, { width, height, fps: FPS, seconds: SECONDS });
  if (clip.half !== 'tuning') console.error(`[tune:video] seed ${seed} is in the ${clip.half} half`);
  const cached = new CachedModel(SET, clip, SIDE);
  for (const [label, settings] of methods) {
    const r = await runMethod(clip, cached, label, settings);
    const reasons = Object.entries(r.reasons)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
    rows.push(`| ${seed} ${clip.spec.kind ?? ''} ${clip.spec.move} | ${label} | ${r.segmented}/${r.frames} | ${r.mae.toFixed(4)} | ${r.flicker.toFixed(4)} | ${(100 * r.ghost).toFixed(3)} % | ${r.msPerFrame.toFixed(0)} | ${reasons} |`);
    console.error(rows.at(-1));
    const total = totals.get(label) ?? { mae: 0, flicker: 0, ghost: 0, segmented: 0, frames: 0, ms: 0 };
    totals.set(label, { mae: total.mae + r.mae, flicker: total.flicker + r.flicker, ghost: total.ghost + r.ghost, segmented: total.segmented + r.segmented, frames: total.frames + r.frames, ms: total.ms + r.msPerFrame });
  }
}
console.log(`# tune:video — ${SET} clips, seeds ${SEEDS.join(', ')}, ${width}×${height}, ${SECONDS} s at ${FPS} fps, model ${SIDE}²\n`);
if (VARIANT) console.log(`Variant keyFrames: \`${JSON.stringify(VARIANT)}\`\n`);
console.log('| clip | method | model ran on | alpha MAE | flicker | ghosts | matte ms/frame (Node, model cached) | key frames: why |\n|---|---|---|---|---|---|---|---|');
console.log(rows.join('\n'));
console.log('\n| method | model runs | mean MAE | mean flicker | mean ghosts | matte ms/frame |\n|---|---|---|---|---|---|');
for (const [label, t] of totals) {
  const n = SEEDS.length;
  console.log(`| ${label} | ${t.segmented}/${t.frames} | ${(t.mae / n).toFixed(4)} | ${(t.flicker / n).toFixed(4)} | ${((100 * t.ghost) / n).toFixed(3)} % | ${(t.ms / n).toFixed(0)} |`);
}
