// The video matte with a stand-in for the model, so it runs in Node: an empty
// frame is transparent (no error), a still subject does not flicker although
// the model's output wavers, a moving subject leaves no trail, the model is
// only asked again when the picture changed, and between key frames a moving
// subject's mask follows it by motion, with a new key frame at once on a cut
// or when the subject changes shape. With a moving camera (a pan, a zoom, a
// shake, a tracking shot over a textured world) the mask follows without a
// new key frame, until more of the frame came in than the model has seen.
import { describe, expect, test } from 'vitest';
import type { Plane, RgbaImage } from '../../../src/imaging/image';
import { VIDEO_MATTE, VideoMatter, frameMask, type FrameReport, type VideoMatteSettings } from '../../../src/features/video/worker/frame-matte';

const W = 96;
const H = 64;

/** How much of pixel (x, y) a shape centred at (cx, cy) covers: a disc of radius 16, or a square of side 32. */
const disc = (x: number, y: number, cx: number, cy: number) => Math.min(1, Math.max(0, 16.5 - Math.hypot(x - cx, y - cy)));
const square = (x: number, y: number, cx: number, cy: number) =>
  Math.min(1, Math.max(0, 16.5 - Math.abs(x - cx))) * Math.min(1, Math.max(0, 16.5 - Math.abs(y - cy)));

/** A grey backdrop with a red shape at (cx, cy), its edge antialiased as a camera would see it. */
function frame(cx: number, cy = H / 2, shape = disc): RgbaImage {
  const data = new Uint8ClampedArray(W * H * 4);
  const red = [220, 40, 30];
  const grey = [120, 125, 130];
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const cover = shape(x, y, cx, cy);
      data.set([...red.map((r, c) => cover * r + (1 - cover) * grey[c]), 255], (y * W + x) * 4);
    }
  }
  return { data, width: W, height: H };
}

/** A stand-in model: finds the red disc in its input and answers a soft mask, with a wobble it is told. */
function fakeModel(wobble: () => number, calls = { count: 0 }) {
  return async (input: Float32Array, side: number): Promise<Plane> => {
    calls.count++;
    const out = new Float32Array(side * side);
    const size = side * side;
    for (let i = 0; i < size; i++) {
      const red = input[i] - input[size + i];
      out[i] = Math.min(1, Math.max(0, red * 2 + wobble()));
    }
    return { data: out, width: side, height: side };
  };
}

const settings = { ...VIDEO_MATTE, modelSide: 64, guideSide: 96 };
/** The same, asking the model on every frame: what the smoothing alone does. */
const everyFrame = { ...settings, still: { ...settings.still, maxFrames: 0 }, keyFrames: { ...settings.keyFrames, maxInterval: 1 } };
/** Mean absolute alpha difference between two frames, 0–255. */
const meanDiff = (a: Uint8ClampedArray, b: Uint8ClampedArray) => a.reduce((sum, v, i) => sum + Math.abs(v - b[i]), 0) / a.length;

/** Pushes the frames in turn and flushes: every frame's alpha in order, and what each push decided. */
async function matteAll(matter: VideoMatter, frames: RgbaImage[]) {
  const alphas: Uint8ClampedArray[] = [];
  const reports: FrameReport[] = [];
  for (const picture of frames) {
    for (const done of await matter.push(picture, undefined)) alphas.push(done.alpha);
    reports.push(matter.lastFrame!);
  }
  for (const done of await matter.flush()) alphas.push(done.alpha);
  expect(alphas).toHaveLength(frames.length);
  return { alphas, reports, kinds: reports.map((r) => r.kind), reasons: reports.map((r) => r.reason) };
}

describe('frameMask', () => {
  test('a model output with no subject is all zero, not stretched noise', () => {
    const noise = { data: Float32Array.from({ length: 64 }, (_, i) => 0.01 + (i % 7) * 0.002), width: 8, height: 8 };
    expect(Math.max(...frameMask(noise).data)).toBe(0);
  });
});

