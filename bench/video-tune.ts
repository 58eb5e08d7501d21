// npm run tune:video — the key-frame rules on the TUNING half of the
// moving-camera clips (bench/lib/camera-clips.ts), in Node, fast enough to try
// settings: ISNet at the video's model side runs once per frame in native
// onnxruntime-node and its masks are kept in bench/out, so a run of the video
// matte (frame-matte.ts, exactly as the app runs it between the decoder and
// the encoder) costs only the work around the model. Per clip and method:
// model runs, alpha MAE and flicker against the true alpha, why each key
// frame was taken, and the matte's own ms per frame in Node.
// The held-out half is never read here: bench:video reports it, in the app.
// Env: TUNE_SEEDS (comma list; default the tuning half's first TUNE_CLIPS),
// TUNE_CLIPS (6), TUNE_SECONDS (2), TUNE_SIZE (640x360), TUNE_KEYFRAMES (JSON
// merged into the shipped keyFrames settings, as a variant), TUNE_EVERY=0 to
// skip the every-frame reference, TUNE_TRACE=1 to print every frame's measures.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as ort from 'onnxruntime-node';
import { patchIsnet } from '../src/engine/onnx/isnet-patch';
import { widenToFloat32 } from '../src/engine/onnx/widen-float32';
import { VIDEO_MATTE, VideoMatter, type VideoMatteSettings } from '../src/features/video/worker/frame-matte';
import type { Plane } from '../src/imaging/image';
import { cameraClip, loadSprites, seedsOf, type EncodedClip } from './lib/camera-clips';
import { CLIP_SUBJECTS } from '../test/support/camera-clip';
import { matteQuality } from './lib/video-quality.mjs';

const root = join(import.meta.dirname, '..');
const [width, height] = (process.env.TUNE_SIZE ?? '640x360').split('x').map(Number);
const SECONDS = Number(process.env.TUNE_SECONDS ?? 2);
const SEEDS = process.env.TUNE_SEEDS?.split(',').map(Number) ?? seedsOf('tuning', Number(process.env.TUNE_CLIPS ?? 6));
const VARIANT = process.env.TUNE_KEYFRAMES ? JSON.parse(process.env.TUNE_KEYFRAMES) : null;
const SIDE = VIDEO_MATTE.modelSide;

let session: ort.InferenceSession | null = null;
async function model(): Promise<ort.InferenceSession> {
  if (!session) {
    const shipped = readFileSync(join(root, 'public', 'models', 'isnet-fp16.onnx'));
    const bytes = widenToFloat32(patchIsnet(shipped, { keepOutputs: ['output'], clearCeilMode: true, inputSize: SIDE }).bytes);
    session = await ort.InferenceSession.create(bytes, { executionProviders: ['cpu'], intraOpNumThreads: 2, graphOptimizationLevel: 'all' });
  }
  return session;
}

/** ISNet's raw output on every frame of the clip, kept as 16 bits next to the clip. */
class CachedModel {
  private readonly masks: (Float32Array | null)[];
  private readonly file: string;
  private dirty = false;
  frame = 0;

  constructor(clip: EncodedClip) {
    this.file = join(root, 'bench', 'out', 'camera-clips', `seed${clip.seed}-${width}x${height}-${clip.frames.length}f-${clip.mp4.length}-isnet${SIDE}.u16`);
    const size = SIDE * SIDE;
    this.masks = clip.frames.map(() => null);
    if (existsSync(this.file)) {
      const raw = readFileSync(this.file);
      const words = new Uint16Array(raw.buffer, raw.byteOffset, raw.byteLength / 2);
      this.masks.forEach((_, f) => (this.masks[f] = Float32Array.from(words.subarray(f * size, (f + 1) * size), (v) => v / 65535)));
    }
  }

  readonly segment = async (input: Float32Array, side: number): Promise<Plane> => {
    if (side !== SIDE) throw new Error(`model side ${side}, cached ${SIDE}`);
    let mask = this.masks[this.frame];
    if (!mask) {
      const session = await model();
      const out = await session.run({ [session.inputNames[0]]: new ort.Tensor('float32', input, [1, 3, side, side]) });
      mask = Float32Array.from(out[session.outputNames[0]].data as Float32Array, (v) => Math.min(1, Math.max(0, v)));
      this.masks[this.frame] = mask;
      this.dirty = true;
    }
    return { data: mask.slice(), width: side, height: side };
  };

  save(): void {
    if (!this.dirty || this.masks.some((m) => !m)) return;
    const size = SIDE * SIDE;
    const words = new Uint16Array(size * this.masks.length);
    this.masks.forEach((m, f) => words.set(Uint16Array.from(m!, (v) => Math.round(v * 65535)), f * size));
    writeFileSync(this.file, words);
  }
}

