// A video job started again takes its stored masks (worker/resumable-matter.ts),
// in Node with a stand-in model and fake-indexeddb: a first start stores
// every frame's final mask; a start after an interruption takes the stored
// frames without the model, with the alpha the first start gave them, and the
// model takes over at the first missing frame; stored frames that are not the
// decoded ones (another timestamp, another size) are discarded and the job
// runs as from scratch; without checkpoints it runs as VideoMatter alone.
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { Plane, RgbaImage } from '../../../src/imaging/image';
import { openCheckpoints } from '../../../src/features/video/shared/matte-checkpoints';
import { VIDEO_MATTE, VideoMatter, type VideoMatteSettings } from '../../../src/features/video/worker/frame-matte';
import { ResumableMatter } from '../../../src/features/video/worker/resumable-matter';

const W = 96;
const H = 64;
const FRAMES = 20;

/** A grey backdrop with a red disc at x = cx, its edge antialiased. */
function frame(cx: number, width = W, height = H): RgbaImage {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const cover = Math.min(1, Math.max(0, 16.5 - Math.hypot(x - cx, y - height / 2)));
      data.set([120 + cover * 100, 125 - cover * 85, 130 - cover * 100, 255], (y * width + x) * 4);
    }
  }
  return { data, width, height };
}

/** A stand-in model: the red disc, found in its input; counts its calls. */
function fakeModel(calls: { count: number }) {
  return async (input: Float32Array, side: number): Promise<Plane> => {
    calls.count++;
    const size = side * side;
    const out = new Float32Array(size);
    for (let i = 0; i < size; i++) out[i] = Math.min(1, Math.max(0, (input[i] - input[size + i]) * 2));
    return { data: out, width: side, height: side };
  };
}

/** Small, and a key frame at least every 4 frames, so masks settle (and are stored) as the clip goes. */
const settings: VideoMatteSettings = { ...VIDEO_MATTE, modelSide: 64, guideSide: 96, keyFrames: { ...VIDEO_MATTE.keyFrames, maxInterval: 4 } };

/** The clip: a disc moving right, 2 px a frame, at 30 fps. */
const clip = Array.from({ length: FRAMES }, (_, i) => ({ image: frame(24 + 2 * i), index: i, timestamp: i / 30 }));

interface Run {
  alphas: Uint8ClampedArray[];
  indices: number[];
  calls: number;
  resumed: number;
}

/** Matte `frames` of the clip under job key `job` (no checkpoints when null); `flush` false stops as a reload would. */
async function run(job: string | null, frames = clip, flush = true): Promise<Run> {
  const calls = { count: 0 };
  const checkpoints = job === null ? null : await openCheckpoints(job);
  const matter = new ResumableMatter(new VideoMatter<{ index: number; timestamp: number }>(fakeModel(calls), settings), checkpoints, settings);
  const alphas: Uint8ClampedArray[] = [];
  const indices: number[] = [];
  const take = (done: { alpha: Uint8ClampedArray; tag: { index: number } }[]) => {
    for (const { alpha, tag } of done) {
      alphas.push(alpha);
      indices.push(tag.index);
    }
  };
  for (const { image, index, timestamp } of frames) take(await matter.push(image, { index, timestamp }));
  if (flush) take(await matter.flush());
  await checkpoints?.close();
  return { alphas, indices, calls: calls.count, resumed: matter.resumed };
}

const maxDiff = (a: Uint8ClampedArray, b: Uint8ClampedArray) => a.reduce((m, v, i) => Math.max(m, Math.abs(v - b[i])), 0);

beforeEach(() => {
  vi.stubGlobal('indexedDB', new IDBFactory());
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ResumableMatter', () => {
  test('a first start stores every final mask; a start after it takes them all, without the model', async () => {
    const first = await run('job');
    expect(first.indices).toEqual(clip.map((f) => f.index));
    expect(first.resumed).toBe(0);
    expect((await openCheckpoints('job'))!.stored).toBe(FRAMES);
    const again = await run('job');
    expect(again.calls).toBe(0);
    expect(again.resumed).toBe(FRAMES);
    expect(again.indices).toEqual(first.indices);
    // The alpha the first start gave each frame, but for the mask's quantisation to bytes.
    again.alphas.forEach((alpha, i) => expect(maxDiff(alpha, first.alphas[i]), `frame ${i}`).toBeLessThanOrEqual(2));
  });

  test('after an interruption the stored frames are taken as they were and the model takes over at the first missing one', async () => {
    const whole = await run(null);
    // Stopped after 11 frames, as a reload would: the frames settled by then were stored, the ones waiting for a key frame were not.
    const interrupted = await run('job', clip.slice(0, 11), false);
    const stored = (await openCheckpoints('job'))!.stored;
    expect(stored).toBe(interrupted.alphas.length);
    expect(stored).toBeGreaterThan(0);
    expect(stored).toBeLessThan(11);
    const resumed = await run('job');
    expect(resumed.resumed).toBe(stored);
    expect(resumed.indices).toEqual(clip.map((f) => f.index));
    // The model runs again only from the first missing frame: fewer runs than from the start.
    expect(resumed.calls).toBeGreaterThan(0);
    expect(resumed.calls).toBeLessThan(whole.calls);
    for (let i = 0; i < stored; i++) expect(maxDiff(resumed.alphas[i], interrupted.alphas[i]), `frame ${i}`).toBeLessThanOrEqual(2);
    // The frames after it are matted as usual: the disc is there.
    for (let i = stored; i < FRAMES; i++) expect(resumed.alphas[i][(H / 2) * W + 24 + 2 * i], `frame ${i}`).toBeGreaterThan(200);
    // And now every frame is stored.
    expect((await openCheckpoints('job'))!.stored).toBe(FRAMES);
  });

  test('stored frames at other timestamps are discarded: the job runs from the first frame, and stores its own', async () => {
    await run('job');
    const shifted = clip.map((f) => ({ ...f, timestamp: f.timestamp + 0.5 }));
    const whole = await run(null, shifted);
    const again = await run('job', shifted);
    expect(again.resumed).toBe(0);
    expect(again.calls).toBe(whole.calls);
    again.alphas.forEach((alpha, i) => expect(maxDiff(alpha, whole.alphas[i]), `frame ${i}`).toBe(0));
    const checkpoints = (await openCheckpoints('job'))!;
    expect(checkpoints.stored).toBe(FRAMES);
    expect((await checkpoints.read(0))!.timestamp).toBe(0.5);
    await checkpoints.close();
  });

  test('stored frames of another size are discarded too', async () => {
    await run('job');
    const taller = clip.map((f, i) => ({ ...f, image: frame(24 + 2 * i, W, H + 8) }));
    const again = await run('job', taller);
    expect(again.resumed).toBe(0);
    expect(again.calls).toBeGreaterThan(0);
    const checkpoints = (await openCheckpoints('job'))!;
    expect((await checkpoints.read(0))!.mask.height).toBe(H + 8);
    await checkpoints.close();
  });

  test('without checkpoints it is VideoMatter alone', async () => {
    const calls = { count: 0 };
    const plain = new VideoMatter<{ index: number; timestamp: number }>(fakeModel(calls), settings);
    const alphas: Uint8ClampedArray[] = [];
    for (const { image, index, timestamp } of clip) for (const done of await plain.push(image, { index, timestamp })) alphas.push(done.alpha);
    for (const done of await plain.flush()) alphas.push(done.alpha);
    const wrapped = await run(null);
    expect(wrapped.calls).toBe(calls.count);
    wrapped.alphas.forEach((alpha, i) => expect(maxDiff(alpha, alphas[i])).toBe(0));
  });
});
