// Where a garment's parts are on its silhouette (garmentSilhouette: the
// mask mended where a background remover bit into it). Tops and dresses: the
// neckline is the concavity under the top of the convex hull, its corners
// where the outline climbing out of it settles on the hull; the frame
// (across, down) comes from those two corners, so a tilted photo reads the
// same; each side's outline from neck to hem gives the armpit (its first
// concave corner, or the top of the gap a sleeve encloses against the body;
// for a sleeve hanging close beside the body, where the two sides of the
// narrow gap between them meet when extended, since a mask closes it before
// its top), the cuff corners (the far pair of the simplified sleeve outline),
// the shoulder (the sharp bend from shoulder line into sleeve, else the
// outline's most outward point before the sleeve) and the hem corner.
// Trousers: waistband corners, the crotch (the concavity under the bottom of
// the hull) and each leg opening's corners; skirts: waist and hem.
import {
  concavities,
  concavityHitBy,
  distanceFromLine,
  findHoles,
  fitLine,
  lastInsideAlong,
  lineCrossing,
  nearestIndex,
  ringPath,
  rowSpans,
  simplifyPath,
  smoothRing,
  traceOuterContour,
  turningAngles,
  type BinaryMask,
  type Concavity,
  type Hole,
} from '../../../imaging/contour';
import type { AlphaMask, GarmentKind, GarmentLandmarks, Point } from './fit-types';
import { filledRows, garmentSilhouette, hoodRows } from './garment-kind';

// Lengths are in garment heights.
/** Radius of the moving average over the traced outline. */
const SMOOTHING = 0.008;
/** Chord over which the outline's turning is measured. */
const TURN_STEP = 0.04;
/** How close to the hull's top edge the neckline's corners are. */
const CORNER_TOLERANCE = 0.012;
/** How near the hull's edge (beyond the nearest the outline comes) a neck corner settles. */
const NECK_SETTLE = 0.003;
/** How far from the simplified outline a dropped point may be. */
const SIMPLIFY_TOLERANCE = 0.02;
/** Smallest area (in squared garment heights) of a gap a sleeve encloses. */
const MIN_HOLE = 0.0005;
/** A gap under a sleeve lies at least this share as far out as the concave corner below it. */
const GAP_OUT = 0.7;
/** Depth of the concavity under the hull's bottom from which it is the gap between legs. */
const LEG_GAP = 0.12;
/** An opening's two corners stray from the way between its root and far end at least this share as far as each other. */
const OPENING_PAIR = 0.8;
/** A concavity at least this deep (garment heights) may hold an armpit. */
const MIN_ARMPIT_DEPTH = 0.025;
/** A strap's or shoulder's top runs across: its outer corner lies at most this much lower than it is out from the neck's. */
const STRAP_TOP_SLOPE = 0.6;
/** An armpit under a sleeve turns the outline inwards at least this much (radians). */
const ARMPIT_TURN = (60 * Math.PI) / 180;
/** A corner turns the outline at least this much (radians). */
const CORNER_TURN = (35 * Math.PI) / 180;
/** The stretch of each side of a narrow gap under a sleeve that is extended to its tip, from and to this far (in outline points) from the corner. */
const WEDGE_FROM = 0.02;
const WEDGE_TO = 0.12;
/** A gap under a sleeve narrower than this (radians) may hide its tip. */
const WEDGE_ANGLE = (30 * Math.PI) / 180;
/** How far above the corner the tip of a narrow gap may be. */
const WEDGE_REACH = 0.3;
/** A shoulder line bending down into a sleeve turns the outline at least this much (radians). */
const SHOULDER_TURN = (20 * Math.PI) / 180;
/** How far a sleeve reaches out of the line from neck to armpit, in that line's lengths. */
const SLEEVE_REACH = 0.35;
/** A frame tilted more than this (radians) is not trusted: the image axes are used. */
const MAX_TILT = (15 * Math.PI) / 180;
/** A top's waist: this share of the way from the armpits down to the hem. */
const TOP_WAIST = 0.6;
/** Where a dress's waist is looked for, between armpits (0) and hem (1). */
const DRESS_WAIST_FROM = 0.15;
const DRESS_WAIST_TO = 0.9;

