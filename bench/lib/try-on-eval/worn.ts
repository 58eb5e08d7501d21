// A garment worn on a posed body (body.ts): its 3-D shell as POV-Ray text,
// and where its landmarks are on the body (body-local metres). The shell is
// the body's own shapes grown by the garment's ease and cut where the
// garment ends: torso and shoulders for a top (a scooped neckline cut out,
// straps only where a tank has them), tubes along the arms as far as the
// sleeve goes, tubes along the legs for trousers, and a flared cone from the
// waist for skirts and dresses, wide enough to hold both legs.
import { torsoAt, v3, vadd, vlen, vnorm, vscale, vsub, type Person, type V3 } from './body';
import type { GarmentSpec } from './garment';

export const vec = (p: V3) => `<${p.x.toFixed(4)}, ${p.y.toFixed(4)}, ${p.z.toFixed(4)}>`;
const num = (n: number) => n.toFixed(4);

/** The body's levels a garment refers to. */
export function levels(person: Person) {
  const shoulderY = (person.arms[0].shoulder.y + person.arms[1].shoulder.y) / 2;
  const hipY = (person.legs[0].hip.y + person.legs[1].hip.y) / 2;
  const waistY = person.torso[2].y;
  const ankleY = (person.legs[0].ankle.y + person.legs[1].ankle.y) / 2;
  return { shoulderY, hipY, waistY, ankleY, pitY: shoulderY - 1.9 * person.radii.upperArm, waistbandY: hipY + (waistY - hipY) * 0.55, crotchY: hipY - person.height * 0.045 };
}

/** A point `length` along a polyline (past its end it goes on straight). */
export function alongPolyline(path: readonly V3[], length: number): V3 {
  let left = length;
  for (let i = 0; i < path.length - 1; i++) {
    const segment = vlen(vsub(path[i + 1], path[i]));
    if (left <= segment || i === path.length - 2) return vadd(path[i], vscale(vnorm(vsub(path[i + 1], path[i])), left));
    left -= segment;
  }
  return path[0];
}

export function polylineLength(path: readonly V3[]): number {
  let total = 0;
  for (let i = 0; i < path.length - 1; i++) total += vlen(vsub(path[i + 1], path[i]));
  return total;
}

/** The points of a path up to `length` along it. */
function pathTo(path: readonly V3[], length: number): V3[] {
  const out = [path[0]];
  let travelled = 0;
  for (let i = 0; i < path.length - 1; i++) {
    const segment = vlen(vsub(path[i + 1], path[i]));
    if (travelled + segment >= length) break;
    travelled += segment;
    out.push(path[i + 1]);
  }
  out.push(alongPolyline(path, length));
  return out;
}

/** A tube along `points` with radii interpolated by arc length from `radii` (given at the path's original joints). */
function tube(points: V3[], radiusAt: (length: number) => number): string {
  const lengths = points.map((_, i) => polylineLength(points.slice(0, i + 1)));
  const clean = points.filter((_, i) => i === 0 || lengths[i] - lengths[i - 1] > 1e-4);
  const cleanLengths = lengths.filter((_, i) => i === 0 || lengths[i] - lengths[i - 1] > 1e-4);
  if (clean.length < 2) return '';
  return `sphere_sweep { linear_spline ${clean.length}, ${clean.map((p, i) => `${vec(p)}, ${num(radiusAt(cleanLengths[i]))}`).join(', ')} }`;
}

/** Arm radius `length` metres down the arm from the shoulder joint. */
export function armRadius(person: Person, side: 0 | 1, length: number): number {
  const arm = person.arms[side];
  const upper = vlen(vsub(arm.elbow, arm.shoulder));
  const fore = vlen(vsub(arm.wrist, arm.elbow));
  const { upperArm, elbow, wrist } = person.radii;
  if (length <= upper) return upperArm + (elbow - upperArm) * (length / upper);
  return elbow + (wrist - elbow) * Math.min(1, (length - upper) / fore);
}

export function legRadius(person: Person, side: 0 | 1, length: number): number {
  const leg = person.legs[side];
  const thigh = vlen(vsub(leg.knee, leg.hip));
  const shin = vlen(vsub(leg.ankle, leg.knee));
  const { thigh: rt, knee, ankle } = person.radii;
  if (length <= thigh) return rt + (knee - rt) * (length / thigh);
  return knee + (ankle - knee) * Math.min(1, (length - thigh) / shin);
}

export const armPath = (person: Person, side: 0 | 1) => [person.arms[side].shoulder, person.arms[side].elbow, person.arms[side].wrist];
export const legPath = (person: Person, side: 0 | 1) => [person.legs[side].hip, person.legs[side].knee, person.legs[side].ankle];

