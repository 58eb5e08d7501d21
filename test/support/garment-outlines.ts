// Synthetic garment silhouettes for the try-on tests: parametric outlines
// (unions of polygons in garment units: x right of the middle, y down from
// the top, about one unit tall) that know their true landmarks, drawn as
// antialiased alpha masks at a chosen pixel height and tilt.
import type { AlphaMask, GarmentKind, GarmentLandmarks, Point } from '../../src/features/try-on/worker/fit-types';

export interface GarmentOutline {
  name: string;
  kind: GarmentKind;
  /** Filled polygons; the garment is their union. */
  parts: Point[][];
  landmarks: GarmentLandmarks;
}

export interface DrawnGarment {
  mask: AlphaMask;
  /** The true landmarks, in pixels: pixel (x, y) is the square from (x, y) to (x + 1, y + 1), its centre at +0.5. */
  landmarks: GarmentLandmarks;
}

export interface Drawing {
  /** The garment's height in pixels, before tilting. */
  height: number;
  /** Turned about its middle, clockwise on screen. */
  tiltDegrees?: number;
  margin?: number;
}

/** Rows of subsamples per pixel; across a row, coverage is exact. */
const SUBROWS = 4;

const point = (x: number, y: number): Point => ({ x, y });
const add = (a: Point, b: Point, k = 1): Point => point(a.x + b.x * k, a.y + b.y * k);
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Points of the ellipse about `centre` from angle `from` to `to` (radians, y down), both ends included. */
function arc(centre: Point, rx: number, ry: number, from: number, to: number, steps = 16): Point[] {
  return Array.from({ length: steps + 1 }, (_, k) => {
    const angle = from + ((to - from) * k) / steps;
    return point(centre.x + rx * Math.cos(angle), centre.y + ry * Math.sin(angle));
  });
}

/** A neckline from (half, 0) down through (0, depth) to (-half, 0), ends left out. */
function neckline(half: number, depth: number): Point[] {
  return arc(point(0, 0), half, depth, 0, Math.PI).slice(1, -1);
}

/** Where the line through p along d crosses the segment a–b. */
function crossing(p: Point, d: Point, a: Point, b: Point): Point {
  const e = add(b, a, -1);
  const denominator = d.x * e.y - d.y * e.x;
  const s = ((a.x - p.x) * d.y - (a.y - p.y) * d.x) / denominator;
  if (!(s >= 0 && s <= 1)) throw new Error('garment outline: the sleeve misses the body side');
  return add(a, e, s);
}

function mirrored(points: readonly Point[]): Point[] {
  return points.map((p) => point(-p.x, p.y)).reverse();
}

interface Sleeve {
  polygon: Point[];
  cuffOuter: Point;
  cuffInner: Point;
  armpit: Point;
}

/**
 * A straight sleeve from `root` (the shoulder seam's end), `angle` degrees
 * below horizontal, long enough for its cuff to clear the body side by
 * `clearance`; its underside meets the body side `bodySide` at the armpit.
 */
function sleeveOut(side: -1 | 1, angle: number, root: Point, width: number, bodySide: [Point, Point], clearance: number): Sleeve {
  const a = radians(angle);
  const d = point(side * Math.cos(a), Math.sin(a));
  const n = point(-side * Math.sin(a), Math.cos(a));
  const half = Math.abs(bodySide[0].x);
  const length = Math.max(0.14, (half + clearance - Math.abs(root.x) + width * Math.sin(a)) / Math.cos(a));
  const cuffOuter = add(root, d, length);
  const cuffInner = add(cuffOuter, n, width);
  const inside = add(add(root, n, width), d, -0.6 * width);
  const armpit = crossing(cuffInner, d, bodySide[0], bodySide[1]);
  return { polygon: [root, cuffOuter, cuffInner, inside], cuffOuter, cuffInner, armpit };
}

/** A top's sides `waistShare` of the way from the armpits (mean height) down to `hemY`, on vertical sides at ±half. */
function topWaist(armpitYs: number[], hemY: number, half: number): [Point, Point] {
  const pit = armpitYs.reduce((s, y) => s + y, 0) / armpitYs.length;
  const y = pit + 0.6 * (hemY - pit);
  return [point(-half, y), point(half, y)];
}

/**
 * A t-shirt, its short sleeves `leftAngle` and `rightAngle` degrees below
 * horizontal; a shallow `neckDepth` is the back neckline showing through.
 */
