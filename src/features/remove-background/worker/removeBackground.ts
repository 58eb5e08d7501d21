// The remove-background worker function: file in, PNG cut-out out.
import { decodeImage } from '../../../engine/decode';
import type { ImageOutput, TaskContext } from '../../../api/tasks';
import { engineLabel, segmenterFor } from '../../../engine/runtime';
import { encodePng } from '../../../imaging/png';
import { removeBackgroundMeta } from '../shared/meta';
import type { RemoveBackgroundArgs } from '../shared/tasks';
import { DEFAULT_REFINEMENT } from '../../../engine/matte';
import { removeBackgroundPixels } from './pipeline';

const MODEL_SIDE = 1024;

export default async function removeBackground(
  { input, options }: RemoveBackgroundArgs,
  { progress }: TaskContext,
): Promise<ImageOutput> {
  const timings: Record<string, number> = {};
  let mark = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    timings[name] = Math.round(now - mark);
    mark = now;
  };
  progress({ stage: 'decoding', fraction: 0.02 });
  const image = await decodeImage(input);
  lap('decode');
  const segmenter = await segmenterFor(MODEL_SIDE, (p) => progress({ stage: p.stage, fraction: 0.02 + 0.04 * p.fraction }));
  lap('model');
  const cutout = await removeBackgroundPixels(
    image,
    options,
    (tensor, side) => segmenter.run(tensor, side),
    { modelSide: MODEL_SIDE, refinement: DEFAULT_REFINEMENT },
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
