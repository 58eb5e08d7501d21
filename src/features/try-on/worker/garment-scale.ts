// How a garment photo relates to a body. Laid flat, its widths are half
// girths and its size is read from them against how garments are usually
// cut (./proportions.ts); worn by a person, its lengths are shares of that
// wearer's own torso and legs, read off their pose in the photo, as they will
// be on whoever tries it on.
import { distance } from './body-frame';
import type { GarmentLandmarks } from './fit-types';
import { USUAL_EASE, chestFlatHalf } from './proportions';

/** Where the wearer's shoulder joints, hip joints and ankles are in the garment photo (rows, the wearer upright). */
export interface WearerLevels {
  jointY: number;
  hipY: number;
  ankleY: number;
}

/**
 * Metres per pixel of the garment photo, and, when a person wears it there,
 * their levels (null: laid flat). The fit reads a missing scale from the
 * landmarks alone (a flat garment, no hood).
 */
export type GarmentScale = { metresPerPixel: number; wearer: WearerLevels | null } | null;

/** A standard body's shoulder joints' half-span, and a neckline's usual half-width (metres). */
export const SHOULDER_HALF = 0.19;
const NECK_HALF = 0.075;
/** Hooded tops are cut looser than the usual ease. */
const HOODED_EASE = 0.04;
/**
 * Up to this much (log ratio) the neckline may read a top bigger than its
 * chest does for an ordinary cut (the two are averaged); past it the chest is
 * loose, and the neckline counts for LOOSE_WEIGHT of what is left. A
 * neckline that reads it smaller is only a wide one: necklines are cut wider
 * than usual far more often than chests are cut tighter.
 */
const NECK_SPREAD = 0.12;
const LOOSE_WEIGHT = 0.85;
/** A neckline reading the scale outside these multiples of the chest's is no neckline (a collar, a hood's base, a misread). */
const NECK_BELIEVABLE = [0.7, 1.6] as const;

/**
 * Metres per pixel of a top or dress laid flat: its chest read as a standard
 * chest with the usual ease (a hooded top's looser), and its neckline (which
 * loose cuts keep ordinary) read as a standard one: within an ordinary
 * spread the two are averaged; a chest much wider than its neckline is a
 * loose cut, read mostly by the neckline; a neckline wider than usual is
 * left out. A hood's base is no neckline.
 */
export function flatTopScale(g: GarmentLandmarks, fallbackWidth: number, hooded: boolean): number {
  const pitSpan = g.armpitLeft && g.armpitRight ? distance(g.armpitLeft, g.armpitRight) : null;
  const seamSpan = g.shoulderLeft && g.shoulderRight ? distance(g.shoulderLeft, g.shoulderRight) : fallbackWidth;
  const ease = hooded ? HOODED_EASE : USUAL_EASE;
  const chest = pitSpan ? (2 * chestFlatHalf(ease)) / pitSpan : (2 * SHOULDER_HALF * 1.1) / seamSpan;
  if (hooded || !g.neckLeft || !g.neckRight) return chest;
  const neck = (2 * NECK_HALF) / Math.max(1, distance(g.neckLeft, g.neckRight));
  if (neck < chest * NECK_BELIEVABLE[0] || neck > chest * NECK_BELIEVABLE[1]) return chest;
  const x = Math.log(neck / chest);
  // A neckline wider than the chest makes usual is a cut (scoop, boat, square), not a smaller garment: the chest decides.
  if (x < 0) return chest;
  const shift = x <= NECK_SPREAD ? x / 2 : NECK_SPREAD / 2 + LOOSE_WEIGHT * (x - NECK_SPREAD);
  return chest * Math.exp(shift);
}
