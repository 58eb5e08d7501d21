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
import { VIDEO_MATTE, VideoMatter, frameMask, type VideoMatteSettings } from '../../../src/features/video/worker/frame-matte';

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
    expect(Math.max(...(await matter.alpha(empty)))).toBe(0);
    const alpha = await matter.alpha(frame(48));
    expect(alpha[(H / 2) * W + 48]).toBeGreaterThan(200);
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
    for (frameIndex = 0; frameIndex < 12; frameIndex++) {
      const current: [Uint8ClampedArray, Uint8ClampedArray] = [await smoothed.alpha(still), await raw.alpha(still)];
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
    for (let i = 0; i < 5; i++) await matter.alpha(frame(24));
    const alpha = await matter.alpha(frame(72));
    expect(alpha[(H / 2) * W + 24]).toBeLessThan(10);
    expect(alpha[(H / 2) * W + 72]).toBeGreaterThan(200);
  });

  test('a still picture asks the model once per maxFrames + 1 frames, and its alpha holds', async () => {
    const calls = { count: 0 };
    const matter = new VideoMatter(fakeModel(() => 0, calls), settings);
    const still = frame(48);
    const first = await matter.alpha(still);
    for (let i = 1; i < 2 * (settings.still.maxFrames + 1); i++) expect(meanDiff(await matter.alpha(still), first)).toBeLessThan(0.5);
    expect(calls.count).toBe(2);
    expect(matter.counts).toEqual({ segmented: 2, reused: 2 * settings.still.maxFrames, propagated: 0 });
  });

  test('with a key interval of 1 a moving subject asks the model on every frame', async () => {
    const calls = { count: 0 };
    const matter = new VideoMatter(fakeModel(() => 0, calls), everyFrame);
    for (let i = 0; i < 8; i++) await matter.alpha(frame(24 + 4 * i));
    expect(calls.count).toBe(8);
    expect(matter.counts).toEqual({ segmented: 8, reused: 0, propagated: 0 });
  });

  test('a moving subject asks the model once per key interval; in between its mask follows it, as the model would have drawn it', async () => {
    const calls = { count: 0 };
    const keyed = new VideoMatter(fakeModel(() => 0, calls), { ...settings, keyFrames: { ...settings.keyFrames, maxInterval: 4 } });
    const every = new VideoMatter(fakeModel(() => 0), everyFrame);
    const kinds: string[] = [];
    let worst = 0;
    for (let i = 0; i < 12; i++) {
      // Right and a little down: 2.5 px and 0.5 px a frame.
      const picture = frame(22 + 2.5 * i, H / 2 - 3 + 0.5 * i);
      const carried = await keyed.alpha(picture);
      kinds.push(keyed.lastFrame!.kind);
      worst = Math.max(worst, meanDiff(carried, await every.alpha(picture)));
    }
    console.info(`key interval 4: worst mean alpha difference from segmenting every frame ${worst.toFixed(2)} (0–255)`);
    const interval = ['segmented', 'propagated', 'propagated', 'propagated'];
    expect(kinds).toEqual([...interval, ...interval, ...interval]);
    expect(calls.count).toBe(3);
    expect(keyed.counts).toEqual({ segmented: 3, reused: 0, propagated: 9 });
    // Within a grey level or two on average (0–255) of segmenting every frame, over frames where the disc moved up to 7.5 px from its key frame.
    expect(worst).toBeLessThan(2);
  });

  test('a cut to another picture gets a model run at once, not a mask carried over', async () => {
    const calls = { count: 0 };
    const matter = new VideoMatter(fakeModel(() => 0, calls), settings);
    await matter.alpha(frame(30));
    await matter.alpha(frame(32));
    expect(matter.lastFrame!.kind).toBe('propagated');
    // Another scene: stripes everywhere, the disc elsewhere.
    const cut = frame(70, 40);
    for (let i = 0; i < W * H; i++) if ((i % W) % 6 < 3 && cut.data[i * 4] < 200) cut.data.set([30, 90, 200], i * 4);
    const alpha = await matter.alpha(cut);
    expect(matter.lastFrame!.kind).toBe('segmented');
    expect(matter.lastFrame!.poorShare).toBeGreaterThan(settings.keyFrames.maxPoorShare);
    expect(alpha[40 * W + 70]).toBeGreaterThan(200);
    expect(alpha[(H / 2) * W + 32]).toBeLessThan(10);
  });

  test('a subject that changes shape gets a model run at once: its edge no longer matches the key frame carried by the motion', async () => {
    const calls = { count: 0 };
    const matter = new VideoMatter(fakeModel(() => 0, calls), settings);
    await matter.alpha(frame(48));
    await matter.alpha(frame(49));
    expect(matter.lastFrame!.kind).toBe('propagated');
    const propagatedError = matter.lastFrame!.edgeMismatch;
    const alpha = await matter.alpha(frame(50, H / 2, square));
    expect(matter.lastFrame!.kind).toBe('segmented');
    expect(matter.lastFrame!.edgeMismatch).toBeGreaterThan(settings.keyFrames.maxEdgeMismatch);
    expect(propagatedError).toBeLessThan(settings.keyFrames.maxEdgeMismatch / 2);
    // The square's corner is in the matte.
    expect(alpha[(H / 2 - 14) * W + 50 + 14]).toBeGreaterThan(200);
    expect(calls.count).toBe(2);
  });

  test('a slow drift adds up against the last segmented frame and asks the model again', async () => {
    const calls = { count: 0 };
    const matter = new VideoMatter(fakeModel(() => 0, calls), { ...settings, still: { maxFrames: 1000, maxChange: settings.still.maxChange } });
    // A tenth of a pixel a frame: each step alone is below the threshold, a few add up past it.
    for (let i = 0; i < 40; i++) await matter.alpha(frame(30 + i / 10));
    console.info(`drift: the model ran on ${calls.count} of 40 frames`);
    expect(calls.count).toBeGreaterThan(2);
    expect(calls.count).toBeLessThan(40);
    // And the alpha follows the disc: its new centre is inside, its old left edge outside.
    const alpha = await matter.alpha(frame(34));
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
  const kinds: string[] = [];
  const reasons: (string | null)[] = [];
  let worst = 0;
  for (const picture of frames) {
    const carried = await matter.alpha(picture);
    kinds.push(matter.lastFrame!.kind);
    reasons.push(matter.lastFrame!.reason);
    if (process.env.DEBUG_MATTE) console.info(JSON.stringify(matter.lastFrame));
    worst = Math.max(worst, meanDiff(carried, await every.alpha(picture)));
  }
  return { kinds, reasons, calls: calls.count, worst, matter };
}

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
    await matter.alpha(cameraFrame([0, 0], 1, [40, 32]));
    await matter.alpha(cameraFrame([3, 0], 1, [40, 32]));
    expect(matter.lastFrame!.kind).toBe('propagated');
    const cut = frame(70, 40);
    for (let i = 0; i < W * H; i++) if ((i % W) % 6 < 3 && cut.data[i * 4] < 200) cut.data.set([30, 90, 200], i * 4);
    await matter.alpha(cut);
    expect(matter.lastFrame!.reason).toBe('poor match');
  });
});