describe('VideoMatter', () => {
  test('a frame without a subject is fully transparent, and the next subject appears', async () => {
    const matter = new VideoMatter(fakeModel(() => 0), settings);
    const empty: RgbaImage = { data: new Uint8ClampedArray(W * H * 4).fill(128), width: W, height: H };
    const { alphas } = await matteAll(matter, [empty, frame(48)]);
    expect(Math.max(...alphas[0])).toBe(0);
    expect(alphas[1][(H / 2) * W + 48]).toBeGreaterThan(200);
  });

  test('a still subject does not flicker though the model wavers frame to frame', async () => {
    let frameIndex = 0;
    const wobble = () => (frameIndex % 2 ? 0.15 : -0.15);
    const smoothed = new VideoMatter(fakeModel(wobble), everyFrame);
    const raw = new VideoMatter(fakeModel(wobble), { ...everyFrame, temporal: { ...settings.temporal, maxKeep: 0 } });
    const still = frame(48);
    let smoothedFlicker = 0;
    let rawFlicker = 0;
    let previous: [Uint8ClampedArray, Uint8ClampedArray] | null = null;
    // Every frame is a key frame, so each push answers its own frame at once.
    const one = async (matter: VideoMatter) => (await matter.push(still, undefined))[0].alpha;
    for (frameIndex = 0; frameIndex < 12; frameIndex++) {
      const current: [Uint8ClampedArray, Uint8ClampedArray] = [await one(smoothed), await one(raw)];
      if (previous && frameIndex > 4) {
        smoothedFlicker += meanDiff(current[0], previous[0]);
        rawFlicker += meanDiff(current[1], previous[1]);
      }
      previous = current;
    }
    expect(rawFlicker).toBeGreaterThan(0);
    expect(smoothedFlicker).toBeLessThan(rawFlicker * 0.3);
  });

  test('a moving subject leaves no trail: where it was is transparent at once', async () => {
    const matter = new VideoMatter(fakeModel(() => 0), settings);
    const { alphas } = await matteAll(matter, [...Array.from({ length: 5 }, () => frame(24)), frame(72)]);
    const alpha = alphas[5];
    expect(alpha[(H / 2) * W + 24]).toBeLessThan(10);
    expect(alpha[(H / 2) * W + 72]).toBeGreaterThan(200);
  });

  test('a still picture asks the model once per maxFrames + 1 frames, and its alpha holds', async () => {
    const calls = { count: 0 };
    const matter = new VideoMatter(fakeModel(() => 0, calls), settings);
    const still = frame(48);
    const { alphas } = await matteAll(matter, Array.from({ length: 2 * (settings.still.maxFrames + 1) }, () => still));
    for (const alpha of alphas) expect(meanDiff(alpha, alphas[0])).toBeLessThan(0.5);
    expect(calls.count).toBe(2);
    expect(matter.counts).toEqual({ segmented: 2, reused: 2 * settings.still.maxFrames, propagated: 0 });
  });

  test('with a key interval of 1 a moving subject asks the model on every frame', async () => {
    const calls = { count: 0 };
    const matter = new VideoMatter(fakeModel(() => 0, calls), everyFrame);
    await matteAll(matter, Array.from({ length: 8 }, (_, i) => frame(24 + 4 * i)));
    expect(calls.count).toBe(8);
    expect(matter.counts).toEqual({ segmented: 8, reused: 0, propagated: 0 });
  });

  test('where the carried mask no longer fits at the end (maxEndMismatch 0: never taken to fit), the last frame is a key frame too, and the stretch before it is carried from both ends', async () => {
    const calls = { count: 0 };
    const keyed = new VideoMatter(fakeModel(() => 0, calls), { ...settings, keyFrames: { ...settings.keyFrames, maxInterval: 4, maxEndMismatch: 0 } });
    const pictures = Array.from({ length: 12 }, (_, i) => frame(22 + 2.5 * i, H / 2 - 3 + 0.5 * i));
    const { kinds } = await matteAll(keyed, pictures);
    expect(kinds.length).toBe(12);
    expect(calls.count).toBe(4);
    expect(keyed.counts).toEqual({ segmented: 4, reused: 0, propagated: 8 });
    expect(keyed.reasons).toEqual({ first: 1, interval: 2, last: 1 });
  });

  test('a moving subject asks the model once per key interval; in between its mask follows it, as the model would have drawn it', async () => {
    const calls = { count: 0 };
    const keyed = new VideoMatter(fakeModel(() => 0, calls), { ...settings, keyFrames: { ...settings.keyFrames, maxInterval: 4 } });
    const every = new VideoMatter(fakeModel(() => 0), everyFrame);
    // Right and a little down: 2.5 px and 0.5 px a frame.
    const pictures = Array.from({ length: 12 }, (_, i) => frame(22 + 2.5 * i, H / 2 - 3 + 0.5 * i));
    const { alphas, kinds } = await matteAll(keyed, pictures);
    const reference = (await matteAll(every, pictures)).alphas;
    const worst = Math.max(...alphas.map((alpha, i) => meanDiff(alpha, reference[i])));
    console.info(`key interval 4: worst mean alpha difference from segmenting every frame ${worst.toFixed(2)} (0–255)`);
    const interval = ['segmented', 'propagated', 'propagated', 'propagated'];
    expect(kinds).toEqual([...interval, ...interval, ...interval]);
    // The disc's mask, carried forward, still fits its outline at the last frame: the clip ends without one more key frame.
    expect(calls.count).toBe(3);
    expect(keyed.counts).toEqual({ segmented: 3, reused: 0, propagated: 9 });
    expect(keyed.reasons).toEqual({ first: 1, interval: 2 });
    expect(keyed.lastFrame!.edgeMismatch).toBeLessThan(settings.keyFrames.maxEndMismatch);
    // Within a grey level or two on average (0–255) of segmenting every frame, over frames where the disc moved up to 7.5 px from its key frame.
    expect(worst).toBeLessThan(2);
  });

  test('a cut to another picture gets a model run at once, not a mask carried over', async () => {
    const calls = { count: 0 };
    const matter = new VideoMatter(fakeModel(() => 0, calls), settings);
    // Another scene: stripes everywhere, the disc elsewhere.
    const cut = frame(70, 40);
    for (let i = 0; i < W * H; i++) if ((i % W) % 6 < 3 && cut.data[i * 4] < 200) cut.data.set([30, 90, 200], i * 4);
    const { alphas, reports, kinds } = await matteAll(matter, [frame(30), frame(32), cut]);
    const alpha = alphas[2];
    expect(kinds).toEqual(['segmented', 'propagated', 'segmented']);
    expect(reports[2].poorShare).toBeGreaterThan(settings.keyFrames.maxPoorShare);
    expect(alpha[40 * W + 70]).toBeGreaterThan(200);
    expect(alpha[(H / 2) * W + 32]).toBeLessThan(10);
  });

  test('a subject that changes shape gets a model run at once: its edge no longer matches the key frame carried by the motion', async () => {
    const calls = { count: 0 };
    const matter = new VideoMatter(fakeModel(() => 0, calls), settings);
    const { alphas, reports, kinds } = await matteAll(matter, [frame(48), frame(49), frame(50, H / 2, square)]);
    const alpha = alphas[2];
    expect(kinds).toEqual(['segmented', 'propagated', 'segmented']);
    expect(reports[2].edgeMismatch).toBeGreaterThan(settings.keyFrames.maxEdgeMismatch);
    expect(reports[1].edgeMismatch).toBeLessThan(settings.keyFrames.maxEdgeMismatch / 2);
    // The square's corner is in the matte.
    expect(alpha[(H / 2 - 14) * W + 50 + 14]).toBeGreaterThan(200);
    expect(calls.count).toBe(2);
  });

  test('a slow drift adds up against the last segmented frame and asks the model again', async () => {
    const calls = { count: 0 };
    const matter = new VideoMatter(fakeModel(() => 0, calls), { ...settings, still: { maxFrames: 1000, maxChange: settings.still.maxChange } });
    // A tenth of a pixel a frame: each step alone is below the threshold, a few add up past it.
    const { alphas } = await matteAll(matter, [...Array.from({ length: 40 }, (_, i) => frame(30 + i / 10)), frame(34)]);
    console.info(`drift: the model ran on ${calls.count} of 41 frames`);
    expect(calls.count).toBeGreaterThan(2);
    expect(calls.count).toBeLessThan(40);
    // And the alpha follows the disc: its new centre is inside, its old left edge outside.
    const alpha = alphas[40];
    expect(alpha[(H / 2) * W + 48]).toBeGreaterThan(200);
    expect(alpha[(H / 2) * W + 12]).toBeLessThan(10);
  });
});

