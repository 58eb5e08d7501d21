// POV-Ray scenes of the eval's persons: a studio (floor, wall, a soft key
// light, fill and rim), a body of sweeps and lathes with a face and hair,
// the clothes it wears, and a perspective camera whose projection this file
// also computes, so the truth lands where the render puts it. The same scene
// is written in two modes: 'photo' (shaded) and 'labels' (every part one flat
// value in the red channel, no light, no antialiasing) for the truth masks.
import { v3, vadd, vnorm, vscale, vsub, world, type Person, type Rgb, type V3 } from './body';
import { random, uniform, pick } from './cases';
import type { GarmentSpec } from './garment';
import { printPigment } from './prints';
import { lathe, levels, torsoDepth, torsoProfile, vec, wornShell } from './worn';

export type Mode = 'photo' | 'labels';

/** Label values (red channel) of the truth masks. */
export const LABEL = { background: 0, head: 40, seat: 60, body: 80, hands: 120, shoes: 160, oldUpper: 200, oldFull: 210, oldLower: 220, garment: 240 } as const;

export interface Camera {
  width: number;
  height: number;
  /** Camera height and distance (metres); it looks along +z, level. */
  y: number;
  distance: number;
  /** Horizontal field of view, degrees. */
  angle: number;
  /** Where the person stands (x, z), body-local origin. */
  offset: V3;
}

export function makeCamera(seed: number, person: Person, width: number, height: number): Camera {
  const rng = random(seed * 7 + 3);
  const top = person.headCentre.y + person.headHeight * 0.55;
  const fill = uniform(rng, 0.8, 0.9);
  const distance = uniform(rng, 4.5, 6);
  const visible = top / fill;
  const vfov = 2 * Math.atan(visible / 2 / distance);
  const angle = (2 * Math.atan(Math.tan(vfov / 2) * (width / height)) * 180) / Math.PI;
  const y = visible / 2 - uniform(rng, 0.02, 0.05) * visible;
  return { width, height, y, distance, angle, offset: v3(uniform(rng, -0.08, 0.08), 0, 0) };
}

/** A body-local point of `person` in image pixels. */
export function project(camera: Camera, person: Person, p: V3): { x: number; y: number } {
  const w = vadd(world(person, p), camera.offset);
  const zc = w.z + camera.distance;
  const aspect = camera.width / camera.height;
  const dlen = (0.5 * aspect) / Math.tan((camera.angle * Math.PI) / 360);
  return { x: (0.5 + ((w.x / zc) * dlen) / aspect) * camera.width, y: (0.5 - ((w.y - camera.y) / zc) * dlen) * camera.height };
}

const srgb = (c: Rgb) => `srgb <${(c[0] / 255).toFixed(3)}, ${(c[1] / 255).toFixed(3)}, ${(c[2] / 255).toFixed(3)}>`;

function flat(label: number): string {
  return `texture { pigment { rgb <${(label / 255).toFixed(5)}, 0, 0> } finish { emission 1 diffuse 0 ambient 0 } }`;
}

function tex(mode: Mode, label: number, pigment: string, finish = 'diffuse 0.8 specular 0.05 roughness 0.05', normal = ''): string {
  if (mode === 'labels') return flat(label);
  return `texture { pigment { ${pigment} } ${normal} finish { ${finish} } }`;
}

export interface Backdrop {
  wall: Rgb;
  floor: Rgb;
  key: V3;
}

export function makeBackdrop(seed: number): Backdrop {
  const rng = random(seed * 13 + 5);
  const walls: Rgb[] = [
    [222, 222, 218],
    [206, 212, 220],
    [226, 214, 196],
    [196, 200, 196],
    [236, 234, 230],
    [180, 186, 196],
  ];
  const wall = pick(rng, walls);
  return { wall, floor: [wall[0] * 0.82, wall[1] * 0.82, wall[2] * 0.8] as Rgb, key: v3(uniform(rng, -3, -1.5), uniform(rng, 3, 4), uniform(rng, -4, -2.5)) };
}

function studio(mode: Mode, camera: Camera, backdrop: Backdrop): string {
  const head = `#version 3.7;
global_settings { assumed_gamma 1.0 max_trace_level 6 }
camera { perspective location <0, ${camera.y.toFixed(4)}, ${(-camera.distance).toFixed(4)}> look_at <0, ${camera.y.toFixed(4)}, 0> right x*${(camera.width / camera.height).toFixed(5)} up y angle ${camera.angle.toFixed(4)} }
`;
  if (mode === 'labels') return `${head}background { rgb 0 }\n`;
  const k = backdrop.key;
  return `${head}background { rgb 0.5 }
light_source { <${k.x}, ${k.y}, ${k.z}> color rgb 1.05 area_light <1.2, 0, 0>, <0, 1.2, 0>, 5, 5 adaptive 1 jitter circular orient }
light_source { <${(-k.x * 1.2).toFixed(2)}, 2.2, -3> color rgb 0.38 shadowless }
light_source { <0.5, 3.5, 2> color rgb 0.3 shadowless }
plane { y, 0 texture { pigment { ${srgb(backdrop.floor)} } finish { diffuse 0.8 ambient 0.08 } } }
plane { z, 1.6 texture { pigment { ${srgb(backdrop.wall)} } finish { diffuse 0.8 ambient 0.1 } } }
`;
}

