// The person's shading: a fold darkens the garment exactly where it is, a
// flat region gives a ratio of 1, and nothing outside the region leaks in.
import { describe, expect, test } from 'vitest';
import type { Plane, RgbaImage } from '../../../src/imaging/image';
import { applyShading, shadingField } from '../../../src/imaging/shading';

const WIDTH = 120;
const HEIGHT = 100;

function grey(width: number, height: number, level: (x: number, y: number) => number): RgbaImage {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const v = level(x, y);
      data.set([v, v, v, 255], (y * width + x) * 4);
    }
  }
  return { data, width, height };
}

/** The garment goes on x 20–99, y 10–89. */
const region = new Uint8ClampedArray(WIDTH * HEIGHT);
for (let y = 10; y < 90; y++) for (let x = 20; x < 100; x++) region[y * WIDTH + x] = 255;
const inRegion = (x: number, y: number) => x >= 20 && x < 100 && y >= 10 && y < 90;

const at = (plane: Plane, x: number, y: number) => plane.data[y * plane.width + x];

/** Every in-region value of the plane, with its position. */
function regionValues(plane: Plane): { x: number; y: number; value: number }[] {
  const out: { x: number; y: number; value: number }[] = [];
  for (let y = 10; y < 90; y++) for (let x = 20; x < 100; x++) out.push({ x, y, value: at(plane, x, y) });
  return out;
}

describe('shadingField', () => {
  test('a flat region gives a ratio of 1 everywhere', () => {
    const field = shadingField(grey(WIDTH, HEIGHT, () => 150), region, { radius: 8 });
    for (const { value } of regionValues(field)) expect(value).toBeCloseTo(1, 5);
    expect(at(field, 5, 5)).toBe(1);
  });

  test('a fold (darker stripe) gives < 1 on the stripe and no darkening away from it', () => {
    // The fold: columns 58–61 at half the brightness.
    const person = grey(WIDTH, HEIGHT, (x) => (x >= 58 && x <= 61 ? 90 : 170));
    const field = shadingField(person, region, { radius: 8 });
    for (let y = 20; y < 80; y += 5) {
      expect(at(field, 59, y)).toBeLessThan(0.75);
      expect(at(field, 60, y)).toBeLessThan(0.75);
    }
    // The 1 px texture pre-blur (applied twice) softens the stripe's edge by two pixels; beyond them, nothing is darker.
    for (const { x, value } of regionValues(field)) if (x < 56 || x > 63) expect(value).toBeGreaterThan(0.99);
    // Far from the fold it is flat (within the little the fold lowers the region's mean, through the falloff term).
    expect(Math.abs(at(field, 25, 50) - 1)).toBeLessThan(0.03);
    expect(Math.abs(at(field, 95, 50) - 1)).toBeLessThan(0.03);
    const foldOnly = shadingField(person, region, { radius: 8, falloffWeight: 0 });
    expect(at(foldOnly, 25, 50)).toBeCloseTo(1, 5);
  });

  test('a print finer than the texture blur is averaged away, while a broad fold stays', () => {
    // Stripes 3 px dark, 3 px light over the whole region, and a soft fold 24 px wide (x 48–71) darker still.
    const stripes = (y: number) => (Math.floor(y / 3) % 2 ? 110 : 190);
    const person = grey(WIDTH, HEIGHT, (x, y) => stripes(y) * (x >= 48 && x < 72 ? 0.55 : 1));
    const spread = (field: Plane, x: number) => {
      const values = Array.from({ length: 30 }, (_, k) => at(field, x, 35 + k));
      return Math.max(...values) - Math.min(...values);
    };
    const sharp = shadingField(person, region, { radius: 12 });
    const blurred = shadingField(person, region, { radius: 12, textureRadius: 6 });
    // Read pixel by pixel, the stripes are shading: the ratio swings with them.
    expect(spread(sharp, 30)).toBeGreaterThan(0.2);
    // Through the blur they are not…
    expect(spread(blurred, 30)).toBeLessThan(0.05);
    // …and the fold still darkens its middle.
    expect(at(blurred, 60, 50)).toBeLessThan(0.8);
    expect(at(blurred, 30, 50)).toBeGreaterThan(0.95);
  });

  test('a bright background right next to the region does not leak into it', () => {
    // Mid grey inside, white outside: a plain blur would pull the mean up at the border (ratio < 1).
    const person = grey(WIDTH, HEIGHT, (x, y) => (inRegion(x, y) ? 100 : 255));
    const field = shadingField(person, region, { radius: 12, falloffWeight: 1 });
    for (const { value } of regionValues(field)) expect(value).toBeCloseTo(1, 5);
  });

  test('light falloff is kept at the given weight', () => {
    // Brightness rising left to right, smoothly (no folds).
    const person = grey(WIDTH, HEIGHT, (x) => 60 + x);
    const none = shadingField(person, region, { radius: 6, falloffWeight: 0 });
    const full = shadingField(person, region, { radius: 6, falloffWeight: 1 });
    const half = shadingField(person, region, { radius: 6, falloffWeight: 0.5 });
    expect(at(none, 30, 50)).toBeCloseTo(1, 1);
    expect(at(full, 30, 50)).toBeLessThan(0.85);
    expect(at(full, 90, 50)).toBeGreaterThan(1.15);
    expect(at(half, 30, 50)).toBeGreaterThan(at(full, 30, 50));
    expect(at(half, 30, 50)).toBeLessThan(at(none, 30, 50));
  });

  test('the ratio is clamped to the range', () => {
    const person = grey(WIDTH, HEIGHT, (x) => (x === 60 ? 0 : x === 40 ? 255 : 120));
    const field = shadingField(person, region, { radius: 8, textureRadius: 0, range: [0.6, 1.2] });
    expect(at(field, 60, 50)).toBeCloseTo(0.6, 6);
    expect(at(field, 40, 50)).toBeCloseTo(1.2, 6);
  });
});

describe('applyShading', () => {
  const garment = grey(4, 1, () => 200);
  garment.data[3 * 4 + 3] = 0;
  const shading: Plane = { data: Float32Array.from([1, 0.5, 1.2, 0.5]), width: 4, height: 1 };

  test('multiplies colour in linear light and keeps alpha', () => {
    const shaded = applyShading(garment, shading);
    // 200 → 0.5776 linear; half is 0.2888 → sRGB 146; 1.2× is 0.6931 → sRGB 217.
    expect(Array.from(shaded.data.subarray(0, 4))).toEqual([200, 200, 200, 255]);
    expect(Array.from(shaded.data.subarray(4, 8))).toEqual([146, 146, 146, 255]);
    expect(Array.from(shaded.data.subarray(8, 12))).toEqual([217, 217, 217, 255]);
    // Transparent pixels are left alone.
    expect(Array.from(shaded.data.subarray(12, 16))).toEqual([200, 200, 200, 0]);
  });

  test('strength lerps the ratio towards 1', () => {
    expect(applyShading(garment, shading, 0).data).toEqual(garment.data);
    // Half strength of 0.5 is 0.75: 0.4332 linear → sRGB 176.
    expect(applyShading(garment, shading, 0.5).data[4]).toBe(176);
  });

  test('refuses a shading field of another size', () => {
    expect(() => applyShading(garment, { data: new Float32Array(3), width: 3, height: 1 })).toThrow(/shading/);
  });
});