/** A grey, textured world: detail at several scales, no red (the stand-in model looks for red). */
function world(x: number, y: number): number {
  return 128 + 30 * Math.sin(0.21 * x + 0.13 * y) + 22 * Math.sin(0.47 * x - 0.31 * y + 1) + 16 * Math.sin(0.6 * x + 0.45 * y + 2) + 12 * Math.sin(0.7 * y - 0.2 * x);
}

/**
 * A camera over the world: frame pixel p shows world point c + (p − c)/zoom
 * + pan (c the frame's centre); the red disc (radius 14, in world units,
 * with markings) stands at `subject` in the world, antialiased in the frame.
 */
function cameraFrame(pan: [number, number], zoom: number, subject: [number, number], roll = 0): RgbaImage {
  const data = new Uint8ClampedArray(W * H * 4);
  const [cx, cy] = [(W - 1) / 2, (H - 1) / 2];
  const [cos, sin] = [Math.cos(roll), Math.sin(roll)];
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const px = (x - cx) / zoom;
      const py = (y - cy) / zoom;
      const wx = cx + cos * px - sin * py + pan[0];
      const wy = cy + sin * px + cos * py + pan[1];
      const cover = Math.min(1, Math.max(0, (14.5 - Math.hypot(wx - subject[0], wy - subject[1])) * zoom));
      const grey = world(wx, wy);
      // The disc has markings of its own, as any subject does, that move with it.
      const red = 200 + 20 * Math.sin(0.9 * (wx - subject[0]) + 0.4 * (wy - subject[1])) + 20 * Math.sin(0.3 * (wx - subject[0]) - 1.1 * (wy - subject[1]));
      data.set([cover * red + (1 - cover) * grey, cover * 40 + (1 - cover) * grey, cover * 30 + (1 - cover) * grey, 255], (y * W + x) * 4);
    }
  }
  return { data, width: W, height: H };
}

