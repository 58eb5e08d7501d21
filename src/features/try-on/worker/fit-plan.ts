// Where a garment goes on the body. The panel (a top's or dress's body, a
// skirt, trousers down to the crotch) is placed by pairs for a thin-plate
// warp: neckline and shoulders at the top of the shoulders, and its two
// sides at every level from the armpits (or waistband) down to the hem, at
// the body's own width there plus the garment's ease — so the hem and sides
// come from the body, not from the flat photo. Sleeves and trouser legs are
// limbs (./limb-warp.ts): they follow the arm or leg at any angle. Lengths
// come from the garment's own proportions, read against a standard body
// (./proportions.ts), and land as the same share of this wearer's torso,
// legs or arms.
import type { BodyKeypoints } from './body';
import { bodyFrame, distance, inFrame, mid, pathLength, alongPath, frameCoordinates, type BodyFrame } from './body-frame';
import type { AlphaMask, GarmentKind, GarmentLandmarks, Point } from './fit-types';
import { rowEdges } from './garment-parts';
import { SHOULDER_HALF, flatTopScale, type GarmentScale, type WearerLevels } from './garment-scale';
import { limbCoordinates, type LimbPlan } from './limb-warp';
import {
  ARM_LENGTH,
  CROTCH_BELOW_HIP,
  LEG_LENGTH,
  SHOULDER_TO_HIP,
  SHOULDER_TOP,
  WAISTBAND_ABOVE_HIP,
  WAIST_FLAT_HALF,
  armRadius,
  legRadius,
  torsoHalf,
  wornHalf,
} from './proportions';

export interface LandmarkPair {
  name: string;
  garment: Point;
  body: Point;
}

export interface FitPlan {
  frame: BodyFrame;
  /** The panel's pairs, garment to body. */
  pairs: LandmarkPair[];
  limbs: LimbPlan[];
  /** How far from the axis a hanging hem reaches below the hips (0 when nothing hangs). */
  hangHalf: number;
}

/** What the fit measures on the person's mask. */
export interface BodyMeasure {
  /** The torso's extent to each side of the axis at `along` pixels down it (arms left out), or null where the mask cannot tell. */
  sides(along: number): { left: number; right: number } | null;
  /** The half-thickness of a limb `length` pixels along its path, measured across it on the mask, or null where the mask cannot tell. */
  limbHalf(path: readonly Point[], length: number): number | null;
  /** How far up the body's axis from `point` the outline is (the top of a shoulder). */
  heightAbove(point: Point): number | null;
}

/** The hip joints lie this share of the torso below the pose model's hip points (its points sit on the pelvis's side). */
export const HIP_DROP = 0.05;
/** Levels at which the panel's sides are paired, the last this share of the way from the armpits above the hem (its corners are paired on their own). */
const SIDE_LEVELS = 9;
const HEM_INSET = 0.04;
/** The most ease (metres) a garment keeps around the torso or a limb: looser cloth drapes in. */
const MAX_EASE = 0.07;
const MAX_LIMB_EASE = 0.05;
/** Measured torso widths are trusted within these multiples of the proportional one. */
const MEASURED_RANGE = [0.8, 1.15] as const;
/** Measured limb radii are trusted within these multiples of the standard one. */
const LIMB_RANGE = [0.8, 1.4] as const;
/**
 * Lengths read off a flat garment, against the body's, came out short: on
 * eval:try-on's tuning half (persons and garments the fit was not drawn
 * for) tops' hems landed 2–3 % of the body's height too high and trouser
 * and shorts legs 4–5 %, while their widths held. Laid flat, a top's length
 * below the shoulders and a leg's from the crotch are taken this much longer
 * worn (measured: tuning half 13 -> 16 of 36 pairs placed; a dress's length
 * is left as read, which a longer one did not improve).
 */
const TOP_LENGTH = 1.08;
const LEG_PART_LENGTH = 1.25;
/**
 * Share of a dress's flat flare (its width below the hips against its width
 * at them) that shows worn: laid flat the skirt is spread out, worn it hangs
 * in folds. Chosen on eval:try-on's tuning half, where dresses painted 14–15 %
 * outside the body with the whole flare: 0.5–0.75 each place two or three
 * more dresses (16 -> 18 or 19 of 36; pairs near the marks flip between
 * neighbouring values); a skirt keeps its whole flare (a skirt lost coverage
 * with less). Raised to 0.8 with the drawn source (A-line and fit-and-flare
 * dresses whose hem corners fell outside a skirt narrowed to half its
 * flare): tuning halves, drawn 13 -> 15 of 36 placed, rendered 27 -> 26;
 * 1.0 placed one rendered pair fewer again.
 */
