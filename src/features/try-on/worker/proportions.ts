// A standard adult body and how garments are cut for it (metres): what turns
// a flat garment's measures into places on a body. A flat garment is as wide
// as half its girth, so its width tells its size and its ease; its lengths,
// in those units, tell where its hem falls as a share of the wearer's own
// torso, legs or arms, whoever wears it.

/** Shoulder joints to hip joints, along the body. */
export const SHOULDER_TO_HIP = 0.51;
/** Hip joint to ankle. */
export const LEG_LENGTH = 0.83;
/** Shoulder joint to wrist. */
export const ARM_LENGTH = 0.57;
export const UPPER_ARM = 0.32;
export const THIGH = 0.42;
/** The top of the shoulder (a shoulder seam, a strap) above the shoulder joint. */
export const SHOULDER_TOP = 0.04;
/** A waistband above the hip joints, and the crotch below them. */
export const WAISTBAND_ABOVE_HIP = 0.11;
export const CROTCH_BELOW_HIP = 0.1;
/** Front half-depth over half-width of a torso. */
export const TORSO_DEPTH = 0.68;
/** The ease garments are usually cut with around the torso. */
export const USUAL_EASE = 0.02;

/** The torso's half-width `above` metres above the hip joints (front view). */
export function torsoHalf(above: number): number {
  const levels: [number, number][] = [
    [-0.08, 0.168],
    [0, 0.18],
    [0.2, 0.135],
    [0.39, 0.16],
    [0.5, 0.153],
  ];
  if (above <= levels[0][0]) return levels[0][1];
  for (let i = 0; i < levels.length - 1; i++) {
    const [y0, r0] = levels[i];
    const [y1, r1] = levels[i + 1];
    if (above <= y1) return r0 + ((r1 - r0) * (above - y0)) / (y1 - y0);
  }
  return levels[levels.length - 1][1];
}

/** Arm and leg radii `length` metres along them from the shoulder or hip joint. */
export function armRadius(length: number): number {
  if (length <= UPPER_ARM) return 0.046 + (0.035 - 0.046) * (length / UPPER_ARM);
  return 0.035 + (0.026 - 0.035) * Math.min(1, (length - UPPER_ARM) / (ARM_LENGTH - UPPER_ARM));
}

export function legRadius(length: number): number {
  if (length <= THIGH) return 0.082 + (0.052 - 0.082) * (length / THIGH);
  return 0.052 + (0.034 - 0.052) * Math.min(1, (length - THIGH) / (LEG_LENGTH - THIGH));
}

/** How wide an elliptical section of front half-width `half` lies flat, halved. */
export function flatHalf(half: number, depthRatio = TORSO_DEPTH, ease = 0): number {
  const a = half + ease;
  const b = half * depthRatio + ease;
  return (Math.PI * Math.sqrt((a * a + b * b) / 2)) / 2;
}

/** The front half-width a flat half-width makes worn (an ellipse of the torso's depth ratio). */
export function wornHalf(flat: number, depthRatio = TORSO_DEPTH): number {
  return (2 * flat) / (Math.PI * Math.sqrt((1 + depthRatio * depthRatio) / 2));
}

/** A top's chest laid flat (at the armpits), halved, for a cut of this ease. */
export const chestFlatHalf = (ease: number) => flatHalf(torsoHalf(SHOULDER_TO_HIP - 0.087), TORSO_DEPTH, ease);
/** A waistband laid flat, halved, as usually cut. */
export const WAIST_FLAT_HALF = flatHalf(torsoHalf(WAISTBAND_ABOVE_HIP), TORSO_DEPTH, 0.015);
