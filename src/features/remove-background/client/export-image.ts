// The file a user takes away: the cut-out re-finished at full size with the
// current options, laid on the chosen background, encoded as PNG or JPEG.
import type { EngineHost } from '../../../engine/host';
import { task } from '../../../api/tasks';
import type { RemoveBackgroundOptions } from '../shared/meta';
import type { Cutout } from './queue';
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

async function flatten(image: ExportedImage, background: Background, format: ExportFormat): Promise<Blob> {
  const canvas = new OffscreenCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('this browser cannot draw the image');
  if (background.kind === 'image') {
    const bitmap = await createImageBitmap(background.blob);
    drawCover(ctx, bitmap, image.width, image.height);
    bitmap.close();
  } else {
    ctx.fillStyle = background.kind === 'color' ? background.color : JPEG_FALLBACK_BACKGROUND;
    ctx.fillRect(0, 0, image.width, image.height);
  }
  const cutout = await createImageBitmap(image.blob);
  ctx.drawImage(cutout, 0, 0);
  cutout.close();
  return canvas.convertToBlob({ type: EXPORT_TYPES[format].mime, quality: JPEG_QUALITY });
}

export async function exportImage(
  engine: EngineHost,
  cutout: Cutout,
  options: RemoveBackgroundOptions,
  background: Background,
  format: ExportFormat,
): Promise<ExportedImage> {
  const composed = await composeFullSize(engine, cutout, options);
  // Our own PNG keeps exact edge colours; a canvas is only needed to add a background.
  if (format === 'png' && background.kind === 'none') return composed;
  return { ...composed, blob: await flatten(composed, background, format) };
}