export function tShirt(leftAngle: number, rightAngle = leftAngle, neckDepth = 0.12): GarmentOutline {
  const half = 0.45;
  const shoulder = point(0.42, 0.07);
  const body = [point(-0.17, 0), point(-shoulder.x, shoulder.y), point(-half, 0.2), point(-half, 1), point(half, 1), point(half, 0.2), shoulder, point(0.17, 0), ...neckline(0.17, neckDepth)];
  const left = sleeveOut(-1, leftAngle, point(-shoulder.x, shoulder.y), 0.18, [point(-half, 0.2), point(-half, 1)], 0.06);
  const right = sleeveOut(1, rightAngle, shoulder, 0.18, [point(half, 0.2), point(half, 1)], 0.06);
  const [waistLeft, waistRight] = topWaist([left.armpit.y, right.armpit.y], 1, half);
  return {
    name: `t-shirt, sleeves ${leftAngle}° and ${rightAngle}° down, neckline ${neckDepth} deep`,
    kind: 'upper',
    parts: [body, left.polygon, right.polygon],
    landmarks: {
      neckLeft: point(-0.17, 0),
      neckRight: point(0.17, 0),
      shoulderLeft: point(-shoulder.x, shoulder.y),
      shoulderRight: shoulder,
      armpitLeft: left.armpit,
      armpitRight: right.armpit,
      cuffLeftOuter: left.cuffOuter,
      cuffLeftInner: left.cuffInner,
      cuffRightOuter: right.cuffOuter,
      cuffRightInner: right.cuffInner,
      waistLeft,
      waistRight,
      hemLeft: point(-half, 1),
      hemRight: point(half, 1),
    },
  };
}

/** A polo shirt: a t-shirt whose collar stands up over the neckline, filling it; its neck points are the collar's top corners. */
export function poloShirt(): GarmentOutline {
  const shirt = tShirt(35);
  const collar = [point(-0.22, 0.015), point(-0.15, -0.04), point(0.15, -0.04), point(0.22, 0.015), point(0.1, 0.15), point(-0.1, 0.15)];
  return {
    ...shirt,
    name: 'polo shirt',
    parts: [...shirt.parts, collar],
    landmarks: { ...shirt.landmarks, neckLeft: point(-0.15, -0.04), neckRight: point(0.15, -0.04) },
  };
}

/**
 * A long-sleeved sweater, sleeves hanging down beside the body to near its
 * hem, a narrow gap under each; with `leftTouching` the left cuff rests on
 * the body, closing its gap into a hole (its inner end then is where the
 * cuff meets the body's side).
 */
export function sweater(leftTouching = false): GarmentOutline {
  const half = 0.44;
  const shoulder = point(half, 0.08);
  const armpit = point(half, 0.32);
  const body = [point(-0.16, 0), point(-half, shoulder.y), point(-half, 1), point(half, 1), shoulder, point(0.16, 0), ...neckline(0.16, 0.1)];
  const hanging = (side: -1 | 1) => {
    const cuffInner = point(side * (half + Math.tan(radians(12)) * 0.63), 0.95);
    const cuffOuter = add(cuffInner, point(side * 0.14, 0));
    const polygon = [point(side * shoulder.x, shoulder.y), cuffOuter, cuffInner, point(side * armpit.x, armpit.y)];
    return { polygon, cuffOuter, cuffInner };
  };
  const touching = () => {
    const cuffOuter = point(-0.6, 0.9);
    const polygon = [point(-shoulder.x, shoulder.y), cuffOuter, point(-0.42, 0.9), point(-0.53, 0.62), point(-armpit.x, armpit.y)];
    return { polygon, cuffOuter, cuffInner: point(-half, 0.9) };
  };
  const left = leftTouching ? touching() : hanging(-1);
  const right = hanging(1);
  const [waistLeft, waistRight] = topWaist([armpit.y], 1, half);
  return {
    name: leftTouching ? 'sweater, left cuff touching the body' : 'sweater, sleeves hanging down',
    kind: 'upper',
    parts: [body, left.polygon, right.polygon],
    landmarks: {
      neckLeft: point(-0.16, 0),
      neckRight: point(0.16, 0),
      shoulderLeft: point(-shoulder.x, shoulder.y),
      shoulderRight: shoulder,
      armpitLeft: point(-armpit.x, armpit.y),
      armpitRight: armpit,
      cuffLeftOuter: left.cuffOuter,
      cuffLeftInner: left.cuffInner,
      cuffRightOuter: right.cuffOuter,
      cuffRightInner: right.cuffInner,
      waistLeft,
      waistRight,
      hemLeft: point(-half, 1),
      hemRight: point(half, 1),
    },
  };
}

