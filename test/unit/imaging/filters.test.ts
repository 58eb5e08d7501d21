// The pixel maths of the cut-out, on synthetic images whose answer is known.
import { describe, expect, test } from 'vitest';
import { BoxFilter, boxMean } from '../../../src/imaging/box-filter';
import { cropRectangle, extractRectangle } from '../../../src/imaging/crop';
import { estimateForeground } from '../../../src/imaging/foreground';
import { applyGuidedUpsample, guidedCoefficients, sparseGuidedCoefficients } from '../../../src/imaging/guided-filter';
import type { Plane, RgbaImage } from '../../../src/imaging/image';
import { alphaBoundingBox, hasSubject, minMaxNormalise, stretchAlpha } from '../../../src/imaging/mask';
import { toModelInput } from '../../../src/imaging/model-input';
import { resizePlane, resizeRgbToPlanes } from '../../../src/imaging/resize';
import { BilinearRows } from '../../../src/imaging/row-sampler';

function image(width: number, height: number, pixel: (x: number, y: number) => [number, number, number, number]): RgbaImage {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.set(pixel(x, y), (y * width + x) * 4);
  return { data, width, height };
}

function plane(width: number, height: number, value: (x: number, y: number) => number): Plane {
  const data = new Float32Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data[y * width + x] = value(x, y);
  return { data, width, height };
}

describe('resize', () => {
  test('shrinking a fine checkerboard averages it to grey (antialiased, no aliasing)', () => {
    const checker = image(64, 64, (x, y) => ((x + y) % 2 ? [255, 255, 255, 255] : [0, 0, 0, 255]));
    const [r] = resizeRgbToPlanes(checker, 16, 16);
    for (const v of r.data) expect(v).toBeCloseTo(0.5, 5);
  });

  test('non-integer factors keep a constant image constant', () => {
    const flat = plane(101, 37, () => 0.25);
    for (const v of resizePlane(flat, 29, 11).data) expect(v).toBeCloseTo(0.25, 5);
    for (const v of resizePlane(flat, 300, 80).data) expect(v).toBeCloseTo(0.25, 5);
  });

  test('the model input is CHW, x/255 − 0.5', () => {
    const tensor = toModelInput(image(8, 8, () => [255, 0, 51, 255]), 4);
    expect(tensor.length).toBe(3 * 16);
    expect(tensor[0]).toBeCloseTo(0.5);
    expect(tensor[16]).toBeCloseTo(-0.5);
    expect(tensor[32]).toBeCloseTo(-0.3);
  });
});

describe('boxMean', () => {
  function naiveMean(p: Plane, radius: number, x: number, y: number): number {
    let sum = 0;
    let n = 0;
    for (let j = Math.max(0, y - radius); j <= Math.min(p.height - 1, y + radius); j++) {
      for (let i = Math.max(0, x - radius); i <= Math.min(p.width - 1, x + radius); i++) {
        sum += p.data[j * p.width + i];
        n++;
      }
    }
    return sum / n;
  }

  // Radii below, at and beyond the plane's sides: the row loop splits where
  // samples enter and leave the window, and each split must hold.
  test.each([0, 1, 2, 5, 6, 12, 20])('equals the naive mean over the clipped window, radius %i', (radius) => {
    const p = plane(13, 9, (x, y) => Math.sin(x * 1.3) + y * 0.1);
    const out = boxMean(p, radius);
    for (let y = 0; y < 9; y++) for (let x = 0; x < 13; x++) expect(out.data[y * 13 + x]).toBeCloseTo(naiveMean(p, radius, x, y), 5);
  });

  test('one BoxFilter filters many planes, in place too, as boxMean does each', () => {
    const filter = new BoxFilter(13, 9, 3);
    for (const seed of [0.7, 1.9]) {
      const p = plane(13, 9, (x, y) => Math.cos(x * seed) * y);
      const expected = boxMean(p, 3).data;
      const copy = p.data.slice();
      expect(filter.meanInto(copy, copy)).toEqual(expected);
    }
  });
});

