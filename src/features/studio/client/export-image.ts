// The file a user takes away: the cut-out re-finished at full size with the
// current options, laid on the chosen background, encoded as PNG or JPEG.
import type { EngineHost } from '../../../engine/host';
import { task } from '../../../api/tasks';
import type { RemoveBackgroundOptions } from '../../remove-background/shared/meta';
import type { Cutout } from './cutout';
import { needsCompose, type Background } from './studio-options';

export type ExportFormat = 'png' | 'jpeg';

export const EXPORT_TYPES: Record<ExportFormat, { mime: string; extension: string; label: string }> = {
  png: { mime: 'image/png', extension: 'png', label: 'PNG' },
  jpeg: { mime: 'image/jpeg', extension: 'jpg', label: 'JPEG' },
};

/** JPEG has no transparency: without a chosen background it goes on white. */
export const JPEG_FALLBACK_BACKGROUND = '#ffffff';

const JPEG_QUALITY = 0.92;

export interface ExportedImage {
  blob: Blob;
  width: number;
  height: number;
}

async function composeFullSize(engine: EngineHost, cutout: Cutout, options: RemoveBackgroundOptions): Promise<ExportedImage> {
  if (!needsCompose(options)) return { blob: cutout.blob, width: cutout.width, height: cutout.height };
  const output = await engine.run(task('composeCutout', { input: cutout.blob, options }), { lane: 'preview' });
  return { blob: output.blob, width: output.width, height: output.height };
}

/** Draws `image` to cover the whole canvas, centred, as CSS `background-size: cover` does. */
function drawCover(ctx: OffscreenCanvasRenderingContext2D, image: ImageBitmap, width: number, height: number): void {
  const scale = Math.max(width / image.width, height / image.height);
  const w = image.width * scale;
  const h = image.height * scale;
  ctx.drawImage(image, (width - w) / 2, (height - h) / 2, w, h);
}

/** The size a long side of at most `maxSide` gives; never bigger than the image. */
export function fittedSize(width: number, height: number, maxSide: number | null): { width: number; height: number } {
  const scale = maxSide ? Math.min(1, maxSide / Math.max(width, height)) : 1;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

async function render(image: ExportedImage, background: Background, format: ExportFormat, maxSide: number | null): Promise<ExportedImage> {
  const { width, height } = fittedSize(image.width, image.height, maxSide);
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('this browser cannot draw the image');
  if (background.kind === 'image') {
    const bitmap = await createImageBitmap(background.blob);
    drawCover(ctx, bitmap, width, height);
    bitmap.close();
  } else if (background.kind === 'color' || format === 'jpeg') {
    ctx.fillStyle = background.kind === 'color' ? background.color : JPEG_FALLBACK_BACKGROUND;
    ctx.fillRect(0, 0, width, height);
  }
  const cutout = await createImageBitmap(image.blob, { resizeWidth: width, resizeHeight: height, resizeQuality: 'high' });
  ctx.drawImage(cutout, 0, 0);
  cutout.close();
  const blob = await canvas.convertToBlob({ type: EXPORT_TYPES[format].mime, quality: JPEG_QUALITY });
  return { blob, width, height };
}

/**
 * @param maxSide the long side of the file, when smaller than the image's
 *   (e.g. 2000 px for a shop's catalogue); null keeps the full size
 */
export async function exportImage(
  engine: EngineHost,
  cutout: Cutout,
  options: RemoveBackgroundOptions,
  background: Background,
  format: ExportFormat,
  maxSide: number | null = null,
): Promise<ExportedImage> {
  const composed = await composeFullSize(engine, cutout, options);
  const resized = fittedSize(composed.width, composed.height, maxSide).width !== composed.width;
  // Our own PNG keeps exact edge colours; a canvas is only needed to add a background or resize.
  if (format === 'png' && background.kind === 'none' && !resized) return composed;
  return render(composed, background, format, maxSide);
}
