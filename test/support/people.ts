// Procedurally rendered studio photos of three clothed people (Ada, Ben and
// Cleo) for the virtual try-on's tests and samples. Each body is a set of
// signed-distance shapes (tapered capsules and ellipsoids, smoothly unioned)
// in metres, ray-marched with an orthographic front camera and shaded with a
// key light from the upper left, a fill, soft shadows and ambient occlusion;
// the face and clothing details are painted onto the hit surface. Because the
// skeleton is ours, `personTruth` knows where every joint lands in the image.
import type { RgbaImage } from '../../src/imaging/image';
import type { Point } from '../../src/features/try-on/worker/fit-types';

export type PersonId = 'ada' | 'ben' | 'cleo';
export const PERSON_IDS: readonly PersonId[] = ['ada', 'ben', 'cleo'];

type Rgb = readonly [number, number, number];
type Outfit = 'tee-jeans' | 'shirt-chinos' | 'tank-skirt';
type HairStyle = 'long' | 'short' | 'bun';
/** An arm hanging at `upper` degrees out from vertical with the forearm at `fore`, or a hand on the hip. */
type ArmPose = { kind: 'hang'; upper: number; fore: number } | { kind: 'hip' };

interface PersonSpec {
  height: number;
  /** Limb girth multiplier: slim < 1 < broad. */
  build: number;
  shoulderHalf: number;
  waistHalf: number;
  hipHalf: number;
  female: boolean;
  skin: Rgb;
  hair: Rgb;
  iris: Rgb;
  lips: Rgb;
  hairStyle: HairStyle;
  outfit: Outfit;
  top: Rgb;
  bottom: Rgb;
  shoe: Rgb;
  /** Image-left arm first (the wearer's right). */
  arms: readonly [ArmPose, ArmPose];
  backdrop: { top: Rgb; bottom: Rgb };
}

const PEOPLE: Record<PersonId, PersonSpec> = {
  ada: {
    height: 1.68,
    build: 0.92,
    shoulderHalf: 0.175,
    waistHalf: 0.115,
    hipHalf: 0.165,
    female: true,
    skin: [236, 196, 170],
    hair: [78, 50, 32],
    iris: [70, 110, 150],
    lips: [196, 110, 110],
    hairStyle: 'long',
    outfit: 'tee-jeans',
    top: [52, 128, 138],
    bottom: [62, 88, 132],
    shoe: [238, 238, 234],
    arms: [
      { kind: 'hang', upper: 14, fore: 18 },
      { kind: 'hang', upper: 14, fore: 18 },
    ],
    backdrop: { top: [214, 216, 218], bottom: [184, 186, 190] },
  },
  ben: {
    height: 1.8,
    build: 1.1,
    shoulderHalf: 0.205,
    waistHalf: 0.14,
    hipHalf: 0.16,
    female: false,
    skin: [196, 138, 98],
    hair: [28, 24, 22],
    iris: [70, 48, 30],
    lips: [160, 92, 78],
    hairStyle: 'short',
    outfit: 'shirt-chinos',
    top: [158, 188, 222],
    bottom: [44, 54, 82],
    shoe: [112, 68, 40],
    arms: [
      { kind: 'hang', upper: 25, fore: 27 },
      { kind: 'hang', upper: 25, fore: 27 },
    ],
    backdrop: { top: [232, 218, 196], bottom: [204, 188, 164] },
  },
  cleo: {
    height: 1.72,
    build: 1.0,
    shoulderHalf: 0.185,
    waistHalf: 0.12,
    hipHalf: 0.175,
    female: true,
    skin: [122, 80, 58],
    hair: [30, 22, 18],
    iris: [52, 34, 22],
    lips: [120, 62, 60],
    hairStyle: 'bun',
    outfit: 'tank-skirt',
    top: [222, 172, 56],
    bottom: [40, 92, 80],
    shoe: [186, 140, 104],
    arms: [{ kind: 'hang', upper: 16, fore: 20 }, { kind: 'hip' }],
    backdrop: { top: [208, 224, 238], bottom: [178, 196, 214] },
  },
};

// ---------------------------------------------------------------- vectors

interface V3 {
  x: number;
  y: number;
  z: number;
}

const v3 = (x: number, y: number, z: number): V3 => ({ x, y, z });
const add = (a: V3, b: V3): V3 => v3(a.x + b.x, a.y + b.y, a.z + b.z);
const sub = (a: V3, b: V3): V3 => v3(a.x - b.x, a.y - b.y, a.z - b.z);
const scale = (a: V3, k: number): V3 => v3(a.x * k, a.y * k, a.z * k);
const lerp3 = (a: V3, b: V3, t: number): V3 => add(a, scale(sub(b, a), t));
const len = (a: V3): number => Math.hypot(a.x, a.y, a.z);
const unit = (a: V3): V3 => scale(a, 1 / (len(a) || 1));
const dot = (a: V3, b: V3): number => a.x * b.x + a.y * b.y + a.z * b.z;
const cross = (a: V3, b: V3): V3 => v3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);

const clamp01 = (v: number): number => (v < 0 ? 0 : v > 1 ? 1 : v);
const mix = (a: number, b: number, t: number): number => a + (b - a) * t;

function smoothstep(edge0: number, edge1: number, v: number): number {
  const t = clamp01((v - edge0) / (edge1 - edge0));
  return t * t * (3 - 2 * t);
}

/** Polynomial smooth minimum: blends two distances over a band `k` wide. */
function smoothMin(a: number, b: number, k: number): number {
  if (k <= 0) return Math.min(a, b);
  const h = Math.max(k - Math.abs(a - b), 0) / k;
  return Math.min(a, b) - h * h * k * 0.25;
}

// ---------------------------------------------------------------- materials

const SKIN = 0;
const FACE = 1;
const TOP = 2;
const BOTTOM = 3;
const SHOE = 4;
const SOLE = 5;
const HAIR = 6;
const BELT = 7;
const EAR = 8;

type MaterialAt = (x: number, y: number, z: number) => number;
type Keep = (x: number, y: number, z: number) => number;

// ---------------------------------------------------------------- shapes

/** A signed-distance primitive with its bounds, how softly it merges and what it is made of. */
abstract class Shape {
  minX = 0;
  maxX = 0;
  minY = 0;
  maxY = 0;
  minZ = 0;
  maxZ = 0;
  keeps: Keep[] = [];

  constructor(
    readonly blend: number,
    readonly material: MaterialAt,
  ) {}

  protected abstract raw(x: number, y: number, z: number): number;

  distance(x: number, y: number, z: number): number {
    let d = this.raw(x, y, z);
    for (const keep of this.keeps) d = Math.max(d, keep(x, y, z));
    return d;
  }

  /** Distance from a point to the bounding box (0 inside): a lower bound of `distance`. */
  boundsGap(x: number, y: number, z: number): number {
    const dx = x < this.minX ? this.minX - x : x > this.maxX ? x - this.maxX : 0;
    const dy = y < this.minY ? this.minY - y : y > this.maxY ? y - this.maxY : 0;
    const dz = z < this.minZ ? this.minZ - z : z > this.maxZ ? z - this.maxZ : 0;
    return Math.sqrt(dx * dx + dy * dy + dz * dz);
  }

  /** Only the part where `keep` is negative remains. */
  keep(fn: Keep): this {
    this.keeps.push(fn);
    return this;
  }
}

/** A capsule whose radius goes linearly from r1 at `a` to r2 at `b`; `flatten` < 1 squashes it front to back. */
class Limb extends Shape {
  private readonly ax: number;
  private readonly ay: number;
  private readonly az: number;
  private readonly bx: number;
  private readonly by: number;
  private readonly bz: number;
  private readonly inverseLength2: number;

  constructor(
    a: V3,
    b: V3,
    private readonly r1: number,
    private readonly r2: number,
    blend: number,
    material: MaterialAt,
    private readonly flatten = 1,
  ) {
    super(blend, material);
    this.ax = a.x;
    this.ay = a.y;
    this.az = a.z;
    this.bx = b.x - a.x;
    this.by = b.y - a.y;
    this.bz = (b.z - a.z) / flatten;
    this.inverseLength2 = 1 / (this.bx * this.bx + this.by * this.by + this.bz * this.bz);
    const r = Math.max(r1, r2);
    this.minX = Math.min(a.x, b.x) - r;
    this.maxX = Math.max(a.x, b.x) + r;
    this.minY = Math.min(a.y, b.y) - r;
    this.maxY = Math.max(a.y, b.y) + r;
    this.minZ = Math.min(a.z, b.z) - r * flatten;
    this.maxZ = Math.max(a.z, b.z) + r * flatten;
  }

  protected raw(x: number, y: number, z: number): number {
    const px = x - this.ax;
    const py = y - this.ay;
    const pz = (z - this.az) / this.flatten;
    const t = clamp01((px * this.bx + py * this.by + pz * this.bz) * this.inverseLength2);
    const qx = px - this.bx * t;
    const qy = py - this.by * t;
    const qz = pz - this.bz * t;
    const d = Math.sqrt(qx * qx + qy * qy + qz * qz) - (this.r1 + (this.r2 - this.r1) * t);
    return this.flatten < 1 ? d * this.flatten : d;
  }
}

