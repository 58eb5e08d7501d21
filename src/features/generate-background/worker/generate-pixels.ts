// Generate-background from decoded pixels to scene pixels: the subject (the
// input's own alpha, or cut out by the engine), trimmed, placed in the set the
// options describe. Pure apart from the cut-out it is given.
import { ApiError } from '../../../api/errors';
import type { RgbaImage } from '../../../imaging/image';
import { composeScene } from '../../../imaging/scene/compose';
import { trimToAlpha } from '../../../imaging/trim';
import { DEFAULT_SCALE, generateBackgroundMeta, type GenerateBackgroundOptions } from '../shared/meta';
import { sceneRecipe } from './recipe';

export interface Subject {
  /** Straight RGBA whose alpha is the subject. */
  image: RgbaImage;
  /** Whether the alpha came from our segmentation rather than the input. */
  cutOut: boolean;
}

export function generatePixels(subject: Subject, options: GenerateBackgroundOptions, seed: number): { image: RgbaImage; unusedWords: string[] } {
  const product = trimToAlpha(subject.image);
  if (!product) throw new ApiError('unknown_foreground', 'the image has no visible subject to place in a scene');
  const { recipe, unused } = sceneRecipe(options, seed);
  const scale = options.transform.scale ?? (subject.cutOut ? DEFAULT_SCALE.cutOut : DEFAULT_SCALE.ownAlpha);
  const side = generateBackgroundMeta.canvasSize;
  const image = composeScene(recipe, product, { scale, xCenter: options.transform.xCenter, yCenter: options.transform.yCenter }, { side, workingSide: side / 2 });
  return { image, unusedWords: unused };
}