interface StrapShape {
  neckHalf: number;
  neckDepth: number;
  strapOuter: number;
  /** The strap's outer edge ends here, where the armhole's curve starts. */
  strapFoot: Point;
  /** The armhole curve's lower end: the side's top corner. */
  armpit: Point;
  /** Body side below the armpit, down to the hem corner (left side, x negative). */
  side: Point[];
}

/** A strap garment's outline: straps, armholes curving out to the side corners, the side, a straight hem. */
function strapOutline({ neckHalf, neckDepth, strapOuter, strapFoot, armpit, side }: StrapShape): Point[] {
  const armhole = arc(point(armpit.x, strapFoot.y), strapFoot.x - armpit.x, armpit.y - strapFoot.y, 0, Math.PI / 2);
  const left = [point(-neckHalf, 0), point(-strapOuter, 0), ...armhole, ...side];
  return [...left, ...mirrored(left), ...neckline(neckHalf, neckDepth)];
}

export function tankTop(): GarmentOutline {
  const armpit = point(-0.38, 0.3);
  const hem = point(-0.4, 1);
  const outline = strapOutline({ neckHalf: 0.13, neckDepth: 0.3, strapOuter: 0.22, strapFoot: point(-0.23, 0.1), armpit, side: [hem] });
  const waistY = 0.3 + 0.6 * 0.7;
  const waistX = -0.38 - 0.02 * ((waistY - 0.3) / 0.7);
  return {
    name: 'tank top',
    kind: 'upper',
    parts: [outline],
    landmarks: {
      neckLeft: point(-0.13, 0),
      neckRight: point(0.13, 0),
      shoulderLeft: point(-0.22, 0),
      shoulderRight: point(0.22, 0),
      armpitLeft: armpit,
      armpitRight: point(-armpit.x, armpit.y),
      waistLeft: point(waistX, waistY),
      waistRight: point(-waistX, waistY),
      hemLeft: hem,
      hemRight: point(-hem.x, hem.y),
    },
  };
}

/**
 * A sleeveless dress on straps 0.06 of its height wide, or narrower: a strap
 * narrower than a corner's reach shows no outer corner of its own (the
 * first corner along the outline is then the armpit).
 */
export function strapDress(strapWidth = 0.06): GarmentOutline {
  const armpit = point(-0.26, 0.2);
  const waist = point(-0.19, 0.4);
  const hem = point(-0.42, 1);
  const strapOuter = 0.1 + strapWidth;
  const outline = strapOutline({ neckHalf: 0.1, neckDepth: 0.17, strapOuter, strapFoot: point(-strapOuter - 0.005, 0.06), armpit, side: [waist, hem] });
  return {
    name: strapWidth === 0.06 ? 'strap dress' : `strap dress on ${strapWidth} straps`,
    kind: 'full',
    parts: [outline],
    landmarks: {
      neckLeft: point(-0.1, 0),
      neckRight: point(0.1, 0),
      shoulderLeft: point(-strapOuter, 0),
      shoulderRight: point(strapOuter, 0),
      armpitLeft: armpit,
      armpitRight: point(-armpit.x, armpit.y),
      waistLeft: waist,
      waistRight: point(-waist.x, waist.y),
      hemLeft: hem,
      hemRight: point(-hem.x, hem.y),
    },
  };
}

