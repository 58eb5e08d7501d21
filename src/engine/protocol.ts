// What the service worker asks of an engine host, and what comes back. Plain
// cloneable data: it crosses postMessage between the SW and a page.
import type { ErrorCode } from '../api/errors';
import type { RemoveBackgroundOptions } from '../features/remove-background/shared/meta';

export type EngineTask =
  | { feature: 'remove-background'; input: Blob; options: RemoveBackgroundOptions }
  | {
      /** Re-finish a cut-out PNG (shadow, crop) without the model; `maxSide` makes a preview. */
      feature: 'compose-cutout';
      input: Blob;
      options: RemoveBackgroundOptions;
      maxSide?: number;
      inputSize?: { width: number; height: number };
    };

export interface EngineOutput {
  blob: Blob;
  contentType: string;
  width: number;
  height: number;
  /** Which backend ran the model, e.g. "wasm-threads(2)"; sent as X-Engine. */
  engine: string;
  timings: Record<string, number>;
}

export interface EngineProgress {
  stage: string;
  /** 0 to 1 within the whole task. */
  fraction: number;
}

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
  | { type: 'done'; output: EngineOutput }
  | { type: 'failed'; error: { code: ErrorCode; message: string } };

/** Any → SW: video or try-on jobs were added or changed; hosts should look. */
export const JOBS_CHANNEL = 'cutout-jobs';

export interface EngineGateway {
  run(task: EngineTask, options: { clientId: string | null; onProgress?: (p: EngineProgress) => void }): Promise<EngineOutput>;
}
