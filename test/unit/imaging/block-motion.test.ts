// Block matching: a translated texture gives back its shift (whole and
// fractional pixels, short and long moves), blocks at the border and partial
// blocks behave, a still picture with noise stays at zero, a scene cut shows
// as badly matched blocks, the per-pixel field keeps a moving subject's
// motion apart from its still backdrop, and chained frame after frame it
// leads straight back to the key frame without a trail.
import { describe, expect, test } from 'vitest';
import { DEFAULT_MOTION, estimateBlockMotion, lumaPlane, poorlyMatchedShare } from '../../../src/imaging/block-motion';
import { createPlane, type Plane } from '../../../src/imaging/image';
import { texture } from '../../support/texture';

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

describe('lumaPlane', () => {
  test('weighs R, G, B as Rec. 601', () => {
    const one = (v: number) => ({ data: Float32Array.of(v), width: 1, height: 1 });
    expect(lumaPlane([one(1), one(0), one(0)]).data[0]).toBeCloseTo(0.299, 5);
    expect(lumaPlane([one(1), one(1), one(1)]).data[0]).toBeCloseTo(1, 5);
  });
});
