// Block matching: a translated texture gives back its shift (whole and
// fractional pixels, short and long moves), blocks at the border and partial
// blocks behave, a still picture with noise stays at zero, a scene cut shows
// as badly matched blocks, the per-pixel field keeps a moving subject's
// motion apart from its still backdrop, and chained frame after frame it
// leads straight back to the key frame without a trail.
import { describe, expect, test } from 'vitest';
import { DEFAULT_MOTION, denseMotion, estimateBlockMotion, lumaPlane, poorlyMatchedShare } from '../../../src/imaging/block-motion';
import { createPlane, type Plane } from '../../../src/imaging/image';
import { warpPlane, zeroField } from '../../../src/imaging/motion-field';

/** A smooth texture with detail at several scales, different per seed. */
function texture(seed: number): (x: number, y: number) => number {
  const waves = Array.from({ length: 6 }, (_, k) => {
    const angle = seed * 1.7 + k * 2.1;
    const frequency = 0.12 + 0.09 * k;
    return { fx: Math.cos(angle) * frequency, fy: Math.sin(angle) * frequency, phase: seed + k, amplitude: 0.12 / (1 + 0.3 * k) };
  });
  return (x, y) => 0.5 + waves.reduce((sum, w) => sum + w.amplitude * Math.sin(w.fx * x + w.fy * y + w.phase), 0);
}

function planeOf(width: number, height: number, value: (x: number, y: number) => number): Plane {
  const plane = createPlane(width, height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) plane.data[y * width + x] = value(x, y);
  return plane;
}

/** Deterministic noise in ±amplitude. */
function noise(amplitude: number, seed = 1): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) >>> 0;
    return ((state / 2 ** 32) * 2 - 1) * amplitude;
  };
}

/** The content moved by (tx, ty) between the frames, so each block's vector should be (−tx, −ty). */
function translatedPair(width: number, height: number, tx: number, ty: number, seed = 3) {
  const scene = texture(seed);
  return { previous: planeOf(width, height, scene), current: planeOf(width, height, (x, y) => scene(x - tx, y - ty)) };
}

/** Blocks at least `margin` blocks from the grid's edge. */
function interiorBlocks(columns: number, rows: number, margin: number): number[] {
  const out: number[] = [];
  for (let by = margin; by < rows - margin; by++) for (let bx = margin; bx < columns - margin; bx++) out.push(by * columns + bx);
  return out;
}

describe('estimateBlockMotion', () => {
  test.each([
    [5, -3],
    [-2, 4],
    [2.5, 1.5],
    [-1.25, -0.75],
  ])('a texture moved by (%f, %f) gives that shift back in every interior block', (tx, ty) => {
    const { previous, current } = translatedPair(128, 96, tx, ty);
    const motion = estimateBlockMotion(current, previous);
    expect([motion.columns, motion.rows]).toEqual([16, 12]);
    for (const b of interiorBlocks(motion.columns, motion.rows, 1)) {
      expect(Math.abs(motion.dx[b] + tx)).toBeLessThan(0.2);
      expect(Math.abs(motion.dy[b] + ty)).toBeLessThan(0.2);
    }
  });

  test('a long move is found through the pyramid, beyond the coarse search radius', () => {
    const { previous, current } = translatedPair(192, 128, 17, -9);
    const motion = estimateBlockMotion(current, previous);
    const wrong = interiorBlocks(motion.columns, motion.rows, 3).filter((b) => Math.abs(motion.dx[b] + 17) > 0.5 || Math.abs(motion.dy[b] - 9) > 0.5);
    expect(wrong).toEqual([]);
  });

  test('with one level the reach is the search radius, and a longer move is not found', () => {
    const { previous, current } = translatedPair(128, 96, 9, 0);
    const motion = estimateBlockMotion(current, previous, { ...DEFAULT_MOTION, levels: 1 });
    const found = interiorBlocks(motion.columns, motion.rows, 2).filter((b) => Math.abs(motion.dx[b] + 9) < 0.5);
    expect(found).toEqual([]);
  });

  test('at the border, where content came in from outside, blocks keep the shift and stay finite; partial blocks too', () => {
    // 100 × 70: the last column and row of blocks are 4 and 6 pixels.
    const { previous, current } = translatedPair(100, 70, 3, 2);
    const motion = estimateBlockMotion(current, previous);
    expect([motion.columns, motion.rows]).toEqual([13, 9]);
    for (let b = 0; b < motion.dx.length; b++) {
      expect(Number.isFinite(motion.dx[b]) && Number.isFinite(motion.dy[b]) && Number.isFinite(motion.residual[b])).toBe(true);
      expect(Math.abs(motion.dx[b] + 3)).toBeLessThan(0.5);
      expect(Math.abs(motion.dy[b] + 2)).toBeLessThan(0.5);
    }
  });

  test('a still picture with sensor noise keeps zero motion everywhere', () => {
    const scene = texture(5);
    const jitter = noise(0.01);
    const previous = planeOf(96, 64, (x, y) => scene(x, y) + jitter());
    const current = planeOf(96, 64, (x, y) => scene(x, y) + jitter());
    const motion = estimateBlockMotion(current, previous);
    expect(Math.max(...motion.dx.map(Math.abs), ...motion.dy.map(Math.abs))).toBe(0);
    expect(poorlyMatchedShare(motion, 0.03)).toBe(0);
  });

  test('a scene cut leaves nearly every block badly matched; a move leaves none', () => {
    const before = planeOf(128, 96, texture(1));
    const cut = planeOf(128, 96, texture(8));
    expect(poorlyMatchedShare(estimateBlockMotion(cut, before), 0.03)).toBeGreaterThan(0.75);
    const { previous, current } = translatedPair(128, 96, 4, 1, 1);
    expect(poorlyMatchedShare(estimateBlockMotion(current, previous), 0.03)).toBeLessThan(0.1);
  });
});

