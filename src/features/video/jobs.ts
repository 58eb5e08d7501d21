// How a window of the app runs a video job: read what the file holds, hold
// its cost (a credit per started second), then segment, composite and encode
// every frame in the job's worker. Queue, restarts and credits are the engine's.
import { ApiError } from '../../api/errors';
import type { JobHandler } from '../../engine/jobs';
import { task } from '../../api/tasks';
import type { VideoJobRequest } from './shared/jobs';
import { VIDEO_FORMATS, videoCost, videoMeta } from './shared/meta';

/** Longest a video job may run: a 60 s 4K clip at 60 fps on WASM. */
const TIME_BUDGET_MS = 4 * 60 * 60 * 1000;
/**
 * Longest it may go without progress: past the encoders' own watchdogs (two
 * minutes for ffmpeg's start), so those fail the job first, with their reason.
 * A job whose worker waited on nothing for this long (once seen in Firefox)
 * is started again on a fresh worker.
 */
const STALL_MS = 150_000;

export const jobHandler: JobHandler<VideoJobRequest> = {
  kind: 'video',
  route: videoMeta.path,
  timeBudgetMs: TIME_BUDGET_MS,
  stallMs: STALL_MS,
  async run(job, work) {
    const probe = await work.run(task('probeVideo', { input: job.input }));
    const cost = job.keyId ? videoCost(probe.durationSeconds) : 0;
    try {
      await work.reserve(cost);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      throw new ApiError(error.code, `this ${probe.durationSeconds.toFixed(1)} s video costs ${cost} credits: ${error.message}`);
    }
    const output = await work.run(task('removeVideoBackground', { input: job.input, options: job.request.options }), (p) =>
      work.progress(p.fraction),
    );
    const format = VIDEO_FORMATS[job.request.options.outputFormat];
    return {
      blob: output.blob,
      contentType: output.contentType,
      ext: format.extension,
      lifetimeMs: videoMeta.resultLifetimeMs,
      width: output.width,
      height: output.height,
      label: job.request.fileName.replace(/\.[^.]+$/, '') + '-cutout',
      cost,
      // Made in the app (no key): kept in the library until deleted; an API result expires.
      keep: job.keyId === null ? { kind: 'video', name: job.request.fileName.replace(/\.[^.]+$/, '') } : undefined,
    };
  },
};