/** The garment's biggest blob and what its outline shows. */
interface Outline {
  mask: BinaryMask;
  /** Smoothed outer contour, clockwise on screen. */
  ring: Point[];
  turning: Float64Array;
  concavities: Concavity[];
  holes: Hole[];
  height: number;
  centroid: Point;
  /** Turning chord, in ring points. */
  step: number;
}

/** The garment's own axes: `across` to the image right, `down` to its hem. */
interface Frame {
  origin: Point;
  across: Point;
  down: Point;
}

type Side = -1 | 1;

/** What one side of a top's outline shows, from neck to hem. */
interface SideReading {
  neck: Point;
  shoulder: Point;
  armpit: Point;
  cuffOuter?: Point;
  cuffInner?: Point;
  hem: Point;
}

/**
 * The landmarks of a garment of `kind` on its mask (pixel positions). Throws
 * when the mask holds no blob to trace; check garmentMaskProblem first.
 */
export function findGarmentLandmarks(mask: AlphaMask, kind: GarmentKind): GarmentLandmarks {
  if (kind === 'lower') return lowerLandmarks(readOutline(mask));
  return upperLandmarks(readOutline(withoutHood(mask)), kind);
}

/** The mask with a hood laid above the shoulders left out: the garment's top is then where the hood meets it. */
function withoutHood(mask: AlphaMask): AlphaMask {
  const spans = rowSpans(garmentSilhouette(mask));
  const rows = filledRows(spans);
  const hood = hoodRows(spans, rows);
  if (hood === 0) return mask;
  const data = Uint8ClampedArray.from(mask.data);
  data.fill(0, 0, (rows[0] + hood + 1) * mask.width);
  return { data, width: mask.width, height: mask.height };
}

function readOutline(mask: AlphaMask): Outline {
  const blob = garmentSilhouette(mask);
  const raw = traceOuterContour(blob);
  if (raw.length < 8) throw new RangeError('findGarmentLandmarks: no garment on the mask');
  const ys = raw.map((p) => p.y);
  const height = ys.reduce((a, b) => Math.max(a, b)) - ys.reduce((a, b) => Math.min(a, b)) + 1;
  const ring = smoothRing(raw, Math.max(1, Math.round(SMOOTHING * height)));
  const step = Math.max(3, Math.round(TURN_STEP * height));
  return {
    mask: blob,
    ring,
    turning: turningAngles(ring, step),
    concavities: concavities(ring),
    holes: findHoles(blob),
    height,
    centroid: centroidOf(blob),
    step,
  };
}

function centroidOf({ data, width }: BinaryMask): Point {
  let x = 0;
  let y = 0;
  let count = 0;
  for (let i = 0; i < data.length; i++) {
    if (!data[i]) continue;
    x += i % width;
    y += Math.floor(i / width);
    count++;
  }
  return { x: x / count, y: y / count };
}

// ── Points and frames ────────────────────────────────────────────────────────

function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

function midpoint(a: Point, b: Point): Point {
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
}

/** How much further p is from a and b together than a is from b: how far an outline strays from a→b. */
function detour(p: Point, a: Point, b: Point): number {
  return distance(p, a) + distance(p, b) - distance(a, b);
}

/** A frame whose `across` runs from left to right, unless that tilts too far. */
function frameThrough(left: Point, right: Point): Frame {
  const length = distance(left, right);
  const tilted = length === 0 || Math.abs(Math.atan2(right.y - left.y, right.x - left.x)) > MAX_TILT;
  const across = tilted ? { x: 1, y: 0 } : { x: (right.x - left.x) / length, y: (right.y - left.y) / length };
  return { origin: midpoint(left, right), across, down: { x: -across.y, y: across.x } };
}

/** p in the frame: `u` across (right positive), `v` down. */
function inFrame(frame: Frame, p: Point): { u: number; v: number } {
  const dx = p.x - frame.origin.x;
  const dy = p.y - frame.origin.y;
  return { u: dx * frame.across.x + dy * frame.across.y, v: dx * frame.down.x + dy * frame.down.y };
}

