// Where each garment landmark goes on the body: the pairs the warp is fitted
// to. A top's panel goes to the shoulders, chest and waist; its sleeves along
// the upper arms (as far as the sleeve is long); trouser legs along thigh and
// shin; a skirt or dress hangs to its own length. Lengths keep the garment's
// proportions, scaled by the ratio of the body's shoulders (or waist) to the
// garment's; widths never go narrower than the body under them.
import type { BodyKeypoints } from './body';
import {
  alongPath,
  bodyFrame,
  distance,
  frameCoordinates,
  inFrame,
  lerp,
  mid,
  outwardNormal,
  pathLength,
  add,
  scale,
  type BodyFrame,
} from './body-frame';
import type { GarmentKind, GarmentLandmarks, Point } from './fit-types';

export interface LandmarkPair {
  name: string;
  garment: Point;
  body: Point;
}

export interface FitPlan {
  pairs: LandmarkPair[];
  frame: BodyFrame;
  /** Garment pixels to body pixels. */
  scale: number;
}

/** What the fit measures on the person's mask; null where the mask cannot tell. */
export interface BodyMeasure {
  /** The body's half-width (pixels) across its axis at `along` pixels down it. */
  halfWidth(along: number): number | null;
  /** How far up the body's axis from `point` the outline is (the top of a shoulder). */
  heightAbove(point: Point): number | null;
}

/** How far the garment's shoulder seam sits out from the joint, in shoulder spans. */
const SEAM_OUT = 0.1;
/** How far above the joints' line the neck base and seams are, in shoulder spans. */
const NECK_UP = 0.1;
const SEAM_UP = 0.03;
/** Arm half-thickness at the shoulder and at the wrist, in shoulder spans. */
const ARM_HALF_TOP = 0.11;
const ARM_HALF_WRIST = 0.06;
/** Least room kept between two trouser legs' inner edges and the body's middle, in hip spans. */
const MIDDLE_GAP = 0.03;

/** A measured half-width if it is plausible beside the proportional estimate, else the estimate pulled towards it. */
function torsoHalf(measure: BodyMeasure, along: number, estimate: number): number {
  const measured = measure.halfWidth(along);
  if (measured === null) return estimate;
  return Math.min(Math.max(measured, estimate * 0.8), estimate * 1.25);
}

/** The body's torso half-width along the axis, from proportions: chest, waist, hips. */
function proportionalHalf(frame: BodyFrame, along: number): number {
  const t = along / frame.torsoLength;
  const chest = frame.shoulderSpan * 0.46;
  const waist = frame.shoulderSpan * 0.4;
  const hips = frame.hipSpan * 0.85;
  if (t <= 0.6) return chest + (waist - chest) * Math.max(0, t) / 0.6;
  if (t <= 1) return waist + (hips - waist) * (t - 0.6) / 0.4;
  return hips;
}

function pair(name: string, garment: Point | undefined, body: Point): LandmarkPair[] {
  return garment ? [{ name, garment, body }] : [];
}

interface Side {
  sign: -1 | 1;
  shoulder: 'shoulderLeft' | 'shoulderRight';
  armpit: 'armpitLeft' | 'armpitRight';
  cuffOuter: 'cuffLeftOuter' | 'cuffRightOuter';
  cuffInner: 'cuffLeftInner' | 'cuffRightInner';
  neck: 'neckLeft' | 'neckRight';
  waist: 'waistLeft' | 'waistRight';
  hem: 'hemLeft' | 'hemRight';
  legOuter: 'legLeftOuter' | 'legRightOuter';
  legInner: 'legLeftInner' | 'legRightInner';
  arm: (body: BodyKeypoints) => Point[];
  leg: (body: BodyKeypoints) => Point[];
}

const SIDES: readonly Side[] = [
  {
    sign: -1,
    shoulder: 'shoulderLeft',
    armpit: 'armpitLeft',
    cuffOuter: 'cuffLeftOuter',
    cuffInner: 'cuffLeftInner',
    neck: 'neckLeft',
    waist: 'waistLeft',
    hem: 'hemLeft',
    legOuter: 'legLeftOuter',
    legInner: 'legLeftInner',
    arm: (b) => [b.shoulderLeft, b.elbowLeft, b.wristLeft, b.handLeft],
    leg: (b) => [b.hipLeft, b.kneeLeft, b.ankleLeft],
  },
  {
    sign: 1,
    shoulder: 'shoulderRight',
    armpit: 'armpitRight',
    cuffOuter: 'cuffRightOuter',
    cuffInner: 'cuffRightInner',
    neck: 'neckRight',
    waist: 'waistRight',
    hem: 'hemRight',
    legOuter: 'legRightOuter',
    legInner: 'legRightInner',
    arm: (b) => [b.shoulderRight, b.elbowRight, b.wristRight, b.handRight],
    leg: (b) => [b.hipRight, b.kneeRight, b.ankleRight],
  },
];