/** An ellipsoid with radii along its own axes u, v, w (world axes unless given). */
class Ellipsoid extends Shape {
  private readonly u: V3;
  private readonly v: V3;
  private readonly w: V3;

  constructor(
    private readonly centre: V3,
    private readonly radii: V3,
    blend: number,
    material: MaterialAt,
    axes?: { u: V3; v: V3 },
  ) {
    super(blend, material);
    this.u = axes ? unit(axes.u) : v3(1, 0, 0);
    this.v = axes ? unit(axes.v) : v3(0, 1, 0);
    this.w = cross(this.u, this.v);
    const r = axes ? Math.max(radii.x, radii.y, radii.z) : 0;
    this.minX = centre.x - (r || radii.x);
    this.maxX = centre.x + (r || radii.x);
    this.minY = centre.y - (r || radii.y);
    this.maxY = centre.y + (r || radii.y);
    this.minZ = centre.z - (r || radii.z);
    this.maxZ = centre.z + (r || radii.z);
  }

  protected raw(x: number, y: number, z: number): number {
    const px = x - this.centre.x;
    const py = y - this.centre.y;
    const pz = z - this.centre.z;
    const lu = (px * this.u.x + py * this.u.y + pz * this.u.z) / this.radii.x;
    const lv = (px * this.v.x + py * this.v.y + pz * this.v.z) / this.radii.y;
    const lw = (px * this.w.x + py * this.w.y + pz * this.w.z) / this.radii.z;
    const k0 = Math.sqrt(lu * lu + lv * lv + lw * lw);
    const gu = lu / this.radii.x;
    const gv = lv / this.radii.y;
    const gw = lw / this.radii.z;
    const k1 = Math.sqrt(gu * gu + gv * gv + gw * gw);
    // f / |grad f| for f = |p / r| - 1: a first-order distance, exact on the surface.
    return k1 > 1e-9 ? (k0 * (k0 - 1)) / k1 : -Math.min(this.radii.x, this.radii.y, this.radii.z);
  }
}

/** Keeps the side of a plane through `point` that `normal` points away from. */
function behindPlane(point: V3, normal: V3): Keep {
  const n = unit(normal);
  return (x, y, z) => (x - point.x) * n.x + (y - point.y) * n.y + (z - point.z) * n.z;
}

// ---------------------------------------------------------------- the skeleton

interface Skeleton {
  shoulder: [V3, V3];
  elbow: [V3, V3];
  wrist: [V3, V3];
  hip: [V3, V3];
  knee: [V3, V3];
  ankle: [V3, V3];
  headHeight: number;
  eyeY: number;
  chinY: number;
  neckBaseY: number;
  shoulderY: number;
  chestY: number;
  waistY: number;
  hipY: number;
  crotchY: number;
}

const SIDES = [-1, 1] as const;

function degrees(d: number): number {
  return (d * Math.PI) / 180;
}

/** Where the elbow goes for a wrist target, bending outwards (two-bone IK in the image plane). */
function elbowFor(shoulder: V3, wrist: V3, upper: number, fore: number, side: number): V3 {
  const toWrist = sub(wrist, shoulder);
  const reach = Math.min(len(toWrist), upper + fore - 1e-4);
  const along = (upper * upper - fore * fore + reach * reach) / (2 * reach);
  const out = Math.sqrt(Math.max(0, upper * upper - along * along));
  const axis = unit(toWrist);
  const perpendicular = unit(v3(-axis.y, axis.x, 0));
  const bend = perpendicular.x * side > 0 ? perpendicular : scale(perpendicular, -1);
  return add(add(shoulder, scale(axis, along)), scale(bend, out));
}

function skeletonFor(spec: PersonSpec): Skeleton {
  const H = spec.height;
  const headHeight = H / 7.5;
  const shoulderY = 0.818 * H;
  const waistY = 0.61 * H;
  const upper = 0.186 * H;
  const fore = 0.146 * H;
  const hipY = 0.52 * H;
  const hipX = spec.hipHalf * 0.52;
  const kneeY = 0.285 * H;
  const ankleY = 0.045 * H;
  const shoulder: [V3, V3] = [v3(-spec.shoulderHalf, shoulderY, 0), v3(spec.shoulderHalf, shoulderY, 0)];
  const elbow: V3[] = [];
  const wrist: V3[] = [];
  SIDES.forEach((side, i) => {
    const pose = spec.arms[i];
    if (pose.kind === 'hang') {
      const e = add(shoulder[i], v3(side * upper * Math.sin(degrees(pose.upper)), -upper * Math.cos(degrees(pose.upper)), -0.01));
      elbow.push(e);
      wrist.push(add(e, v3(side * fore * Math.sin(degrees(pose.fore)), -fore * Math.cos(degrees(pose.fore)), 0.03)));
    } else {
      const w = v3(side * (spec.waistHalf + 0.035), waistY + 0.005, 0.035);
      elbow.push(elbowFor(shoulder[i], w, upper, fore, side));
      wrist.push(w);
    }
  });
  return {
    shoulder,
    elbow: [elbow[0], elbow[1]],
    wrist: [wrist[0], wrist[1]],
    hip: [v3(-hipX, hipY, 0), v3(hipX, hipY, 0)],
    knee: [v3(-hipX * 0.96, kneeY, 0.01), v3(hipX * 0.96, kneeY, 0.01)],
    ankle: [v3(-hipX * 1.05, ankleY, -0.01), v3(hipX * 1.05, ankleY, -0.01)],
    headHeight,
    eyeY: H - headHeight * 0.5,
    chinY: H - headHeight,
    neckBaseY: shoulderY + 0.03 * (H / 1.7),
    shoulderY,
    chestY: 0.72 * H,
    waistY,
    hipY,
    crotchY: 0.475 * H,
  };
}

// ---------------------------------------------------------------- the body

interface Body {
  shapes: Shape[];
  /** Shapes whose hits get the face painted on. */
  head: { x: number; eyeY: number; scale: number };
}

const always =
  (material: number): MaterialAt =>
  () =>
    material;

/** What the torso is made of at a point, by outfit: necklines, hems, waistbands. */
function torsoMaterial(spec: PersonSpec, sk: Skeleton): MaterialAt {
  const neckScoop = (x: number, depth: number, width: number) => sk.neckBaseY - depth + (depth * x * x) / (width * width);
  if (spec.outfit === 'tee-jeans') {
    const hemY = sk.hipY + 0.03;
    // The t-shirt hangs over the jeans; the legs use the same hem line.
    return (x, y) => (y > neckScoop(x, 0.035, 0.062) && Math.abs(x) < 0.062 ? SKIN : y > hemY ? TOP : BOTTOM);
  }
  if (spec.outfit === 'shirt-chinos') {
    const beltTop = sk.waistY - 0.045;
    const beltBottom = beltTop - 0.038;
    const vBottom = sk.neckBaseY - 0.075;
    return (x, y) => (y > vBottom && Math.abs(x) < (y - vBottom) * 0.45 ? SKIN : y > beltTop ? TOP : y > beltBottom ? BELT : BOTTOM);
  }
  // Tank top: a scooped neckline between two straps, open armholes; the skirt below the waist.
  const strapInner = spec.shoulderHalf * 0.46;
  const strapOuter = spec.shoulderHalf * 0.64;
  const armholeY = sk.chestY + 0.03;
  return (x, y) => {
    if (y < sk.waistY) return BOTTOM;
    const ax = Math.abs(x);
    if (ax < strapInner) return y < sk.chestY + 0.04 + 0.09 * (ax / strapInner) ** 2 ? TOP : SKIN;
    if (ax <= strapOuter) return TOP;
    return y < armholeY + 0.6 * Math.max(0, strapOuter + 0.05 - ax) ? TOP : SKIN;
  };
}