const DRESS_FLARE_WORN = 0.8;
/**
 * Share of a sleeve's length over which its inner side widens from the
 * armpit to its own half-width (chosen on eval:try-on's tuning half: 0.15,
 * 0.25 and 0.4 place the same pairs; loose sleeves' armpits landed 5–8 % of
 * the body's height inside the torso without it).
 */
const ROOT_BLEND = 0.25;
/**
 * Seated, the thighs point at the camera: the pose's hip-to-knee line is
 * short in the photo (the shorter one under SEATED_THIGH of the torso's
 * length; on eval:try-on's tuning half, 0.21–0.50 seated and 0.62–0.82
 * standing, walking included), and a top's front below the hips lies over
 * the lap, which the photo shows reaching further down than its length:
 * SEATED_DROP times (tuning half, seated pairs' landmark error: 3.9 % as
 * read flat, 3.8 at 1.4, 3.3 at 2.0, 3.1 at 2.4, 3.0 and one more pass at
 * 2.8, 3.3 at 3.2). A top laid flat only; one worn keeps its wearer's shares.
 */
const SEATED_THIGH = 0.55;
const SEATED_DROP = 2.8;
/** How far below the shoulder joints the armpit is, worn (metres). */
const ARMPIT_BELOW_JOINT = 0.11;

/** The body's scale: pixels per metre along the torso, and its breadth against the standard body's. */
interface BodyScale {
  frame: BodyFrame;
  /** How far down the axis the hip joints are (a little below the pose model's hip points). */
  hip: number;
  perMetre: number;
  breadth: number;
  legPath: [Point[], Point[]];
  armPath: [Point[], Point[]];
  legLength: number;
  /** How far down the body's axis the ankles are. */
  ankleAlong: number;
  /** Whether the thighs point at the camera (SEATED_THIGH). */
  seated: boolean;
}

/**
 * A standard body sized to this one: how far down the axis its hip joints
 * are, pixels per metre along the torso, and its breadth against the
 * standard body's (from the shoulders).
 */
export function torsoScale(frame: BodyFrame): { hip: number; perMetre: number; breadth: number } {
  const hip = frame.torsoLength * (1 + HIP_DROP);
  const perMetre = hip / SHOULDER_TO_HIP;
  return { hip, perMetre, breadth: Math.min(1.3, Math.max(0.75, frame.shoulderSpan / 2 / (SHOULDER_HALF * perMetre))) };
}

function bodyScale(body: BodyKeypoints): BodyScale {
  const frame = bodyFrame(body);
  const { hip, perMetre, breadth } = torsoScale(frame);
  const legPath: [Point[], Point[]] = [
    [body.hipLeft, body.kneeLeft, body.ankleLeft],
    [body.hipRight, body.kneeRight, body.ankleRight],
  ];
  const armPath: [Point[], Point[]] = [
    [body.shoulderLeft, body.elbowLeft, body.wristLeft, body.handLeft],
    [body.shoulderRight, body.elbowRight, body.wristRight, body.handRight],
  ];
  const legLength = (pathLength(legPath[0]) + pathLength(legPath[1])) / 2 - (hip - frame.torsoLength);
  const ankleAlong = (frameCoordinates(frame, body.ankleLeft).along + frameCoordinates(frame, body.ankleRight).along) / 2;
  const thigh = Math.min(distance(body.hipLeft, body.kneeLeft), distance(body.hipRight, body.kneeRight));
  return { frame, hip, perMetre, breadth, legPath, armPath, legLength, ankleAlong, seated: thigh < SEATED_THIGH * frame.torsoLength };
}

/** The torso's half-width to one side at `along`: measured, within a range of the proportional one. */
function torsoSide(scale: BodyScale, measure: BodyMeasure, along: number, side: -1 | 1): number {
  const above = (scale.hip - along) / scale.perMetre;
  const proportional = torsoHalf(above) * scale.perMetre * scale.breadth;
  const measured = measure.sides(along);
  if (!measured) return proportional;
  const value = side < 0 ? measured.left : measured.right;
  return Math.min(Math.max(value, proportional * MEASURED_RANGE[0]), proportional * MEASURED_RANGE[1]);
}

