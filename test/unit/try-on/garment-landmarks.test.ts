// findGarmentLandmarks on drawn outlines that know where their landmarks
// are: every landmark the garment has is found within 4% of its height, and
// none it lacks (cuffs on a tank top, a crotch on a skirt) is made up.
import { describe, expect, test } from 'vitest';
import { findGarmentLandmarks } from '../../../src/features/try-on/worker/garment-landmarks';
import type { AlphaMask, GarmentLandmarks, GarmentPointName, Point } from '../../../src/features/try-on/worker/fit-types';
import { DRAWINGS, drawGarment, everyGarment, sweater, tShirt, trousers } from '../../support/garment-outlines';

/** Allowed distance from the true point, in garment heights. */
const TOLERANCE = 0.04;

function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

/** Each landmark more than `tolerance` pixels from the truth, missing or made up, as a readable line. */
function misplaced(found: GarmentLandmarks, truth: GarmentLandmarks, tolerance: number): string[] {
  const names = new Set([...Object.keys(found), ...Object.keys(truth)] as GarmentPointName[]);
  return [...names].flatMap((name) => {
    const [at, want] = [found[name], truth[name]];
    if (!at || !want) return [`${name} ${at ? 'made up' : 'missing'}`];
    const off = distance(at, want);
    return off > tolerance ? [`${name} ${off.toFixed(1)} px off (allowed ${tolerance.toFixed(1)})`] : [];
  });
}

/** The mask mirrored left to right. */
function mirrored(mask: AlphaMask): AlphaMask {
  const data = new Uint8ClampedArray(mask.data.length);
  for (let y = 0; y < mask.height; y++) {
    for (let x = 0; x < mask.width; x++) data[y * mask.width + x] = mask.data[y * mask.width + mask.width - 1 - x];
  }
  return { ...mask, data };
}

describe('findGarmentLandmarks', () => {
  for (const outline of everyGarment()) {
    for (const drawing of DRAWINGS) {
      test(`${outline.name}, ${drawing.height} px tilted ${drawing.tiltDegrees ?? 0}°`, () => {
        const { mask, landmarks } = drawGarment(outline, drawing);
        expect(misplaced(findGarmentLandmarks(mask, outline.kind), landmarks, TOLERANCE * drawing.height)).toEqual([]);
      });
    }
  }

  test('left and right are the image sides: a mirrored garment swaps them', () => {
    const { mask } = drawGarment(tShirt(30, 55), { height: 240 });
    const found = findGarmentLandmarks(mask, 'upper');
    const flipped = findGarmentLandmarks(mirrored(mask), 'upper');
    const across = (p: Point) => ({ x: mask.width - 1 - p.x, y: p.y });
    expect(found.armpitLeft!.x).toBeLessThan(found.armpitRight!.x);
    expect(distance(across(found.armpitRight!), flipped.armpitLeft!)).toBeLessThan(2);
    expect(distance(across(found.cuffRightInner!), flipped.cuffLeftInner!)).toBeLessThan(2);
    expect(found.cuffRightInner!.y - found.cuffLeftInner!.y).toBeGreaterThan(0.1 * 240);
  });

  test('a sleeve resting on the body: the armpit is the top of the gap it closes, not where the cuff meets the body', () => {
    const { mask, landmarks } = drawGarment(sweater(true), { height: 260 });
    const found = findGarmentLandmarks(mask, 'upper');
    expect(distance(found.armpitLeft!, landmarks.armpitLeft!)).toBeLessThan(TOLERANCE * 260);
    expect(distance(found.cuffLeftInner!, landmarks.cuffLeftInner!)).toBeLessThan(TOLERANCE * 260);
    expect(found.cuffLeftInner!.y - found.armpitLeft!.y).toBeGreaterThan(0.4 * 260);
  });

  test('specks and a faint haze beside the garment change nothing', () => {
    const { mask, landmarks } = drawGarment(trousers(), { height: 240, margin: 30 });
    for (let y = 2; y < 8; y++) mask.data.fill(255, y * mask.width + 2, y * mask.width + 8);
    for (let i = 0; i < mask.data.length; i += 7) mask.data[i] = Math.max(mask.data[i], 60);
    expect(misplaced(findGarmentLandmarks(mask, 'lower'), landmarks, TOLERANCE * 240)).toEqual([]);
  });

  test('a mask with nothing on it is refused', () => {
    expect(() => findGarmentLandmarks({ data: new Uint8ClampedArray(100), width: 10, height: 10 }, 'upper')).toThrow(RangeError);
  });
});
