// A garment of the eval laid flat for its photo: its outline (metres, x to
// the right, y down from the neck's top or the waistband) worked out from
// the same spec it is worn with, on a reference body — a flat garment is as
// wide as half its girth — with its landmarks; and the POV-Ray scene of it
// on a backdrop under a soft light, seen square-on by an orthographic camera.
import { random, uniform, pick } from './cases';
import type { Rgb } from './body';
import type { GarmentSpec } from './garment';
import { printPigment } from './prints';
import type { LandmarkName } from './worn';

interface P {
  x: number;
  y: number;
}

/** The reference body a flat garment is cut for (metres). */
export const REF = {
  shoulderHalf: 0.19,
  upperArm: 0.046,
  elbow: 0.035,
  wrist: 0.026,
  thigh: 0.082,
  knee: 0.052,
  ankle: 0.034,
  upperArmLength: 0.32,
  armLength: 0.57,
  thighLength: 0.42,
  legLength: 0.83,
  shoulderToHip: 0.51,
  depth: 0.68,
};

/** The reference torso's half-width `h` metres above the hip joints. */
export function refTorso(h: number): number {
  const levels: [number, number][] = [
    [-0.08, 0.168],
    [0, 0.18],
    [0.2, 0.135],
    [0.39, 0.16],
    [0.5, 0.153],
  ];
  if (h <= levels[0][0]) return levels[0][1];
  for (let i = 0; i < levels.length - 1; i++) {
    const [y0, r0] = levels[i];
    const [y1, r1] = levels[i + 1];
    if (h <= y1) return r0 + ((r1 - r0) * (h - y0)) / (y1 - y0);
  }
  return levels[levels.length - 1][1];
}

/** Half the girth of an elliptical section: how wide it lies flat, halved. */
export const flatHalf = (a: number, b: number) => (Math.PI * Math.sqrt((a * a + b * b) / 2)) / 2;

export interface FlatGarment {
  /** Closed outline, clockwise on screen. */
  outline: P[];
  /** Extra shapes drawn on it (a hood's opening, a pocket), in the second colour. */
  details: P[][];
  landmarks: Partial<Record<LandmarkName, P>>;
}

const mirror = (points: P[]): P[] => points.map((p) => ({ x: -p.x, y: p.y })).reverse();

function arc(from: P, to: P, steps: number, shape: (t: number) => P): P[] {
  void from;
  void to;
  return Array.from({ length: steps + 1 }, (_, i) => shape(i / steps));
}

export function flatGarment(spec: GarmentSpec): FlatGarment {
  return spec.slot === 'lower' ? flatLower(spec) : flatUpper(spec);
}

