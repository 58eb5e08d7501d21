// How a window of the app runs a try-on job: one engine task that finds the
// body, isolates the garment, fits and composites it; the job keeps the kind
// the garment was dressed as. Queue, restarts, cancellation, time budget and
// credits are the engine's (src/engine/jobs.ts). A try-on made in the app is
// kept in the library; an API one expires.
import type { JobHandler } from '../../engine/jobs';
import { task } from '../../api/tasks';
import type { TryOnJobOutcome, TryOnJobRequest } from './shared/jobs';
import { tryOnMeta as meta } from './shared/meta';
import { THUMB_SIDE } from '../../store/library';

export const jobHandler: JobHandler<TryOnJobRequest, TryOnJobOutcome> = {
  kind: 'try-on',
  route: meta.path,
  timeBudgetMs: meta.timeBudgetMs,
  async run(job, work) {
    const { options, garment, label } = job.request;
    // Loaded with the first try-on: the window finds the poses only where its workers cannot.
    const { posesInWindow } = await import('./window-pose');
    const poses = (await posesInWindow(job.input, garment)) ?? undefined;
    const output = await work.run(task('tryOn', { person: job.input, garment, options, poses }), (p) => work.progress(0.97 * p.fraction));
    // Made in the app (no key): kept in the library until deleted, with a thumbnail for its lists.
    const thumb = job.keyId === null ? await work.run(task('thumbnail', { input: output.blob, side: THUMB_SIDE, size: output })) : undefined;
    const keep = thumb && { kind: 'try-on' as const, name: label, source: job.input, thumb };
    return {
      blob: output.blob,
      contentType: output.contentType,
      ext: output.contentType === 'image/png' ? 'png' : 'jpg',
      lifetimeMs: meta.resultLifetimeMs,
      width: output.width,
      height: output.height,
      label,
      cost: meta.cost,
      keep,
      // Kept with the result: the job's JSON and a waiting request's header say which kind was dressed.
      outcome: { garmentKind: output.garmentKind },
    };
  },
};