/** The body (skin, face, hair, shoes) as POV-Ray text, body-local. */
function bodyText(person: Person, mode: Mode): string {
  const skin = tex(mode, LABEL.body, srgb(person.skin), 'diffuse 0.8 specular 0.1 roughness 0.06');
  const headTex = tex(mode, LABEL.head, srgb(person.skin), 'diffuse 0.8 specular 0.1 roughness 0.06');
  const hairTex = tex(mode, LABEL.head, srgb(person.hair), 'diffuse 0.7 specular 0.15 roughness 0.03', 'normal { bumps 0.25 scale <0.003, 0.02, 0.003> }');
  const handTex = tex(mode, LABEL.hands, srgb(person.skin), 'diffuse 0.8 specular 0.1 roughness 0.06');
  const shoeTex = tex(mode, LABEL.shoes, srgb([40, 36, 34]), 'diffuse 0.7 specular 0.2 roughness 0.02');
  const dark = tex(mode, LABEL.head, srgb([30, 22, 20]));
  const white = tex(mode, LABEL.head, srgb([236, 232, 226]));
  const lips = tex(mode, LABEL.head, srgb([Math.min(255, person.skin[0] * 0.85 + 30), person.skin[1] * 0.6, person.skin[2] * 0.6]));
  const r = person.radii;
  const L = levels(person);
  const parts: string[] = [];
  const torsoTop = person.neckBase.y;
  const torsoBottom = person.torso[0].y;
  parts.push(`object { ${lathe(torsoProfile(person, torsoBottom, torsoTop, 0), torsoDepth(person, torsoBottom, torsoTop))} ${skin} }`);
  const [a, b] = [person.arms[0].shoulder, person.arms[1].shoulder];
  parts.push(`sphere_sweep { linear_spline 3, ${vec(a)}, ${(r.upperArm * 1.05).toFixed(4)}, ${vec(person.neckBase)}, ${r.upperArm.toFixed(4)}, ${vec(b)}, ${(r.upperArm * 1.05).toFixed(4)} scale <1, 1, 0.8> ${skin} }`);
  const chin = vadd(person.headCentre, v3(0, -person.headHeight * 0.38, 0));
  parts.push(`sphere_sweep { linear_spline 2, ${vec(vsub(person.neckBase, v3(0, 0.03, 0)))}, ${r.neck.toFixed(4)}, ${vec(chin)}, ${(r.neck * 0.92).toFixed(4)} ${skin} }`);
  for (const arm of person.arms) {
    parts.push(`sphere_sweep { linear_spline 3, ${vec(arm.shoulder)}, ${r.upperArm.toFixed(4)}, ${vec(arm.elbow)}, ${r.elbow.toFixed(4)}, ${vec(arm.wrist)}, ${r.wrist.toFixed(4)} ${skin} }`);
    const dir = vnorm(vsub(arm.hand, arm.wrist));
    const tip = vsub(arm.hand, vscale(dir, r.wrist * 0.8));
    const side = Math.sign(arm.shoulder.x) || 1;
    const thumbTip = vadd(vadd(arm.wrist, vscale(dir, 0.05)), v3(-side * 0.01, 0, -0.035));
    parts.push(`union { sphere_sweep { linear_spline 3, ${vec(arm.wrist)}, ${(r.wrist * 1.05).toFixed(4)}, ${vec(vadd(arm.wrist, vscale(dir, 0.05)))}, ${(r.wrist * 1.3).toFixed(4)}, ${vec(tip)}, ${(r.wrist * 0.85).toFixed(4)} scale 1 }
      sphere_sweep { linear_spline 2, ${vec(vadd(arm.wrist, vscale(dir, 0.02)))}, 0.012, ${vec(thumbTip)}, 0.009 } ${handTex} }`);
  }
  for (const leg of person.legs) {
    parts.push(`sphere_sweep { linear_spline 3, ${vec(leg.hip)}, ${r.thigh.toFixed(4)}, ${vec(leg.knee)}, ${r.knee.toFixed(4)}, ${vec(leg.ankle)}, ${r.ankle.toFixed(4)} ${skin} }`);
    const heel = vadd(leg.ankle, v3(0, -0.035, 0.02));
    parts.push(`sphere_sweep { linear_spline 2, ${vec(heel)}, 0.042, ${vec(leg.toe)}, 0.036 scale 1 ${shoeTex} }`);
  }
  // Head: an egg with ears, eyes, brows, nose and lips, and hair over it.
  const c = person.headCentre;
  const hh = person.headHeight;
  const rx = hh * 0.37;
  const ry = hh * 0.5;
  const rz = hh * 0.44;
  const front = c.z - rz;
  parts.push(`sphere { 0, 1 scale <${rx.toFixed(4)}, ${ry.toFixed(4)}, ${rz.toFixed(4)}> translate ${vec(c)} ${headTex} }`);
  for (const s of [-1, 1]) {
    parts.push(`sphere { 0, 1 scale <0.012, 0.03, 0.02> translate ${vec(vadd(c, v3(s * rx * 0.98, -hh * 0.03, 0.01)))} ${headTex} }`);
    const eye = vadd(c, v3(s * rx * 0.4, hh * 0.03, -rz * 0.82));
    parts.push(`sphere { 0, 1 scale <0.013, 0.008, 0.006> translate ${vec(eye)} ${white} }`);
    parts.push(`sphere { 0, 0.0055 translate ${vec(vadd(eye, v3(0, 0, -0.004)))} ${dark} }`);
    parts.push(`sphere { 0, 1 scale <0.017, 0.0035, 0.005> translate ${vec(vadd(eye, v3(0, 0.02, -0.002)))} ${tex(mode, LABEL.head, srgb(person.hair))} }`);
  }
  parts.push(`sphere { 0, 1 scale <0.011, 0.02, 0.016> translate ${vec(v3(c.x, c.y - hh * 0.06, front + 0.004))} ${headTex} }`);
  parts.push(`sphere { 0, 1 scale <0.022, 0.0065, 0.008> translate ${vec(v3(c.x, c.y - hh * 0.2, front + rz * 0.13))} ${lips} }`);
  const hairShell = `sphere { 0, 1 scale <${(rx * 1.08).toFixed(4)}, ${(ry * 1.05).toFixed(4)}, ${(rz * 1.08).toFixed(4)}> translate ${vec(v3(c.x, c.y + 0.006, c.z + 0.004))} }`;
  const hairline = `union { plane { -y, ${(-(c.y + ry * 0.38)).toFixed(4)} } box { <-1, ${(c.y - ry * 0.25).toFixed(4)}, ${(c.z + rz * 0.15).toFixed(4)}>, <1, 3, 1> } }`;
  parts.push(`intersection { ${hairShell} ${hairline} ${hairTex} }`);
  if (person.hairStyle === 'long') {
    parts.push(`sphere { 0, 1 scale <${(rx * 1.12).toFixed(4)}, ${(ry * 1.35).toFixed(4)}, ${(rz * 0.55).toFixed(4)}> translate ${vec(v3(c.x, c.y - ry * 0.7, c.z + rz * 0.55))} ${hairTex} }`);
  } else if (person.hairStyle === 'bun') {
    parts.push(`sphere { 0, ${(rx * 0.45).toFixed(4)} translate ${vec(v3(c.x, c.y + ry * 0.75, c.z + rz * 0.6))} ${hairTex} }`);
  }
  if (person.seat > 0) {
    const seatTex = tex(mode, LABEL.seat, srgb([120, 84, 56]), 'diffuse 0.7 specular 0.1 roughness 0.05');
    parts.push(`union { cylinder { <0, ${(person.seat - 0.04).toFixed(4)}, 0.05>, <0, ${person.seat.toFixed(4)}, 0.05>, ${(person.radii.thigh * 3).toFixed(4)} } cylinder { <0, 0, 0.05>, <0, ${person.seat.toFixed(4)}, 0.05>, 0.03 } ${seatTex} }`);
  }
  void L;
  return parts.join('\n');
}