describe('guided upsampling', () => {
  test('a blurry low-resolution mask takes the sharp edge of the full-resolution image', () => {
    // Full resolution: dark subject on the left of x = 101, light backdrop on the right.
    const full = image(200, 40, (x) => (x < 101 ? [40, 60, 200, 255] : [230, 225, 210, 255]));
    // The mask at a quarter of the resolution, with its edge smeared over 6 pixels.
    const low = plane(50, 10, (x) => Math.min(1, Math.max(0, (28 - x) / 6)));
    const guide = resizeRgbToPlanes(full, 50, 10);
    const alpha = applyGuidedUpsample(guidedCoefficients(guide, low, 4, 1e-4), full);
    const row = 20 * 200;
    // The steepest fall of alpha sits exactly on the image's edge (x = 100 → 101), and is steep.
    let steepest = 0;
    let at = -1;
    for (let x = 60; x < 140; x++) {
      const fall = alpha[row + x] - alpha[row + x + 1];
      if (fall > steepest) {
        steepest = fall;
        at = x;
      }
    }
    expect(at).toBe(100);
    expect(steepest).toBeGreaterThan(150);
    expect(alpha[row + 90]).toBeGreaterThan(220);
  });

  test("fitted only at the mask's edge, tile by tile, it gives the full filter's alpha; flat tiles get a = 0 and b = the mask", () => {
    // A textured frame and a disc's soft-edged mask: solid inside, empty outside, soft at the rim.
    const full = image(160, 96, (x, y) => [(x * 37 + y * 11) % 256, (x * 5 + y * 23) % 256, (x * y) % 256, 255]);
    const low = plane(128, 77, (x, y) => Math.min(1, Math.max(0, (30 - Math.hypot(x - 64, y - 38)) / 4)));
    const guide = resizeRgbToPlanes(full, 128, 77);
    const whole = guidedCoefficients(guide, low, 3, 1e-3);
    const sparse = sparseGuidedCoefficients(guide, low, 3, 1e-3, 1 / 255, 16);
    const [a, b] = [applyGuidedUpsample(whole, full), applyGuidedUpsample(sparse, full)];
    let largest = 0;
    for (let i = 0; i < a.length; i++) largest = Math.max(largest, Math.abs(a[i] - b[i]));
    expect(largest).toBeLessThanOrEqual(1);
    // A corner tile, far from the rim, was not fitted: its slope is zero and its offset the (empty) mask.
    expect(sparse.a[0].data[0]).toBe(0);
    expect(sparse.b.data[5 * 128 + 5]).toBe(0);
    // At the rim it was: the same slopes as the whole image's fit.
    const rim = 38 * 128 + 64 + 28;
    for (let k = 0; k < 3; k++) expect(sparse.a[k].data[rim]).toBeCloseTo(whole.a[k].data[rim], 4);
  });

  test('the upsampling skips a where its four neighbours are flat, and gives every pixel the full formula\'s value, bit for bit', () => {
    const full = image(160, 96, (x, y) => [(x * 37 + y * 11) % 256, (x * 5 + y * 23) % 256, (x * y) % 256, 255]);
    const low = plane(128, 77, (x, y) => Math.min(1, Math.max(0, (30 - Math.hypot(x - 64, y - 38)) / 4)));
    const sparse = sparseGuidedCoefficients(resizeRgbToPlanes(full, 128, 77), low, 3, 1e-3, 1 / 255, 16);
    // The formula on every pixel, with every plane interpolated as BilinearRows does.
    const rows = new BilinearRows([...sparse.a, sparse.b], full.width, full.height);
    const expected = new Uint8ClampedArray(full.width * full.height);
    for (let y = 0; y < full.height; y++) {
      const [ar, ag, ab, b] = rows.row(y);
      for (let x = 0; x < full.width; x++) {
        const p = (y * full.width + x) * 4;
        expected[y * full.width + x] = ((ar[x] * full.data[p] + ag[x] * full.data[p + 1] + ab[x] * full.data[p + 2]) / 255 + b[x]) * 255;
      }
    }
    const alpha = applyGuidedUpsample(sparse, full);
    expect(alpha).toEqual(expected);
    // Both kinds of pixel were there: flat ones (empty and solid) and fitted ones at the rim.
    expect(alpha[0]).toBe(0);
    expect(alpha[48 * 160 + 80]).toBe(255);
    expect(new Set(alpha).size).toBeGreaterThan(20);
    // One steep low-resolution pixel among flat ones: every full-resolution pixel it reaches, from any corner, takes it.
    const lone = { a: [plane(8, 6, () => 0), plane(8, 6, () => 0), plane(8, 6, () => 0)] as [Plane, Plane, Plane], b: plane(8, 6, () => 0.2) };
    lone.a[0].data[3 * 8 + 4] = 0.5;
    const white = image(20, 15, () => [255, 255, 255, 255]);
    const spread = applyGuidedUpsample(lone, white);
    const reference = new BilinearRows([...lone.a, lone.b], 20, 15);
    const byte = new Uint8ClampedArray(1);
    for (let y = 0; y < 15; y++) {
      const [ar, , , b] = reference.row(y);
      for (let x = 0; x < 20; x++) {
        byte[0] = ((ar[x] * 255) / 255 + b[x]) * 255;
        expect(spread[y * 20 + x], `pixel ${x}, ${y}`).toBe(byte[0]);
      }
    }
    expect(spread.filter((v) => v > 52).length).toBeGreaterThan(9);
  });
});

