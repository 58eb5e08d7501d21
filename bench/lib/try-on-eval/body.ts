// A person of the try-on eval in 3-D: proportions, skin, hair and a pose,
// drawn from a seed, as joint positions in metres. Body-local axes: x to the
// camera's right (the wearer's left), y up from the floor, z away from the
// camera (the person faces -z). The whole body is then turned by `yaw` about
// the vertical axis through the feet.
import { pick, uniform, type PoseName, type Rng } from './cases';

export interface V3 {
  x: number;
  y: number;
  z: number;
}

export const v3 = (x: number, y: number, z: number): V3 => ({ x, y, z });
export const vadd = (a: V3, b: V3): V3 => v3(a.x + b.x, a.y + b.y, a.z + b.z);
export const vsub = (a: V3, b: V3): V3 => v3(a.x - b.x, a.y - b.y, a.z - b.z);
export const vscale = (a: V3, k: number): V3 => v3(a.x * k, a.y * k, a.z * k);
export const vdot = (a: V3, b: V3) => a.x * b.x + a.y * b.y + a.z * b.z;
export const vlen = (a: V3) => Math.hypot(a.x, a.y, a.z);
export const vnorm = (a: V3): V3 => vscale(a, 1 / (vlen(a) || 1));
export const vlerp = (a: V3, b: V3, t: number): V3 => vadd(a, vscale(vsub(b, a), t));
const cross = (a: V3, b: V3): V3 => v3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);

export type Rgb = readonly [number, number, number];

/** Skin tones from light to deep (sRGB). */
const SKINS: readonly Rgb[] = [
  [241, 206, 184],
  [226, 182, 150],
  [204, 152, 116],
  [170, 118, 84],
  [132, 88, 62],
  [96, 62, 44],
  [72, 46, 34],
];
const HAIRS: readonly Rgb[] = [
  [30, 24, 20],
  [60, 40, 26],
  [110, 74, 40],
  [170, 130, 80],
  [120, 120, 118],
];

export interface Arm {
  shoulder: V3;
  elbow: V3;
  wrist: V3;
  /** Tip of the hand (fingers together). */
  hand: V3;
}

export interface Leg {
  hip: V3;
  knee: V3;
  ankle: V3;
  toe: V3;
}

export interface Person {
  height: number;
  headHeight: number;
  build: number;
  skin: Rgb;
  hair: Rgb;
  hairStyle: 'short' | 'long' | 'bun';
  yaw: number;
  /** Torso half-widths (x) and half-depths (z) at named heights. */
  torso: { y: number; half: number; depth: number }[];
  neckBase: V3;
  headCentre: V3;
  /** Image-left arm and leg first: the wearer's right. */
  arms: [Arm, Arm];
  legs: [Leg, Leg];
  radii: { upperArm: number; elbow: number; wrist: number; thigh: number; knee: number; ankle: number; neck: number };
  /** Seated persons sit on a stool this high (0 for none). */
  seat: number;
  pose: PoseName;
}

/** Two-bone reach: the elbow (or knee) between root and target, bent towards `pole`. */
function bend(root: V3, target: V3, upper: number, lower: number, pole: V3): { joint: V3; end: V3 } {
  const toward = vsub(target, root);
  const d = Math.min(vlen(toward), (upper + lower) * 0.995);
  const u = vnorm(toward);
  const end = vadd(root, vscale(u, d));
  const cosA = Math.max(-1, Math.min(1, (upper * upper + d * d - lower * lower) / (2 * upper * d)));
  const p = vsub(pole, vscale(u, vdot(pole, u)));
  const w = vnorm(vlen(p) > 1e-6 ? p : cross(u, v3(0, 0, 1)));
  const joint = vadd(root, vadd(vscale(u, upper * cosA), vscale(w, upper * Math.sqrt(1 - cosA * cosA))));
  return { joint, end };
}

/** A direction `out` degrees from straight down in the body's plane, `forward` degrees towards the camera. */
function direction(side: -1 | 1, out: number, forward: number): V3 {
  const a = (out * Math.PI) / 180;
  const f = (forward * Math.PI) / 180;
  return vnorm(v3(side * Math.sin(a) * Math.cos(f), -Math.cos(a) * Math.cos(f), -Math.sin(f)));
}