/** Runs both mattes over the frames: the kinds the keyed one chose, its model runs, and its worst mean difference (0–255) from segmenting every frame. */
async function followCamera(frames: RgbaImage[], keyed: VideoMatteSettings) {
  const calls = { count: 0 };
  const matter = new VideoMatter(fakeModel(() => 0, calls), keyed);
  const every = new VideoMatter(fakeModel(() => 0), everyFrame);
  const { alphas, kinds, reasons, reports } = await matteAll(matter, frames);
  if (process.env.DEBUG_MATTE) for (const report of reports) console.info(JSON.stringify(report));
  const reference = (await matteAll(every, frames)).alphas;
  const worst = Math.max(...alphas.map((alpha, i) => meanDiff(alpha, reference[i])));
  return { kinds, reasons, calls: calls.count, worst, matter };
}

/** A disc with a handle (a small block) on a circle around it, at `angle`: as the disc turns, the handle swings round. */
const withHandle =
  (angle: number) =>
  (x: number, y: number, cx: number, cy: number): number => {
    const hx = cx + 21 * Math.cos(angle);
    const hy = cy + 21 * Math.sin(angle);
    const handle = Math.min(1, Math.max(0, 6.5 - Math.abs(x - hx))) * Math.min(1, Math.max(0, 6.5 - Math.abs(y - hy)));
    return Math.max(disc(x, y, cx, cy), handle);
  };

