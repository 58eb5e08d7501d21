// A flat top's scale (worker/garment-scale.ts), on landmarks alone: its chest
// read as a standard chest; a neckline narrower than usual for that chest (a
// loose cut) moves the scale up; a wider one (scoop, boat, square) is a cut,
// and leaves the chest's reading as it is; a hood's base is no neckline.
import { describe, expect, test } from 'vitest';
import { flatTopScale } from '../../../src/features/try-on/worker/garment-scale';
import type { GarmentLandmarks } from '../../../src/features/try-on/worker/fit-types';
import { USUAL_EASE, chestFlatHalf } from '../../../src/features/try-on/worker/proportions';

/** A top 400 px across the armpits, its neckline `neck` px wide, shoulders 380 px apart. */
function top(neck: number): GarmentLandmarks {
  const c = 300;
  return {
    neckLeft: { x: c - neck / 2, y: 40 },
    neckRight: { x: c + neck / 2, y: 40 },
    shoulderLeft: { x: c - 190, y: 60 },
    shoulderRight: { x: c + 190, y: 60 },
    armpitLeft: { x: c - 200, y: 200 },
    armpitRight: { x: c + 200, y: 200 },
  } as GarmentLandmarks;
}

const chestOnly = (2 * chestFlatHalf(USUAL_EASE)) / 400;

describe('a flat top is read by its chest and its neckline', () => {
  test('a neckline wider than usual (a scoop, a boat) leaves the chest to decide', () => {
    // 0.15 m is a usual neckline: at the chest's scale these are 0.2 and 0.27 m.
    for (const metres of [0.2, 0.27]) expect(flatTopScale(top(metres / chestOnly), 300, false)).toBeCloseTo(chestOnly, 10);
  });

  test('a neckline narrower than usual for the chest reads the top bigger (a loose cut)', () => {
    expect(flatTopScale(top(0.13 / chestOnly), 300, false)).toBeGreaterThan(chestOnly * 1.05);
    expect(flatTopScale(top(0.1 / chestOnly), 300, false)).toBeGreaterThan(flatTopScale(top(0.13 / chestOnly), 300, false));
  });

  test('a hooded top reads by its chest alone, cut looser', () => {
    expect(flatTopScale(top(0.1 / chestOnly), 300, true)).toBeGreaterThan(chestOnly);
    expect(flatTopScale(top(0.1 / chestOnly), 300, true)).toBeCloseTo(flatTopScale(top(0.3 / chestOnly), 300, true), 10);
  });
});