/** How far the legs reach to one side of the axis at `along` (below the hips), with a leg's half-width. */
function legReach(scale: BodyScale, along: number, side: -1 | 1): number {
  let reach = 0;
  for (const leg of scale.legPath) {
    const { point } = alongPath(leg, Math.max(0, along - scale.frame.torsoLength));
    const across = frameCoordinates(scale.frame, point).across * side;
    const half = legRadius(Math.max(0, along - scale.hip) / scale.perMetre) * scale.perMetre * scale.breadth;
    reach = Math.max(reach, across + half);
  }
  return reach;
}

/** The pairs along the panel's sides and middle, `levels` rows from `from` to `to` on the garment. */
function sidePairs(panel: AlphaMask, from: number, to: number, place: (y: number, left: number, right: number) => { along: number; left: number; right: number } | null, frame: BodyFrame): LandmarkPair[] {
  const pairs: LandmarkPair[] = [];
  for (let k = 0; k < SIDE_LEVELS; k++) {
    const y = from + ((to - from) * k) / (SIDE_LEVELS - 1);
    const edges = rowEdges(panel, y) ?? rowEdges(panel, y - 1) ?? rowEdges(panel, y - 2);
    if (!edges) continue;
    const target = place(y, edges.left, edges.right);
    if (!target) continue;
    pairs.push({ name: `side left ${k}`, garment: { x: edges.left, y }, body: inFrame(frame, -target.left, target.along) });
    pairs.push({ name: `side right ${k}`, garment: { x: edges.right, y }, body: inFrame(frame, target.right, target.along) });
    pairs.push({ name: `middle ${k}`, garment: { x: (edges.left + edges.right) / 2, y }, body: inFrame(frame, (target.right - target.left) / 2, target.along) });
  }
  return pairs;
}

const meanY = (...points: (Point | undefined)[]) => {
  const present = points.filter((p): p is Point => Boolean(p));
  return present.reduce((sum, p) => sum + p.y, 0) / Math.max(1, present.length);
};

/**
 * A point on the body's outline above `across` (the top of the shoulder
 * there), between `rise` shoulder spans above the joints' line.
 */
function onOutline(frame: BodyFrame, measure: BodyMeasure, across: number, rise: readonly [number, number]): Point {
  const S = frame.shoulderSpan;
  const measured = measure.heightAbove(inFrame(frame, across, 0));
  const height = Math.min(Math.max(measured ?? rise[0] * S, rise[0] * S), rise[1] * S);
  return inFrame(frame, across, -height);
}

/** A worn half-width (metres) from a half-width measured on the photo. */
const asWorn = (half: number, scale: GarmentScale) => (scale?.wearer ? half : wornHalf(half));
/** A limb's worn radius from its half-width on the photo. */
const limbAsWorn = (half: number, scale: GarmentScale) => (scale?.wearer ? half : half / (Math.PI / 2));

/**
 * Where a garment row lands down the body's axis: worn by a person, at the
 * same share of this body's torso (shoulder to hip joints) and, below the
 * hips for a dress, of its legs (hips to ankles) as on the wearer; laid flat,
 * its metres as a share of a standard torso or legs.
 */
function lengthShares(kind: GarmentKind, scale: BodyScale, rho: number, jointY: number, hipY: number, wearer: WearerLevels | null): (y: number) => number {
  const T = scale.hip;
  if (wearer) {
    const legs = Math.max(1, wearer.ankleY - hipY);
    return (y) => (kind !== 'full' || y <= hipY ? ((y - jointY) / Math.max(1, hipY - jointY)) * T : T + ((y - hipY) / legs) * (scale.ankleAlong - T));
  }
  const legScale = scale.legLength / LEG_LENGTH;
  const stretch = kind === 'upper' ? TOP_LENGTH : 1;
  const top = (y: number) => stretch * (y - jointY) * rho * scale.perMetre;
  if (kind === 'upper' && scale.seated) return (y) => (y <= hipY ? top(y) : top(hipY) + (top(y) - top(hipY)) * SEATED_DROP);
  return (y) => (kind !== 'full' || y <= hipY ? top(y) : T + (y - hipY) * rho * legScale);
}

