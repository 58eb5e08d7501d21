// Puts a cut-out garment on a person, given both masks, the body's keypoints
// and the garment's landmarks: the fit plan, a thin-plate warp fitted to it,
// the occlusion (hands, and arms over everything but sleeves), the reach
// around the body, the person's shading, and the layering. Pure: no I/O.
import { boxMean } from '../../../imaging/box-filter';
import { createPlane, type Plane, type RgbaImage } from '../../../imaging/image';
import { layerOver } from '../../../imaging/layering';
import { applyShading, shadingField } from '../../../imaging/shading';
import { fitThinPlate } from '../../../imaging/thin-plate';
import { foldCheck, sampledMapping, warpRgba, type Mapping } from '../../../imaging/warp';
import type { BodyKeypoints } from './body';
import type { AlphaMask, GarmentKind, GarmentLandmarks } from './fit-types';
import { planFit, type FitPlan } from './fit-plan';
import { sleeveMask } from './garment-parts';
import { garmentReach, limbMask, measureOnMask } from './person-masks';
import { bodyFrame, frameCoordinates } from './body-frame';

export interface DressInput {
  /** The person photo, opaque. */
  person: RgbaImage;
  personAlpha: Uint8ClampedArray;
  body: BodyKeypoints;
  /** The garment cut out: straight RGBA, transparent around it. */
  garment: RgbaImage;
  kind: GarmentKind;
  landmarks: GarmentLandmarks;
}

export interface Dressed {
  /** The person wearing the garment, opaque. */
  image: RgbaImage;
  /** The person's alpha together with the garment's, for a cut-out result. */
  alpha: Uint8ClampedArray;
  plan: FitPlan;
}

/** Grid step (pixels) at which the spline is evaluated; the warp interpolates between. */
const MESH_STEP = 8;
/** Regularisations tried in turn until the warp does not fold (normalised units; the first meets every landmark). */
const RELAXATION = [0.0005, 0.02, 0.1, 0.5, 2];
/** Share of mesh cells allowed to fold (an armpit crease may). */
const MAX_FOLDED_SHARE = 0.01;
/** How much of the person's shading is laid on the garment. */
const SHADING_STRENGTH = 0.85;
const SHADING_FALLOFF = 0.15;
const SHADING_RANGE = [0.65, 1.25] as const;

/** The garment's image with only its sleeves opaque, to warp alongside it. */
function sleeveLayer(garment: RgbaImage, landmarks: GarmentLandmarks): RgbaImage {
  const alpha = new Uint8ClampedArray(garment.width * garment.height);
  for (let i = 0; i < alpha.length; i++) alpha[i] = garment.data[i * 4 + 3];
  const sleeves = sleeveMask({ data: alpha, width: garment.width, height: garment.height }, landmarks);
  const data = new Uint8ClampedArray(garment.data.length);
  for (let i = 0; i < sleeves.length; i++) data[i * 4 + 3] = Math.min(sleeves[i], alpha[i]);
  return { data, width: garment.width, height: garment.height };
}

/** The destination box the warp fills: the fitted landmarks with room for the garment's edges. */
function warpBounds(plan: FitPlan, width: number, height: number) {
  const margin = plan.frame.shoulderSpan * 0.5;
  const xs = plan.pairs.map((p) => p.body.x);
  const ys = plan.pairs.map((p) => p.body.y);
  const x = Math.max(0, Math.floor(Math.min(...xs) - margin));
  const y = Math.max(0, Math.floor(Math.min(...ys) - margin));
  return { x, y, width: Math.min(width, Math.ceil(Math.max(...xs) + margin)) - x, height: Math.min(height, Math.ceil(Math.max(...ys) + margin)) - y };
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
  const shading = shadingField(person, onBody, { falloffWeight: SHADING_FALLOFF, range: SHADING_RANGE });
  const inside = createPlane(person.width, person.height);
  for (let i = 0; i < inside.data.length; i++) inside.data[i] = onBody[i] / 255;
  const fade = boxMean(inside, Math.max(2, Math.round(Math.max(person.width, person.height) / 200)));
  for (let i = 0; i < shading.data.length; i++) shading.data[i] = 1 + (shading.data[i] - 1) * fade.data[i];
  return shading;
}

/**
 * Landmark pairs that disagree (a landmark misread on an odd garment) make
 * the spline fold the garment over itself. Where it would, the fit is relaxed
 * — the spline approximates the pairs instead of meeting them — until the
 * print is no longer torn, at worst nearly affine.
 */
function unfoldedWarp(plan: FitPlan, bounds: { x: number; y: number; width: number; height: number }): Mapping {
  const from = plan.pairs.map((p) => p.body);
  const to = plan.pairs.map((p) => p.garment);
  let map: Mapping = () => ({ x: 0, y: 0 });
  for (const regularisation of RELAXATION) {
    const spline = fitThinPlate(from, to, regularisation);
    map = (x, y) => spline.map(x, y);
    const inBounds: Mapping = (x, y) => spline.map(x + bounds.x, y + bounds.y);
    if (foldCheck(inBounds, bounds.width, bounds.height, MESH_STEP * 2) <= MAX_FOLDED_SHARE) break;
  }
  return map;
}

/** How far from the body's axis the fitted hem reaches (0 for trousers, whose legs follow the body). */
function hemHalfWidth(plan: FitPlan): number {
  const hems = plan.pairs.filter((p) => p.name === 'hemLeft' || p.name === 'hemRight');
  return Math.max(0, ...hems.map((p) => Math.abs(frameCoordinates(plan.frame, p.body).across)));
}

export function dress(input: DressInput, lap: (step: string) => void = () => {}): Dressed {
  const { person, personAlpha, body, garment, kind, landmarks } = input;
  const { width, height } = person;
  const personMask: AlphaMask = { data: personAlpha, width, height };
  const frame = bodyFrame(body);
  const plan = planFit(kind, landmarks, body, measureOnMask(personMask, frame));
  const bounds = warpBounds(plan, width, height);
  const mapping = sampledMapping(unfoldedWarp(plan, bounds), width, height, MESH_STEP);
  const warped = warpRgba(garment, mapping, width, height, { bounds });
  const sleeves = warpRgba(sleeveLayer(garment, landmarks), mapping, width, height, { bounds });
  lap('warp');

  const arms = limbMask(personMask, body, frame, 'arms');
  const hands = limbMask(personMask, body, frame, 'hands');
  const reach = garmentReach(personMask, frame, hemHalfWidth(plan) * 1.1);
  const keep = new Uint8ClampedArray(width * height);
  for (let i = 0; i < keep.length; i++) {
    const sleeve = sleeves.data[i * 4 + 3] / 255;
    const visible = (reach[i] / 255) * (1 - hands[i] / 255) * (1 - (arms[i] / 255) * (1 - sleeve));
    keep[i] = 255 * visible;
  }
  const region = new Uint8ClampedArray(width * height);
  for (let i = 0; i < region.length; i++) region[i] = (warped.data[i * 4 + 3] * keep[i]) / 255;
  const shaded = applyShading(warped, bodyShading(person, personAlpha, region), SHADING_STRENGTH);
  const opaquePerson = { ...person, data: Uint8ClampedArray.from(person.data) };
  for (let i = 3; i < opaquePerson.data.length; i += 4) opaquePerson.data[i] = 255;
  const image = layerOver(opaquePerson, [{ image: shaded, mask: keep }]);
  const alpha = new Uint8ClampedArray(width * height);
  for (let i = 0; i < alpha.length; i++) alpha[i] = Math.max(personAlpha[i], region[i]);
  lap('composite');
  return { image, alpha, plan };
}
