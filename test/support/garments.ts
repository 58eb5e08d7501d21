// Procedurally drawn product photos of garments for the virtual try-on's tests
// and samples: a t-shirt, a sweater, trousers, a skirt and a dress, laid out
// front-on (ghost-mannequin style), symmetric and centred on an off-white
// background. Each is an outline polygon shaded by its signed distance (soft
// rolled edges, a few folds, a faint drop shadow) and printed with a pattern so
// that a warp shows. The outline's named corners are the garment's landmarks,
// which `garmentTruth` reports in pixels under the names of fit-types.ts.
import type { RgbaImage } from '../../src/imaging/image';
import type { GarmentKind, GarmentLandmarks, GarmentPointName, Point } from '../../src/features/try-on/worker/fit-types';

export type GarmentId = 'tee' | 'sweater' | 'trousers' | 'skirt' | 'dress';
export const GARMENT_IDS: readonly GarmentId[] = ['tee', 'sweater', 'trousers', 'skirt', 'dress'];

type Rgb = readonly [number, number, number];
type Colour = [number, number, number];

/** A point in garment units: x from the centre line, y down from the top of the frame, both in frame heights. */
interface P {
  x: number;
  y: number;
}

const p = (x: number, y: number): P => ({ x, y });
const mirror = (q: P): P => p(-q.x, q.y);

const clamp01 = (v: number): number => (v < 0 ? 0 : v > 1 ? 1 : v);
const mix = (a: number, b: number, t: number): number => a + (b - a) * t;

function smoothstep(edge0: number, edge1: number, v: number): number {
  const t = clamp01((v - edge0) / (edge1 - edge0));
  return t * t * (3 - 2 * t);
}

const toLinear = (c: number): number => Math.pow(c / 255, 2.2);
const toSrgb = (l: number): number => 255 * Math.pow(clamp01(l), 1 / 2.2);
const rgb = (c: Rgb): Colour => [toLinear(c[0]), toLinear(c[1]), toLinear(c[2])];

function blend(into: Colour, c: Colour, amount: number): Colour {
  if (amount <= 0) return into;
  return [mix(into[0], c[0], amount), mix(into[1], c[1], amount), mix(into[2], c[2], amount)];
}

function scaled(c: Colour, k: number): Colour {
  return [c[0] * k, c[1] * k, c[2] * k];
}

/** 1 within `half` of 0, antialiased over about a pixel. */
function band(distance: number, half: number, pixel: number): number {
  return 1 - smoothstep(half - pixel * 0.6, half + pixel * 0.6, Math.abs(distance));
}

function disc(x: number, y: number, cx: number, cy: number, r: number, pixel: number): number {
  return 1 - smoothstep(r - pixel * 0.6, r + pixel * 0.6, Math.hypot(x - cx, y - cy));
}