function addTorso(shapes: Shape[], spec: PersonSpec, sk: Skeleton): void {
  const g = spec.build;
  const mat = torsoMaterial(spec, sk);
  const sh = spec.shoulderHalf;
  const chestHalf = sh * (spec.female ? 0.74 : 0.8);
  shapes.push(new Limb(v3(0, sk.waistY - 0.03, 0), v3(0, sk.chestY + 0.05, -0.005), spec.waistHalf, chestHalf, 0, mat, 0.62));
  shapes.push(new Ellipsoid(v3(0, sk.chestY + 0.03, -0.005), v3(chestHalf, 0.11, 0.095 * g), 0.06, mat));
  shapes.push(new Limb(v3(-sh + 0.035, sk.shoulderY - 0.035, -0.01), v3(sh - 0.035, sk.shoulderY - 0.035, -0.01), 0.05 * g, 0.05 * g, 0.06, mat));
  for (const side of SIDES) {
    const trapezius = new Limb(v3(side * 0.035, sk.neckBaseY + 0.01, -0.02), v3(side * (sh - 0.05), sk.shoulderY - 0.015, -0.015), 0.04, 0.035, 0.05, mat);
    shapes.push(trapezius);
  }
  shapes.push(new Ellipsoid(v3(0, sk.hipY + 0.025, -0.005), v3(spec.hipHalf * 0.94, 0.105, 0.1 * g), 0.08, mat));
  if (spec.female) {
    for (const side of SIDES) shapes.push(new Ellipsoid(v3(side * 0.052, sk.chestY - 0.005, 0.05), v3(0.052, 0.05, 0.048), 0.04, mat));
  }
  // Neck, with the shirt's collar band around its base.
  const neckR = (spec.female ? 0.047 : 0.056) * Math.sqrt(g);
  shapes.push(new Limb(v3(0, sk.neckBaseY - 0.03, -0.015), v3(0, sk.chinY + 0.03, -0.01), neckR, neckR * 0.95, 0.035, always(SKIN)));
  if (spec.outfit === 'shirt-chinos') {
    const collar = new Limb(v3(0, sk.neckBaseY - 0.02, -0.01), v3(0, sk.neckBaseY + 0.03, -0.015), neckR + 0.012, neckR + 0.008, 0.004, always(TOP));
    collar.keep(behindPlane(v3(0, sk.neckBaseY + 0.025, 0.02), v3(0, 1, 0.9)));
    collar.keep((_x, _y, z) => z - 0.025);
    shapes.push(collar);
  }
}

function addHead(shapes: Shape[], spec: PersonSpec, sk: Skeleton): void {
  const s = sk.headHeight / 0.227;
  const face = always(FACE);
  const { centre, radii } = craniumOf(spec, sk);
  shapes.push(new Ellipsoid(centre, radii, 0.03, face));
  const jawWidth = (spec.female ? 0.051 : 0.058) * s;
  shapes.push(new Ellipsoid(v3(0, sk.chinY + 0.06 * s, 0.014 * s), v3(jawWidth, 0.062 * s, 0.07 * s), 0.045, face));
  // Cheekbones and brow give the face some relief.
  for (const side of SIDES) shapes.push(new Ellipsoid(v3(side * 0.038 * s, sk.eyeY - 0.022 * s, 0.05 * s), v3(0.03 * s, 0.024 * s, 0.03 * s), 0.03, face));
  shapes.push(new Ellipsoid(v3(0, sk.eyeY + 0.018 * s, 0.058 * s), v3(0.06 * s, 0.02 * s, 0.03 * s), 0.03, face));
  // Nose: bridge to tip, with the wings either side.
  const bridge = v3(0, sk.eyeY - 0.008 * s, 0.078 * s);
  const tip = v3(0, sk.eyeY - 0.045 * s, 0.1 * s);
  shapes.push(new Limb(bridge, tip, 0.006 * s, 0.0105 * s, 0.012, face));
  for (const side of SIDES) shapes.push(new Ellipsoid(v3(side * 0.0115 * s, sk.eyeY - 0.05 * s, 0.083 * s), v3(0.008 * s, 0.007 * s, 0.009 * s), 0.008, face));
  // Lips and chin.
  shapes.push(new Ellipsoid(v3(0, sk.eyeY - 0.074 * s, 0.074 * s), v3(0.024 * s, 0.012 * s, 0.012 * s), 0.02, face));
  shapes.push(new Ellipsoid(v3(0, sk.chinY + 0.016 * s, 0.062 * s), v3(0.022 * s, 0.016 * s, 0.016 * s), 0.025, face));
  // Ears.
  for (const side of SIDES) {
    const centre = v3(side * 0.079 * s, sk.eyeY - 0.018 * s, -0.012 * s);
    shapes.push(new Ellipsoid(centre, v3(0.007 * s, 0.029 * s, 0.019 * s), 0.006, always(EAR), { u: v3(1, 0, 0.5 * side), v: v3(0, 1, 0) }));
  }
}

/** The skull ellipsoid, which the hair hugs. */
function craniumOf(spec: PersonSpec, sk: Skeleton): { centre: V3; radii: V3 } {
  const s = sk.headHeight / 0.227;
  return { centre: v3(0, spec.height - 0.104 * s, -0.01 * s), radii: v3(0.077 * s, 0.104 * s, 0.097 * s) };
}

/**
 * Hair lying on the skull: `grow` thick where `coverage` (metres into the
 * hair-covered region) is well positive, thinning to nothing at the hairline
 * and sinking just under the skin outside it.
 */
class HairCap extends Ellipsoid {
  constructor(
    centre: V3,
    radii: V3,
    private readonly grow: (x: number, y: number, z: number) => number,
    private readonly coverage: Keep,
    maxGrow: number,
  ) {
    super(centre, radii, 0.001, always(HAIR));
    this.minX -= maxGrow;
    this.maxX += maxGrow;
    this.minY -= maxGrow;
    this.maxY += maxGrow;
    this.minZ -= maxGrow;
    this.maxZ += maxGrow;
  }

  /** How much of the full thickness is there (0 at the hairline, 1 in the thick of it). */
  fullness(x: number, y: number, z: number): number {
    return smoothstep(0, 0.026, this.coverage(x, y, z));
  }

  protected override raw(x: number, y: number, z: number): number {
    return super.raw(x, y, z) - (this.grow(x, y, z) * this.fullness(x, y, z) - 0.002);
  }
}

function addHair(shapes: Shape[], spec: PersonSpec, sk: Skeleton): void {
  const s = sk.headHeight / 0.227;
  const top = spec.height;
  const { centre, radii } = craniumOf(spec, sk);
  const style = spec.hairStyle;
  const u = (x: number) => x / radii.x;
  if (style === 'long') {
    // Side-swept fringe, hair over the ears and down past the shoulders behind.
    const hairline = (x: number) => sk.eyeY + 0.052 * s - 0.02 * s * u(x) ** 2 - 0.016 * s * smoothstep(0.1, -0.7, u(x));
    const coverage: Keep = (x, y, z) => Math.max(y - hairline(x), 0.016 * s - z);
    shapes.push(new HairCap(centre, radii, (_x, y) => 0.012 + 0.006 * smoothstep(sk.eyeY, top, y), coverage, 0.02));
    for (const side of SIDES) {
      const from = v3(side * 0.074 * s, sk.eyeY + 0.03 * s, -0.022);
      const to = v3(side * 0.098 * s, sk.shoulderY - 0.045, -0.06);
      shapes.push(new Limb(from, to, 0.03 * s, 0.042, 0.02, always(HAIR), 0.7));
    }
    return;
  }
  if (style === 'short') {
    // Short on the sides, fuller on top, the temples slightly receding.
    const hairline = (x: number) => sk.eyeY + 0.06 * s - 0.012 * s * u(x) ** 2 - 0.01 * s * Math.exp(-(((Math.abs(u(x)) - 0.55) / 0.2) ** 2));
    const coverage: Keep = (x, y, z) => Math.min(Math.max(y - hairline(x), -0.004 * s - z), y - (sk.eyeY + 0.002 * s));
    const grow = (_x: number, y: number) => 0.007 + 0.014 * smoothstep(sk.eyeY + 0.03 * s, top, y);
    shapes.push(new HairCap(centre, radii, grow, coverage, 0.022));
    return;
  }
  // Pulled back into a bun on the crown.
  const hairline = (x: number) => sk.eyeY + 0.056 * s - 0.024 * s * u(x) ** 2;
  const coverage: Keep = (x, y, z) => Math.min(Math.max(y - hairline(x), -0.012 * s - z), y - (sk.eyeY - 0.01 * s));
  shapes.push(new HairCap(centre, radii, () => 0.006, coverage, 0.008));
  shapes.push(new Ellipsoid(v3(0, top + 0.014 * s, -0.045 * s), v3(0.046 * s, 0.04 * s, 0.044 * s), 0.015, always(HAIR)));
}

interface LimbRadii {
  upperArm: [number, number];
  foreArm: [number, number];
  thigh: [number, number];
  shin: [number, number];
}

function limbRadii(spec: PersonSpec): LimbRadii {
  const g = spec.build;
  const f = spec.female ? 0.9 : 1;
  const sleeve = spec.outfit === 'shirt-chinos' ? 0.008 : 0;
  const trouser = spec.outfit === 'tank-skirt' ? 0 : 0.012;
  return {
    upperArm: [(0.046 * f + sleeve) * g, (0.035 * f + sleeve) * g],
    foreArm: [(0.036 * f + sleeve) * g, (0.025 * f + sleeve) * g],
    thigh: [(0.076 * (spec.female ? 1.04 : 1) + trouser) * g, (0.052 + trouser) * g],
    shin: [(0.05 + trouser) * g, (0.032 + trouser * 1.2) * g],
  };
}

