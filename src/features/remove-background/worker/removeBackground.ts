// The remove-background worker function: file in, PNG cut-out out.
import { lapTimer } from '../../../engine/lap-timer';
import { decodeImage } from '../../../engine/decode';
import type { EngineProgress, ImageOutput, TaskContext } from '../../../api/tasks';
import { engineLabel, segment } from '../../../engine/model-client';
import { encodePng, PngEncoder } from '../../../imaging/png-encode';
import { removeBackgroundMeta } from '../shared/meta';
import type { RemoveBackgroundArgs } from '../shared/tasks';
import { IMAGE_MATTE } from '../../../engine/matte';
import { removeBackgroundPixels } from './pipeline';

export default async function removeBackground(
  { input, options }: RemoveBackgroundArgs,
  { progress }: TaskContext,
): Promise<ImageOutput> {
  const { timings, lap } = lapTimer();
  progress({ stage: 'decoding', fraction: 0.02 });
  const image = await decodeImage(input);
  lap('decode');
  // Reports from the model host while it starts the model (only the first time).
  const loading = (p: EngineProgress) => progress({ stage: p.stage, fraction: 0.02 + 0.04 * p.fraction });
  // Without crop or shadow the cut-out's rows are final as they are made: the
  // PNG is written band by band meanwhile, not after.
  let encoder: PngEncoder | null = null;
  const cutout = await removeBackgroundPixels(image, options, (tensor, side) => segment(tensor, side, loading), IMAGE_MATTE, progress, (rgba, upTo) => {
    encoder ??= new PngEncoder(rgba, image.width, image.height);
    encoder.rowsReady(upTo);
  });
  lap('pipeline');
  progress({ stage: 'encoding PNG', fraction: 0.95 });
  const blob = encoder ? await (encoder as PngEncoder).finish() : await encodePng(cutout.data, cutout.width, cutout.height);
  lap('encode');
  return {
    blob,
    contentType: removeBackgroundMeta.contentType,
    width: cutout.width,
    height: cutout.height,
    engine: engineLabel(),
    timings,
  };
}