interface PanelFit {
  scale: BodyScale;
  measure: BodyMeasure;
  worn: GarmentScale;
  /** Metres per garment pixel. */
  rho: number;
  /** The panel's flat half-width at the hips (metres), if it reaches them. */
  hipFlat: number | null;
  /** A panel row's place along the body (body-frame pixels). */
  along: (y: number) => number;
  /** Whether what hangs below the hips keeps its own flare (dresses, skirts, trousers' seat). */
  hangsBelowHips: boolean;
  /** Share of the flat flare below the hips that shows worn. */
  flareWorn: number;
}

/**
 * Where a panel row lands on the body: on the torso with the garment's ease,
 * or, hanging below the hips, the garment's own flare on the body's hips and
 * never inside the legs. Tracks the widest hanging half-width (hangHalf).
 */
function panelTargets({ scale, measure, worn, rho, hipFlat, along, hangsBelowHips, flareWorn }: PanelFit) {
  const T = scale.hip;
  const m = scale.perMetre;
  let hangHalf = 0;
  const targetAt = (y: number, left: number, right: number) => {
    const a = along(y);
    const flat = ((right - left) / 2) * rho;
    if (hangsBelowHips && a > T && hipFlat) {
      const flare = 1 + flareWorn * Math.max(0, flat / hipFlat - 1);
      const hip = (side: -1 | 1) => torsoSide(scale, measure, T, side) + easeAt(asWorn(hipFlat, worn), 0) * m;
      const half = (side: -1 | 1) => Math.max(hip(side) * flare, legReach(scale, a, side) * 1.04);
      const result = { along: a, left: half(-1), right: half(1) };
      hangHalf = Math.max(hangHalf, result.left, result.right);
      return result;
    }
    const ease = easeAt(asWorn(flat, worn), (T - a) / m) * m;
    return { along: a, left: torsoSide(scale, measure, a, -1) + ease, right: torsoSide(scale, measure, a, 1) + ease };
  };
  return {
    targetAt,
    get hangHalf() {
      return hangHalf;
    },
  };
}

function upperPlan(g: GarmentLandmarks, panel: AlphaMask, body: BodyKeypoints, measure: BodyMeasure, kind: GarmentKind, worn: GarmentScale): FitPlan {
  const scale = bodyScale(body);
  const { frame, perMetre: m } = scale;
  const S = frame.shoulderSpan;
  const T = scale.hip;
  const wearer = worn?.wearer ?? null;
  // Metres per garment pixel (./garment-scale.ts), and where the shoulder and hip joints would be on the garment.
  const rho = worn ? worn.metresPerPixel : flatTopScale(g, panel.width / 2, false);
  const jointY = wearer ? wearer.jointY : meanY(g.shoulderLeft, g.shoulderRight, g.neckLeft, g.neckRight) + SHOULDER_TOP / rho;
  const hipY = wearer ? wearer.hipY : jointY + SHOULDER_TO_HIP / rho;
  const pitY = meanY(g.armpitLeft, g.armpitRight);
  const hemY = meanY(g.hemLeft, g.hemRight);
  const centreX = g.armpitLeft && g.armpitRight ? (g.armpitLeft.x + g.armpitRight.x) / 2 : panel.width / 2;
  const natural = lengthShares(kind, scale, rho, jointY, hipY, wearer);
  // No hem past the ankles (a dress) or far past the hips (a top): a longer garment is shortened below the armpits.
  const hemLimit = kind === 'full' ? scale.ankleAlong : T + 0.45 * (scale.ankleAlong - T);
  const along = shortened(raisedArmpit(natural, jointY, pitY, hemY, ARMPIT_BELOW_JOINT * m), pitY, hemY, hemLimit);
  const hipRow = rowEdges(panel, Math.min(hipY, hemY - 1));
  const hipFlat = hipRow ? ((hipRow.right - hipRow.left) / 2) * rho : null;
  const targets = panelTargets({ scale, measure, worn, rho, hipFlat, along, hangsBelowHips: kind === 'full', flareWorn: DRESS_FLARE_WORN });
  const targetAt = targets.targetAt;
  const pairs = sidePairs(panel, pitY, hemY - HEM_INSET * (hemY - pitY), targetAt, frame);
  pairs.push(...hemPairs(g, hemY, targetAt, frame));
  const sides = [
    [-1, g.neckLeft, g.shoulderLeft, 'Left'],
    [1, g.neckRight, g.shoulderRight, 'Right'],
  ] as const;
  const strapped = !(g.cuffLeftOuter || g.cuffRightOuter);
  for (const [sign, neck, shoulder, name] of sides) {
    const acrossOf = (p: Point) => Math.abs(p.x - centreX) * rho * (S / 2 / SHOULDER_HALF);
    if (neck) {
      const half = Math.min(Math.max(acrossOf(neck), 0.14 * S), 0.32 * S);
      pairs.push({ name: `neck${name}`, garment: neck, body: onOutline(frame, measure, sign * half, [0.1, 0.3]) });
    }
    if (shoulder) {
      // A seam sits out at the end of the shoulder; a strap where it is cut, on the shoulder's top.
      const across = strapped ? Math.min(acrossOf(shoulder), 0.58 * S) : 0.53 * S;
      const top = onOutline(frame, measure, sign * Math.min(across, 0.42 * S), [0.03, 0.22]);
      pairs.push({ name: `shoulder${name}`, garment: shoulder, body: { x: top.x + frame.across.x * sign * (across - Math.min(across, 0.42 * S)), y: top.y + frame.across.y * sign * (across - Math.min(across, 0.42 * S)) } });
    }
  }
  // Where the panel's armpits land: each sleeve's root runs from the shoulder's top down to there.
  const pits = pairs.filter((p) => p.name === 'side left 0' || p.name === 'side right 0').map((p) => p.body);
  const limbs = sleevePlans(g, scale, rho, worn, measure, pits.length === 2 ? (pits as [Point, Point]) : null);
  return { frame, pairs, limbs, hangHalf: targets.hangHalf };
}

