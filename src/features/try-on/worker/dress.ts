// Puts a cut-out garment on a person, given both masks, the body's keypoints
// and the garment's landmarks: the fit plan (./fit-plan.ts), the panel warped
// by a thin-plate spline fitted to its pairs and each limb part by the limb
// it belongs to (./limb-warp.ts), the occlusion (hands, and arms over
// everything but sleeves), the reach around the body, the person's shading,
// the old garment painted out where the new one leaves it showing
// (./old-garment.ts), and the layering. Pure: no I/O.
import { boxMean } from '../../../imaging/box-filter';
import { createPlane, type Plane, type RgbaImage } from '../../../imaging/image';
import { layerOver } from '../../../imaging/layering';
import { applyShading, shadingField } from '../../../imaging/shading';
import { fitThinPlate } from '../../../imaging/thin-plate';
import { foldCheck, sampledMapping, warpRgba, type Mapping } from '../../../imaging/warp';
import type { BodyKeypoints } from './body';
import { bodyFrame } from './body-frame';
import type { AlphaMask, GarmentKind, GarmentLandmarks } from './fit-types';
import { planFit, type FitPlan, type LandmarkPair } from './fit-plan';
import type { GarmentScale } from './garment-scale';
import { garmentParts } from './garment-parts';
import { limbBounds, limbMapping } from './limb-warp';
import { personColours, removeOldGarment } from './old-garment';
import { armsOnMask } from './arms-on-mask';
import { garmentReach, grownOverPerson, handCapsulesOffClothes, limbMask, measureOnMask, offClothes, repairArms, skinHands } from './person-masks';

export interface DressInput {
  /** The person photo, opaque. */
  person: RgbaImage;
  personAlpha: Uint8ClampedArray;
  body: BodyKeypoints;
  /** The garment cut out: straight RGBA, transparent around it. */
  garment: RgbaImage;
  kind: GarmentKind;
  landmarks: GarmentLandmarks;
  /** How the garment photo relates to metres (null: laid flat). */
  worn?: GarmentScale;
}

export interface Dressed {
  /** The person wearing the garment, opaque. */
  image: RgbaImage;
  /** The person's alpha together with the garment's, for a cut-out result. */
  alpha: Uint8ClampedArray;
  plan: FitPlan;
  /** Where the garment was laid (0–255). */
  region: Uint8ClampedArray;
}

/** Grid step (pixels) at which the warps are evaluated; the warp interpolates between. */
const MESH_STEP = 8;
const LIMB_MESH_STEP = 4;
/** Regularisations tried in turn until the panel's warp does not fold (normalised units; the first meets every pair). */
const RELAXATION = [0.0005, 0.02, 0.1, 0.5, 2];
/** Share of mesh cells allowed to fold. */
const MAX_FOLDED_SHARE = 0.01;
/** How much of the person's shading is laid on the garment. */
const SHADING_STRENGTH = 0.85;
const SHADING_FALLOFF = 0.15;
const SHADING_RANGE = [0.65, 1.25] as const;
/**
 * The person's light is read through a blur of this share of the photo's
 * long side: the old garment's print (stripes, checks) is finer than a fold
 * and would otherwise print through the new garment (eval:try-on's orange
 * and green striped tank showed as grey stripes under a plain tee).
 */
const SHADING_TEXTURE = 0.01;
/** How far (in shoulder spans) the hands' skin is grown over its shaded rim: against the garment, and against the old garment's removal. */
const HAND_RIM = 0.03;
const OLD_HAND_RIM = 0.02;

function alphaOf(image: RgbaImage): Uint8ClampedArray {
  const alpha = new Uint8ClampedArray(image.width * image.height);
  for (let i = 0; i < alpha.length; i++) alpha[i] = image.data[i * 4 + 3];
  return alpha;
}

