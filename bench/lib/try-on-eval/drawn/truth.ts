// Where a drawn garment belongs on a particular person: the garment turned
// into a GarmentSpec for worn.ts, whose shell around the posed body gives
// the dressed labels and the landmarks on the person (as for the rendered
// source). Its lengths are the drawing's own proportions on this body: a
// length in the drawing (metres on the reference body) times the person's
// shoulder-joint span over the reference's (2 × 0.19 m), measured down from
// the person's shoulder joints (tops, dresses) or waistband (bottoms).
import { REF, refTorso } from '../flat';
import type { GarmentSpec } from '../garment';
import type { GarmentType } from '../cases';
import type { Person } from '../body';
import { armPath, legPath, levels, polylineLength } from '../worn';
import { FABRIC } from './palette';
import type { DrawnSpec } from './spec';
import { CONE_FLAT, refLeg, type DrawnGarment } from './template';
import { FRAME } from './spec';

/** A dress's or skirt's hem no lower than this above the floor (a longer one lies on it). */
const FLOOR_CLEARANCE = 0.03;

export interface WornTruth {
  spec: GarmentSpec;
  /** The person's shoulder-joint span over the reference body's. */
  scale: number;
  /** The hem's height on the person (body-local metres; for trousers and shorts, the leg's length along it from the hip joint instead). */
  hemY: number;
  /** The hem was held above the floor (a maxi dress on a short, broad person) or below the hips. */
  clamped: boolean;
}

export const REF_SHOULDER_SPAN = 2 * REF.shoulderHalf;

export function shoulderScale(person: Person): number {
  return Math.abs(person.arms[1].shoulder.x - person.arms[0].shoulder.x) / REF_SHOULDER_SPAN;
}

/** The GarmentType worn.ts draws a drawn garment as (it treats all dresses alike, and all tops but the hoodie). */
function wornType(spec: DrawnSpec): GarmentType {
  switch (spec.category) {
    case 'dress':
      return 'midi-dress';
    case 'top':
      return spec.sleeve === 'long' ? 'long-sleeve' : spec.sleeveLength > 0 ? 'tee' : 'tank';
    default:
      return spec.category;
  }
}

/**
 * The drawn garment on `person`:
 * - tops and dresses: hemY = shoulderY − hemDrop·s, where s = person's shoulder span / 0.38 m and hemDrop is the
 *   hem corner's depth below the drawing's shoulder-joint level; worn.ts's `hem` is then (shoulderY − hemY) /
 *   (shoulderY − hipY) for a top, (hipY − hemY) / (hipY − ankleY) for a dress;
 * - skirts: hemY = waistbandY − hemDrop·s (hemDrop below the drawing's waistband top), `hem` as a dress's;
 * - trousers and shorts: the leg from the hip joint is hemDrop·s − (waistbandY − hipY) long, `hem` its share
 *   of the leg's length (hip to ankle along the leg);
 * - sleeves: sleeveLength·s over the arm's length (shoulder to wrist);
 * - neckline half-width and strap width times s, the neckline's depth times s less 0.015 m (flat.ts's
 *   convention); a skirt's flare from the drawn hem's flat half-width (flat.ts's cone convention).
 */
export function wornTruth(drawn: DrawnSpec, garment: DrawnGarment, person: Person): WornTruth {
  const s = shoulderScale(person);
  const L = levels(person);
  const m = garment.measures;
  const armLength = (polylineLength(armPath(person, 0)) + polylineLength(armPath(person, 1))) / 2;
  const legLength = (polylineLength(legPath(person, 0)) + polylineLength(legPath(person, 1))) / 2;
  const e = drawn.ease;
  const flare = (m.hemHalf / CONE_FLAT) / (refTorso(0) + e);
  let hem: number;
  let hemY: number;
  let clamped = false;
  let legFlare: number | undefined;
  const skirtHem = (level: number) => {
    let y = level;
    if (y < FLOOR_CLEARANCE) {
      y = FLOOR_CLEARANCE;
      clamped = true;
    }
    // At least a tenth of the way from the hips to the ankles: a skirt ends below the hips.
    const highest = L.hipY - 0.1 * (L.hipY - L.ankleY);
    if (y > highest) {
      y = highest;
      clamped = true;
    }
    return y;
  };
  if (drawn.slot === 'upper') {
    hemY = L.shoulderY - m.hemDrop * s;
    hem = (L.shoulderY - hemY) / (L.shoulderY - L.hipY);
  } else if (drawn.slot === 'full') {
    hemY = skirtHem(L.shoulderY - m.hemDrop * s);
    hem = (L.hipY - hemY) / (L.hipY - L.ankleY);
  } else if (drawn.category === 'skirt') {
    hemY = skirtHem(L.waistbandY - m.hemDrop * s);
    hem = (L.hipY - hemY) / (L.hipY - L.ankleY);
  } else {
    const leg = m.hemDrop * s - (L.waistbandY - L.hipY);
    hem = leg / legLength;
    if (hem > 1.02) {
      hem = 1.02;
      clamped = true;
    }
    hemY = hem * legLength;
    if (drawn.cut === 'wide') {
      const referenceLeg = m.hemDrop - FRAME.hipFromWaistband;
      legFlare = Math.max(0, m.hemHalf / Math.PI - refLeg(referenceLeg) - e - 0.004) * s;
    }
  }
  const spec: GarmentSpec = {
    type: wornType(drawn),
    slot: drawn.slot,
    hem,
    sleeve: Math.min(1, (m.sleeveLength * s) / armLength),
    ease: e,
    sleeveEase: drawn.sleeveEase,
    neckHalf: m.neckHalf * s,
    neckDepth: Math.min(0.2, Math.max(0.02, m.neckDepth * s - 0.015)),
    strap: m.strap * s,
    flare: drawn.slot === 'upper' ? 1 : flare,
    ...(legFlare !== undefined ? { legFlare } : {}),
    sleeveAngle: drawn.sleeveAngle,
    colour: FABRIC[drawn.colours.ground],
    second: FABRIC[drawn.colours.second],
    print: 'plain',
    printScale: drawn.printScale,
  };
  return { spec, scale: s, hemY, clamped };
}
