// The person's shading carried onto a warped garment, so it does not look
// printed on. The shading is a ratio field measured on the person where the
// garment will go: luminance over its own large-scale local mean (folds < 1,
// highlights > 1), times part of the light falloff (that local mean over the
// region's overall mean). Means are normalised convolutions — blurs of the
// region's pixels only, divided by the blurred region weight — so skin and
// background next to the region never leak into it. Everything is in linear
// light, where shading multiplies.
import { boxMean, multiply } from './box-filter';
import { createPlane, type Plane, type RgbaImage } from './image';
import { encodeSrgb, SRGB_TO_LINEAR } from './scene/color';

export interface ShadingOptions {
  /** Radius in pixels of the local mean folds are measured against (a box applied twice); by default 1/40 of the longer side. */
  radius?: number;
  /** Radius of the light pre-blur (a box applied twice) that drops fabric texture, print and noise before the ratio; 0 keeps every pixel. */
  textureRadius?: number;
  /** The shading is clamped to this range. */
  range?: readonly [number, number];
  /** How much of the large-scale light falloff to keep: 0 none, 1 all of it. */
  falloffWeight?: number;
}

/** Keeps near-black regions from turning sensor noise into huge ratios (linear units). */
const darkFloor = 0.02;

function linearLuminance(image: RgbaImage): Plane {
  const out = createPlane(image.width, image.height);
  for (let i = 0, p = 0; i < out.data.length; i++, p += 4) {
    out.data[i] = 0.2126 * SRGB_TO_LINEAR[image.data[p]] + 0.7152 * SRGB_TO_LINEAR[image.data[p + 1]] + 0.0722 * SRGB_TO_LINEAR[image.data[p + 2]];
  }
  return out;
}

/** Mean of `values` over the weighted pixels near each pixel: blur(v·w) / blur(w), box of `radius` applied `passes` times. */
function weightedLocalMean(values: Plane, weight: Plane, radius: number, passes: number): Plane {
  let numerator = multiply(values, weight);
  let denominator = weight;
  for (let pass = 0; pass < passes; pass++) {
    numerator = boxMean(numerator, radius);
    denominator = boxMean(denominator, radius);
  }
  const out = createPlane(values.width, values.height);
  for (let i = 0; i < out.data.length; i++) {
    out.data[i] = denominator.data[i] > 1e-6 ? numerator.data[i] / denominator.data[i] : 0;
  }
  return out;
}

/**
 * The shading ratio for each pixel of `person` (1 outside `region`).
 * @param region alpha 0–255 (same size as person) where the garment will go
 */
export function shadingField(person: RgbaImage, region: Uint8ClampedArray, options: ShadingOptions = {}): Plane {
  const { width, height } = person;
  const radius = options.radius ?? Math.max(4, Math.round(Math.max(width, height) / 40));
  const textureRadius = options.textureRadius ?? 1;
  const [low, high] = options.range ?? [0.55, 1.35];
  const falloffWeight = options.falloffWeight ?? 0.5;

  const weight = createPlane(width, height);
  let weightSum = 0;
  for (let i = 0; i < weight.data.length; i++) {
    weight.data[i] = region[i] / 255;
    weightSum += weight.data[i];
  }
  const out = createPlane(width, height);
  out.data.fill(1);
  if (weightSum === 0) return out;

  const luminance = weightedLocalMean(linearLuminance(person), weight, textureRadius, 2);
  const localMean = weightedLocalMean(luminance, weight, radius, 2);
  let regionMean = 0;
  for (let i = 0; i < weight.data.length; i++) regionMean += (luminance.data[i] * weight.data[i]) / weightSum;

  for (let i = 0; i < out.data.length; i++) {
    if (region[i] === 0) continue;
    const fold = (luminance.data[i] + darkFloor) / (localMean.data[i] + darkFloor);
    const falloff = (localMean.data[i] + darkFloor) / (regionMean + darkFloor);
    const ratio = fold * (1 + falloffWeight * (falloff - 1));
    out.data[i] = Math.min(high, Math.max(low, ratio));
  }
  return out;
}

/**
 * The garment with its colour multiplied, in linear light, by the shading
 * (lerped towards 1 by `strength`: 0 leaves it as it is). Alpha is kept.
 */
export function applyShading(garment: RgbaImage, shading: Plane, strength = 1): RgbaImage {
  if (garment.width !== shading.width || garment.height !== shading.height) {
    throw new Error(`applyShading: garment ${garment.width}×${garment.height} but shading ${shading.width}×${shading.height}`);
  }
  const data = new Uint8ClampedArray(garment.data);
  for (let i = 0, p = 0; i < shading.data.length; i++, p += 4) {
    if (data[p + 3] === 0) continue;
    const factor = 1 + strength * (shading.data[i] - 1);
    data[p] = encodeSrgb(SRGB_TO_LINEAR[data[p]] * factor);
    data[p + 1] = encodeSrgb(SRGB_TO_LINEAR[data[p + 1]] * factor);
    data[p + 2] = encodeSrgb(SRGB_TO_LINEAR[data[p + 2]] * factor);
  }
  return { data, width: garment.width, height: garment.height };
}
