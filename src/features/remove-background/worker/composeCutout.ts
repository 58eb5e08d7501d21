// Re-finishes a cut-out the engine already made (shadow, crop, margins) without
// running the model again: the studio's live preview and its exports.
import { ApiError } from '../../../api/errors';
import { decodeImage } from '../../../engine/decode';
import type { EngineOutput } from '../../../engine/protocol';
import type { RgbaImage } from '../../../imaging/image';
import { encodePng } from '../../../imaging/png';
import { decodeRgbaPng } from '../../../imaging/png-decode';
import { resizeRgba, workingSize } from '../../../imaging/resize';
import { removeBackgroundMeta, type RemoveBackgroundOptions } from '../shared/meta';
import { finishCutout } from './pipeline';

async function readCutout(input: Blob): Promise<RgbaImage> {
  // Our own PNGs are read exactly; anything else goes through the browser's decoder.
  return (await decodeRgbaPng(new Uint8Array(await input.arrayBuffer()))) ?? decodeImage(input);
}

/**
 * @param maxSide preview size: the cut-out is shrunk so its long side is at most this
 * @param inputSize the original input's size, which percent margins refer to
 */
export default async function composeCutout(
  input: Blob,
  options: RemoveBackgroundOptions,
  maxSide?: number,
  inputSize?: { width: number; height: number },
): Promise<EngineOutput> {
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