function addArms(shapes: Shape[], spec: PersonSpec, sk: Skeleton): void {
  const r = limbRadii(spec);
  SIDES.forEach((side, i) => {
    const shoulder = sk.shoulder[i];
    const elbow = sk.elbow[i];
    const wrist = sk.wrist[i];
    // A t-shirt's sleeve covers the top half of the upper arm.
    const sleeveEnd = lerp3(shoulder, elbow, 0.5);
    const armAxis = unit(sub(elbow, shoulder));
    const underSleeve: MaterialAt = (x, y, z) => ((x - sleeveEnd.x) * armAxis.x + (y - sleeveEnd.y) * armAxis.y + (z - sleeveEnd.z) * armAxis.z < 0 ? TOP : SKIN);
    const upperMaterial = spec.outfit === 'shirt-chinos' ? always(TOP) : spec.outfit === 'tee-jeans' ? underSleeve : always(SKIN);
    const foreMaterial = spec.outfit === 'shirt-chinos' ? always(TOP) : always(SKIN);
    const deltoid = add(shoulder, v3(side * -0.01, -0.01, 0));
    shapes.push(new Limb(deltoid, elbow, r.upperArm[0], r.upperArm[1], 0.045, upperMaterial));
    const belly = lerp3(elbow, wrist, 0.3);
    shapes.push(new Limb(elbow, belly, r.foreArm[0], r.foreArm[0] * 1.03, 0.02, foreMaterial));
    shapes.push(new Limb(belly, wrist, r.foreArm[0] * 1.03, r.foreArm[1], 0.02, foreMaterial));
    if (spec.outfit === 'tee-jeans') addSleeve(shapes, shoulder, elbow, r.upperArm, 0.5);
    if (spec.outfit === 'shirt-chinos') addCuff(shapes, elbow, wrist, r.foreArm[1]);
    addHand(shapes, spec, sk, i);
  });
}

/** A short sleeve: a looser tube over the top `reach` of the upper arm, cut square. */
function addSleeve(shapes: Shape[], shoulder: V3, elbow: V3, radii: [number, number], reach: number): void {
  const end = lerp3(shoulder, elbow, reach);
  const start = lerp3(shoulder, elbow, 0.14);
  const sleeve = new Limb(start, end, radii[0] + 0.009, mix(radii[0], radii[1], reach) + 0.013, 0.012, always(TOP));
  sleeve.keep(behindPlane(end, sub(elbow, shoulder)));
  shapes.push(sleeve);
}

function addCuff(shapes: Shape[], elbow: V3, wrist: V3, radius: number): void {
  const start = lerp3(elbow, wrist, 0.86);
  const cuff = new Limb(start, wrist, radius + 0.004, radius + 0.004, 0.003, always(TOP));
  cuff.keep(behindPlane(wrist, sub(wrist, elbow)));
  shapes.push(cuff);
}

/** A hand: palm, four fingers and a thumb, turned half towards the camera. */
function addHand(shapes: Shape[], spec: PersonSpec, sk: Skeleton, i: number): void {
  const side = SIDES[i];
  const s = spec.height / 1.7;
  const onHip = spec.arms[i].kind === 'hip';
  const wrist = sk.wrist[i];
  const forearm = unit(sub(wrist, sk.elbow[i]));
  const along = onHip ? unit(v3(-side * 0.3, -0.85, 0.45)) : unit(add(forearm, v3(-side * 0.08, 0, 0.05)));
  // The palm faces the thigh, turned 40° towards the camera (or lies on the hip); the thumb leads.
  const inward = v3(-side, 0, 0);
  const facing = onHip ? add(inward, v3(0, 0, -0.5)) : add(scale(inward, 0.75), v3(0, 0, 0.65));
  const palmNormal = unit(sub(facing, scale(along, dot(along, facing))));
  let across = unit(cross(along, palmNormal));
  if (across.z < 0 !== onHip) across = scale(across, -1);
  const skin = always(SKIN);
  const palmCentre = add(wrist, scale(along, 0.045 * s));
  shapes.push(new Ellipsoid(palmCentre, v3(0.052 * s, 0.041 * s, 0.016 * s), 0.015, skin, { u: along, v: across }));
  const lengths = [0.072, 0.082, 0.078, 0.062];
  for (let f = 0; f < 4; f++) {
    const offset = (1.5 - f) * 0.0175 * s;
    const base = add(add(palmCentre, scale(along, 0.04 * s)), scale(across, offset));
    const curl = onHip ? 0.25 : 0.35;
    const direction = unit(add(add(along, scale(across, (1.5 - f) * 0.06)), scale(palmNormal, curl)));
    const tip = add(base, scale(direction, lengths[f] * s));
    shapes.push(new Limb(base, tip, 0.0092 * s, 0.0075 * s, 0.006, skin));
  }
  const thumbBase = add(add(wrist, scale(along, 0.018 * s)), add(scale(across, 0.03 * s), scale(palmNormal, 0.008 * s)));
  const thumbDirection = unit(add(add(scale(along, 0.75), scale(across, 0.35)), scale(palmNormal, 0.45)));
  shapes.push(new Limb(thumbBase, add(thumbBase, scale(thumbDirection, 0.062 * s)), 0.012 * s, 0.0085 * s, 0.012, skin));
}

function addLegs(shapes: Shape[], spec: PersonSpec, sk: Skeleton): void {
  const r = limbRadii(spec);
  const bare = spec.outfit === 'tank-skirt';
  const teeHemY = sk.hipY + 0.03;
  const legMaterial: MaterialAt = bare ? always(SKIN) : spec.outfit === 'tee-jeans' ? (_x, y) => (y > teeHemY ? TOP : BOTTOM) : always(BOTTOM);
  SIDES.forEach((side, i) => {
    const hip = sk.hip[i];
    const knee = sk.knee[i];
    const ankle = sk.ankle[i];
    const thighTop = add(hip, v3(side * 0.004, -0.01, 0));
    shapes.push(new Limb(thighTop, knee, r.thigh[0], r.thigh[1], 0.05, legMaterial));
    if (bare) {
      const calf = add(lerp3(knee, ankle, 0.3), v3(side * 0.004, 0, -0.012));
      shapes.push(new Limb(knee, calf, r.shin[0] * 0.95, r.shin[0] * 1.08, 0.03, legMaterial));
      shapes.push(new Limb(calf, ankle, r.shin[0] * 1.08, r.shin[1], 0.03, legMaterial));
    } else {
      shapes.push(new Limb(knee, ankle, r.shin[0], r.shin[1], 0.03, legMaterial));
    }
    addShoe(shapes, spec, sk, i);
  });
  if (bare) addSkirt(shapes, spec, sk);
}

/** A shoe: a sole slab, the toe box and (for lace-ups) the instep; flats leave the instep bare. */
function addShoe(shapes: Shape[], spec: PersonSpec, sk: Skeleton, i: number): void {
  const side = SIDES[i];
  const ankle = sk.ankle[i];
  const s = spec.height / 1.7;
  const flat = spec.outfit === 'tank-skirt';
  const toe = unit(v3(side * 0.28, 0, 1));
  const axes = { u: cross(v3(0, 1, 0), toe), v: v3(0, 1, 0) };
  const foot = v3(ankle.x + side * 0.014, 0, ankle.z + 0.05 * s);
  const soleTop = (flat ? 0.008 : 0.02) * s;
  const sole = new Ellipsoid(add(foot, v3(0, soleTop * 0.5, 0)), v3(0.047 * s, soleTop * 1.2, 0.128 * s), 0.004, always(SOLE), axes);
  sole.keep((_x, y) => -y);
  shapes.push(sole);
  const upper = new Ellipsoid(add(foot, v3(0, soleTop + 0.012 * s, 0.01 * s)), v3(0.043 * s, (flat ? 0.024 : 0.036) * s, 0.118 * s), 0.01, always(SHOE), axes);
  upper.keep((_x, y) => soleTop * 0.8 - y);
  shapes.push(upper);
  const instepTop = add(ankle, v3(0, 0.01, 0.012));
  const instepFoot = add(foot, add(scale(toe, 0.05 * s), v3(0, soleTop + 0.03 * s, 0)));
  shapes.push(new Limb(instepTop, instepFoot, (flat ? 0.027 : 0.034) * s, (flat ? 0.02 : 0.03) * s, flat ? 0.015 : 0.025, always(flat ? SKIN : SHOE)));
}

/** An A-line skirt from the waist to just above the knee, with soft folds at the hem. */
function addSkirt(shapes: Shape[], spec: PersonSpec, sk: Skeleton): void {
  const hemY = sk.knee[0].y + 0.09;
  const waist = v3(0, sk.waistY + 0.01, 0);
  const hips = v3(0, sk.hipY - 0.01, 0);
  const hem = v3(0, hemY, 0.01);
  const material = always(BOTTOM);
  shapes.push(new Limb(waist, hips, spec.waistHalf + 0.012, spec.hipHalf + 0.02, 0.02, material, 0.7));
  const flare = new FoldedCone(hips, hem, spec.hipHalf + 0.02, spec.hipHalf + 0.09, 0.03, material, 0.72);
  flare.keep((_x, y) => hemY - y);
  shapes.push(flare);
}