/** A fitted dress with short sleeves `leftAngle` and `rightAngle` degrees below horizontal, flaring below the waist. */
export function sleevedDress(leftAngle: number, rightAngle = leftAngle): GarmentOutline {
  const shoulder = point(0.2, 0.035);
  const sideTop = point(0.22, 0.1);
  const waist = point(0.17, 0.38);
  const hem = point(0.4, 1);
  const right = [point(0.1, 0), shoulder, sideTop, waist, hem];
  const body = [...right, ...mirrored(right), ...neckline(0.1, 0.08).reverse()];
  const leftSide: [Point, Point] = [point(-sideTop.x, sideTop.y), point(-waist.x, waist.y)];
  const left = sleeveOut(-1, leftAngle, point(-shoulder.x, shoulder.y), 0.1, leftSide, 0.05);
  const rightSleeve = sleeveOut(1, rightAngle, shoulder, 0.1, [sideTop, waist], 0.05);
  return {
    name: `dress, short sleeves ${leftAngle}° and ${rightAngle}° down`,
    kind: 'full',
    parts: [body, left.polygon, rightSleeve.polygon],
    landmarks: {
      neckLeft: point(-0.1, 0),
      neckRight: point(0.1, 0),
      shoulderLeft: point(-shoulder.x, shoulder.y),
      shoulderRight: shoulder,
      armpitLeft: left.armpit,
      armpitRight: rightSleeve.armpit,
      cuffLeftOuter: left.cuffOuter,
      cuffLeftInner: left.cuffInner,
      cuffRightOuter: rightSleeve.cuffOuter,
      cuffRightInner: rightSleeve.cuffInner,
      waistLeft: point(-waist.x, waist.y),
      waistRight: waist,
      hemLeft: point(-hem.x, hem.y),
      hemRight: hem,
    },
  };
}

/**
 * A sleeveless dress cut in metres (a standard body's: flat, half its
 * girth): shoulders `strapOuter` out from the middle, a neckline `neckHalf`
 * wide and `neckDepth` deep (a boat neckline is wide and shallow), armholes
 * curving out to the bust 0.2 m down, a waist 0.38 m down, and a skirt
 * flaring to a hem `hemHalf` wide `hemY` below the shoulders. Its kind only
 * (no landmarks): for telling dresses of any length and neckline.
 */
export function sleevelessDress({ strapOuter = 0.15, neckHalf = 0.1, neckDepth = 0.1, hemY = 1, hemHalf = 0.45 } = {}): GarmentOutline {
  const right: Point[] = [];
  for (let i = 0; i <= 8; i++) right.push(point(neckHalf * Math.sin((i / 8) * (Math.PI / 2)), neckDepth * Math.cos((i / 8) * (Math.PI / 2))));
  right.push(point(strapOuter, 0.005));
  const pit = point(0.243, 0.2);
  for (let i = 1; i <= 8; i++) {
    const t = i / 8;
    right.push(point(strapOuter + (pit.x - strapOuter) * (1 - Math.cos((t * Math.PI) / 2)), pit.y * Math.sin((t * Math.PI) / 2)));
  }
  right.push(point(0.2, 0.38), point(hemHalf, hemY), point(0, hemY + 0.02));
  return { name: `sleeveless dress, ${hemY} m long, neckline ${neckHalf} wide and ${neckDepth} deep`, kind: 'full', parts: [[...right.slice(0, -1), ...mirrored(right)]], landmarks: {} };
}

/** Trousers or shorts: the left half's outline from the waist corner down the outside, round the leg opening, up to the crotch. */
function legged(name: string, waist: Point, hip: Point, legOuter: Point, legInner: Point, crotch: Point): GarmentOutline {
  const left = [waist, hip, legOuter, legInner];
  return {
    name,
    kind: 'lower',
    parts: [[...left, crotch, ...mirrored(left)]],
    landmarks: {
      waistLeft: waist,
      waistRight: point(-waist.x, waist.y),
      crotch,
      legLeftOuter: legOuter,
      legLeftInner: legInner,
      legRightOuter: point(-legOuter.x, legOuter.y),
      legRightInner: point(-legInner.x, legInner.y),
    },
  };
}

export function trousers(): GarmentOutline {
  return legged('trousers', point(-0.2, 0), point(-0.23, 0.22), point(-0.24, 1), point(-0.08, 1), point(0, 0.3));
}

export function shorts(): GarmentOutline {
  return legged('shorts', point(-0.34, 0), point(-0.37, 0.3), point(-0.47, 1), point(-0.08, 0.93), point(0, 0.62));
}

/** An A-line skirt with a gently curved hem. */
export function skirt(): GarmentOutline {
  const hem = arc(point(0, 1), 0.42, 0.03, 0, Math.PI);
  return {
    name: 'skirt',
    kind: 'lower',
    parts: [[point(-0.2, 0), point(0.2, 0), ...hem]],
    landmarks: { waistLeft: point(-0.2, 0), waistRight: point(0.2, 0), hemLeft: point(-0.42, 1), hemRight: point(0.42, 1) },
  };
}

