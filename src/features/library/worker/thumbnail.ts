// A small WebP (PNG where the browser cannot encode WebP) of an image, alpha
// kept, for the library's lists. The browser's decoder scales while decoding.
import type { ThumbnailArgs } from '../shared/tasks';

async function measure(input: Blob): Promise<{ width: number; height: number }> {
  const probe = await createImageBitmap(input);
  const size = { width: probe.width, height: probe.height };
  probe.close();
  return size;
}

export default async function thumbnail({ input, side, size }: ThumbnailArgs): Promise<Blob> {
  const full = size ?? (await measure(input));
  const scale = Math.min(1, side / Math.max(full.width, full.height));
  const width = Math.max(1, Math.round(full.width * scale));
  const height = Math.max(1, Math.round(full.height * scale));
  const bitmap = await createImageBitmap(input, { resizeWidth: width, resizeHeight: height, resizeQuality: 'medium' });
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('this browser cannot draw a thumbnail');
  ctx.drawImage(bitmap, 0, 0);
  bitmap.close();
  return canvas.convertToBlob({ type: 'image/webp', quality: 0.82 });
}
