// Remove-background from decoded pixels to cut-out pixels: the engine's matte,
// foreground colours, then shadow and crop. Pure apart from the segmentation it
// is given, so it runs in Node tests with the real model.
import { ApiError } from '../../../api/errors';
import { marginPixels } from '../../../api/margin';
import { cropRectangle, extractRectangle } from '../../../imaging/crop';
import type { RgbaImage } from '../../../imaging/image';
import { alphaBoundingBox, type Box } from '../../../imaging/mask';
import { castShadow, composeOverShadow, shadowBounds } from '../../../imaging/shadow';
import { Banded, type RowsReady } from '../../../engine/bands';
import { DEFAULT_FOREGROUND } from '../../../imaging/foreground';
import { matte, type PipelineSettings, type Segment } from '../../../engine/matte';
import type { EngineProgress } from '../../../api/tasks';
import type { RemoveBackgroundOptions } from '../shared/meta';
import { checkOutputSize } from '../shared/output-size';

/** The alpha channel of straight RGBA pixels. */
export function alphaChannel(image: RgbaImage): Uint8ClampedArray {
  const alpha = new Uint8ClampedArray(image.width * image.height);
  for (let i = 0; i < alpha.length; i++) alpha[i] = image.data[i * 4 + 3];
  return alpha;
}

function union(a: Box, b: Box | null): Box {
  if (!b) return a;
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, width: Math.max(a.x + a.width, b.x + b.width) - x, height: Math.max(a.y + a.height, b.y + b.height) - y };
}

/**
 * Adds the shadow and crops, from a full-size cut-out. Separate from the
 * matting so the studio can change these options without running the model.
 * @param inputSize the size of the original input, which percent margins refer to
 */
export function finishCutout(
  cutout: RgbaImage,
  options: RemoveBackgroundOptions,
  inputSize: { width: number; height: number } = cutout,
): RgbaImage {
  const alpha = alphaChannel(cutout);
  const shadow = options.shadow ? castShadow(alpha, cutout.width, cutout.height, options.shadow) : null;
  let frame: Box = { x: 0, y: 0, width: cutout.width, height: cutout.height };
  if (options.crop) {
    const subject = alphaBoundingBox(alpha, cutout.width, cutout.height);
    if (!subject) throw new ApiError('unknown_foreground', 'no subject was found to crop to');
    const { margins } = options;
    // A shadow belongs to the subject: the crop keeps it whole.
    frame = cropRectangle(union(subject, shadow && shadowBounds(shadow)), {
      top: marginPixels(margins.top, inputSize.height),
      bottom: marginPixels(margins.bottom, inputSize.height),
      left: marginPixels(margins.left, inputSize.width),
      right: marginPixels(margins.right, inputSize.width),
    });
    checkOutputSize(frame);
  }
  if (shadow) return composeOverShadow(cutout, shadow, frame);
  return options.crop ? extractRectangle(cutout, frame) : cutout;
}

/**
 * @param rowsReady told as rows of the returned cut-out become final, when no
 *   crop or shadow changes them afterwards (so its PNG can be written meanwhile)
 */
export async function removeBackgroundPixels(
  image: RgbaImage,
  options: RemoveBackgroundOptions,
  segment: Segment,
  settings: PipelineSettings,
  progress: (p: EngineProgress) => void = () => {},
  rowsReady?: RowsReady,
): Promise<RgbaImage> {
  const banded = Banded.for(image);
  const alpha = await matte(image, segment, settings, progress, banded);
  progress({ stage: 'estimating colours', fraction: 0.86 });
  const final = !options.shadow && !options.crop;
  const cutout: RgbaImage = { data: await banded.foreground(alpha, DEFAULT_FOREGROUND, final ? rowsReady : undefined), width: image.width, height: image.height };
  if (options.shadow) progress({ stage: 'casting the shadow', fraction: 0.9 });
  return finishCutout(cutout, options);
}