/** A closed lathe (solid of revolution about the body's axis) through (radius, y) pairs, flattened front to back by `depth`. */
export function lathe(profile: readonly [number, number][], depth: number): string {
  const bottom = profile[0][1];
  const top = profile[profile.length - 1][1];
  const points = [[0, bottom], ...profile, [0, top]] as [number, number][];
  return `lathe { linear_spline ${points.length}, ${points.map(([r, y]) => `<${num(Math.max(0, r))}, ${num(y)}>`).join(', ')} scale <1, 1, ${num(depth)}> }`;
}

/** The torso's profile between two heights, grown by `ease`. */
export function torsoProfile(person: Person, from: number, to: number, ease: number, steps = 14): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i <= steps; i++) {
    const y = from + ((to - from) * i) / steps;
    out.push([torsoAt(person, y).half + ease, y]);
  }
  return out;
}

/** The mean depth ratio (half-depth over half-width) of the torso between two heights. */
export function torsoDepth(person: Person, from: number, to: number): number {
  let sum = 0;
  for (let i = 0; i <= 8; i++) {
    const t = torsoAt(person, from + ((to - from) * i) / 8);
    sum += t.depth / t.half;
  }
  return sum / 9;
}

/** How far out from the axis the legs reach at height y (x and z), for a skirt to clear them. */
function legReach(person: Person, y: number): { x: number; z: number } {
  let x = 0;
  let z = 0;
  for (const side of [0, 1] as const) {
    const path = legPath(person, side);
    for (let l = 0; l <= polylineLength(path); l += 0.02) {
      const p = alongPolyline(path, l);
      if (Math.abs(p.y - y) > 0.03) continue;
      const r = legRadius(person, side, l);
      x = Math.max(x, Math.abs(p.x) + r);
      z = Math.max(z, Math.abs(p.z) + r);
    }
  }
  return { x, z };
}

/** How far from the axis the arms' inner edges are at height y (arms beside the body only), or null where no arm is. */
function armRoom(person: Person, y: number, depth: number): number | null {
  let room: number | null = null;
  for (const side of [0, 1] as const) {
    const path = [...armPath(person, side), person.arms[side].hand];
    for (let l = 0; l <= polylineLength(path); l += 0.015) {
      const p = alongPolyline(path, l);
      if (Math.abs(p.y - y) > 0.02 || Math.abs(p.z) > depth) continue;
      const inner = Math.abs(p.x) - armRadius(person, side, Math.min(l, polylineLength(armPath(person, side)))) * 1.3 - 0.006;
      room = room === null ? inner : Math.min(room, inner);
    }
  }
  return room;
}

/** A skirt's cone: its radius from the waistband to the hem, and its depth ratio. */
export function skirtShape(person: Person, spec: GarmentSpec, topY: number, clearOfArms = true) {
  const L = levels(person);
  const hemY = L.hipY - spec.hem * (L.hipY - L.ankleY);
  const hipHalf = torsoAt(person, L.hipY).half + spec.ease;
  const topHalf = torsoAt(person, topY).half + spec.ease;
  let hemHalf = Math.max(hipHalf * spec.flare, hipHalf);
  let depth = torsoDepth(person, L.hipY, topY);
  // Wide enough to hold the legs wherever they are between hips and hem.
  for (let y = L.hipY; y >= hemY; y -= 0.03) {
    const t = (L.hipY - y) / Math.max(1e-3, L.hipY - hemY);
    const half = hipHalf + (hemHalf - hipHalf) * t;
    const reach = legReach(person, y);
    if (reach.x + 0.015 > half) hemHalf = Math.max(hemHalf, hipHalf + (reach.x + 0.015 - hipHalf) / Math.max(t, 0.2));
    if (reach.z + 0.015 > half * depth) depth = Math.max(depth, (reach.z + 0.015) / half);
  }
  // Narrow enough that hanging arms stay outside it (a hand inside a skirt is not a photo anyone takes).
  for (let y = L.hipY; clearOfArms && y >= hemY; y -= 0.03) {
    const t = (L.hipY - y) / Math.max(1e-3, L.hipY - hemY);
    const room = armRoom(person, y, hipHalf * depth);
    if (room === null || t < 0.05) continue;
    const half = hipHalf + (hemHalf - hipHalf) * t;
    if (half > room) hemHalf = Math.max(hipHalf, hipHalf + (room - hipHalf) / t);
  }
  return { topY, hemY, topHalf, hipHalf, hemHalf, depth: Math.min(depth, 1) };
}

export function skirtRadius(shape: ReturnType<typeof skirtShape>, hipY: number, y: number): number {
  if (y >= hipY) return shape.topHalf + (shape.hipHalf - shape.topHalf) * ((shape.topY - y) / Math.max(1e-3, shape.topY - hipY));
  return shape.hipHalf + (shape.hemHalf - shape.hipHalf) * ((hipY - y) / Math.max(1e-3, hipY - shape.hemY));
}

