// Warping by a thin-plate spline: landmarks' pixels land on their targets,
// the mesh stands in for the spline, folds and stretch are measured, and
// transparency is sampled premultiplied (no dark fringes).
import { describe, expect, test } from 'vitest';
import type { RgbaImage } from '../../../src/imaging/image';
import { fitThinPlate, type Point } from '../../../src/imaging/thin-plate';
import { foldCheck, maxStretch, sampledMapping, warpRgba } from '../../../src/imaging/warp';

const WIDTH = 200;
const HEIGHT = 240;

/** A shirt-like set: neck, shoulders, waist, hem. */
const garmentPoints: Point[] = [
  { x: 100, y: 40 },
  { x: 60, y: 50 },
  { x: 140, y: 50 },
  { x: 70, y: 130 },
  { x: 130, y: 130 },
  { x: 50, y: 200 },
  { x: 150, y: 200 },
];
/** Shoulders out, hem in, the rest nearly still. */
const bodyPoints: Point[] = [
  { x: 100, y: 42 },
  { x: 45, y: 56 },
  { x: 155, y: 56 },
  { x: 72, y: 128 },
  { x: 128, y: 128 },
  { x: 64, y: 194 },
  { x: 136, y: 194 },
];

function image(width: number, height: number, paint: (x: number, y: number) => [number, number, number, number]): RgbaImage {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.set(paint(x, y), (y * width + x) * 4);
  return { data, width, height };
}

const pixel = (img: RgbaImage, x: number, y: number) => Array.from(img.data.subarray((y * img.width + x) * 4, (y * img.width + x) * 4 + 4));

/** Grey/white checkerboard of 10 px squares with a 3×3 pure red dot on each garment landmark. */
const checkerboard = image(WIDTH, HEIGHT, (x, y) => {
  if (garmentPoints.some((p) => Math.abs(x - p.x) <= 1 && Math.abs(y - p.y) <= 1)) return [255, 0, 0, 255];
  const light = (Math.floor(x / 10) + Math.floor(y / 10)) % 2 === 0;
  return light ? [235, 235, 235, 255] : [120, 120, 120, 255];
});

/** Centroid of the red pixels within 8 px of `near`. */
function redCentroid(img: RgbaImage, near: Point): Point | null {
  let count = 0;
  let sx = 0;
  let sy = 0;
  for (let y = near.y - 8; y <= near.y + 8; y++) {
    for (let x = near.x - 8; x <= near.x + 8; x++) {
      const [r, g, b] = pixel(img, x, y);
      if (r > 200 && g < 80 && b < 80) {
        count++;
        sx += x;
        sy += y;
      }
    }
  }
  return count ? { x: sx / count, y: sy / count } : null;
}

describe('warpRgba with a thin-plate spline', () => {
  // Fitted body → garment: the inverse map the warp pulls through.
  const inverse = fitThinPlate(bodyPoints, garmentPoints);
  const mesh = sampledMapping(inverse.map, WIDTH, HEIGHT);
  const warped = warpRgba(checkerboard, mesh, WIDTH, HEIGHT);

  test("each landmark's dot lands on its target, within 1 px", () => {
    bodyPoints.forEach((target, i) => {
      const centre = redCentroid(warped, target);
      expect(centre, `landmark ${i}`).not.toBeNull();
      expect(Math.hypot(centre!.x - target.x, centre!.y - target.y), `landmark ${i}`).toBeLessThan(1);
    });
  });

  test('the dots have left their old places where they moved', () => {
    for (const i of [1, 2, 5, 6]) {
      const [r, g] = pixel(warped, garmentPoints[i].x, garmentPoints[i].y);
      expect(r === 255 && g === 0, `landmark ${i}`).toBe(false);
    }
  });

  test('the mesh stands in for the spline to a fraction of a pixel', () => {
    let worst = 0;
    for (let y = 0; y < HEIGHT; y += 7) {
      for (let x = 0; x < WIDTH; x += 5) {
        const exact = inverse.map(x, y);
        const meshed = mesh(x, y);
        worst = Math.max(worst, Math.hypot(exact.x - meshed.x, exact.y - meshed.y));
      }
    }
    // Worst next to a control point, where the kernel curves most.
    expect(worst).toBeLessThan(0.25);
  });

  test('a smooth moderate warp has no folds and little stretch', () => {
    expect(foldCheck(inverse.map, WIDTH, HEIGHT, 8)).toBe(0);
    const stretch = maxStretch(inverse.map, WIDTH, HEIGHT, 8);
    expect(stretch).toBeGreaterThan(1.01);
    expect(stretch).toBeLessThan(2);
  });

  test('landmarks sent across each other fold the warp', () => {
    const crossed = bodyPoints.map((p, i) => (i === 1 ? bodyPoints[4] : i === 4 ? bodyPoints[1] : p));
    const folding = fitThinPlate(crossed, garmentPoints).map;
    expect(foldCheck(folding, WIDTH, HEIGHT, 8)).toBeGreaterThan(0.01);
    expect(maxStretch(folding, WIDTH, HEIGHT, 8)).toBe(Infinity);
  });
});