/** A vertical cone with an elliptic section whose radius ripples round it below the top (skirt folds). */
class FoldedCone extends Limb {
  private readonly topY: number;
  private readonly drop: number;

  constructor(a: V3, b: V3, r1: number, r2: number, blend: number, material: MaterialAt, flatten: number) {
    super(a, b, r1, r2, blend, material, flatten);
    this.topY = a.y;
    this.drop = a.y - b.y;
    this.minX -= 0.01;
    this.maxX += 0.01;
  }

  override distance(x: number, y: number, z: number): number {
    const t = clamp01((this.topY - y) / this.drop);
    const ripple = 0.009 * t * t * Math.sin(Math.atan2(z, x) * 9 + 0.6);
    return super.distance(x, y, z) - ripple;
  }
}

function buildBody(spec: PersonSpec, sk: Skeleton): Body {
  const shapes: Shape[] = [];
  addTorso(shapes, spec, sk);
  addArms(shapes, spec, sk);
  addLegs(shapes, spec, sk);
  addHead(shapes, spec, sk);
  addHair(shapes, spec, sk);
  return { shapes, head: { x: 0, eyeY: sk.eyeY, scale: sk.headHeight / 0.227 } };
}

// ---------------------------------------------------------------- the scene

/** The smooth union of a list of shapes, skipping those whose bounds are too far to matter. */
function sceneDistance(shapes: Shape[], list: Int32Array, x: number, y: number, z: number): number {
  let d = 1e9;
  for (let i = 0; i < list.length; i++) {
    const shape = shapes[list[i]];
    if (shape.boundsGap(x, y, z) > d + shape.blend) continue;
    d = smoothMin(d, shape.distance(x, y, z), shape.blend);
  }
  return d;
}

function nearestShape(shapes: Shape[], list: Int32Array, x: number, y: number, z: number): Shape {
  let best = shapes[list[0]];
  let bestD = 1e9;
  for (let i = 0; i < list.length; i++) {
    const shape = shapes[list[i]];
    if (shape.boundsGap(x, y, z) > bestD) continue;
    const d = shape.distance(x, y, z);
    if (d < bestD) {
      bestD = d;
      best = shape;
    }
  }
  return best;
}

/** Which shapes could matter inside an x–y rectangle (world units), in scene order. */
function shapesNear(shapes: Shape[], x0: number, x1: number, y0: number, y1: number, margin: number): Int32Array {
  const picked: number[] = [];
  shapes.forEach((s, i) => {
    const m = margin + s.blend;
    if (s.maxX + m >= x0 && s.minX - m <= x1 && s.maxY + m >= y0 && s.minY - m <= y1) picked.push(i);
  });
  return Int32Array.from(picked);
}

// ---------------------------------------------------------------- lighting

const KEY = unit(v3(-0.55, 0.6, 0.62));
const FILL = unit(v3(0.7, 0.05, 0.7));
const RIM = unit(v3(0.75, 0.35, -0.55));
const HALF_KEY = unit(add(KEY, v3(0, 0, 1)));

const toLinear = (c: number): number => Math.pow(c / 255, 2.2);
const toSrgb = (l: number): number => 255 * Math.pow(l < 0 ? 0 : l > 1 ? 1 : l, 1 / 2.2);

interface Hit {
  x: number;
  y: number;
  z: number;
  nx: number;
  ny: number;
  nz: number;
}

function normalAt(shapes: Shape[], list: Int32Array, x: number, y: number, z: number): V3 {
  const e = 0.0007;
  const a = sceneDistance(shapes, list, x + e, y - e, z - e);
  const b = sceneDistance(shapes, list, x - e, y - e, z + e);
  const c = sceneDistance(shapes, list, x - e, y + e, z - e);
  const d = sceneDistance(shapes, list, x + e, y + e, z + e);
  return unit(v3(a - b - c + d, -a - b + c + d, -a + b - c + d));
}

function occlusionAt(shapes: Shape[], list: Int32Array, hit: Hit): number {
  let occluded = 0;
  let weight = 1;
  for (let i = 1; i <= 4; i++) {
    const h = 0.012 * i;
    const d = sceneDistance(shapes, list, hit.x + hit.nx * h, hit.y + hit.ny * h, hit.z + hit.nz * h);
    occluded += (h - d) * weight;
    weight *= 0.65;
  }
  return clamp01(1 - occluded * 9);
}

/** Soft shadow towards the key light: 1 lit, 0 fully shadowed. */
function keyVisibility(shapes: Shape[], list: Int32Array, hit: Hit): number {
  let t = 0.008;
  let lit = 1;
  const ox = hit.x + hit.nx * 0.003;
  const oy = hit.y + hit.ny * 0.003;
  const oz = hit.z + hit.nz * 0.003;
  for (let i = 0; i < 22 && t < 0.6; i++) {
    const d = sceneDistance(shapes, list, ox + KEY.x * t, oy + KEY.y * t, oz + KEY.z * t);
    if (d < 0.0004) return 0;
    lit = Math.min(lit, (9 * d) / t);
    t += Math.min(Math.max(d, 0.004), 0.05);
  }
  return smoothstep(0, 1, lit);
}

interface Surface {
  albedo: [number, number, number];
  wrap: number;
  specular: number;
  shininess: number;
}

// ---------------------------------------------------------------- painting

/** Mixes `colour` (linear) towards an sRGB colour by `amount`. */
function paint(colour: [number, number, number], rgb: Rgb, amount: number): void {
  if (amount <= 0) return;
  colour[0] = mix(colour[0], toLinear(rgb[0]), amount);
  colour[1] = mix(colour[1], toLinear(rgb[1]), amount);
  colour[2] = mix(colour[2], toLinear(rgb[2]), amount);
}

function darken(colour: [number, number, number], amount: number): void {
  colour[0] *= 1 - amount;
  colour[1] *= 1 - amount;
  colour[2] *= 1 - amount;
}

/** 1 inside a band of half-width `half` around 0, antialiased over `soft`. */
function band(distance: number, half: number, soft: number): number {
  return 1 - smoothstep(half - soft, half + soft, Math.abs(distance));
}

/** The eye, brow and lid at (dx outward from the eye centre, dy up), in head units (metres at scale 1). */
function paintEye(colour: [number, number, number], spec: PersonSpec, dx: number, dy: number): void {
  const halfWidth = 0.0156;
  const soft = 0.0006;
  const u = dx / halfWidth;
  const tilted = dy - 0.06 * dx;
  // Socket shading and the lid crease.
  const socket = Math.exp(-((dx / 0.02) ** 2) - (((tilted - 0.002) / 0.012) ** 2));
  darken(colour, 0.22 * socket);
  if (Math.abs(u) < 1.25) {
    const lid = 1 - u * u;
    const upperEdge = 0.0074 * Math.max(0, lid) * (1 + 0.15 * u);
    const lowerEdge = -0.0048 * Math.max(0, lid) * (1 - 0.1 * u);
    const crease = band(tilted - upperEdge - 0.0055 * Math.max(0, 1 - 0.6 * u * u), 0.0007, 0.0006);
    darken(colour, 0.25 * crease * smoothstep(1.2, 0.6, Math.abs(u)));
    const inside = Math.abs(u) < 1 ? smoothstep(-soft, soft, upperEdge - tilted) * smoothstep(-soft, soft, tilted - lowerEdge) : 0;
    if (inside > 0) {
      const irisR = 0.0066;
      const ix = dx + 0.0004;
      const iy = tilted - 0.0004;
      const r = Math.hypot(ix, iy);
      const sclera: Rgb = [232, 226, 220];
      const cornerShade = 0.25 * smoothstep(0.5, 1, Math.abs(u));
      paint(colour, sclera, inside);
      darken(colour, cornerShade * inside);
      const iris = 1 - smoothstep(irisR - soft, irisR + soft, r);
      const rim = smoothstep(irisR * 0.7, irisR, r);
      paint(colour, spec.iris, inside * iris);
      darken(colour, inside * iris * (0.45 * rim));
      const pupil = 1 - smoothstep(0.0024 - soft, 0.0024 + soft, r);
      paint(colour, [12, 10, 10], inside * pupil);
      const glint = 1 - smoothstep(0.0008, 0.0014, Math.hypot(ix + 0.0022, iy - 0.0022));
      paint(colour, [250, 250, 250], inside * glint * 0.9);
      // The upper lid's shadow on the eyeball.
      darken(colour, inside * 0.35 * smoothstep(0.0025, 0, upperEdge - tilted));
    }
    // Lashes along the upper lid, heavier at the outer corner; a faint lower lid line.
    const lashWidth = 0.0009 + 0.0008 * clamp01(u);
    const lash = band(tilted - upperEdge - lashWidth * 0.5, lashWidth, soft) * smoothstep(1.15, 0.95, Math.abs(u));
    paint(colour, [20, 14, 12], lash * 0.95);
    const lower = band(tilted - lowerEdge, 0.0005, soft) * smoothstep(1.05, 0.7, Math.abs(u));
    darken(colour, lower * 0.3);
  }
}