function fromFrame(frame: Frame, u: number, v: number): Point {
  return {
    x: frame.origin.x + u * frame.across.x + v * frame.down.x,
    y: frame.origin.y + u * frame.across.y + v * frame.down.y,
  };
}

/** Index of the item scoring highest (the first of equals). */
function argmax<T>(items: readonly T[], score: (item: T) => number): number {
  let best = 0;
  items.forEach((item, i) => {
    if (score(item) > score(items[best])) best = i;
  });
  return best;
}

// ── Tops and dresses ─────────────────────────────────────────────────────────

function upperLandmarks(outline: Outline, kind: GarmentKind): GarmentLandmarks {
  const { ring } = outline;
  const neck = findNeck(outline);
  const frame = frameThrough(ring[neck.left], ring[neck.right]);
  const hemMiddle = nearestIndex(ring, lastInsideAlong(outline.mask, ring[neck.deepest], frame.down));
  const left = readSide(outline, frame, ringPath(ring.length, neck.left, hemMiddle, -1), -1);
  const right = readSide(outline, frame, ringPath(ring.length, neck.right, hemMiddle, 1), 1);
  const [waistLeft, waistRight] = kind === 'full' ? dressWaist(outline.mask, frame, left, right) : topWaist(outline.mask, frame, left, right);
  return withoutAbsent({
    neckLeft: left.neck,
    neckRight: right.neck,
    shoulderLeft: left.shoulder,
    shoulderRight: right.shoulder,
    armpitLeft: left.armpit,
    armpitRight: right.armpit,
    cuffLeftOuter: left.cuffOuter,
    cuffLeftInner: left.cuffInner,
    cuffRightOuter: right.cuffOuter,
    cuffRightInner: right.cuffInner,
    waistLeft,
    waistRight,
    hemLeft: left.hem,
    hemRight: right.hem,
  });
}

/**
 * The neckline: the concavity under the hull's top edge over the middle. Its
 * corners are where the outline, climbing out of the dip, settles on that
 * edge (a back neckline showing through may meet it at a slant). Without a
 * dip worth the name (a collar standing up), the ends of the straight top
 * that edge lies on.
 */
function findNeck({ ring, concavities: list, centroid, height }: Outline): { left: number; right: number; deepest: number } {
  const dip = concavityHitBy(list, ring, centroid, { x: 0, y: -1 });
  if (!dip) {
    const top = argmax(ring, (p) => -p.y);
    return { left: top, right: top, deepest: top };
  }
  const offEdge = (i: number) => Math.abs(distanceFromLine(ring[i], ring[dip.start], ring[dip.end]));
  const settle = Math.max(1, NECK_SETTLE * height);
  if (dip.depth <= Math.max(1.5, CORNER_TOLERANCE * height)) {
    const next = (i: number, step: 1 | -1) => (i + step + ring.length) % ring.length;
    let left = dip.start;
    while (next(left, -1) !== dip.end && offEdge(next(left, -1)) <= settle) left = next(left, -1);
    let right = dip.end;
    while (next(right, 1) !== left && offEdge(next(right, 1)) <= settle) right = next(right, 1);
    return { left, right, deepest: dip.deepest };
  }
  const rim = (end: number, step: 1 | -1) => {
    const climb = ringPath(ring.length, dip.deepest, end, step);
    const closest = Math.min(...climb.map(offEdge));
    return climb.find((i) => offEdge(i) <= closest + settle) ?? end;
  };
  return { left: rim(dip.start, -1), right: rim(dip.end, 1), deepest: dip.deepest };
}

/** One side's landmarks from its outline, `path` being ring indices from the neck corner to the hem's middle. */
function readSide(outline: Outline, frame: Frame, path: readonly number[], side: Side): SideReading {
  const points = path.map((i) => outline.ring[i]);
  for (const split of [sharpConcaveCorner(outline, path), deepestConcavity(outline, path)]) {
    const sleeved = split !== undefined && readSleevedSide(outline, frame, path, split, side);
    if (sleeved) return sleeved;
  }
  return readStrapSide(outline, frame, path, points, side);
}

/**
 * Position on the path of the deepest point of the deepest concavity along
 * it (past the neck): where a sleeve meets the body when the corner there is
 * too open to turn like an armpit (a sleeve laid out nearly level).
 */
