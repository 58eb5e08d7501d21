// What the view needs to know of a product image before placing it: whether
// it brings its own alpha (then the model need not run) and the size of its
// visible part, which is what image_transform scales and centres.
import { alphaBoundingBox } from '../../../imaging/mask';

export interface ProductFacts {
  /** Some pixel is not fully opaque: the worker uses this alpha as is. */
  hasOwnAlpha: boolean;
  /** The box of its visible pixels, as the worker trims it; null when nothing shows. */
  visible: { width: number; height: number } | null;
}

/** The worker trims the subject to every pixel with alpha ≥ 1; the overlay box must match. */
const TRIM_THRESHOLD = 1;

export async function readProductFacts(image: Blob): Promise<ProductFacts> {
  const bitmap = await createImageBitmap(image, { premultiplyAlpha: 'none', colorSpaceConversion: 'none' });
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2D canvas in this browser');
  context.drawImage(bitmap, 0, 0);
  bitmap.close();
  const { data, width, height } = context.getImageData(0, 0, canvas.width, canvas.height);
  const alpha = new Uint8ClampedArray(width * height);
  let hasOwnAlpha = false;
  for (let i = 0; i < alpha.length; i++) {
    alpha[i] = data[i * 4 + 3];
    if (alpha[i] !== 255) hasOwnAlpha = true;
  }
  const box = alphaBoundingBox(alpha, width, height, TRIM_THRESHOLD);
  return { hasOwnAlpha, visible: box && { width: box.width, height: box.height } };
}
