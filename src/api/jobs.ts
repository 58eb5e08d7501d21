// Asynchronous jobs as the contract shows them, and the routes that read them.
import { abortError } from './abort';
import { ApiError } from './errors';
import { callerKey, type ApiContext, type ApiDeps, type ApiRoute } from './context';
import { resultUrl } from './image-result';
import { jsonResponse } from './respond';
import type { JobKind, JobRecord } from '../store/schema';
import { isFinished } from '../store/job-state';

export interface JobView {
  job_id: string;
  status: JobRecord['status'];
  progress: number;
  result_url?: string;
  error?: JobRecord['error'];
}

/** A kind's own fields in its jobs' JSON, after the common ones (try-on: `garment_mode_used`); none for a job that has none. */
export type JobFields = (job: JobRecord) => Record<string, unknown>;

export function jobView(job: JobRecord, context: Pick<ApiContext, 'url'>, fields?: JobFields): JobView {
  const view: JobView = { job_id: job.id, status: job.status, progress: Math.round(job.progress * 1000) / 1000 };
  if (job.status === 'completed' && job.resultId && job.resultExt) {
    view.result_url = resultUrl(context, { id: job.resultId, ext: job.resultExt });
  }
  Object.assign(view, fields?.(job));
  if (job.status === 'failed' && job.error) view.error = job.error;
  return view;
}

/** The caller's job of this kind, or 404: another key's job does not exist for this one. */
export async function callerJob(context: ApiContext, kind: JobKind): Promise<JobRecord> {
  const job = await context.deps.db.jobs.get(context.params.jobId);
  if (!job || job.kind !== kind || job.keyId !== callerKey(context).id) {
    throw new ApiError('not_found', `no ${kind} job ${context.params.jobId}`);
  }
  return job;
}

export function jobStatusRoute(pattern: string, kind: JobKind, fields?: JobFields): ApiRoute {
  return {
    method: 'GET',
    pattern,
    produces: ['application/json'],
    auth: 'key',
    async handle(context) {
      return jsonResponse(jobView(await callerJob(context, kind), context, fields));
    },
  };
}

/**
 * DELETE on a job URL: a pending or running job ends `failed` with
 * job_cancelled, is not charged, and stays readable until it expires. The
 * window running it sees the change and stops its worker.
 */
export function jobCancelRoute(pattern: string, kind: JobKind, fields?: JobFields): ApiRoute {
  return {
    method: 'DELETE',
    pattern,
    produces: ['application/json'],
    auth: 'key',
    async handle(context) {
      const job = await callerJob(context, kind);
      const updated = await context.deps.db.jobs.cancel(job.id, context.deps.clock.now());
      context.deps.announceJobs();
      return jsonResponse(jobView(updated ?? job, context, fields));
    },
  };
}

/** GET and DELETE on each of a job kind's URLs; `fields` adds the kind's own to its jobs' JSON. */
export function jobRoutes(patterns: readonly string[], kind: JobKind, fields?: JobFields): ApiRoute[] {
  return patterns.flatMap((pattern) => [jobStatusRoute(pattern, kind, fields), jobCancelRoute(pattern, kind, fields)]);
}

/** How often a waiting request looks at its job even when no change was announced. */
const WAIT_POLL_MS = 1000;

/**
 * The job once it has ended (completed or failed), or null when it has not
 * ended within `timeoutMs`. Wakes on every announced change, and polls too,
 * since a window that crashed announces nothing. Rejects at once when
 * `signal` (the caller's) aborts.
 */
export function waitForJob(
  deps: Pick<ApiDeps, 'db' | 'watchJobs'>,
  id: string,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<JobRecord | null> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const end = () => {
      settled = true;
      stopWatching();
      clearInterval(poll);
      clearTimeout(deadline);
      signal?.removeEventListener('abort', abort);
    };
    const finish = (job: JobRecord | null) => {
      if (settled) return;
      end();
      resolve(job);
    };
    const abort = () => {
      if (settled) return;
      end();
      reject(abortError(signal!));
    };
    const look = () => {
      deps.db.jobs.get(id).then((job) => {
        if (job && isFinished(job)) finish(job);
      }, reject);
    };
    const stopWatching = deps.watchJobs(look);
    const poll = setInterval(look, WAIT_POLL_MS);
    const deadline = setTimeout(() => finish(null), timeoutMs);
    signal?.addEventListener('abort', abort);
    if (signal?.aborted) abort();
    else look();
  });
}
