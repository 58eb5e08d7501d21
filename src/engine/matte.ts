// The subject's alpha matte at full resolution: ISNet on a square input, then
// the guided filter against the full-resolution image. Pure apart from the
// segmentation it is given, so it runs in Node tests with the real model.
// Every feature that needs a subject (remove-background, video, generate-
// background, try-on) takes it from here.
import { ApiError } from '../api/errors';
import { guidedCoefficients } from '../imaging/guided-filter';
import type { Plane, RgbaImage } from '../imaging/image';
import { hasSubject, minMaxNormalise } from '../imaging/mask';
import { Banded } from './bands';
import { toModelInput } from '../imaging/model-input';
import { modelSideFor } from './model-side';
import { resizePlane, resizeRgbToPlanes, workingSize } from '../imaging/resize';
import type { EngineProgress } from '../api/tasks';

/** Runs the model on a normalised 1×3×S×S tensor and returns its S×S output. */
export type Segment = (input: Float32Array, side: number) => Promise<Plane>;

export interface Refinement {
  /** Long side at which the guided filter fits its model. */
  guideSide: number;
  radius: number;
  eps: number;
  /** Alpha below the first becomes 0, above the second 1, linear between. */
  stretch: readonly [number, number];
}

// Chosen on the eval set (npm run eval:image): against plain bilinear
// upsampling, the guided filter raises edge F1 and the stretch cuts alpha MAE
// by about a sixth, by firming up the model's hesitant 0.1–0.3 and 0.7–0.9
// values that a photo's edge does not have.
export const DEFAULT_REFINEMENT: Refinement = { guideSide: 1024, radius: 4, eps: 1e-3, stretch: [0.15, 0.85] };

export interface PipelineSettings {
  /** The square side the model runs at for a width × height image. */
  modelSide: (width: number, height: number) => number;
  refinement: Refinement;
}

/** Photos: the model side follows the photo's long side (model-side.ts). */
export const IMAGE_MATTE: PipelineSettings = { modelSide: modelSideFor, refinement: DEFAULT_REFINEMENT };

/** Whether any pixel is less than opaque. */
export function hasOwnAlpha(image: RgbaImage): boolean {
  for (let i = 3; i < image.data.length; i += 4) if (image.data[i] !== 255) return true;
  return false;
}

/**
 * The alpha matte of an image at full resolution, 0–255.
 * @param banded the image as the post-model bands read it; pass the same one on to the foreground
 */
export async function matte(
  image: RgbaImage,
  segment: Segment,
  settings: PipelineSettings,
  progress: (p: EngineProgress) => void = () => {},
  banded: Banded = Banded.for(image),
): Promise<Uint8ClampedArray> {
  progress({ stage: 'preparing', fraction: 0.08 });
  const side = settings.modelSide(image.width, image.height);
  const input = toModelInput(image, side);
  progress({ stage: 'segmenting', fraction: 0.12 });
  const raw = await segment(input, side);
  if (!hasSubject(raw)) throw new ApiError('unknown_foreground', 'no subject was found in the image');
  progress({ stage: 'refining edges', fraction: 0.8 });
  return refineMatte(image, raw, settings.refinement, banded);
}

/**
 * The model's raw output made into the full-resolution alpha (0–255) against
 * the image's own edges: the guided filter's fit at the guide's size, then
 * its full-resolution rows in two bands (bands.ts).
 */
export async function refineMatte(image: RgbaImage, raw: Plane, refinement: Refinement, banded: Banded = Banded.for(image)): Promise<Uint8ClampedArray> {
  const mask = minMaxNormalise(raw);
  const { guideSide, radius, eps } = refinement;
  const size = workingSize(image.width, image.height, guideSide);
  const guide = resizeRgbToPlanes(image, size.width, size.height);
  const lowMask = resizePlane(mask, size.width, size.height);
  return banded.alpha(guidedCoefficients(guide, lowMask, radius, eps), refinement.stretch, hasOwnAlpha(image));
}
