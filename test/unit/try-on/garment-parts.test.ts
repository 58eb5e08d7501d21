// A garment's parts: sleeves beyond the line from shoulder seam to armpit go
// to the limbs; laid flat, the body's own run below the armpits and the
// sleeve's end stays in the panel however far an A-line skirt flares past
// that line, while a sleeve hanging down beside the body stays a limb.
import { describe, expect, test } from 'vitest';
import { garmentParts } from '../../../src/features/try-on/worker/garment-parts';
import type { AlphaMask, GarmentLandmarks, Point } from '../../../src/features/try-on/worker/fit-types';
import { rasterise } from '../../support/garment-outlines';

const W = 200;
const H = 240;

/** The union of the polygons as a W × H mask. */
const maskOf = (...polygons: Point[][]): AlphaMask => ({ data: rasterise(polygons, W, H), width: W, height: H });

const at = (mask: Uint8ClampedArray, x: number, y: number) => mask[y * W + x];

describe('garment parts', () => {
  // An A-line dress with short sleeves: body from (75..125) at the armpits (y 60) flaring to (30..170) at the hem (y 220).
  const body: Point[] = [
    { x: 80, y: 20 },
    { x: 120, y: 20 },
    { x: 125, y: 60 },
    { x: 170, y: 220 },
    { x: 30, y: 220 },
    { x: 75, y: 60 },
  ];
  const sleeveLeft: Point[] = [
    { x: 80, y: 20 },
    { x: 75, y: 60 },
    { x: 40, y: 55 },
    { x: 45, y: 30 },
  ];
  const sleeveRight = sleeveLeft.map((p) => ({ x: W - p.x, y: p.y }));
  const landmarks: GarmentLandmarks = {
    shoulderLeft: { x: 80, y: 20 },
    shoulderRight: { x: 120, y: 20 },
    armpitLeft: { x: 75, y: 60 },
    armpitRight: { x: 125, y: 60 },
    cuffLeftOuter: { x: 45, y: 30 },
    cuffLeftInner: { x: 40, y: 55 },
    cuffRightOuter: { x: 155, y: 30 },
    cuffRightInner: { x: 160, y: 55 },
    hemLeft: { x: 30, y: 220 },
    hemRight: { x: 170, y: 220 },
  };
  const mask = maskOf(body, sleeveLeft, sleeveRight);

  test('laid flat, the skirt flaring past the seam-to-armpit line stays in the panel; the sleeves are limbs', () => {
    const parts = garmentParts(mask, landmarks, 'full');
    // The hem's corners lie far outside the line from (80,20) to (75,60) extended down (x 56 at y 215).
    expect(at(parts.panel, 36, 215)).toBe(255);
    expect(at(parts.panel, 164, 215)).toBe(255);
    for (const limb of parts.limbs) expect(at(limb.mask, limb.side < 0 ? 36 : 164, 215)).toBe(0);
    // The sleeves are cut off the panel and make the limbs.
    expect(at(parts.panel, 50, 45)).toBe(0);
    expect(at(parts.limbs.find((l) => l.side < 0)!.mask, 50, 45)).toBe(255);
    expect(at(parts.limbs.find((l) => l.side > 0)!.mask, 150, 45)).toBe(255);
  });

  test('worn by a person, the line decides as before (its sleeves may hang against its body)', () => {
    const parts = garmentParts(mask, landmarks, 'full', false);
    expect(at(parts.panel, 36, 215)).toBe(0);
  });

  test('a long sleeve hanging down beside a body it touches stays a limb', () => {
    // A straight body (70..130) and a sleeve from the left shoulder hanging to y 200, touching the body's side.
    const straight: Point[] = [
      { x: 80, y: 20 },
      { x: 120, y: 20 },
      { x: 130, y: 60 },
      { x: 130, y: 220 },
      { x: 70, y: 220 },
      { x: 70, y: 60 },
    ];
    const hanging: Point[] = [
      { x: 80, y: 20 },
      { x: 71, y: 60 },
      { x: 71, y: 200 },
      { x: 50, y: 200 },
      { x: 55, y: 30 },
    ];
    const hangingMarks: GarmentLandmarks = {
      shoulderLeft: { x: 80, y: 20 },
      shoulderRight: { x: 120, y: 20 },
      armpitLeft: { x: 70, y: 60 },
      armpitRight: { x: 130, y: 60 },
      cuffLeftOuter: { x: 50, y: 200 },
      cuffLeftInner: { x: 71, y: 200 },
      hemLeft: { x: 70, y: 220 },
      hemRight: { x: 130, y: 220 },
    };
    const parts = garmentParts(maskOf(straight, hanging), hangingMarks, 'full');
    expect(at(parts.panel, 58, 150)).toBe(0);
    expect(at(parts.limbs.find((l) => l.side < 0)!.mask, 58, 150)).toBe(255);
  });
});
