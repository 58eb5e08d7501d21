// classifyGarment and findGarmentLandmarks on rendered product photos (the
// sample garments of test/support/garments.ts at 384 × 512): shaded fabric,
// pale prints, rolled edges and a soft drop shadow rather than clean
// polygons. Each garment is cut out the way a photo's own colours allow —
// a pixel is background when it is the backdrop's colour, however shadowed —
// and must come out as its kind with every landmark within 5% of its height.
import { describe, expect, test } from 'vitest';
import { classifyGarment } from '../../../src/features/try-on/worker/garment-class';
import { garmentMaskProblem } from '../../../src/features/try-on/worker/garment-kind';
import { findGarmentLandmarks } from '../../../src/features/try-on/worker/garment-landmarks';
import type { AlphaMask, GarmentLandmarks, GarmentPointName, Point } from '../../../src/features/try-on/worker/fit-types';
import type { RgbaImage } from '../../../src/imaging/image';
import { GARMENT_IDS, garmentTruth, renderGarment } from '../../support/garments';

const WIDTH = 384;
const HEIGHT = 512;
/** Allowed distance from the true point, in garment heights. */
const TOLERANCE = 0.05;
/** How far apart (relative to their mean) a pixel's channel ratios to the backdrop may be for it to be backdrop. */
const BACKDROP_TINT = 0.04;
/** The backdrop in the darkest of the drop shadow keeps at least this share of its light. */
const DEEPEST_SHADOW = 0.7;

const toLinear = (c: number) => Math.pow(c / 255, 2.2);

/**
 * The garment's mask: every pixel but the backdrop, which is the corner
 * pixel's colour scaled (in linear light) by the drop shadow — so the
 * shadow is not garment, while fabric of any tint, however pale, is.
 */
function garmentMask(image: RgbaImage): AlphaMask {
  const backdrop = [0, 1, 2].map((k) => toLinear(image.data[k]));
  const data = new Uint8ClampedArray(image.width * image.height);
  for (let i = 0; i < data.length; i++) {
    const ratios = backdrop.map((b, k) => toLinear(image.data[i * 4 + k]) / b);
    const light = (ratios[0] + ratios[1] + ratios[2]) / 3;
    const tint = Math.max(...ratios) - Math.min(...ratios);
    const isBackdrop = tint <= BACKDROP_TINT * light && light >= DEEPEST_SHADOW && light <= 1.05;
    data[i] = isBackdrop ? 0 : 255;
  }
  return { data, width: image.width, height: image.height };
}

/** Rows from the mask's first filled one to its last. */
function garmentHeight(mask: AlphaMask): number {
  const rows = Array.from({ length: mask.height }, (_, y) => mask.data.subarray(y * mask.width, (y + 1) * mask.width).some((a) => a >= 128));
  return rows.lastIndexOf(true) - rows.indexOf(true) + 1;
}

function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

/** Each true landmark found more than `tolerance` pixels off, or not found, as a readable line. */
function misplaced(found: GarmentLandmarks, truth: GarmentLandmarks, tolerance: number): string[] {
  return (Object.keys(truth) as GarmentPointName[]).flatMap((name) => {
    const at = found[name];
    if (!at) return [`${name} missing`];
    const off = distance(at, truth[name]!);
    return off > tolerance ? [`${name} ${off.toFixed(1)} px off (allowed ${tolerance.toFixed(1)})`] : [];
  });
}

/**
 * The names findGarmentLandmarks should give: the truth's, and for a top
 * its waist too (the fit's measure 60% of the way from armpits to hem,
 * which the drawn designs do not name).
 */
function expectedNames(truth: GarmentLandmarks, kind: string): string[] {
  const names = Object.keys(truth);
  if (kind === 'upper') names.push('waistLeft', 'waistRight');
  return names.sort();
}

describe('rendered garments', () => {
  for (const id of GARMENT_IDS) {
    test(`${id}: its kind, and every landmark within ${TOLERANCE * 100}% of its height`, () => {
      const mask = garmentMask(renderGarment(id, WIDTH, HEIGHT));
      const truth = garmentTruth(id, WIDTH, HEIGHT);
      expect(garmentMaskProblem(mask)).toBeNull();
      const { kind, reason } = classifyGarment(mask);
      expect(kind, reason).toBe(truth.kind);
      const found = findGarmentLandmarks(mask, kind);
      expect(Object.keys(found).sort()).toEqual(expectedNames(truth.landmarks, kind));
      expect(misplaced(found, truth.landmarks, TOLERANCE * garmentHeight(mask))).toEqual([]);
    });
  }
});