describe('foldCheck and maxStretch on known maps', () => {
  test('the identity: no folds, stretch 1; a mirror folds every cell', () => {
    expect(foldCheck((x, y) => ({ x, y }), 64, 64, 8)).toBe(0);
    expect(maxStretch((x, y) => ({ x, y }), 64, 64, 8)).toBeCloseTo(1, 9);
    expect(foldCheck((x, y) => ({ x: -x, y }), 64, 64, 8)).toBe(1);
  });

  test('stretch is the ratio of the singular values, whatever the rotation', () => {
    const angle = 0.6;
    const rotatedStretch = (x: number, y: number) => {
      const u = 2 * x;
      const v = 0.8 * y;
      return { x: Math.cos(angle) * u - Math.sin(angle) * v, y: Math.sin(angle) * u + Math.cos(angle) * v };
    };
    expect(maxStretch(rotatedStretch, 64, 64, 8)).toBeCloseTo(2.5, 9);
    expect(foldCheck(rotatedStretch, 64, 64, 8)).toBe(0);
  });

  test('a fold in one strip counts only its cells', () => {
    // x is squashed backwards between 32 and 40: one column of 8 of cells.
    const pleat = (x: number, y: number) => ({ x: x < 32 ? x : x < 40 ? 64 - x : x - 16, y });
    expect(foldCheck(pleat, 65, 65, 8)).toBeCloseTo(1 / 8, 9);
  });
});

describe('sampledMapping', () => {
  test('an affine map is reproduced exactly between nodes and held beyond the edges', () => {
    const affine = (x: number, y: number) => ({ x: 0.9 * x + 0.2 * y + 5, y: -0.1 * x + 1.2 * y - 3 });
    const mesh = sampledMapping(affine, 100, 50, 8);
    for (const [x, y] of [[0, 0], [3.3, 7.9], [99, 49], [50.5, 21.25]]) {
      expect(mesh(x, y).x).toBeCloseTo(affine(x, y).x, 9);
      expect(mesh(x, y).y).toBeCloseTo(affine(x, y).y, 9);
    }
    // Nodes run to 104 and 56, past the last pixel; beyond them the border value holds.
    expect(mesh(500, -20)).toEqual(affine(104, 0));
  });
});

describe('warpRgba sampling', () => {
  /** White disc of radius 20 at (32, 32) on transparent black. */
  const disc = image(64, 64, (x, y) => (Math.hypot(x - 32, y - 32) <= 20 ? [255, 255, 255, 255] : [0, 0, 0, 0]));
  const shifted = warpRgba(disc, (x, y) => ({ x: x + 0.5, y: y + 0.3 }), 64, 64);

  test('edge pixels of a white shape over transparency stay white (no dark fringe)', () => {
    let partial = 0;
    for (let p = 0; p < shifted.data.length; p += 4) {
      const alpha = shifted.data[p + 3];
      if (alpha === 0) continue;
      if (alpha < 255) partial++;
      expect([shifted.data[p], shifted.data[p + 1], shifted.data[p + 2]]).toEqual([255, 255, 255]);
    }
    expect(partial).toBeGreaterThan(40);
  });

  test('transparent areas stay transparent, and so does everything beyond the source', () => {
    expect(pixel(shifted, 2, 2)).toEqual([0, 0, 0, 0]);
    const outside = warpRgba(disc, (x, y) => ({ x: x - 100, y }), 64, 64);
    expect(outside.data.every((v) => v === 0)).toBe(true);
  });

  test('alpha is interpolated bilinearly across an edge', () => {
    // Half a pixel past the disc's left edge (x = 12): sampling 11.5 mixes 0 and 255.
    const half = warpRgba(disc, (x, y) => ({ x: x + 0.5, y }), 64, 64);
    expect(pixel(half, 11, 32)).toEqual([255, 255, 255, 128]);
  });

  test('a bounds option fills only that rectangle', () => {
    const solid = image(16, 16, () => [10, 20, 30, 255]);
    const boxed = warpRgba(solid, (x, y) => ({ x, y }), 16, 16, { bounds: { x: 4, y: 5, width: 3, height: 2 } });
    expect(pixel(boxed, 4, 5)).toEqual([10, 20, 30, 255]);
    expect(pixel(boxed, 6, 6)).toEqual([10, 20, 30, 255]);
    expect(pixel(boxed, 7, 6)).toEqual([0, 0, 0, 0]);
    expect(pixel(boxed, 4, 7)).toEqual([0, 0, 0, 0]);
  });
});