/**
 * The shell of `spec` worn on `person` (body-local), with `texture` on it.
 * `clearOfArms`: a skirt narrowed where hanging arms would pass through it
 * (for photos); without it the skirt keeps the flare of its flat photo (for
 * the truth of where a new garment goes).
 */
export function wornShell(person: Person, spec: GarmentSpec, texture: string, clearOfArms = true): string {
  const L = levels(person);
  const H = person.height;
  const parts: string[] = [];
  const cuts: string[] = [];
  const e = spec.ease;
  if (spec.slot === 'upper' || spec.slot === 'full') {
    const bottom = spec.slot === 'full' ? L.waistY - 0.02 : L.shoulderY - spec.hem * (L.shoulderY - L.hipY);
    const top = person.neckBase.y;
    parts.push(lathe(torsoProfile(person, bottom, top, e), torsoDepth(person, bottom, top) * 1.02));
    // Shoulders: the girdle tube grown by the ease, whole for a sleeved top, only the straps for a strapped one.
    const [a, b] = [person.arms[0].shoulder, person.arms[1].shoulder];
    const girdle = `sphere_sweep { linear_spline 3, ${vec(a)}, ${num(person.radii.upperArm * 1.05 + e)}, ${vec(person.neckBase)}, ${num(person.radii.upperArm + e)}, ${vec(b)}, ${num(person.radii.upperArm * 1.05 + e)} scale <1, 1, 0.8> }`;
    if (spec.strap > 0) {
      for (const side of [-1, 1]) {
        const x0 = side * spec.neckHalf;
        const x1 = side * (spec.neckHalf + spec.strap);
        parts.push(`intersection { ${girdle} box { <${num(Math.min(x0, x1))}, ${num(L.pitY)}, -1>, <${num(Math.max(x0, x1))}, 3, 1> } }`);
        // Armholes: nothing of the torso outside the straps above the armpits.
        const outer = side * (spec.neckHalf + spec.strap);
        cuts.push(`box { <${num(side < 0 ? -2 : outer)}, ${num(L.pitY + 0.01)}, -1>, <${num(side < 0 ? outer : 2)}, 3, 1> }`);
      }
    } else {
      parts.push(girdle);
    }
    if (spec.sleeve > 0) {
      for (const side of [0, 1] as const) {
        const path = armPath(person, side);
        const length = spec.sleeve * polylineLength(path);
        const inward = vscale(vnorm(vsub(person.neckBase, path[0])), person.radii.upperArm * 0.5);
        const points = [vadd(path[0], inward), ...pathTo(path, length)];
        parts.push(tube(points, (l) => armRadius(person, side, Math.max(0, l - person.radii.upperArm * 0.5)) + spec.sleeveEase));
      }
    }
    if (spec.type === 'hoodie') {
      parts.push(`torus { ${num(spec.neckHalf + 0.04)}, 0.035 scale <1, 0.8, 1.15> translate ${vec(vadd(person.neckBase, v3(0, 0.015, 0.02)))} }`);
      for (const side of [-1, 1]) {
        const from = vadd(person.neckBase, v3(side * 0.035, -0.01, -torsoAt(person, person.neckBase.y - 0.05).depth - e - 0.01));
        parts.push(`cylinder { ${vec(from)}, ${vec(vadd(from, v3(0, -0.2, -0.01)))}, 0.005 }`);
      }
    }
    // The neckline: the neck's hole, scooped in front.
    cuts.push(`cylinder { <0, ${num(person.neckBase.y - 0.01)}, 0>, <0, ${num(person.neckBase.y + 0.3)}, 0>, ${num(spec.neckHalf)} scale <1, 1, 0.85> }`);
    cuts.push(`sphere { 0, 1 scale <${num(spec.neckHalf)}, ${num(spec.neckDepth + 0.03)}, 0.3> translate <0, ${num(person.neckBase.y + 0.02)}, -0.3> }`);
  }
  if (spec.slot === 'full') {
    const shape = skirtShape(person, spec, L.waistY, clearOfArms);
    parts.push(skirtLathe(shape, L.hipY));
  }
  if (spec.slot === 'lower') {
    if (spec.type === 'skirt') {
      parts.push(skirtLathe(skirtShape(person, spec, L.waistbandY, clearOfArms), L.hipY));
    } else {
      parts.push(lathe(torsoProfile(person, L.crotchY, L.waistbandY, e), torsoDepth(person, L.crotchY, L.waistbandY) * 1.03));
      for (const side of [0, 1] as const) {
        const path = legPath(person, side);
        const length = spec.hem * polylineLength(path);
        const up = vadd(path[0], v3(0, 0.04, 0));
        const flare = spec.legFlare ?? 0;
        parts.push(tube([up, ...pathTo(path, length)], (l) => legRadius(person, side, Math.max(0, l - 0.04)) + e + 0.004 + (flare * Math.max(0, l - 0.04)) / Math.max(1e-3, length)));
      }
    }
  }
  void H;
  const body = parts.length === 1 ? parts[0] : `union { ${parts.join('\n  ')} }`;
  return cuts.length ? `difference { ${body}\n  ${cuts.join('\n  ')}\n  ${texture} }` : `object { ${body} ${texture} }`;
}