function deepestConcavity({ concavities: list, height, step }: Outline, path: readonly number[]): number | undefined {
  const position = new Map(path.map((index, k) => [index, k]));
  let best: { at: number; depth: number } | undefined;
  for (const c of list) {
    const at = position.get(c.deepest);
    if (at === undefined || at < step || at > path.length - step || c.depth < MIN_ARMPIT_DEPTH * height) continue;
    if (!best || c.depth > best.depth) best = { at, depth: c.depth };
  }
  return best?.at;
}

/**
 * A sleeved side (`path`: ring indices from the neck corner to the hem's
 * middle, the concave corner at `split`): the armpit is that corner, or the
 * tip of the narrow gap it ends, or the top of the gap the sleeve encloses;
 * the cuff the far pair of corners of the outline from neck to armpit; the
 * shoulder its sharp bend before the cuff, else its most outward point.
 * Undefined when the outline before the concave corner strays too little
 * from the straight way to be a sleeve.
 */
function readSleevedSide(outline: Outline, frame: Frame, path: readonly number[], split: number, side: Side): SideReading | undefined {
  const points = path.map((i) => outline.ring[i]);
  const neck = points[0];
  const hole = enclosedGap(outline, frame, side, neck, points[split]);
  const pit = hole ? hole.top : (wedgeTip(points, split, frame, outline.height) ?? points[split]);
  const sleevePath = points.slice(0, split + 1);
  if (!hole && sleeveReach(sleevePath, neck, pit) < SLEEVE_REACH * distance(neck, pit)) return undefined;
  const tolerance = SIMPLIFY_TOLERANCE * outline.height;
  // A sleeve reaches out past its armpit; a strap over an armhole does not.
  const outward = (p: Point) => side * inFrame(frame, p).u;
  if (!hole && Math.max(...sleevePath.map(outward)) <= outward(pit) + tolerance) return undefined;
  const hem = hemCorner(points.slice(split), frame, side);
  const cuff = openingCorners(sleevePath, neck, pit, tolerance);
  if (!cuff) return { neck, shoulder: shoulderOn(sleevePath, pit, frame, side, tolerance), armpit: pit, hem };
  const corner = shoulderCorner(outline, path.slice(0, cuff.outer + 1));
  return {
    neck,
    shoulder: corner !== undefined ? points[corner] : shoulderOn(sleevePath.slice(0, cuff.outer + 1), pit, frame, side, tolerance),
    armpit: pit,
    cuffOuter: sleevePath[cuff.outer],
    cuffInner: sleevePath[cuff.inner],
    hem,
  };
}

/**
 * Where a narrow gap between a hanging sleeve and the body really ends: its
 * two sides (the sleeve's underside above the corner on the path, the body's
 * side below it) extended till they cross. Near its top such a gap is too
 * narrow for a mask to show, so the corner the outline turns at lies below
 * the armpit. Undefined for a wide corner (its tip shows) or when the sides
 * cross nowhere near and above the corner.
 */
function wedgeTip(points: readonly Point[], corner: number, frame: Frame, height: number): Point | undefined {
  const near = Math.round(WEDGE_FROM * height);
  const far = Math.round(WEDGE_TO * height);
  const sleeve = fitLine(points.slice(Math.max(0, corner - far), Math.max(0, corner - near)));
  const body = fitLine(points.slice(corner + near, corner + far));
  if (!sleeve || !body) return undefined;
  const between = Math.acos(Math.min(1, Math.abs(sleeve.direction.x * body.direction.x + sleeve.direction.y * body.direction.y)));
  if (between > WEDGE_ANGLE) return undefined;
  const tip = lineCrossing(sleeve, body);
  if (!tip) return undefined;
  const rise = inFrame(frame, points[corner]).v - inFrame(frame, tip).v;
  return rise >= 0 && distance(tip, points[corner]) <= WEDGE_REACH * height ? tip : undefined;
}

/**
 * A sleeveless side: past the neck corner, the first convex corner is the
 * strap's (or shoulder's) high outer corner, the next the side's top corner
 * under the armhole, if it comes before halfway down.
 */
