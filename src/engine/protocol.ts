// What the service worker asks of an engine host, and what comes back. Plain
// cloneable data: it crosses postMessage between the SW and a page.
import type { ErrorCode } from '../api/errors';
import type { EngineProgress, EngineTask } from '../api/tasks';

export type { EngineProgress };

/** SW → host: run this task and answer on the transferred port. */
export interface EngineTaskMessage {
  type: 'engine:task';
  taskId: string;
  task: EngineTask;
}

/** host → SW over the task's port. */
export type EngineReply =
  | { type: 'accepted'; hostLock: string }
  | { type: 'progress'; progress: EngineProgress }
  | { type: 'done'; output: unknown }
  | { type: 'failed'; error: { code: ErrorCode; message: string } };

/** Any → SW and hosts: jobs were added or changed; hosts should look. */
export const JOBS_CHANNEL = 'cutout-jobs';

/**
 * Cache Storage that keeps files fetched after the first visit (runtimes, the
 * model, what a feature loads on first use). The service worker keeps what it
 * serves there, and marks its answer with KEPT_BY_SERVICE_WORKER; a file
 * fetched before it controls the page the model host keeps itself.
 */
export const KEPT_FILES_CACHE = 'cutout-on-demand';
export const KEPT_BY_SERVICE_WORKER = 'x-cutout-kept';
