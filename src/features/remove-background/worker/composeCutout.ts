// Re-finishes a cut-out the engine already made (shadow, crop, margins) without
// running the model again: the studio's live preview and its exports.
import { ApiError } from '../../../api/errors';
import { decodeImage } from '../../../engine/decode';
import type { ImageOutput, TaskContext } from '../../../api/tasks';
import type { RgbaImage } from '../../../imaging/image';
import { encodePng } from '../../../imaging/png-encode';
import { decodeRgbaPng } from '../../../imaging/png-decode';
import { resizeRgba, workingSize } from '../../../imaging/resize';
import { removeBackgroundMeta, type RemoveBackgroundOptions } from '../shared/meta';
import type { ComposeCutoutArgs } from '../shared/tasks';
import { finishCutout } from './pipeline';

async function readCutout(input: Blob): Promise<RgbaImage> {
  // Our own PNGs are read exactly; anything else goes through the browser's decoder.
  return (await decodeRgbaPng(new Uint8Array(await input.arrayBuffer()))) ?? decodeImage(input);
}

export default async function composeCutout(
  { input, options, maxSide, inputSize }: ComposeCutoutArgs,
  _context?: TaskContext,
): Promise<ImageOutput> {
  const start = performance.now();
  let cutout = await readCutout(input);
  const original = inputSize ?? { width: cutout.width, height: cutout.height };
  let scale = 1;
  if (maxSide && Math.max(cutout.width, cutout.height) > maxSide) {
    const size = workingSize(cutout.width, cutout.height, maxSide);
    scale = size.width / cutout.width;
    cutout = resizeRgba(cutout, size.width, size.height);
  }
  // Pixel margins shrink with the preview; percent margins follow the scaled input size.
  const margins = Object.fromEntries(
    Object.entries(options.margins).map(([side, m]) => [side, m.unit === 'px' ? { unit: 'px', value: m.value * scale } : m]),
  ) as RemoveBackgroundOptions['margins'];
  const finished = finishCutout(cutout, { ...options, margins }, {
    width: original.width * scale,
    height: original.height * scale,
  });
  if (finished.width === 0 || finished.height === 0) throw new ApiError('unknown_foreground', 'nothing is left to show');
  const blob = await encodePng(finished.data, finished.width, finished.height);
  return {
    blob,
    contentType: removeBackgroundMeta.contentType,
    width: finished.width,
    height: finished.height,
    engine: 'compose',
    timings: { compose: Math.round(performance.now() - start) },
  };
}