const OLD_LABEL = { upper: LABEL.oldUpper, lower: LABEL.oldLower, full: LABEL.oldFull } as const;

export interface Worn {
  spec: GarmentSpec;
  /** Label value in the 'labels' mode. */
  label: number;
  /** Keeps its flat photo's flare even where arms hang (the truth of a new garment; see wornShell). */
  free?: boolean;
}

export function garmentTexture(spec: GarmentSpec, mode: Mode, label: number, chestY: number): string {
  if (mode === 'labels') return flat(label);
  return `texture { pigment { ${printPigment(spec, chestY)} } normal { wrinkles 0.25 scale 0.06 } finish { diffuse 0.8 specular 0.03 roughness 0.1 } }`;
}

export const oldLabel = (spec: GarmentSpec) => OLD_LABEL[spec.slot];

/** The whole scene: a person wearing `clothes` (each with its label), placed and turned, in the studio. */
export function personScene(person: Person, clothes: readonly Worn[], camera: Camera, backdrop: Backdrop, mode: Mode): string {
  const a = (person.yaw * Math.PI) / 180;
  const c = Math.cos(a);
  const s = Math.sin(a);
  const chestY = levels(person).shoulderY - 0.12;
  const garments = clothes.map((w) => wornShell(person, w.spec, garmentTexture(w.spec, mode, w.label, chestY), !w.free));
  const o = camera.offset;
  return `${studio(mode, camera, backdrop)}
union {
${bodyText(person, mode)}
${garments.join('\n')}
  matrix <${c.toFixed(6)}, 0, ${(-s).toFixed(6)}, 0, 1, 0, ${s.toFixed(6)}, 0, ${c.toFixed(6)}, ${o.x.toFixed(4)}, ${o.y.toFixed(4)}, ${o.z.toFixed(4)}>
}
`;
}