function readStrapSide(outline: Outline, frame: Frame, path: readonly number[], points: readonly Point[], side: Side): SideReading {
  const corners = convexCorners(outline, path);
  const v = (k: number) => inFrame(frame, points[k]).v;
  // A strap narrower than a corner's reach, or rounded, shows no outer corner
  // of its own: the first corner found then lies past the armhole's curve, or
  // steeply below the neck (a strap's top runs across), and is the armpit.
  const first = corners[0];
  if (first !== undefined) {
    const armhole = deepestConcavity(outline, path);
    const pastArmhole = armhole !== undefined && armhole < first;
    const drop = v(first) - v(0);
    const across = Math.abs(inFrame(frame, points[first]).u - inFrame(frame, points[0]).u);
    if (pastArmhole || drop > STRAP_TOP_SLOPE * across) {
      const strapTop = strapOuterTop(points.slice(0, pastArmhole ? armhole : first), frame, side, SIMPLIFY_TOLERANCE * outline.height);
      const armpitAt = first + sideCorner(points.slice(first), frame, side);
      return { neck: points[0], shoulder: points[strapTop], armpit: points[armpitAt], hem: hemCorner(points.slice(armpitAt), frame, side) };
    }
  }
  const shoulderAt = corners[0] ?? 0;
  const halfway = (v(shoulderAt) + v(points.length - 1)) / 2;
  const armpitAt = corners[1] !== undefined && v(corners[1]) <= halfway ? corners[1] : shoulderAt + sideCorner(points.slice(shoulderAt), frame, side);
  return { neck: points[0], shoulder: points[shoulderAt], armpit: points[armpitAt], hem: hemCorner(points.slice(armpitAt), frame, side) };
}

/** Index of a strap's outer top: the most outward point as high as the strap's top (within `tolerance`). */
function strapOuterTop(strap: readonly Point[], frame: Frame, side: Side, tolerance: number): number {
  const top = Math.min(...strap.map((p) => inFrame(frame, p).v));
  return argmax(strap, (p) => {
    const { u, v } = inFrame(frame, p);
    return v <= top + tolerance ? side * u : -Infinity;
  });
}

/**
 * Position on the path of its first sharp concave corner past the neck
 * corner: the most concave point of the first stretch turning at least half
 * as hard as the sharpest; undefined when nothing turns as hard as an armpit.
 */
function sharpConcaveCorner({ turning, step }: Outline, path: readonly number[]): number | undefined {
  const from = Math.min(step, path.length - 1);
  const to = Math.max(from + 1, path.length - step);
  let sharpest = from;
  for (let k = from; k < to; k++) if (turning[path[k]] < turning[path[sharpest]]) sharpest = k;
  if (turning[path[sharpest]] > -ARMPIT_TURN) return undefined;
  const threshold = turning[path[sharpest]] / 2;
  let k = from;
  while (turning[path[k]] > threshold) k++;
  let corner = k;
  for (; k < to && turning[path[k]] <= threshold; k++) if (turning[path[k]] < turning[path[corner]]) corner = k;
  return corner;
}

/** Positions on the path (past the neck corner) of convex corners: turning peaks over CORNER_TURN, half a step apart at least. */
function convexCorners({ turning, step }: Outline, path: readonly number[]): number[] {
  const at = (k: number) => turning[path[k]];
  const reach = Math.ceil(step / 2);
  const corners: number[] = [];
  for (let k = step; k < path.length - reach; k++) {
    if (at(k) < CORNER_TURN) continue;
    let peak = true;
    for (let j = k - reach; j <= k + reach && peak; j++) peak = j < k ? at(j) < at(k) : j === k || at(j) <= at(k);
    if (peak) corners.push(k);
  }
  return corners;
}

/** The hem's corner on this side: the point furthest down and out. */
function hemCorner(body: readonly Point[], frame: Frame, side: Side): Point {
  return body[argmax(body, (p) => side * inFrame(frame, p).u + inFrame(frame, p).v)];
}

/**
 * A sleeve whose cuff touches the body encloses the gap under it: the biggest
 * hole on this side, out by the body's side (not a hole in the middle), its
 * top between the neck and the outline's concave corner.
 */