function skirtLathe(shape: ReturnType<typeof skirtShape>, hipY: number): string {
  const profile: [number, number][] = [];
  for (let i = 0; i <= 12; i++) {
    const y = shape.hemY + ((shape.topY - shape.hemY) * i) / 12;
    profile.push([skirtRadius(shape, hipY, y), y]);
  }
  return lathe(profile, shape.depth);
}

/** A point on the rim of an elliptical section (half-width a, half-depth b, at height y) furthest towards `side` in the image after the yaw. */
export function rimPoint(person: Person, a: number, b: number, y: number, side: -1 | 1): V3 {
  const yaw = (person.yaw * Math.PI) / 180;
  // world x = x cos + z sin: maximise side·(a cos t cos + b sin t sin).
  const t = Math.atan2(b * Math.sin(yaw), a * Math.cos(yaw));
  const p = v3(a * Math.cos(t), y, b * Math.sin(t));
  return side > 0 ? p : v3(-p.x, y, -p.z);
}

export type LandmarkName =
  | 'neckLeft'
  | 'neckRight'
  | 'shoulderLeft'
  | 'shoulderRight'
  | 'armpitLeft'
  | 'armpitRight'
  | 'cuffLeft'
  | 'cuffRight'
  | 'hemLeft'
  | 'hemRight'
  | 'waistLeft'
  | 'waistRight'
  | 'crotch'
  | 'legLeft'
  | 'legRight';

/** Where the garment's landmarks are on this body, body-local (image-left first). */
export function wornLandmarks(person: Person, spec: GarmentSpec, clearOfArms = true): Partial<Record<LandmarkName, V3>> {
  const L = levels(person);
  const out: Partial<Record<LandmarkName, V3>> = {};
  const e = spec.ease;
  const sides = [
    [0, -1, 'Left'],
    [1, 1, 'Right'],
  ] as const;
  if (spec.slot !== 'lower') {
    const rG = person.radii.upperArm;
    for (const [index, sign, name] of sides) {
      const shoulder = person.arms[index].shoulder;
      const t = spec.neckHalf / Math.abs(shoulder.x);
      out[`neck${name}`] = v3(sign * spec.neckHalf, person.neckBase.y + (shoulder.y - person.neckBase.y) * t + rG + e, 0);
      if (spec.strap > 0) {
        const x = spec.neckHalf + spec.strap;
        out[`shoulder${name}`] = v3(sign * x, person.neckBase.y + (shoulder.y - person.neckBase.y) * (x / Math.abs(shoulder.x)) + rG + e, 0);
      } else {
        out[`shoulder${name}`] = v3(shoulder.x + sign * 0.3 * rG, shoulder.y + 0.85 * rG + e, 0);
      }
      const section = torsoAt(person, L.pitY);
      out[`armpit${name}`] = rimPoint(person, section.half + e, section.depth + e, L.pitY, sign);
      if (spec.sleeve > 0) out[`cuff${name}`] = alongPolyline(armPath(person, index), spec.sleeve * polylineLength(armPath(person, index)));
      if (spec.slot === 'upper') {
        const hemY = L.shoulderY - spec.hem * (L.shoulderY - L.hipY);
        const hem = torsoAt(person, hemY);
        out[`hem${name}`] = rimPoint(person, hem.half + e, hem.depth + e, hemY, sign);
      } else {
        const shape = skirtShape(person, spec, L.waistY, clearOfArms);
        out[`hem${name}`] = rimPoint(person, shape.hemHalf, shape.hemHalf * shape.depth, shape.hemY, sign);
      }
    }
    return out;
  }
  for (const [index, sign, name] of sides) {
    const band = torsoAt(person, L.waistbandY);
    out[`waist${name}`] = rimPoint(person, band.half + e, band.depth + e, L.waistbandY, sign);
    if (spec.type === 'skirt') {
      const shape = skirtShape(person, spec, L.waistbandY, clearOfArms);
      out[`hem${name}`] = rimPoint(person, shape.hemHalf, shape.hemHalf * shape.depth, shape.hemY, sign);
    } else {
      const path = legPath(person, index);
      out[`leg${name}`] = alongPolyline(path, spec.hem * polylineLength(path));
    }
  }
  if (spec.type !== 'skirt') out.crotch = v3(0, L.crotchY, -torsoAt(person, L.crotchY).depth * 0.8);
  return out;
}