/** One of each kind of outline the tests cover. */
export function everyGarment(): GarmentOutline[] {
  return [
    tShirt(30),
    tShirt(45),
    tShirt(30, 55),
    tShirt(40, 40, 0.04),
    poloShirt(),
    sweater(),
    sweater(true),
    tankTop(),
    sleevedDress(35, 45),
    strapDress(),
    strapDress(0.03),
    trousers(),
    shorts(),
    skirt(),
  ];
}

/** The drawings every outline is tested at: two sizes, upright and tilted either way. */
export const DRAWINGS: readonly Drawing[] = [
  { height: 220 },
  { height: 300, tiltDegrees: 6 },
  { height: 260, tiltDegrees: -6 },
];

/** The outline drawn into an alpha mask `height` pixels tall (before tilting), with its landmarks moved along. */
export function drawGarment(outline: GarmentOutline, { height, tiltDegrees = 0, margin = 12 }: Drawing): DrawnGarment {
  const all = outline.parts.flat();
  const ys = all.map((p) => p.y);
  const xs = all.map((p) => p.x);
  const scale = height / (Math.max(...ys) - Math.min(...ys));
  const centre = point((Math.max(...xs) + Math.min(...xs)) / 2, (Math.max(...ys) + Math.min(...ys)) / 2);
  const cos = Math.cos(radians(tiltDegrees));
  const sin = Math.sin(radians(tiltDegrees));
  const turn = (p: Point) => {
    const x = (p.x - centre.x) * scale;
    const y = (p.y - centre.y) * scale;
    return point(x * cos - y * sin, x * sin + y * cos);
  };
  const turned = all.map(turn);
  const offset = point(margin - Math.min(...turned.map((p) => p.x)), margin - Math.min(...turned.map((p) => p.y)));
  const place = (p: Point) => add(turn(p), offset);
  const width = Math.ceil(Math.max(...turned.map((p) => p.x)) + offset.x + margin);
  const canvasHeight = Math.ceil(Math.max(...turned.map((p) => p.y)) + offset.y + margin);
  const parts = outline.parts.map((polygon) => polygon.map(place));
  const landmarks = Object.fromEntries(Object.entries(outline.landmarks).map(([name, p]) => [name, add(place(p), point(-0.5, -0.5))]));
  return { mask: { data: rasterise(parts, width, canvasHeight), width, height: canvasHeight }, landmarks };
}

/** The union of the polygons (even-odd each) as 0–255 coverage: SUBROWS rows of samples a pixel, exact across. */
export function rasterise(polygons: readonly Point[][], width: number, height: number): Uint8ClampedArray {
  const coverage = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let s = 0; s < SUBROWS; s++) {
      const sampleY = y + (s + 0.5) / SUBROWS;
      for (const [start, end] of unionOf(polygons.map((polygon) => insideStretches(polygon, sampleY)))) {
        for (let x = Math.max(0, Math.floor(start)); x < Math.min(width, Math.ceil(end)); x++) {
          coverage[y * width + x] += (Math.min(end, x + 1) - Math.max(start, x)) / SUBROWS;
        }
      }
    }
  }
  const alpha = new Uint8ClampedArray(coverage.length);
  for (let i = 0; i < coverage.length; i++) alpha[i] = Math.round(coverage[i] * 255);
  return alpha;
}

/** The x stretches inside the polygon along the horizontal line at y (even-odd). */
function insideStretches(polygon: readonly Point[], y: number): [number, number][] {
  const xs: number[] = [];
  polygon.forEach((a, i) => {
    const b = polygon[(i + 1) % polygon.length];
    if ((a.y <= y && y < b.y) || (b.y <= y && y < a.y)) xs.push(a.x + ((y - a.y) * (b.x - a.x)) / (b.y - a.y));
  });
  xs.sort((p, q) => p - q);
  const stretches: [number, number][] = [];
  for (let k = 0; k + 1 < xs.length; k += 2) stretches.push([xs[k], xs[k + 1]]);
  return stretches;
}

function unionOf(lists: readonly [number, number][][]): [number, number][] {
  const sorted = lists.flat().sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [start, end] of sorted) {
    const last = merged[merged.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}