interface MethodResult {
  label: string;
  segmented: number;
  frames: number;
  mae: number;
  flicker: number;
  msPerFrame: number;
  reasons: Record<string, number>;
}

async function runMethod(clip: EncodedClip, cached: CachedModel, label: string, settings: VideoMatteSettings): Promise<MethodResult> {
  const matter = new VideoMatter(cached.segment, settings);
  const alphas: Uint8ClampedArray[] = [];
  const reasons: Record<string, number> = {};
  let ms = 0;
  for (let f = 0; f < clip.frames.length; f++) {
    cached.frame = f;
    const started = performance.now();
    alphas.push(await matter.alpha(clip.frames[f]));
    ms += performance.now() - started;
    const report = matter.lastFrame!;
    if (report.reason) reasons[report.reason] = (reasons[report.reason] ?? 0) + 1;
    if (process.env.TUNE_TRACE === '1') {
      const { kind, reason, edgeMismatch, poorShare, unseen, camera } = report;
      const cam = camera ? `zoom ${camera.scale.toFixed(4)} pan ${camera.pan.toFixed(2)} support ${camera.support.toFixed(2)}` : '';
      console.error(`  ${label} f${f} ${kind}${reason ? ` (${reason})` : ''} edge ${edgeMismatch.toFixed(3)} poor ${poorShare.toFixed(3)} unseen ${unseen.toFixed(3)} ${cam}`);
    }
  }
  const quality = matteQuality(alphas, clip.truth, width * height);
  return { label, segmented: matter.counts.segmented, frames: clip.frames.length, ...quality, msPerFrame: ms / clip.frames.length, reasons };
}

const every: VideoMatteSettings = { ...VIDEO_MATTE, keyFrames: { ...VIDEO_MATTE.keyFrames, maxInterval: 1 } };
const methods: [string, VideoMatteSettings][] = [
  ...(process.env.TUNE_EVERY === '0' ? [] : [['every frame', every] as [string, VideoMatteSettings]]),
  ['key frames (shipped)', VIDEO_MATTE],
  ...(VARIANT ? [['key frames (variant)', { ...VIDEO_MATTE, keyFrames: { ...VIDEO_MATTE.keyFrames, ...VARIANT } }] as [string, VideoMatteSettings]] : []),
];

const sprites = await loadSprites(CLIP_SUBJECTS);
const rows: string[] = [];
const totals = new Map<string, { mae: number; flicker: number; segmented: number; frames: number; ms: number }>();
for (const seed of SEEDS) {
  const clip = await cameraClip(seed, { width, height, fps: 30, seconds: SECONDS }, sprites);
  if (clip.half !== 'tuning') console.error(`[tune:video] seed ${seed} is in the ${clip.half} half`);
  const cached = new CachedModel(clip);
  for (const [label, settings] of methods) {
    const r = await runMethod(clip, cached, label, settings);
    cached.save();
    const reasons = Object.entries(r.reasons)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
    rows.push(`| ${seed} ${clip.spec.move} | ${label} | ${r.segmented}/${r.frames} | ${r.mae.toFixed(4)} | ${r.flicker.toFixed(4)} | ${r.msPerFrame.toFixed(0)} | ${reasons} |`);
    console.error(rows.at(-1));
    const total = totals.get(label) ?? { mae: 0, flicker: 0, segmented: 0, frames: 0, ms: 0 };
    totals.set(label, { mae: total.mae + r.mae, flicker: total.flicker + r.flicker, segmented: total.segmented + r.segmented, frames: total.frames + r.frames, ms: total.ms + r.msPerFrame });
  }
}
console.log(`# tune:video — tuning half, seeds ${SEEDS.join(', ')}, ${width}×${height}, ${SECONDS} s at 30 fps\n`);
if (VARIANT) console.log(`Variant keyFrames: \`${JSON.stringify(VARIANT)}\`\n`);
console.log('| clip | method | model ran on | alpha MAE | flicker | matte ms/frame (Node, model cached) | key frames: why |\n|---|---|---|---|---|---|---|');
console.log(rows.join('\n'));
console.log('\n| method | model runs | mean MAE | mean flicker | matte ms/frame |\n|---|---|---|---|---|');
for (const [label, t] of totals) {
  const n = SEEDS.length;
  console.log(`| ${label} | ${t.segmented}/${t.frames} | ${(t.mae / n).toFixed(4)} | ${(t.flicker / n).toFixed(4)} | ${(t.ms / n).toFixed(0)} |`);
}