function enclosedGap(outline: Outline, frame: Frame, side: Side, neck: Point, corner: Point): Hole | undefined {
  const from = inFrame(frame, neck).v;
  const { u: cornerAcross, v: to } = inFrame(frame, corner);
  const gaps = outline.holes.filter((hole) => {
    const top = inFrame(frame, hole.top).v;
    const out = side * inFrame(frame, hole.centroid).u;
    return hole.area >= MIN_HOLE * outline.height ** 2 && out >= GAP_OUT * side * cornerAcross && top > from && top < to;
  });
  return gaps.sort((a, b) => b.area - a.area)[0];
}

/** How far the outline strays from the straight way between neck and armpit. */
function sleeveReach(path: readonly Point[], neck: Point, pit: Point): number {
  return path.reduce((most, p) => Math.max(most, detour(p, neck, pit)), 0);
}

/**
 * The two ends of an opening (cuff or leg) on an outline starting at `root`:
 * the corner of its simplified polygon (past the first) furthest from the way
 * between `root` and `far` — the far end of a sleeve or leg — and its
 * neighbour: the one before it when that is nearly as far (the opening's
 * other corner), else the one after (a short wide sleeve whose opening runs
 * back to the armpit). In path order.
 */
function openingCorners(path: readonly Point[], root: Point, far: Point, tolerance: number): { outer: number; inner: number } | undefined {
  const corners = simplifyPath(path, Math.max(1.5, tolerance)).slice(1);
  if (corners.length < 2) return undefined;
  const away = corners.map((c) => detour(path[c], root, far));
  const tip = argmax(corners.slice(0, -1).map((_, k) => k), (k) => away[k]);
  const pair = tip > 0 && away[tip - 1] >= OPENING_PAIR * away[tip] ? tip - 1 : tip;
  return { outer: corners[pair], inner: corners[pair + 1] };
}

/** A sleeveless side's corner without a clear turn: the point furthest out (and not far down) before halfway down. */
function sideCorner(body: readonly Point[], frame: Frame, side: Side): number {
  const start = inFrame(frame, body[0]).v;
  const halfway = start + (inFrame(frame, body[body.length - 1]).v - start) / 2;
  return argmax(body, (p) => {
    const { u, v } = inFrame(frame, p);
    return v <= halfway ? side * u - 0.5 * v : -Infinity;
  });
}

/**
 * Position on the path from the neck corner to the cuff of the shoulder's
 * corner, where the shoulder line bends down into the sleeve: its sharpest
 * convex turn, away from both ends; undefined when nothing turns as much as
 * SHOULDER_TURN (a sleeve carrying on the shoulder's slope).
 */
function shoulderCorner({ turning, step }: Outline, path: readonly number[]): number | undefined {
  let sharpest: number | undefined;
  for (let k = step; k < path.length - step; k++) {
    if (turning[path[k]] >= SHOULDER_TURN && (sharpest === undefined || turning[path[k]] > turning[path[sharpest]])) sharpest = k;
  }
  return sharpest;
}

/**
 * The shoulder on the outline from the neck corner to the cuff (or armpit):
 * its point furthest out (up and away from the middle) from the line joining
 * its ends; when none stands out by `tolerance` (a sleeve carrying on the
 * shoulder's slope), the point straight above the armpit.
 */
function shoulderOn(path: readonly Point[], pit: Point, frame: Frame, side: Side, tolerance: number): Point {
  const a = path[0];
  const b = path[path.length - 1];
  const outward = { x: a.x + side * frame.across.x - frame.down.x, y: a.y + side * frame.across.y - frame.down.y };
  const sign = Math.sign(distanceFromLine(outward, a, b)) || 1;
  const furthest = path[argmax(path, (p) => sign * distanceFromLine(p, a, b))];
  if (sign * distanceFromLine(furthest, a, b) >= tolerance) return furthest;
  const pitAcross = inFrame(frame, pit).u;
  return path[argmax(path, (p) => -Math.abs(inFrame(frame, p).u - pitAcross))];
}

