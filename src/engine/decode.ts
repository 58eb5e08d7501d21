// Decoding an image file into straight RGBA pixels, in a worker.
import { ApiError } from '../api/errors';
import type { RgbaImage } from '../imaging/image';

export async function decodeImage(blob: Blob): Promise<RgbaImage> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(blob, { premultiplyAlpha: 'none', colorSpaceConversion: 'default' });
  } catch (error) {
    throw new ApiError('malformed_image', `the image could not be decoded (${(error as Error).message || 'corrupt or truncated data'})`);
  }
  const { width, height } = bitmap;
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new ApiError('unexpected_error', 'no 2D canvas in this worker');
  context.drawImage(bitmap, 0, 0);
  bitmap.close();
  return { data: context.getImageData(0, 0, width, height).data, width, height };
}