/** The vertical middle of a garment's top: the mean of its shoulder (or waist) points. */
function garmentTop(g: GarmentLandmarks, kind: GarmentKind): number {
  const points = kind === 'lower' ? [g.waistLeft, g.waistRight] : [g.shoulderLeft, g.shoulderRight];
  const present = points.filter((p): p is Point => Boolean(p));
  return present.reduce((sum, p) => sum + p.y, 0) / Math.max(1, present.length);
}

function garmentCentreX(g: GarmentLandmarks, kind: GarmentKind): number {
  const [a, b] = kind === 'lower' ? [g.waistLeft, g.waistRight] : [g.shoulderLeft, g.shoulderRight];
  return a && b ? (a.x + b.x) / 2 : 0;
}

/** Arm half-thickness `length` pixels down the arm from the shoulder joint. */
function armHalf(arm: readonly Point[], S: number, length: number): number {
  const t = Math.min(1, length / (pathLength(arm.slice(0, 3)) || 1));
  return S * (ARM_HALF_TOP + (ARM_HALF_WRIST - ARM_HALF_TOP) * t) * 1.08;
}

/** The two edges of the arm (or of a sleeve of `half` around it) `length` pixels down it. */
function armSection(arm: readonly Point[], frame: BodyFrame, length: number, half: number): { out: Point; in: Point } {
  const { point, direction } = alongPath(arm, length);
  const normal = outwardNormal(direction, point, frame.origin);
  return { out: add(point, scale(normal, half)), in: add(point, scale(normal, -half)) };
}

/**
 * Pairs for a sleeve: cuff ends across the arm where the sleeve ends, and the
 * sleeve's middle. A sleeve wider than the arm never reaches in past the
 * armpit: it is moved out instead, so it does not fold into the body panel.
 * Its inner seam runs from the armpit to the cuff.
 */
function sleevePairs(side: Side, g: GarmentLandmarks, body: BodyKeypoints, frame: BodyFrame, k: number, pitTarget: Point): LandmarkPair[] {
  const seam = g[side.shoulder];
  const pit = g[side.armpit];
  const outer = g[side.cuffOuter];
  const inner = g[side.cuffInner];
  if (!seam || !pit || !outer || !inner) return [];
  const arm = side.arm(body);
  const S = frame.shoulderSpan;
  const reach = pathLength(arm.slice(0, 3)) + 0.04 * S;
  const length = Math.min(distance(seam, mid(outer, inner)) * k, reach);
  const at = (fraction: number, garmentHalf: number) => {
    const section = armSection(arm, frame, length * fraction, Math.max(garmentHalf * k, armHalf(arm, S, length * fraction)));
    const overlap = Math.abs(frameCoordinates(frame, pitTarget).across) - Math.abs(frameCoordinates(frame, section.in).across);
    if (overlap <= 0) return section;
    const shift = scale(frame.across, side.sign * overlap);
    return { out: add(section.out, shift), in: add(section.in, shift) };
  };
  const cuff = at(1, distance(outer, inner) / 2);
  const middle = at(0.55, (distance(seam, pit) / 2 + distance(outer, inner) / 2) / 2);
  const prefix = side.sign < 0 ? 'left' : 'right';
  return [
    { name: `${prefix} cuff outer`, garment: outer, body: cuff.out },
    { name: `${prefix} cuff inner`, garment: inner, body: cuff.in },
    { name: `${prefix} sleeve middle outer`, garment: lerp(seam, outer, 0.55), body: middle.out },
    { name: `${prefix} sleeve middle inner`, garment: lerp(pit, inner, 0.55), body: lerp(pitTarget, cuff.in, 0.55) },
  ];
}

/**
 * Where a garment's armpit goes: on the torso's side, or — when a sleeved
 * garment meets an arm hanging close to the body — on the arm's inner edge,
 * so the sleeve's inner seam runs down the arm instead of folding into the torso.
 */