function paintBrow(colour: [number, number, number], spec: PersonSpec, dx: number, dy: number): void {
  const from = -0.016;
  const to = 0.021;
  if (dx < from - 0.002 || dx > to + 0.002) return;
  const t = (dx - from) / (to - from);
  const centreY = 0.0135 + 0.005 * Math.sin(Math.PI * Math.min(1, t * 1.25)) - 0.002 * t;
  const half = (spec.female ? 0.0021 : 0.0028) * (1.15 - 0.55 * t);
  const ends = smoothstep(from - 0.002, from + 0.003, dx) * smoothstep(to + 0.002, to - 0.004, dx);
  paint(colour, spec.hair, 0.88 * ends * band(dy - centreY, half, 0.0006));
}

function paintMouth(colour: [number, number, number], spec: PersonSpec, dx: number, dy: number): void {
  const halfWidth = spec.female ? 0.0215 : 0.0235;
  const mouthY = -0.0735;
  const u = dx / halfWidth;
  if (Math.abs(u) > 1.2) return;
  const lid = Math.max(0, 1 - u * u);
  const bow = 0.0011 * Math.exp(-((dx / 0.0045) ** 2));
  const upperTop = mouthY + (spec.female ? 0.0072 : 0.0058) * Math.sqrt(lid) - bow;
  const lowerBottom = mouthY - (spec.female ? 0.0095 : 0.0082) * Math.pow(lid, 0.6);
  const soft = 0.0007;
  const lips = smoothstep(-soft, soft, upperTop - dy) * smoothstep(-soft, soft, dy - lowerBottom);
  paint(colour, spec.lips, lips * 0.82);
  // Upper lip in shade, lower lip catching light.
  if (dy > mouthY) darken(colour, lips * 0.18);
  else colour[0] *= 1 + lips * 0.06;
  const line = band(dy - mouthY + 0.0012 * u * u, 0.0006, 0.0005) * smoothstep(1.1, 0.85, Math.abs(u));
  darken(colour, line * 0.65);
  const corner = Math.exp(-(((Math.abs(dx) - halfWidth) / 0.002) ** 2) - (((dy - mouthY) / 0.002) ** 2));
  darken(colour, corner * 0.35);
  // The shadow under the lower lip.
  darken(colour, 0.18 * Math.exp(-((dx / 0.015) ** 2) - (((dy - lowerBottom + 0.004) / 0.003) ** 2)));
}

function paintNose(colour: [number, number, number], dx: number, dy: number): void {
  const nostril = Math.exp(-(((Math.abs(dx) - 0.0075) / 0.0038) ** 2) - (((dy + 0.0535) / 0.0021) ** 2));
  darken(colour, 0.55 * nostril);
  const under = Math.exp(-((dx / 0.013) ** 2) - (((dy + 0.058) / 0.004) ** 2));
  darken(colour, 0.2 * under);
}

/** Brows, eyes, nose, mouth and a little blush on a head hit at (x, y) in world units. */
function paintFace(colour: [number, number, number], spec: PersonSpec, head: Body['head'], x: number, y: number): void {
  const dx = (x - head.x) / head.scale;
  const dy = (y - head.eyeY) / head.scale;
  if (Math.abs(dx) > 0.07 || dy > 0.045 || dy < -0.11) return;
  const side = dx < 0 ? -1 : 1;
  const eyeDx = (dx - side * 0.032) * side;
  paintEye(colour, spec, eyeDx, dy);
  paintBrow(colour, spec, eyeDx, dy);
  paintNose(colour, dx, dy);
  paintMouth(colour, spec, dx, dy);
  const blush = Math.exp(-(((Math.abs(dx) - 0.04) / 0.016) ** 2) - (((dy + 0.035) / 0.014) ** 2));
  paint(colour, [spec.skin[0], spec.skin[1] * 0.8, spec.skin[2] * 0.8], 0.25 * blush);
}

// ---------------------------------------------------------------- clothing and hair

/** Soft folds: a few shaded creases where fabric bunches (elbows, knees, waist, hem). */
function clothFolds(material: number, spec: PersonSpec, sk: Skeleton, x: number, y: number): number {
  let shade = 0;
  if (material === TOP) {
    // Drag lines from under the arms towards the waist.
    for (const side of SIDES) {
      const ax = side * spec.shoulderHalf * 0.72;
      const along = (sk.shoulderY - 0.1 - y) / 0.22;
      if (along > 0 && along < 1) shade += 0.1 * Math.sin(Math.PI * along) * band(x - ax + side * along * 0.035, 0.006, 0.008);
    }
    if (spec.outfit === 'shirt-chinos') shade += 0.12 * band(y - (sk.waistY - 0.03), 0.01, 0.012) * (0.5 + 0.5 * Math.sin(x * 90));
  }
  if (material === BOTTOM && spec.outfit === 'tank-skirt' && y < sk.hipY) {
    // Flare folds running down from the hips.
    const t = clamp01((sk.hipY - y) / 0.35);
    shade += 0.1 * t * Math.max(0, Math.sin(x * 55 + 0.6));
  }
  if (material === BOTTOM && spec.outfit !== 'tank-skirt') {
    for (const knee of sk.knee) {
      const k = (y - knee.y) / 0.03;
      if (Math.abs(k) < 3 && Math.abs(x - knee.x) < 0.07) shade += 0.09 * Math.max(0, Math.sin(k * 2.6 + x * 40));
    }
    if (y < sk.ankle[0].y + 0.1) shade += 0.1 * Math.max(0, Math.sin((y - sk.ankle[0].y) * 160 + Math.abs(x) * 60));
    if (y > sk.crotchY - 0.07 && y < sk.crotchY + 0.02 && Math.abs(x) < 0.06) shade += 0.08 * band(Math.abs(x) - (sk.crotchY + 0.02 - y) * 0.7, 0.004, 0.006);
  }
  return 1 - shade;
}

/** Seams, hems, buttons and the like, as a colour change on the base albedo. */
function clothDetails(colour: [number, number, number], material: number, spec: PersonSpec, sk: Skeleton, x: number, y: number): void {
  if (material === TOP && spec.outfit === 'tee-jeans') {
    // Ribbed crew neck band.
    const neckline = sk.neckBaseY - 0.03 + (0.03 * x * x) / (0.07 * 0.07);
    darken(colour, 0.12 * band(y - neckline + 0.006, 0.005, 0.001));
  }
  if (material === TOP && spec.outfit === 'shirt-chinos') {
    // Collar points either side of the open neck, with a shadow under their edge.
    const vBottom = sk.neckBaseY - 0.075;
    const ax = Math.abs(x);
    const fromV = ax - (y - vBottom) * 0.45;
    const collarLength = 0.085;
    const alongCollar = (sk.neckBaseY - y) / collarLength;
    const collar = fromV > 0 && fromV < 0.045 - 0.03 * alongCollar && alongCollar > -0.3 && alongCollar < 1 ? 1 : 0;
    if (collar) {
      colour[0] *= 1.08;
      colour[1] *= 1.08;
      colour[2] *= 1.08;
      darken(colour, 0.25 * band(fromV - (0.045 - 0.03 * alongCollar), 0.0015, 0.001));
    } else {
      darken(colour, 0.2 * band(fromV, 0.0015, 0.0012) * (y > vBottom - 0.01 ? 1 : 0));
    }
    const placket = band(x, 0.013, 0.0008) * (y < vBottom ? 1 : 0);
    darken(colour, 0.06 * band(Math.abs(x) - 0.013, 0.0009, 0.0006));
    const buttonStep = 0.085;
    const by = ((y - sk.waistY) % buttonStep + buttonStep) % buttonStep - buttonStep / 2;
    const button = (1 - smoothstep(0.0045, 0.0058, Math.hypot(x, by))) * placket;
    paint(colour, [236, 236, 230], button * 0.9);
    // A thin check so it reads as an oxford shirt.
    const check = 0.5 + 0.5 * Math.sin(x * 260) * Math.sin(y * 260);
    darken(colour, 0.04 * check);
  }
  if (material === BOTTOM && spec.outfit === 'tee-jeans') {
    // Denim: outer seams, the fly and pocket stitching in orange thread.
    const stitch = (d: number) => band(d, 0.0009, 0.0005);
    const fly = Math.abs(x - 0.025) < 0.012 && y > sk.crotchY - 0.01 && y < sk.waistY - 0.02 ? stitch(x - 0.025 - 0.003 * Math.max(0, (sk.crotchY + 0.04 - y) / 0.05)) : 0;
    const pocket = y > sk.hipY - 0.02 && y < sk.waistY - 0.03 ? stitch(Math.abs(x) - spec.hipHalf * 0.85 + (y - sk.hipY) * 0.9) : 0;
    paint(colour, [196, 138, 70], Math.max(fly, pocket) * 0.8);
    const twill = 0.5 + 0.5 * Math.sin((x + y) * 900);
    darken(colour, 0.05 * twill);
    // The t-shirt's hem overhangs the jeans: a soft shadow just below it.
    darken(colour, 0.35 * smoothstep(sk.hipY + 0.03 - 0.018, sk.hipY + 0.03, y));
  }
  if (material === BOTTOM && spec.outfit === 'shirt-chinos') {
    // A pressed crease down the front of each leg.
    for (const i of [0, 1]) {
      const knee = sk.knee[i];
      if (y < sk.hipY - 0.05) paint(colour, [spec.bottom[0] * 1.3, spec.bottom[1] * 1.3, spec.bottom[2] * 1.3], 0.5 * band(x - knee.x, 0.0012, 0.0012));
    }
  }
}

