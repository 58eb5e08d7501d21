// How a window of the app runs a studio batch item: the model once, on the
// raw image (no crop, no shadow: the batch's finishing is applied on view and
// export, so changing it never runs the model again), then a thumbnail. The
// cut-out is kept in the library. Queue, restarts and cancel are the engine's.
import type { JobHandler } from '../../engine/jobs';
import { task } from '../../api/tasks';
import { THUMB_SIDE } from '../../store/library';
import type { CutoutJobRequest } from './shared/jobs';
import { RAW_CUTOUT, removeBackgroundMeta as meta } from '../remove-background/shared/meta';

/** One image, even a 6000² one on WASM, is done well within this. */
const TIME_BUDGET_MS = 5 * 60 * 1000;

export const jobHandler: JobHandler<CutoutJobRequest> = {
  kind: 'cutout',
  route: 'studio',
  timeBudgetMs: TIME_BUDGET_MS,
  async run(job, work) {
    const output = await work.run(task('removeBackground', { input: job.input, options: RAW_CUTOUT }), (p) => work.progress(0.95 * p.fraction));
    const thumb = await work.run(task('thumbnail', { input: output.blob, side: THUMB_SIDE, size: output }));
    const name = job.request.fileName.replace(/\.[^.]+$/, '') || 'image';
    return {
      blob: output.blob,
      contentType: output.contentType,
      ext: meta.extension,
      lifetimeMs: meta.resultLifetimeMs,
      width: output.width,
      height: output.height,
      label: name,
      // Made in the app: no key, never charged.
      cost: 0,
      keep: { kind: 'cutout', name, source: job.input, thumb, batchId: job.request.batchId },
    };
  },
};
