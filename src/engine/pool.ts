// A pool of engine workers. A worker that crashes (an uncaught error) or hangs
// (no sign of progress for the watchdog's time) fails the task it was running
// as lost, is terminated and replaced, so the next task finds a fresh worker.
import * as Comlink from 'comlink';
import { toApiError } from '../api/errors';
import type { EngineProgress, EngineTask, TaskName, TaskResult } from '../api/tasks';
import type { EngineWorkerApi, Settled } from './worker';
import { WorkerLostError } from './worker-lost';
import { startWorker, type StartedWorker } from './worker-start';

export { WorkerLostError };

type Remote = Comlink.Remote<EngineWorkerApi>;

interface Slot {
  worker: StartedWorker;
  api: Remote;
  busy: boolean;
  /** Rejects the running task when the worker dies. */
  crashed: Promise<never>;
  crash: (error: Error) => void;
  /** Undoes the setup when the worker goes. */
  teardown: () => void;
}

export interface PoolOptions {
  size: number;
  createWorker: () => Worker;
  /** Runs on every new worker before it takes tasks; what it returns runs when that worker goes. */
  setup?: (api: Remote) => () => void;
  /** A task that shows no sign of progress for this long is taken for a hang. */
  watchdogMs: number;
  onReplace?: (reason: string) => void;
}

export class WorkerPool {
  private readonly slots: Slot[] = [];
  private readonly waiting: Array<(slot: Slot) => void> = [];

  constructor(private readonly options: PoolOptions) {
    for (let i = 0; i < options.size; i++) this.slots.push(this.spawn());
  }

  private spawn(): Slot {
    // Calls made before the worker listens (the model port, the first task) wait for it.
    const worker = startWorker(this.options.createWorker());
    const api = Comlink.wrap<EngineWorkerApi>(worker);
    let crash: (error: Error) => void = () => {};
    const crashed = new Promise<never>((_, reject) => {
      crash = reject;
    });
    crashed.catch(() => {});
    const slot: Slot = { worker, api, busy: false, crashed, crash, teardown: () => {} };
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      this.replace(slot, `the engine worker crashed (${event.message || 'uncaught error'})`);
    });
    slot.teardown = this.options.setup?.(api) ?? (() => {});
    return slot;
  }

  private replace(slot: Slot, reason: string): void {
    const index = this.slots.indexOf(slot);
    if (index < 0) return;
    slot.crash(new WorkerLostError(`${reason}; it was restarted, nothing was charged: send the request again`));
    this.close(slot);
    const fresh = this.spawn();
    this.slots[index] = fresh;
    this.options.onReplace?.(reason);
    if (slot.busy) this.release(fresh);
    else fresh.busy = false;
  }

  private acquire(): Promise<Slot> {
    const idle = this.slots.find((s) => !s.busy);
    if (idle) {
      idle.busy = true;
      return Promise.resolve(idle);
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(slot: Slot): void {
    const next = this.waiting.shift();
    if (next) {
      slot.busy = true;
      next(slot);
    } else {
      slot.busy = false;
    }
  }

  /**
   * Runs `work` on a free worker. Aborting `signal` gives up on the task: its
   * worker is terminated and replaced, so the next task does not wait for it.
   * `work` calls `alive` at every sign of progress; `watchdogMs` without one is a hang.
   * What the last sign said (`alive`'s note) goes into the hang's message: where the worker stopped.
   */
  async run<T>(work: (api: Remote, alive: (note?: string) => void) => Promise<T>, signal?: AbortSignal, watchdogMs = this.options.watchdogMs): Promise<T> {
    const slot = await this.acquire();
    let watchdog: ReturnType<typeof setTimeout> | undefined;
    let hang: () => void = () => {};
    let onAbort: (() => void) | undefined;
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => {
        reject(new DOMException('the task was cancelled', 'AbortError'));
        this.replace(slot, 'the task was cancelled');
      };
      if (signal?.aborted) onAbort();
      else signal?.addEventListener('abort', onAbort, { once: true });
    });
    let lastNote: string | undefined;
    const hung = new Promise<never>((_, reject) => {
      hang = () => {
        const after = lastNote ? ` after "${lastNote}"` : '';
        const quiet = `the engine worker showed no progress for ${Math.round(watchdogMs / 1000)} s${after}`;
        this.replace(slot, quiet);
        reject(new WorkerLostError(`${quiet}; it was restarted, nothing was charged: send the request again`));
      };
    });
    const alive = (note?: string) => {
      lastNote = note ?? lastNote;
      clearTimeout(watchdog);
      watchdog = setTimeout(hang, watchdogMs);
    };
    alive();
    try {
      return await Promise.race([work(slot.api, alive), slot.crashed, hung, aborted]);
    } finally {
      clearTimeout(watchdog);
      if (onAbort) signal?.removeEventListener('abort', onAbort);
      if (this.slots.includes(slot)) this.release(slot);
    }
  }

  /** Terminates every worker; the pool is not used again. */
  dispose(): void {
    for (const slot of this.slots.splice(0)) {
      slot.crash(new WorkerLostError('the engine was shut down'));
      this.close(slot);
    }
  }

  private close(slot: Slot): void {
    slot.teardown();
    slot.api[Comlink.releaseProxy]();
    slot.worker.terminate();
  }

  /** Test hook (a no-op outside test builds): makes every worker raise an uncaught error. */
  crashAll(): void {
    if (!__TEST_HOOKS__) return;
    for (const slot of this.slots) void slot.api.crash();
  }
}

/**
 * Runs a task on a pool and turns a failure back into an ApiError. Every
 * progress report counts as a sign of life for the pool's watchdog (or `watchdogMs`).
 */
export async function runOnPool<K extends TaskName>(
  pool: WorkerPool,
  task: EngineTask<K>,
  onProgress: (p: EngineProgress) => void,
  signal?: AbortSignal,
  watchdogMs?: number,
): Promise<TaskResult<K>> {
  const settled = await pool.run<Settled<TaskResult<K>>>(
    (api, alive) =>
      api.run(
        task.fn,
        task.args,
        Comlink.proxy((p: EngineProgress) => {
          alive(p.stage);
          onProgress(p);
        }),
      ) as Promise<Settled<TaskResult<K>>>,
    signal,
    watchdogMs,
  );
  if (!settled.ok) throw settled.lost ? new WorkerLostError(settled.error.message) : toApiError(settled.error, task.fn);
  return settled.value;
}