function armpitTarget(side: Side, g: GarmentLandmarks, body: BodyKeypoints, frame: BodyFrame, torsoHalfAt: number, along: number): Point {
  const torsoSide = inFrame(frame, side.sign * torsoHalfAt * 1.04, along);
  if (!g[side.cuffOuter] || !g[side.cuffInner]) return torsoSide;
  const arm = side.arm(body);
  const drop = Math.max(0, along + SEAM_UP * frame.shoulderSpan);
  const armInner = armSection(arm, frame, drop, armHalf(arm, frame.shoulderSpan, drop)).in;
  const inner = frameCoordinates(frame, armInner);
  return Math.abs(inner.across) < torsoHalfAt * 1.04 ? inFrame(frame, inner.across, along) : torsoSide;
}

/**
 * A point `across` the body at the top of its outline (the slope of the
 * shoulders), at least `rise[0]` and at most `rise[1]` shoulder spans above
 * the joints' line.
 */
function onOutline(frame: BodyFrame, measure: BodyMeasure, across: number, rise: readonly [number, number]): Point {
  const S = frame.shoulderSpan;
  const measured = measure.heightAbove(inFrame(frame, across, 0));
  const height = Math.min(Math.max(measured ?? rise[0] * S, rise[0] * S), rise[1] * S);
  return inFrame(frame, across, -height);
}

/** A top or a dress: neck, shoulders, armpits, waist and hem on the torso; sleeves along the arms. */
function upperPairs(g: GarmentLandmarks, body: BodyKeypoints, measure: BodyMeasure, kind: GarmentKind): FitPlan {
  const frame = bodyFrame(body);
  const S = frame.shoulderSpan;
  const seamSpan = g.shoulderLeft && g.shoulderRight ? distance(g.shoulderLeft, g.shoulderRight) : S;
  const k = (S * (1 + 2 * SEAM_OUT)) / seamSpan;
  const top = garmentTop(g, kind);
  const centreX = garmentCentreX(g, kind);
  const along = (p: Point) => (p.y - top) * k;
  const torso = (at: number) => torsoHalf(measure, at, proportionalHalf(frame, at));
  const pairs: LandmarkPair[] = [];
  for (const side of SIDES) {
    const neck = g[side.neck];
    if (neck) {
      const neckHalf = Math.min(Math.max(Math.abs(neck.x - centreX) * k, 0.14 * S), 0.32 * S);
      pairs.push(...pair(`${side.neck}`, neck, onOutline(frame, measure, side.sign * neckHalf, [NECK_UP, 0.3])));
    }
    // The seam sits out from the joint, as high as the top of the shoulder just inside it.
    const seam = onOutline(frame, measure, side.sign * S * 0.4, [SEAM_UP, 0.22]);
    pairs.push(...pair(side.shoulder, g[side.shoulder], add(seam, scale(frame.across, side.sign * S * (0.1 + SEAM_OUT)))));
    const pit = g[side.armpit];
    if (pit) {
      const at = Math.min(Math.max(along(pit), 0.22 * S), 0.55 * S);
      const target = armpitTarget(side, g, body, frame, torso(at), at);
      pairs.push({ name: side.armpit, garment: pit, body: target });
      pairs.push(...sleevePairs(side, g, body, frame, k, target));
    }
    for (const name of [side.waist, side.hem] as const) {
      const point = g[name];
      if (!point) continue;
      const at = along(point);
      const half = Math.max(Math.abs(point.x - centreX) * k, hangingHalf(frame, body, measure, at) * 1.05);
      pairs.push(...pair(name, point, inFrame(frame, side.sign * half, at)));
    }
  }
  return { pairs, frame, scale: k };
}

/**
 * How wide something hanging from the waist must be at `along`: the torso
 * above the hips, then both legs (their outer edges) below.
 */
function hangingHalf(frame: BodyFrame, body: BodyKeypoints, measure: BodyMeasure, along: number): number {
  if (along <= frame.torsoLength) return torsoHalf(measure, along, proportionalHalf(frame, along));
  const legHalf = frame.hipSpan * 0.42;
  const spread = (leg: Point[]) => {
    const { point } = alongPath(leg, along - frame.torsoLength);
    return Math.abs(frameCoordinates(frame, point).across) + legHalf;
  };
  return Math.max(spread([body.hipLeft, body.kneeLeft, body.ankleLeft]), spread([body.hipRight, body.kneeRight, body.ankleRight]), frame.hipSpan * 0.85);
}