describe('denseMotion', () => {
  test('a textured disc moving over a still backdrop: each side keeps its own motion up to its edge', () => {
    const width = 128;
    const height = 96;
    const backdrop = texture(2);
    const skin = texture(6);
    const [cx, cy, r, tx, ty] = [60, 48, 24, 4, -2];
    const frame = (ox: number, oy: number) =>
      planeOf(width, height, (x, y) => (Math.hypot(x - cx - ox, y - cy - oy) < r ? skin(x - ox, y - oy) : backdrop(x, y)));
    const previous = frame(0, 0);
    const current = frame(tx, ty);
    const field = denseMotion(estimateBlockMotion(current, previous), current, previous);
    let counted = 0;
    let wrong = 0;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const distance = Math.hypot(x - cx - tx, y - cy - ty) - r;
        // A band around the edge is ambiguous (uncovered backdrop has no match); and pixels near the frame's edge are left out.
        if (Math.abs(distance) < 3 || x < 8 || y < 8 || x >= width - 8 || y >= height - 8) continue;
        const i = y * width + x;
        const [ex, ey] = distance < 0 ? [-tx, -ty] : [0, 0];
        counted++;
        if (Math.abs(field.dx[i] - ex) > 0.5 || Math.abs(field.dy[i] - ey) > 0.5) wrong++;
      }
    }
    expect(wrong / counted).toBeLessThan(0.02);
  });
});

describe('denseMotion with a chain to a key frame', () => {
  test('a disc moving frame after frame: the chained field leads straight back to the key frame, and warping the key mask by it matches the disc', () => {
    const width = 128;
    const height = 96;
    // A backdrop with gentle shading: the backdrop the disc uncovers matches backdrop elsewhere, so it does not follow the disc.
    // (On a strongly textured one, nothing in the key frame matches what was hidden, and a trail follows until the next key frame.)
    const backdrop = (x: number, y: number) => 0.35 + 0.1 * Math.sin(0.05 * x + 0.03 * y) + 0.05 * Math.sin(0.11 * y - 0.07 * x);
    const skin = texture(6);
    const r = 22;
    const place = (t: number) => [40 + 3 * t, 48 - t] as const;
    const frame = (t: number) => {
      const [cx, cy] = place(t);
      return planeOf(width, height, (x, y) => (Math.hypot(x - cx, y - cy) < r ? skin(x - cx, y - cy) : backdrop(x, y)));
    };
    const discMask = (t: number) => {
      const [cx, cy] = place(t);
      return planeOf(width, height, (x, y) => Math.min(1, Math.max(0, r + 0.5 - Math.hypot(x - cx, y - cy))));
    };
    const key = frame(0);
    let previous = key;
    let toKey = zeroField(width, height);
    for (let t = 1; t <= 8; t++) {
      const current = frame(t);
      toKey = denseMotion(estimateBlockMotion(current, previous), current, previous, 1, { previousToKey: toKey, key });
      previous = current;
    }
    // Inside the disc, the field points 8 steps back.
    const [cx, cy] = place(8);
    const centre = Math.round(cy) * width + Math.round(cx);
    expect(toKey.dx[centre]).toBeCloseTo(-24, 0);
    expect(toKey.dy[centre]).toBeCloseTo(8, 0);
    // The key frame's mask carried by it: off by little more than the disc's antialiased rim, no trail where it was.
    const carried = warpPlane(discMask(0), toKey);
    const truth = discMask(8);
    const error = carried.data.reduce((sum, v, i) => sum + Math.abs(v - truth.data[i]), 0) / carried.data.length;
    expect(error).toBeLessThan(0.01);
    const [kx, ky] = place(0);
    expect(carried.data[Math.round(ky) * width + Math.round(kx) - 10]).toBeLessThan(0.05);
  });
});

describe('lumaPlane', () => {
  test('weighs R, G, B as Rec. 601', () => {
    const one = (v: number) => ({ data: Float32Array.of(v), width: 1, height: 1 });
    expect(lumaPlane([one(1), one(0), one(0)]).data[0]).toBeCloseTo(0.299, 5);
    expect(lumaPlane([one(1), one(1), one(1)]).data[0]).toBeCloseTo(1, 5);
  });
});
