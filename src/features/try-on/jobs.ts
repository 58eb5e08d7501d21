// How a window of the app runs a try-on job: one engine task that finds the
// body, isolates the garment, fits and composites it. Queue, restarts,
// cancellation, time budget and credits are the engine's (src/engine/jobs.ts).
import type { JobHandler } from '../../engine/jobs';
import { task } from '../../api/tasks';
import type { TryOnJobRequest } from './shared/jobs';
import { tryOnMeta as meta } from './shared/meta';

export const jobHandler: JobHandler<TryOnJobRequest> = {
  kind: 'try-on',
  route: meta.path,
  timeBudgetMs: meta.timeBudgetMs,
  async run(job, work) {
    const { options, garment, label } = job.request;
    const output = await work.run(task('tryOn', { person: job.input, garment, options }), (p) => work.progress(p.fraction));
    return {
      blob: output.blob,
      contentType: output.contentType,
      ext: output.contentType === 'image/png' ? 'png' : 'jpg',
      lifetimeMs: meta.resultLifetimeMs,
      width: output.width,
      height: output.height,
      label,
      cost: meta.cost,
    };
  },
};