/** The hem's corners, where the sides end at the hem's level. */
function hemPairs(g: GarmentLandmarks, hemY: number, place: (y: number, left: number, right: number) => { along: number; left: number; right: number } | null, frame: BodyFrame): LandmarkPair[] {
  if (!g.hemLeft || !g.hemRight) return [];
  const target = place(hemY, g.hemLeft.x, g.hemRight.x);
  if (!target) return [];
  return [
    { name: 'hemLeft', garment: g.hemLeft, body: inFrame(frame, -target.left, target.along) },
    { name: 'hemRight', garment: g.hemRight, body: inFrame(frame, target.right, target.along) },
  ];
}

/**
 * A flat armhole is deeper than the drop from shoulder to armpit worn (the
 * sleeve's underside wraps round the arm): the armpit's row goes no lower
 * than `limit` down the body, the rows above it squeezed and those below
 * spread so the hem stays where the garment's length puts it.
 */
function raisedArmpit(along: (y: number) => number, jointY: number, pitY: number, hemY: number, limit: number): (y: number) => number {
  const pit = along(pitY);
  if (pit <= limit || pitY <= jointY || hemY <= pitY) return along;
  const top = along(jointY);
  const hem = along(hemY);
  return (y) => {
    if (y <= jointY) return along(y);
    if (y <= pitY) return top + ((limit - top) * (y - jointY)) / (pitY - jointY);
    if (y <= hemY) return limit + ((hem - limit) * (y - pitY)) / (hemY - pitY);
    return along(y);
  };
}

/** `along` squeezed between `from` and `to` (garment rows) so that `to` lands no further than `limit`. */
function shortened(along: (y: number) => number, from: number, to: number, limit: number): (y: number) => number {
  const start = along(from);
  const end = along(to);
  if (end <= limit || end <= start) return along;
  const squeeze = (limit - start) / (end - start);
  return (y) => (y <= from ? along(y) : start + (along(y) - start) * squeeze);
}

/** Ease (metres) a worn half-width keeps over the standard torso `above` metres above the hips. */
function easeAt(half: number, above: number): number {
  return Math.min(MAX_EASE, Math.max(0, half - torsoHalf(above)));
}

/** A limb's radius: measured on the mask, within a range of the standard one (which it replaces where the mask cannot tell). */
function limbRadius(measure: BodyMeasure, path: readonly Point[], s: number, standard: number): number {
  const measured = measure.limbHalf(path, s);
  if (measured === null) return standard;
  return Math.min(Math.max(measured, standard * LIMB_RANGE[0]), standard * LIMB_RANGE[1]);
}

