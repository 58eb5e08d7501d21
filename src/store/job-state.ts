// The life of a job, as one pure function: pending → running → completed |
// failed, never back but for one door: the user may queue a failed job again.
// A restart after a reload or a crashed worker is a running job started again
// (one more attempt), not a step back: its progress stays where it was until
// the new attempt passes it (a video job resumes near there; one that starts
// over catches up), so the progress a client polls never goes down.
import type { JobError, JobRecord, JobWithInput } from './schema';

/** A job that has not ended by then fails with job_expired; an ended one is purged then. */
export const JOB_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * A completed job keeps an input up to this size (a photo, for a before/after
 * view) until the job is purged; a bigger one (a video, up to 100 MB) is
 * dropped as soon as there is a result.
 */
export const KEPT_INPUT_BYTES = 30 * 1024 * 1024;

export type JobEvent =
  | { type: 'start' }
  | { type: 'progress'; fraction: number }
  /** `outcome`: what the handler told of the result, kept on the job (JobRecord.outcome). */
  | { type: 'complete'; resultId: string; resultExt: string; cost: number; outcome?: unknown }
  | { type: 'fail'; error: JobError }
  /** The user asks for a failed job again: it queues afresh, with its attempts counted anew. */
  | { type: 'retry' };

/** A job as it is queued: pending, no attempt yet, nothing charged. */
export function pendingJob<Request, Outcome = unknown>(fields: {
  id?: string;
  kind: JobRecord['kind'];
  keyId: string | null;
  request: Request;
  input: Blob;
  label: string;
  now: number;
  group?: string;
  paused?: boolean;
}): JobWithInput<Request, Outcome> {
  const { id, now, ...rest } = fields;
  return { ...rest, id: id ?? crypto.randomUUID(), status: 'pending', progress: 0, createdAt: now, updatedAt: now, attempts: 0, cost: 0 };
}

export function isFinished(job: Pick<JobRecord, 'status'>): boolean {
  return job.status === 'completed' || job.status === 'failed';
}

/** The job after `event`, or null when the event does not apply to it (it has moved on). */
export function nextJobState<J extends JobRecord>(job: J, event: JobEvent, now: number): J | null {
  switch (event.type) {
    case 'start':
      return isFinished(job) ? null : { ...job, status: 'running', attempts: job.attempts + 1, updatedAt: now };
    case 'progress':
      return job.status === 'running' ? { ...job, progress: Math.max(job.progress, Math.min(0.99, event.fraction)), updatedAt: now } : null;
    case 'complete':
      return job.status === 'running'
        ? {
            ...job,
            status: 'completed',
            progress: 1,
            resultId: event.resultId,
            resultExt: event.resultExt,
            cost: event.cost,
            ...(event.outcome !== undefined && { outcome: event.outcome }),
            input: job.input.size > KEPT_INPUT_BYTES ? { size: 0, type: job.input.type } : job.input,
            updatedAt: now,
          }
        : null;
    case 'fail':
      return isFinished(job) ? null : { ...job, status: 'failed', error: event.error, updatedAt: now };
    case 'retry':
      return job.status === 'failed' ? { ...job, status: 'pending', progress: 0, attempts: 0, error: undefined, updatedAt: now } : null;
  }
}