function flatUpper(spec: GarmentSpec): FlatGarment {
  const e = spec.ease;
  const se = spec.sleeveEase;
  const nh = spec.neckHalf;
  const drop = 0.04;
  const jointY = drop + 0.04;
  const pitY = jointY + 1.9 * REF.upperArm;
  const torsoAtY = (y: number) => flatHalf(refTorso(REF.shoulderToHip - (y - jointY)) + e, refTorso(REF.shoulderToHip - (y - jointY)) * REF.depth + e);
  const chest = torsoAtY(pitY);
  const right: P[] = [];
  const landmarks: FlatGarment['landmarks'] = {};
  // Neckline (or hood) from the middle up to the neck's corner.
  if (spec.type === 'hoodie') {
    const w = nh + 0.05;
    right.push(...arc({ x: 0, y: -0.3 }, { x: w, y: 0 }, 10, (t) => ({ x: w * Math.sin((t * Math.PI) / 2), y: -0.3 * Math.cos((t * Math.PI) / 2) })));
  } else {
    const depth = spec.neckDepth + 0.015;
    right.push(...arc({ x: 0, y: depth }, { x: nh, y: 0 }, 8, (t) => ({ x: nh * Math.sin((t * Math.PI) / 2), y: depth * Math.cos((t * Math.PI) / 2) })));
    landmarks.neckRight = { x: nh, y: 0 };
  }
  let armpit: P;
  if (spec.sleeve > 0) {
    const wide = spec.type === 'wide-tee' ? 0.04 : 0;
    const seam = { x: REF.shoulderHalf + 0.3 * REF.upperArm + e + wide, y: drop + wide * 0.4 };
    const angle = (spec.sleeveAngle * Math.PI) / 180;
    const d = { x: Math.cos(angle), y: Math.sin(angle) };
    const n = { x: -Math.sin(angle), y: Math.cos(angle) };
    // The armhole is as deep as the arm's half-girth; the sleeve's top edge runs out along its angle from the seam.
    armpit = { x: Math.max(chest, seam.x + 0.01), y: seam.y + Math.PI * (REF.upperArm + se) * 0.95 };
    const length = spec.sleeve * REF.armLength;
    const along = Math.min(length, REF.upperArmLength);
    const r = length <= REF.upperArmLength ? REF.upperArm + (REF.elbow - REF.upperArm) * (along / REF.upperArmLength) : REF.elbow + (REF.wrist - REF.elbow) * ((length - REF.upperArmLength) / (REF.armLength - REF.upperArmLength));
    const cuff = Math.PI * (r + se);
    const outer = { x: seam.x + d.x * length, y: seam.y + d.y * length };
    const inner = { x: outer.x + n.x * cuff, y: outer.y + n.y * cuff };
    right.push(seam, outer, inner, armpit);
    landmarks.shoulderRight = seam;
    landmarks.cuffRight = { x: (outer.x + inner.x) / 2, y: (outer.y + inner.y) / 2 };
  } else {
    const strap = spec.strap > 0 ? spec.strap : REF.shoulderHalf + 0.01 - nh;
    const top = { x: nh + strap, y: spec.strap > 0 ? 0 : drop * ((nh + strap) / REF.shoulderHalf) };
    armpit = { x: chest, y: pitY };
    right.push(top, ...arc(top, armpit, 8, (t) => ({ x: top.x + (armpit.x - top.x) * (1 - Math.cos((t * Math.PI) / 2)), y: top.y + (armpit.y - top.y) * Math.sin((t * Math.PI) / 2) })).slice(1));
    landmarks.shoulderRight = top;
  }
  landmarks.armpitRight = armpit;
  if (spec.slot === 'upper') {
    const hemY = jointY + spec.hem * REF.shoulderToHip;
    const waistY = jointY + 0.6 * REF.shoulderToHip;
    const hem = { x: torsoAtY(hemY) * (spec.type === 'wide-tee' ? 1.02 : 1), y: hemY };
    right.push({ x: Math.max(torsoAtY(waistY), (armpit.x + hem.x) / 2 - 0.01), y: waistY }, hem, { x: 0, y: hemY + 0.005 });
    landmarks.hemRight = hem;
  } else {
    const hipY = jointY + REF.shoulderToHip;
    const waistY = hipY - 0.2;
    const hipHalf = refTorso(0) + e;
    const hemHalf = Math.max(hipHalf * spec.flare, hipHalf);
    const hemY = hipY + spec.hem * REF.legLength;
    const waist = { x: torsoAtY(waistY), y: waistY };
    const hem = { x: flatHalf(hemHalf, hemHalf * 0.8), y: hemY };
    right.push(waist, { x: Math.max(flatHalf(hipHalf, hipHalf * REF.depth), waist.x + (hem.x - waist.x) * 0.2), y: hipY }, hem, { x: 0, y: hemY + 0.01 });
    landmarks.hemRight = hem;
  }
  const outline = [...mirror(right).slice(0, -1), ...right];
  // Rotate to start at the top middle and go clockwise on screen (x right, y down).
  const details: P[][] = [];
  if (spec.type === 'hoodie') {
    const w = nh + 0.02;
    details.push(Array.from({ length: 20 }, (_, i) => ({ x: w * Math.cos((i / 20) * 2 * Math.PI), y: -0.14 + 0.13 * Math.sin((i / 20) * 2 * Math.PI) })));
    const py = jointY + 0.62 * REF.shoulderToHip;
    details.push([
      { x: -0.12, y: py },
      { x: 0.12, y: py },
      { x: 0.16, y: py + 0.17 },
      { x: -0.16, y: py + 0.17 },
    ]);
  }
  return { outline, details, landmarks: withLeft(landmarks) };
}

function flatLower(spec: GarmentSpec): FlatGarment {
  const e = spec.ease;
  const bandH = 0.11;
  const band = refTorso(bandH);
  const waist = { x: flatHalf(band + e, band * REF.depth + e), y: 0 };
  const hipY = bandH;
  const hip = { x: flatHalf(refTorso(0) + e, refTorso(0) * REF.depth + e), y: hipY };
  const landmarks: FlatGarment['landmarks'] = { waistRight: waist };
  let right: P[];
  if (spec.type === 'skirt') {
    const hipHalf = refTorso(0) + e;
    const hemHalf = Math.max(hipHalf * spec.flare, hipHalf);
    const hem = { x: flatHalf(hemHalf, hemHalf * 0.8), y: hipY + spec.hem * REF.legLength };
    right = [{ x: 0, y: 0 }, waist, { x: Math.max(hip.x, waist.x + (hem.x - waist.x) * 0.25), y: hipY }, hem, { x: 0, y: hem.y + 0.01 }];
    landmarks.hemRight = hem;
  } else {
    const length = spec.hem * REF.legLength;
    const r = length <= REF.thighLength ? REF.thigh + (REF.knee - REF.thigh) * (length / REF.thighLength) : REF.knee + (REF.ankle - REF.knee) * ((length - REF.thighLength) / (REF.legLength - REF.thighLength));
    const width = Math.PI * (r + e + 0.004);
    const crotch = { x: 0, y: hipY + 0.077 + 0.03 };
    const openY = hipY + length;
    const innerX = 0.01 + 0.04 * (length / REF.legLength);
    const inner = { x: innerX, y: openY };
    const outer = { x: innerX + width, y: openY + 0.005 };
    right = [{ x: 0, y: 0 }, waist, { x: Math.max(hip.x, outer.x * 0.6 + waist.x * 0.4), y: hipY + 0.02 }, outer, inner, crotch];
    landmarks.crotch = crotch;
    landmarks.legRight = { x: (inner.x + outer.x) / 2, y: openY };
  }
  const outline = spec.type === 'skirt' ? [...mirror(right).slice(0, -1), ...right.slice(0, -1)] : [...mirror(right.slice(0, -1)), ...right];
  return { outline, details: [], landmarks: withLeft(landmarks) };
}

