// A limb part's warp: body pixels placed by their nearest point on the limb
// (how far along, how far out, out being away from the body's middle) and
// taken from the same place on the part's straight axis in the garment photo.
import { describe, expect, test } from 'vitest';
import { limbCoordinates, limbMapping, type LimbPlan } from '../../../src/features/try-on/worker/limb-warp';

const away = (centre: { x: number; y: number }) => (foot: { x: number; y: number }) => ({ x: foot.x - centre.x, y: foot.y - centre.y });

describe('limb coordinates', () => {
  test('along a bent arm: arc length to the foot, offset positive away from the body', () => {
    const arm = [
      { x: 100, y: 100 },
      { x: 140, y: 140 },
      { x: 140, y: 200 },
    ];
    const out = away({ x: 60, y: 150 });
    const onUpper = limbCoordinates(arm, out, { x: 125, y: 115 });
    expect(onUpper.s).toBeCloseTo(Math.hypot(20, 20), 5);
    expect(onUpper.r).toBeCloseTo(Math.hypot(5, 5), 5);
    const onFore = limbCoordinates(arm, out, { x: 130, y: 180 });
    expect(onFore.s).toBeCloseTo(Math.hypot(40, 40) + 40, 5);
    expect(onFore.r).toBeCloseTo(-10, 5);
    // Past the hand the last segment goes on straight.
    expect(limbCoordinates(arm, out, { x: 140, y: 230 }).s).toBeCloseTo(Math.hypot(40, 40) + 90, 5);
  });
});

describe('limb mapping', () => {
  // A sleeve drawn horizontally in the photo, from x 50 to 110 at y 40, 20 px wide at its root and 12 at its cuff, its seam above.
  const source = { rootOuter: { x: 50, y: 30 }, rootInner: { x: 50, y: 50 }, endOuter: { x: 110, y: 34 }, endInner: { x: 110, y: 46 } };
  /** The sleeve on an arm hanging straight down, the body's middle to its left. */
  const hanging: LimbPlan = {
    side: 1,
    source,
    path: [
      { x: 200, y: 100 },
      { x: 200, y: 200 },
    ],
    start: 0,
    length: 60,
    half: () => 15,
    away: away({ x: 150, y: 150 }),
  };

  test('a sleeve lands along an arm held out at 45°: the axis on the arm, the seam side outwards, its width the arm’s', () => {
    const d = Math.SQRT1_2;
    const plan: LimbPlan = {
      side: 1,
      source,
      path: [
        { x: 200, y: 100 },
        { x: 200 + 100 * d, y: 100 + 100 * d },
      ],
      start: 0,
      length: 60,
      half: () => 15,
      away: away({ x: 150, y: 160 }),
    };
    const map = limbMapping(plan);
    const halfway = map(200 + 30 * d, 100 + 30 * d);
    expect(halfway.x).toBeCloseTo(80, 5);
    expect(halfway.y).toBeCloseTo(40, 5);
    // 15 px out from the arm (up and away from the body) is the sleeve's seam-side edge, 8 px from its axis there.
    const edge = map(200 + 30 * d + 15 * d, 100 + 30 * d - 15 * d);
    expect(edge.x).toBeCloseTo(80, 5);
    expect(edge.y).toBeCloseTo(40 - 8, 5);
    // Past the cuff the mapping runs off the sleeve's end.
    expect(map(200 + 70 * d, 100 + 70 * d).x).toBeGreaterThan(110);
  });

  test('well inside the arm’s inner side (the torso) nothing of the sleeve lands, however wide the root', () => {
    const map = limbMapping(hanging);
    // Just inside the inner side it is still the sleeve's inner edge; two half-widths in it lands off every part.
    expect(map(200 - 15, 130).y).toBeCloseTo(48, 0);
    const deep = map(200 - 30, 130);
    expect(deep.x < 0 || deep.y < 0).toBe(true);
  });

  test('a slanted root: before it is the panel’s side of the root line, past it the sleeve', () => {
    // The root runs from the seam (50, 30) down and out to the armpit (60, 50); the sleeve goes right.
    const slanted = { rootOuter: { x: 50, y: 30 }, rootInner: { x: 60, y: 50 }, endOuter: { x: 110, y: 34 }, endInner: { x: 110, y: 46 } };
    const plan: LimbPlan = { side: 1, source: slanted, path: [{ x: 200, y: 100 }, { x: 200, y: 200 }], start: 0, length: 60, half: () => 15, away: () => ({ x: 1, y: 0 }) };
    const map = limbMapping(plan);
    // At the root, the arm's outer edge is the seam and its inner edge the armpit.
    expect(map(215, 100).x).toBeCloseTo(50, 5);
    expect(map(215, 100).y).toBeCloseTo(30, 5);
    expect(map(185, 100).x).toBeCloseTo(60, 5);
    expect(map(185, 100).y).toBeCloseTo(50, 5);
    // Above the shoulder the garment is read on the panel's side of the line (left of it here).
    const above = map(215, 90);
    const side = (60 - 50) * (above.y - 30) - (50 - 30) * (above.x - 50);
    expect(side).toBeGreaterThan(0);
  });

  test('a narrower inner side: the root’s inner end (the armpit) lands at the inner half-width there, the outer side keeps its own', () => {
    const plan: LimbPlan = { ...hanging, innerHalf: (s) => Math.min(15, 5 + s / 2) };
    const map = limbMapping(plan);
    // At the root the inner edge is 5 px in from the arm, not 15.
    expect(map(200 - 5, 100).y).toBeCloseTo(50, 5);
    // The outer edge is where it was.
    expect(map(200 + 15, 100).y).toBeCloseTo(30, 5);
    // Further along, once the inner half has widened to 15, the sleeve is as wide on both sides.
    expect(map(200 - 15, 140).y).toBeCloseTo(40 + 10 * (1 - 40 / 60) + 6 * (40 / 60), 5);
  });
});
