// A cut-out trimmed to its subject: the smallest box holding all its visible alpha.
import { extractRectangle } from './crop';
import type { RgbaImage } from './image';
import { alphaBoundingBox } from './mask';

/** The image cropped to its alpha's bounding box, or null when nothing is visible. */
export function trimToAlpha(image: RgbaImage, threshold = 1): RgbaImage | null {
  const alpha = new Uint8ClampedArray(image.width * image.height);
  for (let i = 0; i < alpha.length; i++) alpha[i] = image.data[i * 4 + 3];
  const box = alphaBoundingBox(alpha, image.width, image.height, threshold);
  return box && extractRectangle(image, box);
}