describe('VideoMatter between key frames', () => {
  test('a subject that turns leaves no ghost: where its handle was gives way to the later key frame, which shows backdrop there', async () => {
    // The handle swings a quarter turn, right to bottom, over 8 frames; a key frame at each end.
    const turning = { ...settings, keyFrames: { ...settings.keyFrames, maxInterval: 8, maxEdgeMismatch: 1, maxDisagreement: 10 } };
    const pictures = Array.from({ length: 9 }, (_, t) => frame(48, H / 2 - 8, withHandle((t / 8) * (Math.PI / 2))));
    const calls = { count: 0 };
    const { alphas } = await matteAll(new VideoMatter(fakeModel(() => 0, calls), turning), pictures);
    expect(calls.count).toBe(2);
    const at = (t: number, angle: number) => alphas[t][Math.round(H / 2 - 8 + 21 * Math.sin(angle)) * W + Math.round(48 + 21 * Math.cos(angle))];
    // Frame 6: the handle has left the right side (where the first key frame had it); frame 2: the later key frame's handle is not there yet.
    expect(at(6, 0)).toBeLessThan(40);
    expect(at(2, Math.PI / 2)).toBeLessThan(40);
    // The disc itself holds.
    for (const alpha of alphas) expect(alpha[(H / 2 - 8) * W + 48]).toBeGreaterThan(200);
  });

  test('where the two key frames disagree and the pixels do not decide, the model runs on the worst frame between them', async () => {
    // A block grows out of the disc, drawn in a red as bright as the grey backdrop: the model tells them apart, the motion's
    // luma cannot, so neither key frame's carried mask can be checked against the picture where they differ.
    const pictures = Array.from({ length: 9 }, (_, t) => {
      const picture = frame(40);
      for (let y = H / 2 - 6; y <= H / 2 + 6; y++) for (let x = 57; x < 57 + 3 * t; x++) picture.data.set([250, 60, 123], (y * W + x) * 4);
      return picture;
    });
    const strict = { ...settings, keyFrames: { ...settings.keyFrames, maxInterval: 8, maxEdgeMismatch: 1, maxDisagreement: 0.05 } };
    const loose = { ...strict, keyFrames: { ...strict.keyFrames, maxDisagreement: 10 } };
    const strictRun = new VideoMatter(fakeModel(() => 0), strict);
    const looseRun = new VideoMatter(fakeModel(() => 0), loose);
    await matteAll(strictRun, pictures);
    await matteAll(looseRun, pictures);
    expect(looseRun.reasons.disagreement).toBeUndefined();
    expect(strictRun.reasons.disagreement).toBeGreaterThan(0);
  });

  test('frames come back in order, each once, with what they were pushed with', async () => {
    const matter = new VideoMatter<number>(fakeModel(() => 0), { ...settings, keyFrames: { ...settings.keyFrames, maxInterval: 4 } });
    const tags: number[] = [];
    for (let i = 0; i < 10; i++) for (const done of await matter.push(frame(24 + 3 * i), i)) tags.push(done.tag);
    for (const done of await matter.flush()) tags.push(done.tag);
    expect(tags).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(await matter.flush()).toEqual([]);
  });
});

