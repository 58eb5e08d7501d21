import { describe, expect, test } from 'vitest';
import type { Plane } from '../../../src/imaging/image';
import { DEFAULT_TEMPORAL, keepWeight, localChange, smoothMask, type RgbPlanes } from '../../../src/imaging/temporal-smoothing';

function plane(width: number, height: number, value: (x: number, y: number) => number): Plane {
  const data = new Float32Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data[y * width + x] = value(x, y);
  return { data, width, height };
}

const grey = (v: number): RgbPlanes => [plane(16, 16, () => v), plane(16, 16, () => v), plane(16, 16, () => v)];

describe('keepWeight', () => {
  test('keeps maxKeep of the previous mask where nothing changed, nothing at changeScale and beyond', () => {
    expect(keepWeight(0, DEFAULT_TEMPORAL)).toBe(DEFAULT_TEMPORAL.maxKeep);
    expect(keepWeight(DEFAULT_TEMPORAL.changeScale, DEFAULT_TEMPORAL)).toBe(0);
    expect(keepWeight(1, DEFAULT_TEMPORAL)).toBe(0);
  });

  test('falls off quadratically: half the change scale keeps a quarter', () => {
    expect(keepWeight(DEFAULT_TEMPORAL.changeScale / 2, DEFAULT_TEMPORAL)).toBeCloseTo(DEFAULT_TEMPORAL.maxKeep / 4, 10);
  });
});

describe('localChange', () => {
  test('is the mean absolute RGB difference, 0 for identical frames', () => {
    expect(Math.max(...localChange(grey(0.4), grey(0.4), 2).data)).toBe(0);
    for (const v of localChange(grey(0.5), grey(0.3), 2).data) expect(v).toBeCloseTo(0.2, 6);
  });

  test('is local: a change in one corner does not reach the far corner', () => {
    const moved = grey(0.5);
    for (const channel of moved) channel.data[0] = 1;
    const change = localChange(moved, grey(0.5), 1);
    expect(change.data[0]).toBeGreaterThan(0.1);
    expect(change.data[15 * 16 + 15]).toBe(0);
  });
});

describe('smoothMask', () => {
  const previous = plane(16, 16, () => 1);
  const current = plane(16, 16, () => 0);

  test('where the picture is still, the previous mask is kept in part', () => {
    const out = smoothMask(current, previous, plane(16, 16, () => 0));
    for (const v of out.data) expect(v).toBeCloseTo(DEFAULT_TEMPORAL.maxKeep, 6);
  });

  test('where the picture moved, the new mask wins outright (no trail)', () => {
    const out = smoothMask(current, previous, plane(16, 16, () => 0.5));
    for (const v of out.data) expect(v).toBe(0);
  });

  test('a mask that jitters on a still picture settles: frame-to-frame change shrinks', () => {
    let smoothed = plane(16, 16, () => 0.5);
    let rawSwing = 0;
    let smoothSwing = 0;
    for (let frame = 1; frame <= 30; frame++) {
      const raw = plane(16, 16, () => 0.5 + (frame % 2 ? 0.1 : -0.1));
      const next = smoothMask(raw, smoothed, plane(16, 16, () => 0));
      if (frame > 10) {
        rawSwing += 0.2;
        smoothSwing += Math.abs(next.data[0] - smoothed.data[0]);
      }
      smoothed = next;
    }
    // An alternating ±0.1 signal through a 0.75 exponential blend swings by 0.2·0.25/1.75 ≈ 0.029.
    expect(smoothSwing / rawSwing).toBeLessThan(0.2);
  });
});