function hairShade(colour: [number, number, number], x: number, y: number): void {
  const strands = 0.5 + 0.5 * Math.sin(x * 700 + Math.sin(y * 60) * 3 + Math.sin(x * 130) * 2);
  darken(colour, 0.18 * strands);
}

// ---------------------------------------------------------------- shading a hit

interface Context {
  spec: PersonSpec;
  sk: Skeleton;
  body: Body;
  skin: [number, number, number];
  /** The material and depth of the last shaded sample. */
  material: number;
  depth: number;
}

function surfaceAt(ctx: Context, shape: Shape, hit: Hit): Surface {
  const { spec, sk, body } = ctx;
  const material = shape.material(hit.x, hit.y, hit.z);
  ctx.material = material;
  const albedo: [number, number, number] = [ctx.skin[0], ctx.skin[1], ctx.skin[2]];
  switch (material) {
    case SKIN:
      return { albedo, wrap: 0.35, specular: 0.05, shininess: 18 };
    case EAR: {
      // The ear's hollow, seen from the front as a darker inner crescent.
      const dy = (hit.y - (sk.eyeY - 0.017 * body.head.scale)) / (0.029 * body.head.scale);
      albedo[0] *= 1.04;
      darken(albedo, 0.3 * smoothstep(0.2, 0.8, hit.nz) * (1 - dy * dy));
      return { albedo, wrap: 0.4, specular: 0.04, shininess: 18 };
    }
    case FACE:
      if (hit.nz > 0) paintFace(albedo, spec, body.head, hit.x, hit.y);
      return { albedo, wrap: 0.35, specular: 0.07, shininess: 22 };
    case HAIR: {
      // Thin hair at the hairline lets the skin show through.
      const fullness = shape instanceof HairCap ? shape.fullness(hit.x, hit.y, hit.z) : 1;
      paint(albedo, spec.hair, smoothstep(0.05, 0.7, fullness));
      hairShade(albedo, hit.x, hit.y);
      return { albedo, wrap: 0.1, specular: 0.12 * fullness, shininess: 30 };
    }
    case SHOE:
      paint(albedo, spec.shoe, 1);
      return { albedo, wrap: 0.1, specular: spec.outfit === 'tee-jeans' ? 0.05 : 0.25, shininess: 40 };
    case SOLE:
      paint(albedo, spec.outfit === 'shirt-chinos' ? [60, 40, 30] : spec.outfit === 'tank-skirt' ? [110, 76, 54] : [232, 230, 222], 1);
      return { albedo, wrap: 0.1, specular: 0.03, shininess: 10 };
    case BELT: {
      paint(albedo, [70, 44, 28], 1);
      const buckle = band(hit.x, 0.02, 0.001) * band(hit.y - (sk.waistY - 0.064), 0.014, 0.001);
      paint(albedo, [190, 180, 150], buckle);
      return { albedo, wrap: 0.1, specular: 0.2 + 0.4 * buckle, shininess: 40 };
    }
    default: {
      paint(albedo, material === TOP ? spec.top : spec.bottom, 1);
      clothDetails(albedo, material, spec, sk, hit.x, hit.y);
      const fold = clothFolds(material, spec, sk, hit.x, hit.y);
      darken(albedo, 1 - fold);
      return { albedo, wrap: 0.2, specular: 0.02, shininess: 8 };
    }
  }
}

function shade(ctx: Context, shapes: Shape[], near: Int32Array, lightList: Int32Array, hit: Hit): [number, number, number] {
  const shape = nearestShape(shapes, near, hit.x, hit.y, hit.z);
  const surface = surfaceAt(ctx, shape, hit);
  const n = v3(hit.nx, hit.ny, hit.nz);
  const ao = occlusionAt(shapes, near, hit);
  const w = surface.wrap;
  const keyDiffuse = clamp01((dot(n, KEY) + w) / (1 + w));
  const visible = keyDiffuse > 0 ? keyVisibility(shapes, lightList, hit) : 0;
  const key = keyDiffuse * (0.35 + 0.65 * visible);
  const fill = clamp01((dot(n, FILL) + w) / (1 + w)) * 0.3;
  const rim = Math.pow(clamp01(dot(n, RIM)), 2) * 0.35;
  const ambient = 0.2 * (0.8 + 0.2 * n.y) * ao;
  const light = (key * 1.05 + fill) * (0.55 + 0.45 * ao) + ambient + rim * ao;
  const spec = surface.specular * Math.pow(clamp01(dot(n, HALF_KEY)), surface.shininess) * visible;
  // Skin scatters light: a warm tint where the light falls off.
  const warm = surface.wrap > 0.3 ? (1 - keyDiffuse) * keyDiffuse * 0.6 : 0;
  return [
    surface.albedo[0] * light * (1 + warm * 0.25) + spec,
    surface.albedo[1] * light * (1 - warm * 0.05) + spec,
    surface.albedo[2] * light * (1 - warm * 0.12) + spec,
  ];
}

// ---------------------------------------------------------------- rendering

interface Frame {
  pixelsPerMetre: number;
  floorY: number;
  centreX: number;
}

function frameFor(spec: PersonSpec, width: number, height: number): Frame {
  return { pixelsPerMetre: (height * 0.86) / spec.height, floorY: height * 0.948, centreX: width / 2 };
}

function toPixel(frame: Frame, p: V3): Point {
  return { x: frame.centreX + p.x * frame.pixelsPerMetre, y: frame.floorY - p.y * frame.pixelsPerMetre };
}

/** Sphere-traces one orthographic ray (towards -z) at (x, y); the hit or null. */
function trace(shapes: Shape[], list: Int32Array, x: number, y: number, zNear: number, zFar: number, eps: number): Hit | null {
  let z = zNear;
  let closest = 1e9;
  let closestZ = zNear;
  for (let step = 0; step < 90 && z > zFar; step++) {
    const d = sceneDistance(shapes, list, x, y, z);
    if (d < closest) {
      closest = d;
      closestZ = z;
    }
    if (d < eps) break;
    z -= Math.max(d * 0.9, eps * 0.5);
  }
  if (closest > eps * 2) return null;
  const n = normalAt(shapes, list, x, y, closestZ);
  return { x, y, z: closestZ, nx: n.x, ny: n.y, nz: n.z };
}


/** The studio backdrop: a seamless paper sweep, lighter in the middle, with a soft floor. */
function backdrop(spec: PersonSpec, frame: Frame, width: number, height: number, px: number, py: number): [number, number, number] {
  const t = py / height;
  const { top, bottom } = spec.backdrop;
  const floorT = smoothstep(frame.floorY / height - 0.12, frame.floorY / height + 0.04, t);
  const wall = (c: number) => mix(top[c], bottom[c], Math.pow(t, 1.4));
  const vignette = 1 - 0.1 * ((px / width - 0.5) ** 2 * 2.4 + (t - 0.45) ** 2 * 1.2);
  const brighten = 1 + 0.05 * floorT;
  return [toLinear(wall(0) * vignette * brighten), toLinear(wall(1) * vignette * brighten), toLinear(wall(2) * vignette * brighten)];
}

/** A soft, blurred copy of the silhouette, shifted down-right: the person's shadow on the backdrop. */
function wallShadow(coverage: Float32Array, width: number, height: number, frame: Frame): Float32Array {
  const factor = 8;
  const w = Math.ceil(width / factor);
  const h = Math.ceil(height / factor);
  let small: Float32Array = new Float32Array(w * h);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) small[((y / factor) | 0) * w + ((x / factor) | 0)] += coverage[y * width + x] / (factor * factor);
  for (let pass = 0; pass < 3; pass++) small = boxBlur(small, w, h, 3);
  const shadow = new Float32Array(width * height);
  const shiftX = 0.07 * frame.pixelsPerMetre;
  const shiftY = 0.03 * frame.pixelsPerMetre;
  for (let y = 0; y < height; y++) {
    const sy = Math.min(h - 1, Math.max(0, ((y - shiftY) / factor) | 0));
    for (let x = 0; x < width; x++) {
      const sx = Math.min(w - 1, Math.max(0, ((x - shiftX) / factor) | 0));
      shadow[y * width + x] = small[sy * w + sx];
    }
  }
  return shadow;
}