describe('VideoMatter with a moving camera', () => {
  // One block of these tiny frames is 1.3 % of them: a share of 3 % is three blocks, as 1 % is six of a 256 × 144 plane.
  const keyed = { ...settings, keyFrames: { ...settings.keyFrames, maxInterval: 8, maxPoorShare: 0.03 } };
  const interval = ['segmented', ...Array<string>(7).fill('propagated')];

  test('a pan: what comes in at the border is expected, not a reason for a key frame, and the mask follows the subject the camera passes', async () => {
    // 2 px a frame to the right and 0.25 down; the disc stands still in the world, so it drifts left across the frame.
    const frames = Array.from({ length: 8 }, (_, t) => cameraFrame([2 * t, 0.25 * t], 1, [60, 32]));
    const { kinds, calls, worst, matter } = await followCamera(frames, keyed);
    console.info(`pan: worst mean alpha difference from segmenting every frame ${worst.toFixed(2)} (0–255); camera ${JSON.stringify(matter.lastFrame!.camera)}`);
    expect(kinds).toEqual(interval);
    // The first frame only: the mask carried by the pan still fits the disc at the end.
    expect(calls).toBe(1);
    expect(matter.lastFrame!.camera!.pan).toBeCloseTo(Math.hypot(2, 0.25), 1);
    expect(worst).toBeLessThan(3);
  });

  test('a zoom in: the mask grows with the subject, no key frame', async () => {
    const frames = Array.from({ length: 8 }, (_, t) => cameraFrame([0, 0], 1 + 0.025 * t, [52, 30]));
    const { kinds, worst, matter } = await followCamera(frames, keyed);
    console.info(`zoom: worst mean alpha difference ${worst.toFixed(2)}; camera ${JSON.stringify(matter.lastFrame!.camera)}`);
    expect(kinds).toEqual(interval);
    expect(matter.lastFrame!.camera!.scale).toBeLessThan(0.99);
    expect(worst).toBeLessThan(3);
  });

  test('a shaking, rolling hand-held camera: no key frame', async () => {
    const shake = (t: number): [number, number] => [2 * Math.sin(2.1 * t), 1.5 * Math.cos(2.9 * t + 1)];
    const frames = Array.from({ length: 8 }, (_, t) => cameraFrame(shake(t), 1, [48, 34], 0.02 * Math.sin(1.7 * t)));
    const { kinds, worst } = await followCamera(frames, keyed);
    console.info(`shake: worst mean alpha difference ${worst.toFixed(2)}`);
    expect(kinds).toEqual(interval);
    expect(worst).toBeLessThan(3);
  });

  test('the camera tracks a subject walking across the world: the backdrop streams past, the subject holds its place, both carried', async () => {
    // The disc walks 3 px a frame; the camera follows at 2.5, so it also drifts right on screen.
    const frames = Array.from({ length: 8 }, (_, t) => cameraFrame([2.5 * t, 0], 1, [40 + 3 * t, 32]));
    const { kinds, worst } = await followCamera(frames, keyed);
    console.info(`track: worst mean alpha difference ${worst.toFixed(2)}`);
    expect(kinds).toEqual(interval);
    expect(worst).toBeLessThan(3);
  });

  test('a fast pan brings in more of the frame than the model has seen: a key frame for it', async () => {
    const frames = Array.from({ length: 8 }, (_, t) => cameraFrame([6 * t, 0], 1, [70, 32]));
    const { reasons, matter } = await followCamera(frames, { ...keyed, keyFrames: { ...keyed.keyFrames, maxUnseen: 0.2 } });
    // 6 px a frame of a 96-px frame: past a fifth after four frames.
    expect(reasons.slice(0, 5)).toEqual(['first', null, null, null, 'unseen']);
    expect(matter.counts.segmented).toBeGreaterThanOrEqual(2);
  });

  test('a cut while the camera pans still gets a model run at once', async () => {
    const matter = new VideoMatter(fakeModel(() => 0), keyed);
    const cut = frame(70, 40);
    for (let i = 0; i < W * H; i++) if ((i % W) % 6 < 3 && cut.data[i * 4] < 200) cut.data.set([30, 90, 200], i * 4);
    const { kinds, reasons } = await matteAll(matter, [cameraFrame([0, 0], 1, [40, 32]), cameraFrame([3, 0], 1, [40, 32]), cut]);
    expect(kinds[1]).toBe('propagated');
    expect(reasons[2]).toBe('poor match');
  });
});