/** Trousers, shorts or a skirt: waistband above the hips, crotch between them, legs along thigh and shin. */
function lowerPairs(g: GarmentLandmarks, body: BodyKeypoints, measure: BodyMeasure): FitPlan {
  const frame = bodyFrame(body);
  const H = frame.hipSpan;
  const waistAlong = frame.torsoLength - 0.3 * H;
  const waistHalf = torsoHalf(measure, waistAlong, proportionalHalf(frame, waistAlong));
  const garmentWaist = g.waistLeft && g.waistRight ? distance(g.waistLeft, g.waistRight) : 2 * waistHalf;
  const k = (2 * waistHalf * 1.04) / garmentWaist;
  const top = garmentTop(g, 'lower');
  const centreX = garmentCentreX(g, 'lower');
  const along = (p: Point) => waistAlong + (p.y - top) * k;
  const pairs: LandmarkPair[] = [];
  if (g.crotch) {
    const drop = Math.min(Math.max((g.crotch.y - top) * k, 0.45 * H), 1.1 * H);
    pairs.push({ name: 'crotch', garment: g.crotch, body: inFrame(frame, 0, waistAlong + drop) });
  }
  for (const side of SIDES) {
    pairs.push(...pair(side.waist, g[side.waist], inFrame(frame, side.sign * waistHalf * 1.04, waistAlong)));
    const hem = g[side.hem];
    if (hem) {
      const at = along(hem);
      const half = Math.max(Math.abs(hem.x - centreX) * k, hangingHalf(frame, body, measure, at) * 1.06);
      pairs.push({ name: side.hem, garment: hem, body: inFrame(frame, side.sign * half, at) });
    }
    pairs.push(...legPairs(side, g, body, frame, k, waistAlong, top));
  }
  return { pairs, frame, scale: k };
}

/** Pairs for a trouser leg: the opening across the leg where it ends, and the knee-level middle. */
function legPairs(side: Side, g: GarmentLandmarks, body: BodyKeypoints, frame: BodyFrame, k: number, waistAlong: number, top: number): LandmarkPair[] {
  const outer = g[side.legOuter];
  const inner = g[side.legInner];
  const waist = g[side.waist];
  if (!outer || !inner || !waist || !g.crotch) return [];
  const leg = side.leg(body);
  const H = frame.hipSpan;
  const hipAlong = frame.torsoLength;
  const reach = pathLength(leg) + 0.08 * H;
  const length = Math.min((mid(outer, inner).y - top) * k - (hipAlong - waistAlong), reach);
  const legHalfTop = 0.5 * H;
  const legHalfAnkle = 0.2 * H;
  const at = (fraction: number, garmentHalf: number) => {
    const { point, direction } = alongPath(leg, length * fraction);
    const normal = outwardNormal(direction, point, { x: frame.origin.x, y: point.y });
    const t = Math.min(1, (length * fraction) / (pathLength(leg) || 1));
    const half = Math.max(garmentHalf * k, (legHalfTop + (legHalfAnkle - legHalfTop) * t) * 1.05);
    const section = { out: add(point, scale(normal, half)), in: add(point, scale(normal, -half)) };
    // Legs close together: the two trouser legs meet at the middle instead of crossing it.
    const crossing = MIDDLE_GAP * H - side.sign * frameCoordinates(frame, section.in).across;
    if (crossing <= 0) return section;
    const shift = scale(frame.across, side.sign * crossing);
    return { out: add(section.out, shift), in: add(section.in, shift) };
  };
  const opening = at(1, distance(outer, inner) / 2);
  const knee = at(0.5, (Math.abs(waist.x - g.crotch.x) / 2 + distance(outer, inner) / 2) / 2);
  const prefix = side.sign < 0 ? 'left' : 'right';
  return [
    { name: `${prefix} leg outer`, garment: outer, body: opening.out },
    { name: `${prefix} leg inner`, garment: inner, body: opening.in },
    { name: `${prefix} leg middle outer`, garment: lerp(waist, outer, 0.5), body: knee.out },
    { name: `${prefix} leg middle inner`, garment: lerp(g.crotch, inner, 0.5), body: knee.in },
  ];
}

/** The landmark pairs that put a garment of `kind` on this body. */
export function planFit(kind: GarmentKind, garment: GarmentLandmarks, body: BodyKeypoints, measure: BodyMeasure): FitPlan {
  return kind === 'lower' ? lowerPairs(garment, body, measure) : upperPairs(garment, body, measure, kind);
}
