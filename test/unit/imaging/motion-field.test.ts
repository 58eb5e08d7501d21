// Dense motion fields: the backward warp moves a disc where a known field says
// (whole and fractional pixels), reads the nearest edge beyond the border, and
// an enlarged field scales its vectors and keeps its edges sharp.
import { describe, expect, test } from 'vitest';
import { createPlane, type Plane } from '../../../src/imaging/image';
import { enlargeFieldNearest, warpPlane, zeroField, type MotionField } from '../../../src/imaging/motion-field';

const W = 80;
const H = 60;

/** An antialiased disc of radius r at (cx, cy). */
function disc(cx: number, cy: number, r = 14): Plane {
  const plane = createPlane(W, H);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) plane.data[y * W + x] = Math.min(1, Math.max(0, r + 0.5 - Math.hypot(x - cx, y - cy)));
  return plane;
}

function constantField(dx: number, dy: number, width = W, height = H): MotionField {
  const field = zeroField(width, height);
  field.dx.fill(dx);
  field.dy.fill(dy);
  return field;
}

const mae = (a: Plane, b: Plane) => a.data.reduce((sum, v, i) => sum + Math.abs(v - b.data[i]), 0) / a.data.length;

describe('warpPlane', () => {
  test.each([
    [6, -4],
    [2.5, 1.5],
  ])('a disc warped by the field of a move by (%f, %f) matches the moved disc', (tx, ty) => {
    // The content moved by (tx, ty), so each pixel's content was at p − (tx, ty).
    const warped = warpPlane(disc(40, 30), constantField(-tx, -ty));
    const error = mae(warped, disc(40 + tx, 30 + ty));
    expect(error).toBeLessThan(0.006);
    expect(error).toBeLessThan(mae(warped, disc(40, 30)) / 5);
  });

  test('a field that only moves the disc moves the disc, and leaves the rest alone', () => {
    // Only pixels near the disc's new place point back to the old one.
    const field = zeroField(W, H);
    for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) if (Math.hypot(x - 50, y - 30) < 20) field.dx[y * W + x] = -10;
    const source = disc(40, 30);
    const warped = warpPlane(source, field);
    expect(warped.data[30 * W + 50]).toBe(1);
    // Far from the disc nothing changed.
    expect(warped.data[5 * W + 5]).toBe(source.data[5 * W + 5]);
  });

  test('beyond the border it reads the nearest edge pixel', () => {
    const ramp = createPlane(W, H);
    for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) ramp.data[y * W + x] = x / (W - 1);
    const warped = warpPlane(ramp, constantField(-30, 500));
    for (let y = 0; y < H; y++) {
      expect(warped.data[y * W]).toBe(0);
      expect(warped.data[y * W + 40]).toBeCloseTo(10 / (W - 1), 6);
    }
    expect(warped.data.every(Number.isFinite)).toBe(true);
  });
});

describe('enlargeFieldNearest', () => {
  test('twice the size, twice the vectors, and an edge between two motions stays one pixel sharp', () => {
    const small = zeroField(8, 4);
    for (let i = 0; i < small.dx.length; i++) small.dx[i] = i % 8 < 4 ? 0 : -3;
    small.dy.fill(1);
    const large = enlargeFieldNearest(small, 16, 8);
    expect([large.width, large.height]).toEqual([16, 8]);
    const row = Array.from(large.dx.subarray(3 * 16, 4 * 16));
    expect(row).toEqual([...Array(8).fill(0), ...Array(8).fill(-6)]);
    expect(large.dy.every((v) => v === 2)).toBe(true);
  });
});