/** The garment's image with `alpha` as its alpha. */
function withAlpha(garment: RgbaImage, alpha: Uint8ClampedArray): RgbaImage {
  const data = Uint8ClampedArray.from(garment.data);
  for (let i = 0; i < alpha.length; i++) data[i * 4 + 3] = alpha[i];
  return { data, width: garment.width, height: garment.height };
}

/** The destination box the panel's warp fills: its pairs with room for the garment's edges. */
function warpBounds(pairs: readonly LandmarkPair[], margin: number, width: number, height: number) {
  const xs = pairs.map((p) => p.body.x);
  const ys = pairs.map((p) => p.body.y);
  const x = Math.max(0, Math.floor(Math.min(...xs) - margin));
  const y = Math.max(0, Math.floor(Math.min(...ys) - margin));
  return { x, y, width: Math.max(0, Math.min(width, Math.ceil(Math.max(...xs) + margin)) - x), height: Math.max(0, Math.min(height, Math.ceil(Math.max(...ys) + margin)) - y) };
}

/**
 * The person's folds and light, read only where the garment lies on the
 * person (not on the background it may reach over), faded out towards the
 * body's outline so no edge is drawn there. Only a little of the large-scale
 * falloff is kept: most of it is the old clothing's colour, not light.
 */
function bodyShading(person: RgbaImage, personAlpha: Uint8ClampedArray, region: Uint8ClampedArray): Plane {
  const onBody = new Uint8ClampedArray(region.length);
  for (let i = 0; i < onBody.length; i++) onBody[i] = (region[i] * personAlpha[i]) / 255;
  const textureRadius = Math.max(1, Math.round(SHADING_TEXTURE * Math.max(person.width, person.height)));
  const shading = shadingField(person, onBody, { falloffWeight: SHADING_FALLOFF, range: SHADING_RANGE, textureRadius });
  const inside = createPlane(person.width, person.height);
  for (let i = 0; i < inside.data.length; i++) inside.data[i] = onBody[i] / 255;
  const fade = boxMean(inside, Math.max(2, Math.round(Math.max(person.width, person.height) / 200)));
  for (let i = 0; i < shading.data.length; i++) shading.data[i] = 1 + (shading.data[i] - 1) * fade.data[i];
  return shading;
}

/**
 * Pairs that disagree (a landmark misread on an odd garment) make the spline
 * fold the panel over itself. Where it would, the fit is relaxed — the spline
 * approximates the pairs instead of meeting them — until the print is no
 * longer torn, at worst nearly affine.
 */
function unfoldedWarp(pairs: readonly LandmarkPair[], bounds: { x: number; y: number; width: number; height: number }): Mapping {
  const from = pairs.map((p) => p.body);
  const to = pairs.map((p) => p.garment);
  let map: Mapping = () => ({ x: 0, y: 0 });
  for (const regularisation of RELAXATION) {
    const spline = fitThinPlate(from, to, regularisation);
    map = (x, y) => spline.map(x, y);
    const inBounds: Mapping = (x, y) => spline.map(x + bounds.x, y + bounds.y);
    if (foldCheck(inBounds, bounds.width, bounds.height, MESH_STEP * 2) <= MAX_FOLDED_SHARE) break;
  }
  return map;
}

