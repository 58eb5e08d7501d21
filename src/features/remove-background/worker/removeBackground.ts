// The remove-background worker function: file in, PNG cut-out out.
import { lapTimer } from '../../../engine/lap-timer';
import { decodeImage } from '../../../engine/decode';
import type { ImageOutput, TaskContext } from '../../../api/tasks';
import { engineLabel, segmenterFor } from '../../../engine/runtime';
import { encodePng } from '../../../imaging/png-encode';
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
  const segmenter = await segmenterFor(IMAGE_MATTE.modelSide, (p) => progress({ stage: p.stage, fraction: 0.02 + 0.04 * p.fraction }));
  lap('model');
  const cutout = await removeBackgroundPixels(
    image,
    options,
    (tensor, side) => segmenter.run(tensor, side),
    IMAGE_MATTE,
    progress,
  );
  lap('pipeline');
  progress({ stage: 'encoding PNG', fraction: 0.95 });
  const blob = await encodePng(cutout.data, cutout.width, cutout.height);
  lap('encode');
  return {
    blob,
    contentType: removeBackgroundMeta.contentType,
    width: cutout.width,
    height: cutout.height,
    engine: await engineLabel(),
    timings,
  };
}
