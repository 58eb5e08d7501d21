// The rendered clip sets the video benches read, and the model on them in
// Node: `camera` (bench/lib/camera-clips.ts: a subject that holds its shape,
// filmed by a camera that moves) and `turntable` (bench/lib/turntable-clips.ts:
// products and a person turning, 24 fps). Each is split once by seed into a
// tuning half (odd) and a held-out half (even). ISNet's raw output on every
// frame of a clip is computed once in native onnxruntime-node and kept in
// bench/out beside the clip, so a run of the video matte (frame-matte.ts, as
// the app runs it) costs only the work around the model.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as ort from 'onnxruntime-node';
import { patchIsnet } from '../../src/engine/onnx/isnet-patch';
import { widenToFloat32 } from '../../src/engine/onnx/widen-float32';
import { VideoMatter, type VideoMatteSettings } from '../../src/features/video/worker/frame-matte';
import type { Plane } from '../../src/imaging/image';
import type { ClipHalf } from '../../test/support/camera-clip';
import { CLIP_SUBJECTS } from '../../test/support/camera-clip';
import { cameraClip, loadSprites, seedsOf, type ClipSize, type EncodedClip } from './camera-clips';
import { turntableClip, turntableSeeds } from './turntable-clips';

const root = join(import.meta.dirname, '..', '..');

export type ClipSet = 'camera' | 'turntable';

/** What a bench needs of a clip's recipe to name it. */
export type AnyClip = EncodedClip<{ move: string; kind?: string }>;

export function clipSet(name: string | undefined): ClipSet {
  const set = name ?? 'camera';
  if (set !== 'camera' && set !== 'turntable') throw new Error(`a clip set is camera or turntable, not ${set}`);
  return set;
}

/** The set's frame rate: turntable clips are filmed at 24 fps, as the product videos were. */
export const fpsOf = (set: ClipSet) => (set === 'turntable' ? 24 : 30);

export function seedsIn(set: ClipSet, half: ClipHalf, count: number): number[] {
  return set === 'turntable' ? turntableSeeds(half, count) : seedsOf(half, count);
}

let sprites: Awaited<ReturnType<typeof loadSprites>> | undefined;
export async function loadClip(set: ClipSet, seed: number, size: ClipSize): Promise<AnyClip> {
  if (set === 'turntable') return turntableClip(seed, size);
  sprites ??= await loadSprites(CLIP_SUBJECTS);
  return cameraClip(seed, size, sprites);
}

const sessions = new Map<number, Promise<ort.InferenceSession>>();
function model(side: number): Promise<ort.InferenceSession> {
  let session = sessions.get(side);
  if (!session) {
    const shipped = readFileSync(join(root, 'public', 'models', 'isnet-fp16.onnx'));
    const bytes = widenToFloat32(patchIsnet(shipped, { keepOutputs: ['output'], clearCeilMode: true, inputSize: side }).bytes);
    session = ort.InferenceSession.create(bytes, { executionProviders: ['cpu'], intraOpNumThreads: 2, graphOptimizationLevel: 'all' });
    sessions.set(side, session);
  }
  return session;
}

/** ISNet's raw output on every frame of the clip at one side, kept as 16 bits next to the clip. */
export class CachedModel {
  private readonly masks: (Float32Array | null)[];
  private readonly file: string;
  private dirty = false;

  constructor(
    set: ClipSet,
    clip: AnyClip,
    private readonly side: number,
  ) {
    const { width, height } = clip.frames[0];
    this.file = join(root, 'bench', 'out', `${set}-clips`, `seed${clip.seed}-${width}x${height}-${clip.frames.length}f-${clip.mp4.length}-isnet${side}.u16`);
    const size = side * side;
    this.masks = clip.frames.map(() => null);
    if (existsSync(this.file)) {
      const raw = readFileSync(this.file);
      const words = new Uint16Array(raw.buffer, raw.byteOffset, raw.byteLength / 2);
      this.masks.forEach((_, f) => (this.masks[f] = Float32Array.from(words.subarray(f * size, (f + 1) * size), (v) => v / 65535)));
    }
  }

  /** The model on frame `frame` of the clip (the tag the matte pushes it with). */
  readonly segment = async (input: Float32Array, side: number, frame: number): Promise<Plane> => {
    if (side !== this.side) throw new Error(`model side ${side}, cached ${this.side}`);
    let mask = this.masks[frame];
    if (!mask) {
      const session = await model(side);
      const out = await session.run({ [session.inputNames[0]]: new ort.Tensor('float32', input, [1, 3, side, side]) });
      mask = Float32Array.from(out[session.outputNames[0]].data as Float32Array, (v) => Math.min(1, Math.max(0, v)));
      this.masks[frame] = mask;
      this.dirty = true;
    }
    return { data: mask.slice(), width: side, height: side };
  };

  save(): void {
    if (!this.dirty || this.masks.some((m) => !m)) return;
    const size = this.side * this.side;
    const words = new Uint16Array(size * this.masks.length);
    this.masks.forEach((m, f) => words.set(Uint16Array.from(m!, (v) => Math.round(v * 65535)), f * size));
    writeFileSync(this.file, words);
  }
}

/** The clip's mattes as the app makes them (frame-matte.ts), the model answered from the cache; the matte's own time besides the model. */
export async function matteClip(clip: AnyClip, cached: CachedModel, settings: VideoMatteSettings, trace?: (f: number, matter: VideoMatter<number>) => void) {
  const matter = new VideoMatter<number>(cached.segment, settings);
  const alphas: Uint8ClampedArray[] = [];
  let ms = 0;
  const take = (done: { alpha: Uint8ClampedArray }[]) => done.forEach(({ alpha }) => alphas.push(alpha));
  for (let f = 0; f < clip.frames.length; f++) {
    const started = performance.now();
    take(await matter.push(clip.frames[f], f));
    ms += performance.now() - started;
    trace?.(f, matter);
  }
  const started = performance.now();
  take(await matter.flush());
  ms += performance.now() - started;
  cached.save();
  return { alphas, matter, msPerFrame: ms / clip.frames.length };
}