function boxBlur(src: Float32Array, w: number, h: number, r: number): Float32Array {
  const tmp = new Float32Array(w * h);
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let s = 0;
      for (let k = -r; k <= r; k++) s += src[y * w + Math.min(w - 1, Math.max(0, x + k))];
      tmp[y * w + x] = s / (2 * r + 1);
    }
  }
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let s = 0;
      for (let k = -r; k <= r; k++) s += tmp[Math.min(h - 1, Math.max(0, y + k)) * w + x];
      out[y * w + x] = s / (2 * r + 1);
    }
  }
  return out;
}

/** Soft dark ellipses on the floor under each shoe. */
function contactShadow(frame: Frame, sk: Skeleton, px: number, py: number): number {
  let shadow = 0;
  for (const ankle of sk.ankle) {
    const c = toPixel(frame, v3(ankle.x + Math.sign(ankle.x) * 0.02, 0, 0));
    const rx = 0.1 * frame.pixelsPerMetre;
    const ry = 0.02 * frame.pixelsPerMetre;
    shadow = Math.max(shadow, Math.exp(-(((px - c.x) / rx) ** 2) - (((py - c.y) / ry) ** 2)));
  }
  return shadow;
}

/** Samples per side where detail matters: silhouettes, material edges, the face and hair. */
const DETAIL = 3;
const TILE = 16;

interface TileLists {
  primary: Int32Array;
  near: Int32Array;
  light: Int32Array;
  zNear: number;
  zFar: number;
}

/** The shapes a tile's rays can hit, those its ambient occlusion can see and those that can shadow it. */
function tileLists(shapes: Shape[], frame: Frame, tx: number, ty: number): TileLists | null {
  const s = frame.pixelsPerMetre;
  const x0 = (tx - frame.centreX) / s;
  const x1 = (tx + TILE - frame.centreX) / s;
  const y1 = (frame.floorY - ty) / s;
  const y0 = (frame.floorY - ty - TILE) / s;
  const primary = shapesNear(shapes, x0, x1, y0, y1, 0.002);
  if (primary.length === 0) return null;
  let zNear = -1;
  let zFar = 1;
  for (const i of primary) {
    zNear = Math.max(zNear, shapes[i].maxZ + 0.01);
    zFar = Math.min(zFar, shapes[i].minZ - 0.01);
  }
  return {
    primary,
    near: shapesNear(shapes, x0, x1, y0, y1, 0.06),
    light: shapesNear(shapes, x0 - 0.6, x1, y0, y1 + 0.6, 0.02),
    zNear,
    zFar,
  };
}

interface BodyLayer {
  colour: Float32Array;
  coverage: Float32Array;
}

/** Traces and shades an n × n grid in one pixel; adds the mean colour and coverage into `layer`. */
function samplePixel(ctx: Context, frame: Frame, lists: TileLists, px: number, py: number, n: number, layer: BodyLayer, i: number): number {
  const shapes = ctx.body.shapes;
  const s = frame.pixelsPerMetre;
  const eps = 0.25 / (s * n);
  let r = 0;
  let g = 0;
  let b = 0;
  let hits = 0;
  let material = -1;
  let depth = 0;
  for (let sy = 0; sy < n; sy++) {
    for (let sx = 0; sx < n; sx++) {
      const wx = (px + (sx + 0.5) / n - frame.centreX) / s;
      const wy = (frame.floorY - py - (sy + 0.5) / n) / s;
      const hit = trace(shapes, lists.primary, wx, wy, lists.zNear, lists.zFar, eps);
      if (!hit) continue;
      const c = shade(ctx, shapes, lists.near, lists.light, hit);
      r += c[0];
      g += c[1];
      b += c[2];
      hits++;
      material = ctx.material;
      depth = hit.z;
    }
  }
  layer.coverage[i] = hits / (n * n);
  if (hits > 0) {
    layer.colour[i * 3] = r / hits;
    layer.colour[i * 3 + 1] = g / hits;
    layer.colour[i * 3 + 2] = b / hits;
  }
  ctx.depth = depth;
  return material;
}

/** Whether a pixel sits on an edge (coverage, material or depth changes around it) or on fine detail. */
function needsDetail(material: Int8Array, depth: Float32Array, width: number, height: number, x: number, y: number): boolean {
  const i = y * width + x;
  const m = material[i];
  if (m === FACE) return true;
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      const nx = x + dx;
      const ny = y + dy;
      if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
      const j = ny * width + nx;
      if (material[j] !== m) return true;
      if (m >= 0 && Math.abs(depth[j] - depth[i]) > 0.012) return true;
    }
  }
  return false;
}

/** Renders the body: one ray per pixel, then a DETAIL × DETAIL grid wherever that pixel is an edge or fine detail. */
function renderBody(ctx: Context, frame: Frame, width: number, height: number): BodyLayer {
  const shapes = ctx.body.shapes;
  const layer: BodyLayer = { colour: new Float32Array(width * height * 3), coverage: new Float32Array(width * height) };
  const material = new Int8Array(width * height).fill(-1);
  const depth = new Float32Array(width * height);
  const tiles: { tx: number; ty: number; lists: TileLists }[] = [];
  for (let ty = 0; ty < height; ty += TILE) {
    for (let tx = 0; tx < width; tx += TILE) {
      const lists = tileLists(shapes, frame, tx, ty);
      if (lists) tiles.push({ tx, ty, lists });
    }
  }
  const eachPixel = (visit: (px: number, py: number, lists: TileLists) => void) => {
    for (const { tx, ty, lists } of tiles) {
      for (let py = ty; py < Math.min(height, ty + TILE); py++) for (let px = tx; px < Math.min(width, tx + TILE); px++) visit(px, py, lists);
    }
  };
  eachPixel((px, py, lists) => {
    const i = py * width + px;
    material[i] = samplePixel(ctx, frame, lists, px, py, 1, layer, i);
    depth[i] = ctx.depth;
  });
  eachPixel((px, py, lists) => {
    if (needsDetail(material, depth, width, height, px, py)) samplePixel(ctx, frame, lists, px, py, DETAIL, layer, py * width + px);
  });
  return layer;
}

/** A front-on, full-length studio photo of one of our people: opaque RGB. */
export function renderPerson(id: PersonId, width = 768, height = 1024): RgbaImage {
  const spec = PEOPLE[id];
  const sk = skeletonFor(spec);
  const body = buildBody(spec, sk);
  const frame = frameFor(spec, width, height);
  const ctx: Context = { spec, sk, body, skin: [toLinear(spec.skin[0]), toLinear(spec.skin[1]), toLinear(spec.skin[2])], material: -1, depth: 0 };
  const { colour, coverage } = renderBody(ctx, frame, width, height);
  const shadow = wallShadow(coverage, width, height, frame);
  const data = new Uint8ClampedArray(width * height * 4);
  for (let py = 0; py < height; py++) {
    for (let px = 0; px < width; px++) {
      const i = py * width + px;
      const bg = backdrop(spec, frame, width, height, px, py);
      const dim = 1 - 0.2 * shadow[i] - 0.45 * contactShadow(frame, sk, px, py);
      const a = coverage[i];
      for (let c = 0; c < 3; c++) data[i * 4 + c] = Math.round(toSrgb(mix(bg[c] * dim, colour[i * 3 + c], a)));
      data[i * 4 + 3] = 255;
    }
  }
  return { data, width, height };
}

export interface PersonTruth {
  nose: Point;
  eyeLeft: Point;
  eyeRight: Point;
  shoulderLeft: Point;
  shoulderRight: Point;
  elbowLeft: Point;
  elbowRight: Point;
  wristLeft: Point;
  wristRight: Point;
  hipLeft: Point;
  hipRight: Point;
  kneeLeft: Point;
  kneeRight: Point;
  ankleLeft: Point;
  ankleRight: Point;
  /** The crown's and the soles' rows. */
  top: number;
  bottom: number;
}

/** Where the person's joints land in a width × height render (left/right are image sides). */
export function personTruth(id: PersonId, width = 768, height = 1024): PersonTruth {
  const spec = PEOPLE[id];
  const sk = skeletonFor(spec);
  const frame = frameFor(spec, width, height);
  const at = (p: V3) => toPixel(frame, p);
  const s = sk.headHeight / 0.227;
  return {
    nose: at(v3(0, sk.eyeY - 0.045 * s, 0)),
    eyeLeft: at(v3(-0.032 * s, sk.eyeY, 0)),
    eyeRight: at(v3(0.032 * s, sk.eyeY, 0)),
    shoulderLeft: at(sk.shoulder[0]),
    shoulderRight: at(sk.shoulder[1]),
    elbowLeft: at(sk.elbow[0]),
    elbowRight: at(sk.elbow[1]),
    wristLeft: at(sk.wrist[0]),
    wristRight: at(sk.wrist[1]),
    hipLeft: at(sk.hip[0]),
    hipRight: at(sk.hip[1]),
    kneeLeft: at(sk.knee[0]),
    kneeRight: at(sk.knee[1]),
    ankleLeft: at(sk.ankle[0]),
    ankleRight: at(sk.ankle[1]),
    top: at(v3(0, spec.height + (spec.hairStyle === 'bun' ? 0.05 : 0.01), 0)).y,
    bottom: frame.floorY,
  };
}