export function makePerson(rng: Rng, pose: PoseName): Person {
  const height = uniform(rng, 1.55, 1.92);
  const H = height;
  const headHeight = H / uniform(rng, 7.0, 7.9);
  const build = uniform(rng, 0.85, 1.25);
  const female = rng() < 0.5;
  const shoulderHalf = H * uniform(rng, 0.098, 0.118) * (female ? 0.95 : 1.02);
  const hipJointHalf = H * uniform(rng, 0.046, 0.058) * (female ? 1.06 : 0.97);
  const legLength = H * uniform(rng, 0.445, 0.49);
  const hipY = legLength + H * 0.035;
  const shoulderY = H - headHeight - H * uniform(rng, 0.045, 0.06);
  const neckBaseY = shoulderY + H * 0.02;
  const chestHalf = shoulderHalf * uniform(rng, 0.82, 0.92);
  const waistHalf = chestHalf * uniform(rng, 0.72, 0.95) * (build > 1.1 ? 1.08 : 1);
  const pelvisHalf = Math.max(H * uniform(rng, 0.092, 0.118) * (female ? 1.05 : 0.96), waistHalf * 1.02);
  const depth = uniform(rng, 0.62, 0.74) * (build > 1.1 ? 1.1 : 1);
  const waistY = hipY + (shoulderY - hipY) * uniform(rng, 0.34, 0.42);
  const torso = [
    { y: hipY - H * 0.045, half: pelvisHalf * 0.93, depth: depth * 0.95 },
    { y: hipY + H * 0.01, half: pelvisHalf, depth },
    { y: waistY, half: waistHalf, depth: depth * 1.02 },
    { y: shoulderY - H * 0.08, half: chestHalf, depth: depth * 1.03 },
    { y: shoulderY - H * 0.01, half: chestHalf * 0.96, depth: depth * 0.9 },
    { y: neckBaseY, half: H * 0.035, depth: 1 },
  ];
  const s = build * (H / 1.72);
  const radii = { upperArm: 0.046 * s, elbow: 0.035 * s, wrist: 0.026 * s, thigh: 0.082 * s, knee: 0.052 * s, ankle: 0.034 * s, neck: 0.05 * (H / 1.72) };
  const upperArm = H * uniform(rng, 0.178, 0.192);
  const foreArm = H * uniform(rng, 0.142, 0.152);
  const handLength = H * 0.105;
  const thigh = (legLength - H * 0.04) * 0.52;
  const shin = (legLength - H * 0.04) * 0.48;

  let yaw = 0;
  let seat = 0;
  let pelvisDrop = 0;
  const stance = uniform(rng, 0.03, 0.09);
  // Arms: two-bone chains from the shoulder, by pose.
  const shoulder = (side: -1 | 1): V3 => v3(side * shoulderHalf, shoulderY, 0);
  const hangArm = (side: -1 | 1, out: number, forward: number, foreOut: number, foreForward: number): Arm => {
    const sh = shoulder(side);
    const elbow = vadd(sh, vscale(direction(side, out, forward), upperArm));
    const foreDir = direction(side, foreOut, foreForward);
    const wrist = vadd(elbow, vscale(foreDir, foreArm));
    return { shoulder: sh, elbow, wrist, hand: vadd(wrist, vscale(foreDir, handLength)) };
  };
  const reachArm = (side: -1 | 1, target: V3, pole: V3, handDir?: V3): Arm => {
    const sh = shoulder(side);
    const { joint, end } = bend(sh, target, upperArm, foreArm, pole);
    const dir = handDir ?? vnorm(vsub(end, joint));
    return { shoulder: sh, elbow: joint, wrist: end, hand: vadd(end, vscale(vnorm(dir), handLength)) };
  };
  const standLeg = (side: -1 | 1, spread: number, forward = 0, kneeBend = 0): Leg => {
    const hip = v3(side * hipJointHalf, hipY, 0);
    const thighDir = vnorm(v3(side * spread, -1, -Math.tan((forward * Math.PI) / 180)));
    const knee = vadd(hip, vscale(thighDir, thigh));
    const a = ((forward - kneeBend) * Math.PI) / 180;
    const shinDir = vnorm(v3(side * spread * 0.6, -Math.cos(a), -Math.sin(a)));
    const ankle = vadd(knee, vscale(shinDir, shin));
    return { hip, knee, ankle, toe: vadd(ankle, v3(side * 0.02, -0.03, -0.16 * (H / 1.72))) };
  };
  let arms: [Arm, Arm];
  let legs: [Leg, Leg] = [standLeg(-1, stance), standLeg(1, stance)];
  const down = () => hangArm;
  void down;
  switch (pose) {
    case 'arms-down': {
      const out = uniform(rng, 5, 12);
      arms = [hangArm(-1, out, uniform(rng, 0, 6), out + uniform(rng, 0, 8), uniform(rng, 4, 16)), hangArm(1, out, uniform(rng, 0, 6), out + uniform(rng, 0, 8), uniform(rng, 4, 16))];
      break;
    }
    case 'arms-out': {
      const a = uniform(rng, 30, 60);
      const b = a + uniform(rng, -6, 6);
      arms = [hangArm(-1, a, uniform(rng, 0, 10), a + uniform(rng, -5, 12), uniform(rng, 0, 10)), hangArm(1, b, uniform(rng, 0, 10), b + uniform(rng, -5, 12), uniform(rng, 0, 10))];
      legs = [standLeg(-1, stance + 0.04), standLeg(1, stance + 0.04)];
      break;
    }
    case 'one-arm-up': {
      const up = uniform(rng, 140, 168);
      const raised = hangArm(1, up, uniform(rng, 0, 12), up + uniform(rng, -12, 8), uniform(rng, 0, 10));
      const other = hangArm(-1, uniform(rng, 6, 14), 3, uniform(rng, 10, 18), 10);
      arms = rng() < 0.5 ? [other, raised] : [mirrorArm(raised), mirrorArm(other)];
      break;
    }
    case 'hands-on-hips': {
      const target = (side: -1 | 1) => v3(side * (pelvisHalf + 0.03), waistY - H * 0.02, 0.02);
      const pole = (side: -1 | 1) => v3(side, 0.1, 0.35);
      const hand = (side: -1 | 1) => v3(-side * 0.3, -1, 0.15);
      arms = [reachArm(-1, target(-1), pole(-1), hand(-1)), reachArm(1, target(1), pole(1), hand(1))];
      break;
    }
    case 'arms-crossed': {
      const chestFront = -chestHalf * depth - radii.upperArm * 1.4;
      const lowY = waistY + (shoulderY - waistY) * uniform(rng, 0.2, 0.35);
      const highY = lowY + H * 0.035;
      arms = [
        reachArm(-1, v3(chestHalf * 0.55, lowY, chestFront), v3(-1, -0.6, 0.2), v3(1, 0.15, 0)),
        reachArm(1, v3(-chestHalf * 0.55, highY, chestFront - radii.wrist * 2.2), v3(1, -0.6, 0.2), v3(-1, 0.15, 0)),
      ];
      break;
    }
    case 'three-quarter': {
      yaw = (rng() < 0.5 ? -1 : 1) * uniform(rng, 28, 40);
      const out = uniform(rng, 6, 14);
      arms = [hangArm(-1, out, 4, out + 6, 12), hangArm(1, out, 4, out + 6, 12)];
      break;
    }
    case 'walking': {
      yaw = uniform(rng, -10, 10);
      const swing = uniform(rng, 14, 24);
      const front = rng() < 0.5 ? -1 : 1;
      legs = [standLeg(-1, 0.02, front < 0 ? swing : -swing * 0.7, front < 0 ? 6 : 22), standLeg(1, 0.02, front > 0 ? swing : -swing * 0.7, front > 0 ? 6 : 22)];
      arms = [hangArm(-1, 8, front > 0 ? swing : -swing, 10, front > 0 ? swing + 12 : -swing + 10), hangArm(1, 8, front < 0 ? swing : -swing, 10, front < 0 ? swing + 12 : -swing + 10)];
      break;
    }
    case 'seated': {
      seat = legLength * uniform(rng, 0.52, 0.6);
      pelvisDrop = hipY - (seat + radii.thigh * 0.9);
      const sitLeg = (side: -1 | 1): Leg => {
        const hip = v3(side * hipJointHalf, hipY, 0);
        const knee = vadd(hip, v3(side * 0.04, -0.02, -thigh));
        const ankle = vadd(knee, v3(side * 0.02, -shin, -0.04));
        return { hip, knee, ankle, toe: vadd(ankle, v3(0, -0.03, -0.16 * (H / 1.72))) };
      };
      legs = [sitLeg(-1), sitLeg(1)];
      const onThigh = (side: -1 | 1) => v3(side * (hipJointHalf + 0.02), hipY + radii.thigh * 1.2, -thigh * uniform(rng, 0.55, 0.75));
      arms = [reachArm(-1, onThigh(-1), v3(-1, 0, 0.5), v3(0.05, -0.3, -1)), reachArm(1, onThigh(1), v3(1, 0, 0.5), v3(-0.05, -0.3, -1))];
      break;
    }
  }
  // A seated body is lowered onto its stool: everything but the seat moves down.
  const drop = (p: V3): V3 => v3(p.x, p.y - pelvisDrop, p.z);
  const dropArm = (a: Arm): Arm => ({ shoulder: drop(a.shoulder), elbow: drop(a.elbow), wrist: drop(a.wrist), hand: drop(a.hand) });
  const dropLeg = (l: Leg): Leg => (pose === 'seated' ? { hip: drop(l.hip), knee: drop(l.knee), ankle: { ...l.ankle, y: Math.max(radii.ankle + 0.05, l.ankle.y - pelvisDrop) }, toe: { ...l.toe, y: 0.02 } } : l);
  if (pose === 'seated') legs = legs.map((l) => {
    const dropped = dropLeg(l);
    // Keep the shin's length: the feet rest on the floor, the knee stays where the thigh ends.
    const ankle = v3(dropped.knee.x, Math.max(0.07, dropped.knee.y - shin), dropped.knee.z - 0.05);
    return { ...dropped, ankle, toe: vadd(ankle, v3(0, -0.04, -0.16 * (H / 1.72))) };
  }) as [Leg, Leg];
  return {
    height,
    headHeight,
    build,
    skin: pick(rng, SKINS),
    hair: pick(rng, HAIRS),
    hairStyle: pick(rng, ['short', 'long', 'bun'] as const),
    yaw,
    torso: torso.map((t) => ({ ...t, y: t.y - pelvisDrop })),
    neckBase: v3(0, neckBaseY - pelvisDrop, 0),
    headCentre: v3(0, H - headHeight * 0.5 - pelvisDrop, -0.005),
    arms: arms.map(dropArm) as [Arm, Arm],
    legs,
    radii,
    seat,
    pose,
  };
}