function sleevePlans(g: GarmentLandmarks, scale: BodyScale, rho: number, worn: GarmentScale, measure: BodyMeasure, pits: [Point, Point] | null): LimbPlan[] {
  const plans: LimbPlan[] = [];
  const m = scale.perMetre;
  const sides = [
    [-1, g.shoulderLeft, g.armpitLeft, g.cuffLeftOuter, g.cuffLeftInner, 0],
    [1, g.shoulderRight, g.armpitRight, g.cuffRightOuter, g.cuffRightInner, 1],
  ] as const;
  for (const [side, seam, pit, outer, inner, index] of sides) {
    if (!seam || !pit || !outer || !inner) continue;
    const path = scale.armPath[index];
    const armLength = pathLength(path.slice(0, 3));
    // The sleeve's length (its top edge, from the seam) as a share of a standard arm, on this arm (foreshortened as it is).
    const length = Math.min((distance(seam, outer) * rho) / ARM_LENGTH, 1.05) * armLength;
    const rootHalf = distance(seam, pit) / 2;
    const endHalf = distance(outer, inner) / 2;
    const half = (s: number) => {
      const metres = (s / armLength) * ARM_LENGTH;
      const t = Math.min(1, Math.max(0, s / Math.max(1, length)));
      const flat = (rootHalf + (endHalf - rootHalf) * t) * rho;
      const ease = Math.min(MAX_LIMB_EASE, Math.max(0, limbAsWorn(flat, worn) - armRadius(metres)));
      return limbRadius(measure, path, s, armRadius(metres) * scale.breadth * m) + ease * m;
    };
    const centre = torsoCentre(scale);
    // The root's inner end: the panel's armpit, as far along the upper arm as it lies (none for an arm raised past level).
    const upper = { x: path[1].x - path[0].x, y: path[1].y - path[0].y };
    const upperLength = Math.hypot(upper.x, upper.y) || 1;
    const bodyPit = pits?.[index];
    const startInner = bodyPit ? Math.min(0.5 * length, Math.max(0, ((bodyPit.x - path[0].x) * upper.x + (bodyPit.y - path[0].y) * upper.y) / upperLength)) : 0;
    const away = (foot: Point) => ({ x: foot.x - centre.x, y: foot.y - centre.y });
    const innerHalf = bodyPit && startInner > 0 ? rootToArmpit(path, away, bodyPit, startInner, half, ROOT_BLEND * length, armRadius(0) * scale.breadth * m) : undefined;
    plans.push({ side, source: { rootOuter: seam, rootInner: pit, endOuter: outer, endInner: inner }, path, start: 0, startInner, length, half, innerHalf, away });
  }
  return plans;
}

/**
 * A sleeve's inner half-width near its root: the root's inner end (the
 * garment's armpit) lands on the panel's armpit, at the torso's side, not a
 * sleeve's half-width in from the arm, and widens to the sleeve's own
 * half-width `blend` pixels further along.
 */
function rootToArmpit(path: readonly Point[], away: (foot: Point) => Point, pit: Point, startInner: number, half: (s: number) => number, blend: number, least: number): (s: number) => number {
  const { r } = limbCoordinates(path, away, pit);
  const atRoot = Math.max(least, -r);
  return (s) => {
    const t = Math.max(0, Math.min(1, (s - startInner) / Math.max(1, blend)));
    const full = half(s);
    return Math.min(full, atRoot + (full - atRoot) * t);
  };
}

function torsoCentre(scale: BodyScale): Point {
  return inFrame(scale.frame, 0, scale.frame.torsoLength / 2);
}

