// How a window of the app runs a video job: read what the file holds, hold
// its cost (a credit per started second), then segment, composite and encode
// every frame in the job's worker. Queue, restarts and credits are the engine's.
// The worker stores each frame's final mask as it goes (shared/matte-checkpoints.ts),
// so a start after a reload or a lost worker resumes where the last one
// stopped; the masks are deleted once the job has ended, whichever way.
import { ApiError } from '../../api/errors';
import { WorkerLostError } from '../../engine/pool';
import type { JobHandler } from '../../engine/jobs';
import { task } from '../../api/tasks';
import type { VideoJobOutcome, VideoJobRequest } from './shared/jobs';
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

/**
 * The checkpoints' module, loaded with the first video job (the first page
 * does not need it). Checkpoints never fail a job: without the module there
 * is nothing to clear.
 */
const checkpoints = () => import('./shared/matte-checkpoints').catch(() => null);

export const jobHandler: JobHandler<VideoJobRequest, VideoJobOutcome> = {
  kind: 'video',
  route: videoMeta.path,
  timeBudgetMs: TIME_BUDGET_MS,
  stallMs: STALL_MS,
  async run(job, work) {
    const stored = await checkpoints();
    // What jobs that never ended (expired, or out of starts) left behind.
    await stored?.sweepCheckpoints();
    const probe = await work.run(task('probeVideo', { input: job.input }));
    const cost = job.keyId ? videoCost(probe.durationSeconds) : 0;
    let output;
    try {
      try {
        await work.reserve(cost);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        throw new ApiError(error.code, `this ${probe.durationSeconds.toFixed(1)} s video costs ${cost} credits: ${error.message}`);
      }
      output = await work.run(task('removeVideoBackground', { input: job.input, options: job.request.options, resumeKey: job.id }), (p) =>
        work.progress(p.fraction),
      );
    } catch (error) {
      // A job that failed (an ApiError), was cancelled or ran out of time is
      // over: its masks go. A lost worker (or a closed page, which never gets
      // here) leaves the job to be started again: they stay, for that start
      // to resume from.
      if (!(error instanceof WorkerLostError)) await stored?.clearCheckpoints(job.id);
      throw error;
    }
    // Deleted before the result is stored: a reload between the two starts the job from its first frame.
    await stored?.clearCheckpoints(job.id);
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
      // Kept on the job, not shown in its JSON: how many frames an earlier, interrupted start had done.
      outcome: { resumedFrames: output.resumedFrames },
    };
  },
};