/** Where the body's sides are across the frame, `v` down it. */
function sidesAt(mask: BinaryMask, frame: Frame, v: number): [Point, Point] {
  const axis = fromFrame(frame, 0, v);
  const back = { x: -frame.across.x, y: -frame.across.y };
  return [lastInsideAlong(mask, axis, back), lastInsideAlong(mask, axis, frame.across)];
}

/** Armpit and hem levels down the frame, each the mean of both sides. */
function bodyLevels(frame: Frame, left: SideReading, right: SideReading): { pit: number; hem: number } {
  const v = (p: Point) => inFrame(frame, p).v;
  return { pit: (v(left.armpit) + v(right.armpit)) / 2, hem: (v(left.hem) + v(right.hem)) / 2 };
}

/** A top's waist: its sides 60% of the way from the armpits to the hem. */
function topWaist(mask: BinaryMask, frame: Frame, left: SideReading, right: SideReading): [Point, Point] {
  const { pit, hem } = bodyLevels(frame, left, right);
  return sidesAt(mask, frame, pit + TOP_WAIST * (hem - pit));
}

/** A dress's waist: where its body is narrowest between armpits and hem (the middle of a narrowest stretch). */
function dressWaist(mask: BinaryMask, frame: Frame, left: SideReading, right: SideReading): [Point, Point] {
  const { pit, hem } = bodyLevels(frame, left, right);
  const levels: number[] = [];
  for (let v = pit + DRESS_WAIST_FROM * (hem - pit); v <= pit + DRESS_WAIST_TO * (hem - pit); v++) levels.push(v);
  if (levels.length === 0) return sidesAt(mask, frame, pit + TOP_WAIST * (hem - pit));
  const widths = levels.map((v) => {
    const [a, b] = sidesAt(mask, frame, v);
    return distance(a, b);
  });
  const narrowest = Math.min(...widths);
  const near = levels.filter((_, k) => widths[k] <= narrowest + 1);
  return sidesAt(mask, frame, near[Math.floor(near.length / 2)]);
}

// ── Trousers, shorts and skirts ──────────────────────────────────────────────

function lowerLandmarks(outline: Outline): GarmentLandmarks {
  const { ring } = outline;
  const imageFrame: Frame = { origin: outline.centroid, across: { x: 1, y: 0 }, down: { x: 0, y: 1 } };
  const guess = waistCorners(ring, imageFrame);
  const frame = frameThrough(ring[guess.left], ring[guess.right]);
  const waist = waistCorners(ring, frame);
  const waistLeft = ring[waist.left];
  const waistRight = ring[waist.right];
  const gap = concavityHitBy(outline.concavities, ring, outline.centroid, frame.down);
  if (!gap || gap.depth < LEG_GAP * outline.height) {
    const hem = (side: Side) => ring[argmax(ring, (p) => side * inFrame(frame, p).u + inFrame(frame, p).v)];
    return { waistLeft, waistRight, hemLeft: hem(-1), hemRight: hem(1) };
  }
  const crotch = ring[gap.deepest];
  const tolerance = SIMPLIFY_TOLERANCE * outline.height;
  const leg = (from: number, step: 1 | -1) => {
    const path = ringPath(ring.length, from, gap.deepest, step).map((i) => ring[i]);
    const opening = openingCorners(path, path[0], crotch, tolerance);
    return opening && { outer: path[opening.outer], inner: path[opening.inner] };
  };
  const left = leg(waist.left, -1);
  const right = leg(waist.right, 1);
  return withoutAbsent({
    waistLeft,
    waistRight,
    crotch,
    legLeftOuter: left?.outer,
    legLeftInner: left?.inner,
    legRightOuter: right?.outer,
    legRightInner: right?.inner,
  });
}

/** The waistband's top corners: the points furthest up and out on each side. */
function waistCorners(ring: readonly Point[], frame: Frame): { left: number; right: number } {
  const corner = (side: Side) => argmax(ring, (p) => side * inFrame(frame, p).u - inFrame(frame, p).v);
  return { left: corner(-1), right: corner(1) };
}

/** The landmarks with the absent ones left out rather than undefined. */
function withoutAbsent(landmarks: GarmentLandmarks): GarmentLandmarks {
  return Object.fromEntries(Object.entries(landmarks).filter(([, p]) => p !== undefined)) as GarmentLandmarks;
}