function lowerPlan(g: GarmentLandmarks, panel: AlphaMask, body: BodyKeypoints, measure: BodyMeasure, skirt: boolean, worn: GarmentScale): FitPlan {
  const scale = bodyScale(body);
  const { frame, perMetre: m } = scale;
  const T = scale.hip;
  const waistSpan = g.waistLeft && g.waistRight ? distance(g.waistLeft, g.waistRight) : panel.width / 2;
  const rho = worn ? worn.metresPerPixel : (2 * WAIST_FLAT_HALF) / waistSpan;
  const waistY = meanY(g.waistLeft, g.waistRight);
  const wearer = worn?.wearer ?? null;
  const hipY = wearer ? wearer.hipY : waistY + WAISTBAND_ABOVE_HIP / rho;
  const bandAlong = T - WAISTBAND_ABOVE_HIP * m;
  const legScale = scale.legLength / LEG_LENGTH;
  const natural = wearer ? lengthShares('full', scale, rho, wearer.jointY, hipY, wearer) : (y: number) => (y <= hipY ? bandAlong + (y - waistY) * rho * m : T + (y - hipY) * rho * legScale);
  const along = shortened(natural, waistY, meanY(g.hemLeft, g.hemRight, g.legLeftOuter, g.legRightOuter), scale.ankleAlong);
  const pairs: LandmarkPair[] = [];
  const hipRow = rowEdges(panel, hipY);
  const hipFlat = hipRow ? ((hipRow.right - hipRow.left) / 2) * rho : null;
  const targets = panelTargets({ scale, measure, worn, rho, hipFlat, along, hangsBelowHips: true, flareWorn: 1 });
  const targetAt = targets.targetAt;
  if (skirt) {
    const hemY = meanY(g.hemLeft, g.hemRight);
    pairs.push(...sidePairs(panel, waistY + 1, hemY - HEM_INSET * (hemY - waistY), targetAt, frame));
    pairs.push(...hemPairs(g, hemY, targetAt, frame));
    return { frame, pairs, limbs: [], hangHalf: targets.hangHalf };
  }
  const crotch = g.crotch;
  const bottom = crotch ? crotch.y : waistY + (CROTCH_BELOW_HIP + WAISTBAND_ABOVE_HIP) / rho;
  pairs.push(...sidePairs(panel, waistY + 1, bottom, targetAt, frame));
  if (crotch) pairs.push({ name: 'crotch', garment: crotch, body: inFrame(frame, 0, Math.min(along(crotch.y), T + CROTCH_BELOW_HIP * 1.3 * m)) });
  const limbs: LimbPlan[] = [];
  const legs = [
    [-1, g.legLeftOuter, g.legLeftInner, 0],
    [1, g.legRightOuter, g.legRightInner, 1],
  ] as const;
  for (const [side, outer, inner, index] of legs) {
    if (!outer || !inner || !crotch) continue;
    const edges = rowEdges(panel, crotch.y - 2);
    const outerTop = edges ? { x: side < 0 ? edges.left : edges.right, y: crotch.y } : { x: outer.x, y: crotch.y };
    const root = mid(outerTop, crotch);
    const end = mid(outer, inner);
    const path = scale.legPath[index];
    const legLength = pathLength(path) - (scale.hip - frame.torsoLength);
    // The path starts at the pose's hip point, a little above the joint.
    const drop = scale.hip - frame.torsoLength;
    const start = drop + (CROTCH_BELOW_HIP / LEG_LENGTH) * legLength;
    const reach = drop + ((CROTCH_BELOW_HIP + LEG_PART_LENGTH * distance(root, end) * rho) / LEG_LENGTH) * legLength;
    const length = Math.min(reach, drop + legLength * 1.03) - start;
    const rootHalf = distance(outerTop, crotch) / 2;
    const endHalf = distance(outer, inner) / 2;
    const half = (s: number) => {
      const metres = (Math.max(0, s - drop) / legLength) * LEG_LENGTH;
      const t = Math.min(1, Math.max(0, (s - start) / Math.max(1, length)));
      const flat = (rootHalf + (endHalf - rootHalf) * t) * rho;
      const ease = Math.min(MAX_LIMB_EASE, Math.max(0, limbAsWorn(flat, worn) - legRadius(metres)));
      return limbRadius(measure, path, s, legRadius(metres) * scale.breadth * m) + ease * m;
    };
    const out = { x: frame.across.x * side, y: frame.across.y * side };
    limbs.push({ side, source: { rootOuter: outerTop, rootInner: crotch, endOuter: outer, endInner: inner }, path, start, length, half, away: () => out });
  }
  return { frame, pairs, limbs, hangHalf: targets.hangHalf };
}

/** The plan that puts a garment of `kind` on this body; `panel` is the garment's panel part (./garment-parts.ts). */
export function planFit(kind: GarmentKind, garment: GarmentLandmarks, panel: AlphaMask, body: BodyKeypoints, measure: BodyMeasure, worn: GarmentScale = null): FitPlan {
  if (kind === 'lower') return lowerPlan(garment, panel, body, measure, !garment.crotch, worn);
  return upperPlan(garment, panel, body, measure, kind, worn);
}