describe('foreground estimation (blur-fusion)', () => {
  test('edge pixels get the subject colour back, not the backdrop blend', () => {
    const fg: [number, number, number] = [220, 30, 40];
    const bg: [number, number, number] = [30, 200, 60];
    const width = 120;
    const height = 60;
    // A soft edge 6 px wide, as anti-aliased or slightly blurred photo edges are.
    const alphaOf = (x: number) => Math.min(1, Math.max(0, (70 - x) / 6));
    const composite = image(width, height, (x) => {
      const a = alphaOf(x);
      return [fg[0] * a + bg[0] * (1 - a), fg[1] * a + bg[1] * (1 - a), fg[2] * a + bg[2] * (1 - a), 255];
    });
    const alpha = new Uint8ClampedArray(width * height);
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) alpha[y * width + x] = alphaOf(x) * 255;
    const out = estimateForeground(composite, alpha, { coarseSide: 120, coarseRadius: 20, fineRadius: 3, tile: 16 });
    const p = (30 * width + 67) * 4; // alpha = 0.5: the composite there is half backdrop
    expect(Math.abs(composite.data[p] - fg[0])).toBeGreaterThan(60);
    expect(Math.abs(out[p] - fg[0])).toBeLessThan(20);
    expect(Math.abs(out[p + 1] - fg[1])).toBeLessThan(20);
    expect(out[p + 3]).toBe(alpha[30 * width + 67]);
    const transparent = (30 * width + 100) * 4;
    expect(Array.from(out.slice(transparent, transparent + 4))).toEqual([0, 0, 0, 0]);
  });
});

describe('mask', () => {
  test('min-max normalisation stretches to 0–1', () => {
    const out = minMaxNormalise(plane(4, 1, (x) => 0.2 + x * 0.1));
    expect(Array.from(out.data).map((v) => Math.round(v * 3))).toEqual([0, 1, 2, 3]);
  });

  test('a subject needs a confident, sizeable region', () => {
    expect(hasSubject(plane(100, 100, () => 0.1))).toBe(false);
    expect(hasSubject(plane(100, 100, (x, y) => (x === 5 && y === 5 ? 0.9 : 0)))).toBe(false);
    expect(hasSubject(plane(100, 100, (x, y) => (x > 40 && x < 60 && y > 40 && y < 60 ? 0.95 : 0.01)))).toBe(true);
  });

  test('bounding box of the visible pixels', () => {
    const alpha = new Uint8ClampedArray(10 * 8);
    alpha[2 * 10 + 3] = 255;
    alpha[5 * 10 + 7] = 100;
    alpha[7 * 10 + 9] = 2; // under the threshold
    expect(alphaBoundingBox(alpha, 10, 8)).toEqual({ x: 3, y: 2, width: 5, height: 4 });
    expect(alphaBoundingBox(new Uint8ClampedArray(80), 10, 8)).toBeNull();
  });
});

describe('crop', () => {
  test('the output is the subject box plus margins; past the image it grows with transparent pixels', () => {
    const source = image(10, 10, () => [1, 2, 3, 255]);
    const rect = cropRectangle({ x: 2, y: 3, width: 4, height: 5 }, { top: 5, right: 1, bottom: 0, left: 0 });
    expect(rect).toEqual({ x: 2, y: -2, width: 5, height: 10 });
    const out = extractRectangle(source, rect);
    expect(out.width).toBe(5);
    expect(out.height).toBe(10);
    expect(out.data[3]).toBe(0); // row −2 lies above the image
    expect(out.data[(2 * 5) * 4 + 3]).toBe(255); // row 0 of the image
  });
});

describe('stretchAlpha', () => {
  test('maps [low, high] onto 0–255 and clamps outside, keeping the midpoint', () => {
    const alpha = Uint8ClampedArray.from([0, 38, 64, 128, 191, 217, 255]);
    expect(Array.from(stretchAlpha(alpha, 0.15, 0.85))).toEqual([0, 0, 37, 128, 218, 255, 255]);
  });
});