function mirrorArm(a: Arm): Arm {
  const m = (p: V3) => v3(-p.x, p.y, p.z);
  return { shoulder: m(a.shoulder), elbow: m(a.elbow), wrist: m(a.wrist), hand: m(a.hand) };
}

/** The torso's half-width and half-depth at height y (linear between the named levels). */
export function torsoAt(person: Person, y: number): { half: number; depth: number } {
  const levels = person.torso;
  if (y <= levels[0].y) return { half: levels[0].half, depth: levels[0].half * levels[0].depth };
  for (let i = 0; i < levels.length - 1; i++) {
    const a = levels[i];
    const b = levels[i + 1];
    if (y <= b.y) {
      const t = (y - a.y) / (b.y - a.y);
      const half = a.half + (b.half - a.half) * t;
      return { half, depth: (a.half * a.depth + (b.half * b.depth - a.half * a.depth) * t) };
    }
  }
  const top = levels[levels.length - 1];
  return { half: top.half, depth: top.half * top.depth };
}

/** A body-local point turned by the person's yaw (degrees, about y, positive turns the wearer's left away). */
export function world(person: Person, p: V3): V3 {
  const a = (person.yaw * Math.PI) / 180;
  return v3(p.x * Math.cos(a) + p.z * Math.sin(a), p.y, -p.x * Math.sin(a) + p.z * Math.cos(a));
}