/** A repeatable pseudo-random number in [0, 1) for integer cell coordinates. */
function cellRandom(i: number, j: number, salt: number): number {
  let h = Math.imul(i, 0x27d4eb2d) ^ Math.imul(j, 0x165667b1) ^ Math.imul(salt, 0x9e3779b9);
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

// ---------------------------------------------------------------- outlines

/** Points along a quadratic Bézier from a (excluded) to b (included), bending towards c. */
function curve(a: P, c: P, b: P, steps = 10): P[] {
  const out: P[] = [];
  for (let i = 1; i <= steps; i++) {
    const t = i / steps;
    const u = 1 - t;
    out.push(p(u * u * a.x + 2 * u * t * c.x + t * t * b.x, u * u * a.y + 2 * u * t * c.y + t * t * b.y));
  }
  return out;
}

/** A closed outline from its right half (top centre round to bottom centre), mirrored onto the left. */
function mirrored(rightHalf: P[]): P[] {
  const left = rightHalf
    .filter((q) => q.x !== 0)
    .reverse()
    .map(mirror);
  return [...rightHalf, ...left];
}

/** A polygon or polyline prepared for distance queries. */
interface Shape {
  xs: Float64Array;
  ys: Float64Array;
  closed: boolean;
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
}

function shapeOf(points: P[], closed = true): Shape {
  const xs = Float64Array.from(points, (q) => q.x);
  const ys = Float64Array.from(points, (q) => q.y);
  return { xs, ys, closed, minX: Math.min(...xs), maxX: Math.max(...xs), minY: Math.min(...ys), maxY: Math.max(...ys) };
}

/**
 * Distance to a shape's edges, negative inside a closed one. Beyond `far`
 * from its bounding box only that (lower-bound) box distance is returned.
 */
function distanceTo(shape: Shape, x: number, y: number, far = Infinity): number {
  const gap = Math.hypot(Math.max(shape.minX - x, 0, x - shape.maxX), Math.max(shape.minY - y, 0, y - shape.maxY));
  if (gap > far) return gap;
  const { xs, ys } = shape;
  const n = xs.length;
  let best = Infinity;
  let inside = false;
  const first = shape.closed ? 0 : 1;
  for (let i = first, j = shape.closed ? n - 1 : 0; i < n; j = i++) {
    const ax = xs[j];
    const ay = ys[j];
    const ex = xs[i] - ax;
    const ey = ys[i] - ay;
    const wx = x - ax;
    const wy = y - ay;
    const t = clamp01((wx * ex + wy * ey) / (ex * ex + ey * ey || 1));
    const dx = wx - ex * t;
    const dy = wy - ey * t;
    const d2 = dx * dx + dy * dy;
    if (d2 < best) best = d2;
    if (shape.closed && ay > y !== ys[i] > y && x < ax + ((y - ay) * ex) / ey) inside = !inside;
  }
  return inside ? -Math.sqrt(best) : Math.sqrt(best);
}

// ---------------------------------------------------------------- designs

/** A soft crease: a ridge from a to b, `width` wide; positive depth folds up, negative folds in. */
interface Fold {
  a: P;
  b: P;
  width: number;
  depth: number;
}

/** How much of a band (rib, hem, cuff, waistband, collar) covers a point, and its rib direction. */
type Band = (x: number, y: number, pixel: number) => { cover: number; ribAngle: number };

interface GarmentDesign {
  kind: GarmentKind;
  outline: P[];
  /** The inside of the back of the neck, seen through the neckline. */
  neckInside?: P[];
  landmarks: Partial<Record<GarmentPointName, P>>;
  folds: Fold[];
  /** Stitched seams: polylines drawn as a fine dark line. */
  seams: P[][];
  bands: Band[];
  /** The fabric's linear colour at a garment point (pattern included). */
  fabric: (x: number, y: number, pixel: number) => Colour;
  /** The colour of ribbed bands (the fabric's, unless given). */
  bandColour?: Colour;
  /** Small extras drawn over everything (buttons, loops, labels): colour and cover, or null. */
  trims?: (x: number, y: number, pixel: number) => { colour: Colour; cover: number } | null;
}

type Pairs = Partial<Record<'neck' | 'shoulder' | 'armpit' | 'cuffOuter' | 'cuffInner' | 'hem' | 'waist' | 'legOuter' | 'legInner', P>>;

/** Both sides' landmarks from right-half points (image left is the mirror, at negative x). */
function landmarksFrom(points: Pairs, crotch?: P): GarmentDesign['landmarks'] {
  const out: GarmentDesign['landmarks'] = {};
  const names: [keyof Pairs, GarmentPointName, GarmentPointName][] = [
    ['neck', 'neckLeft', 'neckRight'],
    ['shoulder', 'shoulderLeft', 'shoulderRight'],
    ['armpit', 'armpitLeft', 'armpitRight'],
    ['cuffOuter', 'cuffLeftOuter', 'cuffRightOuter'],
    ['cuffInner', 'cuffLeftInner', 'cuffRightInner'],
    ['waist', 'waistLeft', 'waistRight'],
    ['hem', 'hemLeft', 'hemRight'],
    ['legOuter', 'legLeftOuter', 'legRightOuter'],
    ['legInner', 'legLeftInner', 'legRightInner'],
  ];
  for (const [key, left, right] of names) {
    const q = points[key];
    if (!q) continue;
    out[left] = mirror(q);
    out[right] = q;
  }
  if (crotch) out.crotch = crotch;
  return out;
}

/** A rib band along the bottom of a garment: everything below `hemY(x) - height`. */
function hemBand(hemY: (x: number) => number, height: number): Band {
  return (x, y, pixel) => ({ cover: smoothstep(-pixel * 0.6, pixel * 0.6, y - (hemY(x) - height)), ribAngle: Math.PI / 2 });
}

/** A rib band along the top (a waistband): everything above `topY + height`. */
function waistBand(topY: number, height: number): Band {
  return (_x, y, pixel) => ({ cover: smoothstep(-pixel * 0.6, pixel * 0.6, topY + height - y), ribAngle: Math.PI / 2 });
}

/** A cuff: the strip within `depth` of the sleeve opening a–b (on the sleeve's side). */
function cuffBand(a: P, b: P, depth: number): Band {
  const ex = b.x - a.x;
  const ey = b.y - a.y;
  const length = Math.hypot(ex, ey);
  const nx = -ey / length;
  const ny = ex / length;
  const inward = nx * (a.x > 0 ? -1 : 1) < 0 ? -1 : 1;
  const ribAngle = Math.atan2(ny, nx);
  return (x, y, pixel) => {
    const t = ((x - a.x) * ex + (y - a.y) * ey) / (length * length);
    if (t < -0.3 || t > 1.3) return { cover: 0, ribAngle };
    const into = ((x - a.x) * nx + (y - a.y) * ny) * inward;
    return { cover: smoothstep(-pixel * 0.6, pixel * 0.6, depth - into), ribAngle };
  };
}

/** A collar rib: within `width` outside the front neckline (given right half, neck point first). */
function collarBand(frontRight: P[], width: number): Band {
  const line = shapeOf([...frontRight.map(mirror), ...frontRight.slice(0, -1).reverse()], false);
  return (x, y, pixel) => {
    const d = distanceTo(line, x, y, width * 2);
    return { cover: 1 - smoothstep(width - pixel * 0.6, width + pixel * 0.6, d), ribAngle: Math.atan2(y - line.minY, x) };
  };
}

/** The inside back of the neck: between the outline's back neckline and the front neckline. */
function neckInside(backRight: P[], frontRight: P[]): P[] {
  return mirrored([...backRight, ...frontRight.slice(1)]);
}

// --- the t-shirt: short sleeves, a crew neck, a mountain-and-sun print on the chest

function teeDesign(): GarmentDesign {
  const neck = p(0.085, 0.17);
  const shoulder = p(0.215, 0.205);
  const cuffOuter = p(0.345, 0.355);
  const cuffInner = p(0.285, 0.415);
  const armpit = p(0.21, 0.355);
  const hem = p(0.215, 0.81);
  const back = [p(0, 0.183), ...curve(p(0, 0.183), p(0.05, 0.183), neck, 6)];
  const front = [neck, ...curve(neck, p(0.076, 0.24), p(0, 0.244), 10)];
  const hemY = (x: number) => 0.816 - 0.006 * (x / 0.215) ** 2;
  const outline = mirrored([...back, shoulder, cuffOuter, cuffInner, armpit, ...curve(armpit, p(0.203, 0.58), hem, 8), ...curve(hem, p(0.1, hemY(0.1)), p(0, 0.816), 4)]);
  const base = rgb([182, 54, 62]);
  const ink = rgb([246, 232, 206]);
  return {
    kind: 'upper',
    outline,
    neckInside: neckInside(back, front),
    landmarks: landmarksFrom({ neck, shoulder, armpit, cuffOuter, cuffInner, hem }),
    folds: [
      { a: p(0.15, 0.5), b: p(0.08, 0.7), width: 0.018, depth: 0.5 },
      { a: p(-0.17, 0.5), b: p(-0.11, 0.76), width: 0.022, depth: -0.4 },
      { a: p(0.245, 0.3), b: p(0.295, 0.37), width: 0.012, depth: 0.5 },
      { a: p(-0.245, 0.3), b: p(-0.295, 0.37), width: 0.012, depth: 0.5 },
      { a: p(0.04, 0.72), b: p(0.1, 0.79), width: 0.015, depth: -0.35 },
    ],
    seams: [
      [shoulder, neck],
      [mirror(shoulder), mirror(neck)],
      [p(0.213, 0.21), armpit],
      [p(-0.213, 0.21), mirror(armpit)],
    ],
    bands: [hemBand(hemY, 0.028), cuffBand(cuffOuter, cuffInner, 0.022), cuffBand(mirror(cuffOuter), mirror(cuffInner), 0.022), collarBand(front, 0.016)],
    fabric: (x, y, pixel) => {
      const heather = 1 + 0.05 * Math.sin(x * 700 + Math.sin(y * 300) * 3) * Math.sin(y * 500);
      return blend(scaled(base, heather), ink, teeGraphic(x, y - 0.39, pixel));
    },
  };
}

/** The chest print: a sun over two snow-capped mountains in a ring, with a wordmark of bars beneath. */
function teeGraphic(x: number, y: number, pixel: number): number {
  const r = Math.hypot(x, y);
  const ring = band(r - 0.086, 0.0055, pixel);
  const inside = 1 - smoothstep(0.078 - pixel, 0.078 + pixel, r);
  const sun = disc(x, y, 0.026, -0.026, 0.021, pixel);
  const mountain = (cx: number, h: number, w: number) => {
    const edge = 0.045 - h + (Math.abs(x - cx) * h) / w;
    return smoothstep(-pixel, pixel, y - edge) * (1 - smoothstep(0.045 - pixel, 0.045 + pixel, y));
  };
  const left = mountain(-0.022, 0.08, 0.06);
  const right = mountain(0.04, 0.05, 0.045);
  // The nearer peak drawn over the farther, with a gap along its flank; a snow cap cut from the tall one.
  const flank = band(0.045 - 0.08 + (Math.abs(x + 0.022) * 0.08) / 0.06 - y, 0.004, pixel) * (x > -0.022 ? 1 : 0);
  const snowLine = 0.045 - 0.08 + 0.024;
  const snowGap = left * band(y - snowLine - 0.012 * Math.sin(x * 160), 0.003, pixel);
  const peaks = Math.max(left - snowGap, right * (1 - flank) * (1 - left));
  const aroundSun = disc(x, y, 0.026, -0.026, 0.028, pixel);
  const scene = inside * Math.max(sun, peaks * (1 - aroundSun));
  let bars = 0;
  for (let i = 0; i < 5; i++) {
    const cx = -0.064 + i * 0.032;
    const half = 0.011 + (i % 2) * 0.003;
    bars = Math.max(bars, band(x - cx, half, pixel) * band(y - 0.118, 0.0085, pixel));
  }
  return Math.max(ring, scene, bars * 0.95);
}

// --- the sweater: long sleeves, ribbed neck, cuffs and hem, knitted stripes

function sweaterDesign(): GarmentDesign {
  const neck = p(0.08, 0.14);
  const shoulder = p(0.215, 0.18);
  const cuffOuter = p(0.36, 0.72);
  const cuffInner = p(0.29, 0.735);
  const armpit = p(0.2, 0.34);
  const hem = p(0.19, 0.805);
  const back = [p(0, 0.152), ...curve(p(0, 0.152), p(0.045, 0.152), neck, 6)];
  const front = [neck, ...curve(neck, p(0.07, 0.198), p(0, 0.2), 10)];
  const outline = mirrored([
    ...back,
    shoulder,
    ...curve(shoulder, p(0.31, 0.33), cuffOuter, 12),
    cuffInner,
    ...curve(cuffInner, p(0.245, 0.5), armpit, 10),
    ...curve(armpit, p(0.203, 0.6), p(0.2, 0.755), 6),
    p(0.19, 0.765),
    hem,
    p(0, 0.805),
  ]);
  const cream = rgb([232, 224, 204]);
  const green = rgb([38, 92, 72]);
  const rust = rgb([176, 80, 44]);
  return {
    kind: 'upper',
    outline,
    neckInside: neckInside(back, front),
    landmarks: landmarksFrom({ neck, shoulder, armpit, cuffOuter, cuffInner, hem }),
    folds: [
      { a: p(0.25, 0.4), b: p(0.3, 0.62), width: 0.014, depth: -0.45 },
      { a: p(-0.25, 0.4), b: p(-0.3, 0.62), width: 0.014, depth: -0.45 },
      { a: p(0.06, 0.45), b: p(0.12, 0.7), width: 0.02, depth: 0.4 },
      { a: p(-0.1, 0.35), b: p(-0.05, 0.6), width: 0.02, depth: -0.35 },
    ],
    seams: [
      [shoulder, neck],
      [mirror(shoulder), mirror(neck)],
      [p(0.212, 0.19), armpit],
      [p(-0.212, 0.19), mirror(armpit)],
    ],
    bands: [hemBand(() => 0.805, 0.048), cuffBand(cuffOuter, cuffInner, 0.045), cuffBand(mirror(cuffOuter), mirror(cuffInner), 0.045), collarBand(front, 0.02)],
    bandColour: green,
    fabric: (x, y, pixel) => {
      // Knit rows, broad green stripes with a fine rust one between.
      const knit = 1 - 0.07 * (0.5 + 0.5 * Math.sin(x * 1400 + Math.abs(Math.sin(y * 700)) * 4));
      const period = 0.07;
      const phase = ((y - 0.2) / period - Math.floor((y - 0.2) / period)) * period;
      const stripe = band(phase - 0.02, 0.013, pixel);
      const thin = band(phase - 0.05, 0.0035, pixel);
      return scaled(blend(blend(cream, green, stripe), rust, thin), knit);
    },
  };
}

// --- the trousers: waistband with loops, fly, slant pockets, two legs and a glen check

function trousersDesign(): GarmentDesign {
  const waist = p(0.17, 0.08);
  const hip = p(0.19, 0.25);
  const legOuter = p(0.165, 0.93);
  const legInner = p(0.04, 0.93);
  const crotch = p(0, 0.37);
  const outline = mirrored([p(0, 0.08), waist, ...curve(waist, p(0.188, 0.14), hip, 6), ...curve(hip, p(0.18, 0.6), legOuter, 8), legInner, ...curve(legInner, p(0.03, 0.42), crotch, 10)]);
  const base = rgb([150, 138, 116]);
  const dark = rgb([84, 74, 62]);
  const red = rgb([150, 50, 46]);
  const waistbandBottom = 0.08 + 0.045;
  return {
    kind: 'lower',
    outline,
    landmarks: landmarksFrom({ waist, legOuter, legInner }, crotch),
    folds: [
      { a: p(0.1, 0.3), b: p(0.1, 0.92), width: 0.006, depth: 0.5 },
      { a: p(-0.1, 0.3), b: p(-0.1, 0.92), width: 0.006, depth: 0.5 },
      { a: p(0.03, 0.36), b: p(0.09, 0.44), width: 0.012, depth: -0.45 },
      { a: p(-0.03, 0.36), b: p(-0.09, 0.44), width: 0.012, depth: -0.45 },
      { a: p(0.06, 0.78), b: p(0.15, 0.8), width: 0.01, depth: -0.3 },
      { a: p(-0.06, 0.7), b: p(-0.15, 0.72), width: 0.01, depth: -0.3 },
    ],
    seams: [
      [p(0.022, waistbandBottom), p(0.022, 0.27), ...curve(p(0.022, 0.27), p(0.022, 0.3), p(0, 0.305), 4)],
      [p(0.11, waistbandBottom), p(0.183, 0.23)],
      [p(-0.11, waistbandBottom), p(-0.183, 0.23)],
      [p(0, waistbandBottom), crotch],
    ],
    bands: [waistBand(0.08, 0.045)],
    fabric: (x, y, pixel) => {
      // Glen check: fine dark lines every 0.02, grouped bars every 0.08, a red overcheck.
      const cell = (v: number, period: number) => {
        const f = v / period - Math.floor(v / period);
        return Math.min(f, 1 - f) * period;
      };
      const fine = Math.max(band(cell(x, 0.02), 0.0018, pixel), band(cell(y, 0.02), 0.0018, pixel)) * 0.35;
      const bars = Math.max(band(cell(x + 0.04, 0.08), 0.008, pixel), band(cell(y + 0.04, 0.08), 0.008, pixel)) * 0.35;
      const over = Math.max(band(cell(x + 0.02, 0.16), 0.0016, pixel), band(cell(y + 0.02, 0.16), 0.0016, pixel));
      return blend(blend(base, dark, Math.max(fine, bars)), red, over * 0.85);
    },
    bandColour: scaled(base, 0.9),
    trims: (x, y, pixel) => {
      const button = disc(x, y, 0, 0.1025, 0.011, pixel);
      if (button > 0) return { colour: rgb([60, 52, 44]), cover: button };
      for (const lx of [-0.15, -0.06, 0.06, 0.15]) {
        const loop = band(x - lx, 0.007, pixel) * band(y - 0.1, 0.028, pixel);
        if (loop > 0) return { colour: scaled(base, 0.82), cover: loop };
      }
      return null;
    },
  };
}

// --- the skirt: an A-line with a waistband, polka dots and soft flared folds

function skirtDesign(): GarmentDesign {
  const waist = p(0.15, 0.2);
  const hem = p(0.3, 0.775);
  const hemY = (x: number) => 0.805 - 0.03 * (x / 0.3) ** 2;
  const outline = mirrored([p(0, 0.2), waist, ...curve(waist, p(0.19, 0.33), hem, 12), ...curve(hem, p(0.15, hemY(0.15) + 0.0075), p(0, 0.805), 8)]);
  const navy = rgb([34, 46, 84]);
  const white = rgb([240, 238, 230]);
  return {
    kind: 'lower',
    outline,
    landmarks: landmarksFrom({ waist, hem }),
    folds: [-0.2, -0.09, 0.03, 0.13, 0.22].map((x, i) => ({ a: p(x * 0.55, 0.3), b: p(x, hemY(x)), width: 0.02, depth: i % 2 ? -0.45 : 0.45 })),
    seams: [[p(0.135, 0.24), p(0.135, 0.33)]],
    bands: [waistBand(0.2, 0.038), hemBand(hemY, 0.012)],
    fabric: (x, y, pixel) => {
      const period = 0.052;
      const row = Math.floor(y / period);
      const shift = row % 2 ? period / 2 : 0;
      const cx = (Math.floor((x + shift) / period) + 0.5) * period - shift;
      const cy = (row + 0.5) * period;
      return blend(navy, white, disc(x, y, cx, cy, 0.011, pixel));
    },
    trims: (x, y, pixel) => {
      const button = disc(x, y, 0.12, 0.219, 0.008, pixel);
      return button > 0 ? { colour: rgb([220, 214, 200]), cover: button } : null;
    },
  };
}

// --- the dress: cap sleeves, a scoop neck, fitted bodice and a flared knee-length skirt in a floral print

function dressDesign(): GarmentDesign {
  const neck = p(0.07, 0.09);
  const shoulder = p(0.15, 0.115);
  const cuffOuter = p(0.228, 0.19);
  const cuffInner = p(0.19, 0.237);
  const armpit = p(0.146, 0.218);
  const waist = p(0.118, 0.4);
  const hem = p(0.28, 0.91);
  const back = [p(0, 0.1), ...curve(p(0, 0.1), p(0.04, 0.1), neck, 6)];
  const front = [neck, ...curve(neck, p(0.065, 0.158), p(0, 0.162), 10)];
  const outline = mirrored([
    ...back,
    shoulder,
    cuffOuter,
    cuffInner,
    armpit,
    ...curve(armpit, p(0.138, 0.31), waist, 8),
    ...curve(waist, p(0.16, 0.55), hem, 12),
    ...curve(hem, p(0.15, 0.935), p(0, 0.93), 8),
  ]);
  const sage = rgb([128, 158, 124]);
  return {
    kind: 'full',
    outline,
    neckInside: neckInside(back, front),
    landmarks: landmarksFrom({ neck, shoulder, armpit, cuffOuter, cuffInner, waist, hem }),
    folds: [
      ...[-0.2, -0.1, 0, 0.1, 0.2].map((x, i) => ({ a: p(x * 0.45, 0.45), b: p(x, 0.9), width: 0.018, depth: i % 2 ? 0.45 : -0.4 })),
      { a: p(0.06, 0.22), b: p(0.1, 0.36), width: 0.012, depth: -0.3 },
    ],
    seams: [
      [shoulder, neck],
      [mirror(shoulder), mirror(neck)],
      [p(-0.118, 0.4), ...curve(p(-0.118, 0.4), p(0, 0.41), p(0.118, 0.4), 8)],
      [p(0.06, 0.21), p(0.07, 0.4)],
      [p(-0.06, 0.21), p(-0.07, 0.4)],
    ],
    bands: [collarBand(front, 0.008), hemBand(() => 0.93, 0.01)],
    fabric: (x, y, pixel) => floral(sage, x, y, pixel),
  };
}

/** A scattered floral print: five-petal flowers in pink and cream with yellow hearts, and leaves. */
function floral(base: Colour, x: number, y: number, pixel: number): Colour {
  const period = 0.085;
  let colour = base;
  const ci = Math.floor(x / period);
  const cj = Math.floor(y / period);
  for (let j = cj - 1; j <= cj + 1; j++) {
    for (let i = ci - 1; i <= ci + 1; i++) {
      const fx = (i + 0.25 + 0.5 * cellRandom(i, j, 1)) * period;
      const fy = (j + 0.25 + 0.5 * cellRandom(i, j, 2)) * period;
      const size = 0.022 + 0.012 * cellRandom(i, j, 3);
      const turn = cellRandom(i, j, 4) * Math.PI * 2;
      // A leaf beside each flower.
      const leafAngle = turn + 2.2;
      const lx = x - (fx + Math.cos(leafAngle) * size * 1.5);
      const ly = y - (fy + Math.sin(leafAngle) * size * 1.5);
      const along = lx * Math.cos(leafAngle) + ly * Math.sin(leafAngle);
      const across = -lx * Math.sin(leafAngle) + ly * Math.cos(leafAngle);
      const leaf = 1 - smoothstep(1 - pixel / size, 1 + pixel / size, Math.hypot(along / (size * 0.9), across / (size * 0.38)));
      colour = blend(colour, rgb([62, 100, 64]), leaf);
      const dx = x - fx;
      const dy = y - fy;
      const r = Math.hypot(dx, dy);
      const theta = Math.atan2(dy, dx) + turn;
      const petalEdge = size * (0.62 + 0.38 * Math.abs(Math.cos(2.5 * theta)));
      const petals = 1 - smoothstep(petalEdge - pixel * 0.6, petalEdge + pixel * 0.6, r);
      const pink = cellRandom(i, j, 5) < 0.55;
      const petalColour = blend(rgb(pink ? [228, 122, 140] : [246, 236, 216]), rgb(pink ? [176, 70, 96] : [220, 196, 170]), smoothstep(size * 0.7, size * 0.2, r) * 0.6);
      colour = blend(colour, petalColour, petals);
      colour = blend(colour, rgb([236, 190, 60]), disc(x, y, fx, fy, size * 0.22, pixel));
    }
  }
  return colour;
}

const DESIGNS: Record<GarmentId, () => GarmentDesign> = {
  tee: teeDesign,
  sweater: sweaterDesign,
  trousers: trousersDesign,
  skirt: skirtDesign,
  dress: dressDesign,
};

// ---------------------------------------------------------------- rendering

/** Where garment units land in the image: a 3:4 frame, as large as fits, centred. */
interface Frame {
  scale: number;
  cx: number;
  cy: number;
}

function frameFor(width: number, height: number): Frame {
  return { scale: Math.min(height, (width * 4) / 3), cx: width / 2, cy: height / 2 };
}

function toPixel(frame: Frame, q: P): Point {
  return { x: frame.cx + q.x * frame.scale, y: frame.cy + (q.y - 0.5) * frame.scale };
}

const BACKGROUND: Rgb = [246, 245, 241];
/** The key light, from the upper left and in front (x right, y down, z towards the viewer). */
const LIGHT = (() => {
  const l = Math.hypot(-0.45, -0.55, 0.7);
  return { x: -0.45 / l, y: -0.55 / l, z: 0.7 / l };
})();
const SHADOW_OFFSET = p(0.007, 0.011);
const SHADOW_SOFTNESS = 0.016;
const EDGE_ROLL = 0.018;

function backgroundAt(x: number, y: number): Colour {
  const glow = 1 + 0.02 * (1 - Math.min(1, Math.hypot(x / 0.6, (y - 0.45) / 0.7)));
  return scaled(rgb(BACKGROUND), glow);
}

/** Light on the rolled edge: the fabric curves down over the last EDGE_ROLL of the outline. */
function edgeLight(outline: Shape, x: number, y: number, d: number): number {
  const inward = -d;
  if (inward >= EDGE_ROLL) return 1;
  const e = 0.0008;
  const gx = (distanceTo(outline, x + e, y) - distanceTo(outline, x - e, y)) / (2 * e);
  const gy = (distanceTo(outline, x, y + e) - distanceTo(outline, x, y - e)) / (2 * e);
  const g = Math.hypot(gx, gy) || 1;
  // Height falls like a quarter circle towards the edge; tilt the normal outwards by its slope.
  const u = clamp01(inward / EDGE_ROLL);
  const slope = Math.min(3, (1 - u) / Math.sqrt(Math.max(1e-3, 1 - (1 - u) * (1 - u))));
  const nx = (gx / g) * slope;
  const ny = (gy / g) * slope;
  const n = Math.hypot(nx, ny, 1);
  const lambert = (nx * LIGHT.x + ny * LIGHT.y + LIGHT.z) / n;
  return 0.25 + 0.75 * Math.max(0, lambert / LIGHT.z);
}

/** Shading from the folds: each ridge is lit on its upper-left flank and shaded on the other. */
function foldLight(folds: Fold[], x: number, y: number): number {
  let light = 1;
  for (const fold of folds) {
    const ex = fold.b.x - fold.a.x;
    const ey = fold.b.y - fold.a.y;
    const length = Math.hypot(ex, ey);
    const t = ((x - fold.a.x) * ex + (y - fold.a.y) * ey) / (length * length);
    if (t <= 0 || t >= 1) continue;
    const nx = -ey / length;
    const ny = ex / length;
    const s = ((x - fold.a.x) * nx + (y - fold.a.y) * ny) / fold.width;
    if (Math.abs(s) > 3) continue;
    const taper = Math.sin(Math.PI * t);
    const ridge = Math.exp(-s * s);
    // The ridge's slope across it, lit by the light's component along the same direction.
    const slope = -2 * s * ridge * fold.depth * taper;
    light += 0.7 * slope * (nx * LIGHT.x + ny * LIGHT.y) - 0.12 * Math.abs(fold.depth) * ridge * taper * (fold.depth < 0 ? 1 : 0);
  }
  return light;
}

/** A broad roundness: the garment bulges gently towards the middle, lit from the left. */
function bodyLight(x: number, y: number): number {
  return 1 + 0.05 * (-x / 0.3) - 0.06 * (x / 0.3) ** 2 + 0.03 * (0.5 - y);
}

interface Prepared {
  design: GarmentDesign;
  outline: Shape;
  neck: Shape | null;
  seams: Shape[];
}

function garmentColour(g: Prepared, x: number, y: number, d: number, pixel: number): Colour {
  const { design } = g;
  const fabric = design.fabric(x, y, pixel);
  let colour = fabric;
  for (const rib of design.bands) {
    const { cover, ribAngle } = rib(x, y, pixel);
    if (cover <= 0) continue;
    const along = x * Math.cos(ribAngle + Math.PI / 2) + y * Math.sin(ribAngle + Math.PI / 2);
    const ribs = 1 - 0.12 * (0.5 + 0.5 * Math.sin(along * 900));
    colour = blend(colour, scaled(design.bandColour ?? fabric, ribs), cover);
  }
  for (const seam of g.seams) {
    const s = distanceTo(seam, x, y, 0.01);
    if (s < 0.006) colour = scaled(colour, 1 - 0.28 * band(s, 0.0012, pixel) + 0.06 * band(s - 0.003, 0.0012, pixel));
  }
  if (g.neck) {
    const n = distanceTo(g.neck, x, y, 0.01);
    const cover = 1 - smoothstep(-pixel * 0.6, pixel * 0.6, n);
    if (cover > 0) {
      // The inside back: the same fabric, in shadow, darkest just under the front neckline, with a label.
      const depth = clamp01((y - g.neck.minY) / (g.neck.maxY - g.neck.minY));
      let inner = scaled(design.bandColour ?? fabric, 0.42 - 0.18 * depth);
      const label = band(x, 0.018, pixel) * band(y - (g.neck.minY + 0.016), 0.008, pixel);
      inner = blend(inner, rgb([228, 224, 214]), label * 0.9);
      colour = blend(colour, inner, cover);
    }
  }
  const trim = design.trims?.(x, y, pixel);
  if (trim) colour = blend(colour, trim.colour, trim.cover);
  const light = edgeLight(g.outline, x, y, d) * foldLight(design.folds, x, y) * bodyLight(x, y);
  return scaled(colour, light);
}

/** A product photo of one of our garments, laid out front-on on off-white: opaque RGB. */
export function renderGarment(id: GarmentId, width = 768, height = 1024): RgbaImage {
  const design = DESIGNS[id]();
  const frame = frameFor(width, height);
  const g: Prepared = {
    design,
    outline: shapeOf(design.outline),
    neck: design.neckInside ? shapeOf(design.neckInside) : null,
    seams: design.seams.map((line) => shapeOf(line, false)),
  };
  const pixel = 1 / frame.scale;
  const data = new Uint8ClampedArray(width * height * 4);
  for (let py = 0; py < height; py++) {
    for (let px = 0; px < width; px++) {
      const x = (px + 0.5 - frame.cx) * pixel;
      const y = (py + 0.5 - frame.cy) * pixel + 0.5;
      const d = distanceTo(g.outline, x, y, pixel * 2);
      const cover = 1 - smoothstep(-pixel * 0.5, pixel * 0.5, d);
      let colour: Colour = [0, 0, 0];
      if (cover < 1) {
        const shadowD = distanceTo(g.outline, x - SHADOW_OFFSET.x, y - SHADOW_OFFSET.y, SHADOW_SOFTNESS * 2);
        const shadow = 0.22 * (1 - smoothstep(-SHADOW_SOFTNESS, SHADOW_SOFTNESS, shadowD));
        colour = scaled(backgroundAt(x, y), 1 - shadow);
      }
      if (cover > 0) colour = blend(colour, garmentColour(g, x, y, d, pixel), cover);
      const o = (py * width + px) * 4;
      data[o] = Math.round(toSrgb(colour[0]));
      data[o + 1] = Math.round(toSrgb(colour[1]));
      data[o + 2] = Math.round(toSrgb(colour[2]));
      data[o + 3] = 255;
    }
  }
  return { data, width, height };
}

export interface GarmentTruth {
  kind: GarmentKind;
  landmarks: GarmentLandmarks;
}

/** The garment's kind and where its landmarks are in a width × height render (left/right are image sides). */
export function garmentTruth(id: GarmentId, width = 768, height = 1024): GarmentTruth {
  const design = DESIGNS[id]();
  const frame = frameFor(width, height);
  const landmarks: GarmentLandmarks = {};
  for (const [name, q] of Object.entries(design.landmarks) as [GarmentPointName, P][]) landmarks[name] = toPixel(frame, q);
  return { kind: design.kind, landmarks };
}