/** Adds each right landmark's mirror as the left one. */
function withLeft(landmarks: FlatGarment['landmarks']): FlatGarment['landmarks'] {
  const out = { ...landmarks };
  for (const [name, p] of Object.entries(landmarks)) {
    if (name.endsWith('Right') && p) out[name.replace(/Right$/, 'Left') as LandmarkName] = { x: -p.x, y: p.y };
  }
  return out;
}

export interface FlatPhoto {
  width: number;
  height: number;
  /** Metres to pixels. */
  toPixel(p: P): P;
  scene(mode: 'photo' | 'labels'): string;
}

const srgb = (c: Rgb) => `srgb <${(c[0] / 255).toFixed(3)}, ${(c[1] / 255).toFixed(3)}, ${(c[2] / 255).toFixed(3)}>`;

/** The flat garment photographed: a light backdrop, a slight tilt, the garment filling most of the frame. */
export function flatPhoto(seed: number, spec: GarmentSpec, garment: FlatGarment, width: number, height: number): FlatPhoto {
  const rng = random(seed * 31 + 17);
  const tilt = (uniform(rng, -3, 3) * Math.PI) / 180;
  const xs = garment.outline.map((p) => p.x);
  const ys = garment.outline.map((p) => p.y);
  const cx = (Math.min(...xs) + Math.max(...xs)) / 2;
  const cy = (Math.min(...ys) + Math.max(...ys)) / 2;
  const spanX = Math.max(...xs) - Math.min(...xs);
  const spanY = Math.max(...ys) - Math.min(...ys);
  const fill = uniform(rng, 0.74, 0.86);
  const metresPerPixel = Math.max(spanX / (width * fill), spanY / (height * fill));
  const shift = { x: uniform(rng, -0.04, 0.04) * width * metresPerPixel, y: uniform(rng, -0.03, 0.03) * height * metresPerPixel };
  // World: x right, y up; the garment's (x, y-down) outline turned by the tilt about its centre.
  const toWorld = (p: P): P => {
    const dx = p.x - cx;
    const dy = p.y - cy;
    return { x: dx * Math.cos(tilt) - dy * Math.sin(tilt) + shift.x, y: -(dx * Math.sin(tilt) + dy * Math.cos(tilt)) + shift.y };
  };
  const toPixel = (p: P): P => {
    const w = toWorld(p);
    return { x: width / 2 + w.x / metresPerPixel, y: height / 2 - w.y / metresPerPixel };
  };
  const backdrops: Rgb[] = [
    [242, 242, 240],
    [232, 230, 226],
    [220, 224, 228],
    [238, 232, 222],
  ];
  const backdrop = pick(rng, backdrops);
  const polygon = (points: P[]) => `polygon { ${points.length + 1}, ${[...points, points[0]].map((p) => {
    const w = toWorld(p);
    return `<${w.x.toFixed(4)}, ${w.y.toFixed(4)}>`;
  }).join(', ')} }`;
  const chestY = toWorld({ x: 0, y: spec.slot === 'lower' ? 0.12 : 0.2 }).y;
  return {
    width,
    height,
    toPixel,
    scene(mode) {
      const camera = `#version 3.7;
global_settings { assumed_gamma 1.0 }
camera { orthographic location <0, 0, -3> look_at <0, 0, 0> right x*${(width * metresPerPixel).toFixed(5)} up y*${(height * metresPerPixel).toFixed(5)} }
`;
      if (mode === 'labels') {
        return `${camera}background { rgb 0 }
object { ${polygon(garment.outline)} translate <0, 0, -0.012> texture { pigment { rgb <${(240 / 255).toFixed(5)}, 0, 0> } finish { emission 1 diffuse 0 } } }
`;
      }
      const details = garment.details.map((d) => `object { ${polygon(d)} translate <0, 0, -0.0125> texture { pigment { ${srgb(spec.second)} } finish { diffuse 0.8 } } }`).join('\n');
      return `${camera}background { rgb 0.5 }
light_source { <-1.5, 2, -3> color rgb 1.0 area_light <0.8, 0, 0>, <0, 0.8, 0>, 4, 4 adaptive 1 jitter circular orient }
light_source { <1.5, 0.5, -3> color rgb 0.35 shadowless }
plane { z, 0 texture { pigment { ${srgb(backdrop)} } normal { bumps 0.05 scale 0.01 } finish { diffuse 0.85 ambient 0.12 } } }
object { ${polygon(garment.outline)} translate <0, 0, -0.012>
  texture { pigment { ${printPigment(spec, chestY)} } normal { wrinkles 0.35 scale 0.05 } finish { diffuse 0.85 specular 0.03 roughness 0.1 ambient 0.05 } } }
${details}
`;
    },
  };
}
