// Remove-background from decoded pixels to cut-out pixels. Pure apart from the
// segmentation it is given, so it runs in Node tests with the real model.
import { ApiError } from '../../../api/errors';
import { marginPixels } from '../../../api/margin';
import { cropRectangle, extractRectangle } from '../../../imaging/crop';
import { estimateForeground } from '../../../imaging/foreground';
import { applyGuidedUpsample, guidedCoefficients } from '../../../imaging/guided-filter';
import type { Plane, RgbaImage } from '../../../imaging/image';
import { alphaBoundingBox, hasSubject, minMaxNormalise } from '../../../imaging/mask';
import { toModelInput } from '../../../imaging/model-input';
import { resizePlane, resizeRgbToPlanes, workingSize } from '../../../imaging/resize';
import type { EngineProgress } from '../../../engine/protocol';
import type { RemoveBackgroundOptions } from '../shared/meta';

/** Runs the model on a normalised 1×3×S×S tensor and returns its S×S output. */
export type Segment = (input: Float32Array, side: number) => Promise<Plane>;

export interface Refinement {
  /** Long side at which the guided filter fits its model. */
  guideSide: number;
  radius: number;
  eps: number;
}

export const DEFAULT_REFINEMENT: Refinement = { guideSide: 1024, radius: 6, eps: 1e-3 };

export interface PipelineSettings {
  modelSide: number;
  refinement: Refinement;
}

/** The alpha matte of an image at full resolution, 0–255. */
export async function matte(
  image: RgbaImage,
  segment: Segment,
  settings: PipelineSettings,
  progress: (p: EngineProgress) => void = () => {},
): Promise<Uint8ClampedArray> {
  progress({ stage: 'preparing', fraction: 0.08 });
  const input = toModelInput(image, settings.modelSide);
  progress({ stage: 'segmenting', fraction: 0.12 });
  const raw = await segment(input, settings.modelSide);
  if (!hasSubject(raw)) throw new ApiError('unknown_foreground', 'no subject was found in the image');
  progress({ stage: 'refining edges', fraction: 0.8 });
  const mask = minMaxNormalise(raw);
  const { guideSide, radius, eps } = settings.refinement;
  const size = workingSize(image.width, image.height, guideSide);
  const guide = resizeRgbToPlanes(image, size.width, size.height);
  const lowMask = resizePlane(mask, size.width, size.height);
  const alpha = applyGuidedUpsample(guidedCoefficients(guide, lowMask, radius, eps), image);
  if (hasOwnAlpha(image)) for (let i = 0; i < alpha.length; i++) alpha[i] = (alpha[i] * image.data[i * 4 + 3]) / 255;
  return alpha;
}

function hasOwnAlpha(image: RgbaImage): boolean {
  for (let i = 3; i < image.data.length; i += 4) if (image.data[i] !== 255) return true;
  return false;
}

export async function removeBackgroundPixels(
  image: RgbaImage,
  options: RemoveBackgroundOptions,
  segment: Segment,
  settings: PipelineSettings,
  progress: (p: EngineProgress) => void = () => {},
): Promise<RgbaImage> {
  const alpha = await matte(image, segment, settings, progress);
  progress({ stage: 'estimating colours', fraction: 0.86 });
  let cutout: RgbaImage = { data: estimateForeground(image, alpha), width: image.width, height: image.height };
  if (options.crop) {
    const subject = alphaBoundingBox(alpha, image.width, image.height);
    if (!subject) throw new ApiError('unknown_foreground', 'no subject was found to crop to');
    const { margins } = options;
    cutout = extractRectangle(
      cutout,
      cropRectangle(subject, {
        top: marginPixels(margins.top, image.height),
        bottom: marginPixels(margins.bottom, image.height),
        left: marginPixels(margins.left, image.width),
        right: marginPixels(margins.right, image.width),
      }),
    );
  }
  return cutout;
}
