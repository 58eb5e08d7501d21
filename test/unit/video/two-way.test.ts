// The pieces of a matte carried both ways: how well a carried frame matches
// (a thin part carried over backdrop does not, a sub-pixel slip does), how
// much two masks differ (a handle, not a pixel's slip), and the blend that
// takes the side whose pixels match.
import { describe, expect, test } from 'vitest';
import { createPlane, type Plane } from '../../../src/imaging/image';
import { zeroField } from '../../../src/imaging/motion-field';
import { blendCarried, carriedMatch, thickDifference, type Carried } from '../../../src/features/video/worker/two-way';

const W = 40;
const H = 30;

function plane(value: (x: number, y: number) => number): Plane {
  const p = createPlane(W, H);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) p.data[y * W + x] = value(x, y);
  return p;
}

/** A block from x0 to x1 (exclusive), rows 8–21. */
const block = (x0: number, x1: number) => plane((x, y) => (x >= x0 && x < x1 && y >= 8 && y < 22 ? 1 : 0));

describe('carriedMatch', () => {
  test('a thin dark bar carried over a light backdrop mismatches where the frame shows backdrop; the frame itself matches', () => {
    const bar = block(18, 21);
    const keyLuma = plane((x, y) => (bar.data[y * W + x] ? 0.2 : 0.7));
    const key = { luma: keyLuma, smallMask: bar };
    const empty = plane(() => 0.7);
    const gone = carriedMatch(empty, key, zeroField(W, H), bar);
    const there = carriedMatch(keyLuma, key, zeroField(W, H), bar);
    expect(gone.data[15 * W + 19]).toBeLessThan(0.2);
    expect(there.data[15 * W + 19]).toBeGreaterThan(0.95);
    // Backdrop away from the bar matches in both.
    expect(gone.data[15 * W + 5]).toBeGreaterThan(0.95);
  });

  test('backdrop the key frame hid behind its subject is neither a match nor a mismatch', () => {
    const subject = block(10, 30);
    const key = { luma: plane(() => 0.5), smallMask: subject };
    // Carried with an empty mask: every pixel is called backdrop; those the key frame's subject covered cannot be checked.
    const match = carriedMatch(plane(() => 0.9), key, zeroField(W, H), createPlane(W, H), { scale: 0.05, unseen: 0.1, hidden: 0.6 });
    expect(match.data[15 * W + 20]).toBeCloseTo(0.6, 5);
  });
});

describe('thickDifference', () => {
  test('a slip of a pixel is no difference; a part one mask lacks is', () => {
    expect(thickDifference(block(10, 30), block(11, 31))).toBe(0);
    expect(thickDifference(block(10, 30), block(10, 36))).toBeGreaterThan(0.05);
  });
});

describe('blendCarried', () => {
  test('the side whose pixels match wins, whatever the distance', () => {
    const carried = (mask: Plane, match: number): Carried => ({ mask, smallMask: mask, match: plane(() => match), toKey: zeroField(W, H) });
    const withHandle = block(10, 30);
    const without = block(10, 20);
    // Close to the earlier key frame (weight 0.8), but its handle does not match the frame.
    const blended = blendCarried(carried(withHandle, 0), carried(without, 1), 0.8);
    expect(blended.data[15 * W + 25]).toBeLessThan(0.1);
    expect(blended.data[15 * W + 15]).toBeCloseTo(1, 5);
    // Where neither side decides, distance does.
    const even = blendCarried(carried(withHandle, 1), carried(without, 1), 0.8);
    expect(even.data[15 * W + 25]).toBeCloseTo(0.8, 5);
  });
});