export function dress(input: DressInput, lap: (step: string) => void = () => {}): Dressed {
  const { person, personAlpha, garment, kind, landmarks } = input;
  const { width, height } = person;
  const personMask: AlphaMask = { data: personAlpha, width, height };
  const frame = bodyFrame(input.body);
  const body = repairArms(armsOnMask(input.body, person, personMask, frame), personMask, frame);
  const garmentAlpha = alphaOf(garment);
  const parts = garmentParts({ data: garmentAlpha, width: garment.width, height: garment.height }, landmarks, kind, !input.worn?.wearer);
  const plan = planFit(kind, landmarks, { data: parts.panel, width: garment.width, height: garment.height }, body, measureOnMask(personMask, frame, body), input.worn ?? null);
  const bounds = warpBounds(plan.pairs, frame.shoulderSpan * 0.4, width, height);
  const panel = warpRgba(withAlpha(garment, parts.panel), sampledMapping(unfoldedWarp(plan.pairs, bounds), width, height, MESH_STEP), width, height, { bounds });
  const limbs = plan.limbs.flatMap((limb) => {
    const part = parts.limbs.find((l) => l.side === limb.side);
    if (!part) return [];
    const limbBox = limbBounds(limb, width, height);
    return [warpRgba(withAlpha(garment, part.mask), sampledMapping(limbMapping(limb), width, height, LIMB_MESH_STEP), width, height, { bounds: limbBox })];
  });
  const clear: RgbaImage = { data: new Uint8ClampedArray(width * height * 4), width, height };
  const warped = layerOver(clear, [panel, ...limbs].map((image) => ({ image })));
  lap('warp');

  // Sleeves lie over the arms; trouser legs and every panel lie under them.
  const sleeves = new Uint8ClampedArray(width * height);
  if (kind !== 'lower') for (const limb of limbs) for (let i = 0; i < sleeves.length; i++) sleeves[i] = Math.max(sleeves[i], limb.data[i * 4 + 3]);
  // The hands are in front of everything: the pose's capsules, and the skin-coloured pixels about them with their shaded rim.
  const colours = personColours(person, personAlpha, body, frame);
  const worn = [colours.worn.upper, colours.worn.lower];
  const handsBySkin = skinHands(person, personMask, body, frame, colours.skin, worn);
  // The pose's capsule about a hand covers more than the hand (on a hip, most of it is the
  // old garment's): only its pixels that do not show the clothes stay in front of the garment.
  const handCapsules = handCapsulesOffClothes(person, personMask, body, frame, colours.skin, worn);
  const hands = maxOf(handCapsules, grownOverPerson(handsBySkin, personMask, HAND_RIM * frame.shoulderSpan));
  const arms = maxOf(limbMask(personMask, body, frame, 'forearms'), handCapsules);
  // The old garment is painted out up to the fingers, and up to a narrower rim about the hands' skin, so an old cuff or hem beside a hand still goes.
  const fingers = offClothes(limbMask(personMask, body, frame, 'fingers'), person, colours.skin, worn);
  const untouched = maxOf(fingers, grownOverPerson(handsBySkin, personMask, OLD_HAND_RIM * frame.shoulderSpan));
  const reach = garmentReach(personMask, frame, plan.hangHalf * 1.05);
  const keep = new Uint8ClampedArray(width * height);
  for (let i = 0; i < keep.length; i++) {
    const sleeve = sleeves[i] / 255;
    const visible = (reach[i] / 255) * (1 - hands[i] / 255) * (1 - (arms[i] / 255) * (1 - sleeve));
    keep[i] = 255 * visible;
  }
  const region = new Uint8ClampedArray(width * height);
  for (let i = 0; i < region.length; i++) region[i] = (warped.data[i * 4 + 3] * keep[i]) / 255;
  const shaded = applyShading(warped, bodyShading(person, personAlpha, region), SHADING_STRENGTH);
  const cleaned = removeOldGarment({ person, alpha: personAlpha, body, frame, kind, covered: region, keep: untouched, colours });
  const opaquePerson = { ...cleaned.image, data: Uint8ClampedArray.from(cleaned.image.data) };
  for (let i = 3; i < opaquePerson.data.length; i += 4) opaquePerson.data[i] = 255;
  const image = layerOver(opaquePerson, [{ image: shaded, mask: keep }]);
  const alpha = new Uint8ClampedArray(width * height);
  for (let i = 0; i < alpha.length; i++) alpha[i] = Math.max(cleaned.alpha[i], region[i]);
  lap('composite');
  return { image, alpha, plan, region };
}

function maxOf(a: Uint8ClampedArray, b: Uint8ClampedArray): Uint8ClampedArray {
  const out = new Uint8ClampedArray(a.length);
  for (let i = 0; i < out.length; i++) out[i] = Math.max(a[i], b[i]);
  return out;
}
