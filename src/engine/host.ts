// The engine host: runs in every window of the app. It owns the worker pools,
// answers the service worker's tasks, and holds a Web Lock for as long as the
// page lives, so the SW can tell when a host has gone.
import * as Comlink from 'comlink';
import { serializeError, toApiError } from '../api/errors';
import type { StudioDatabase } from '../store/database';
import { JobRunner, type JobHandler } from './jobs';
import { runOnPool, WorkerPool, type PoolOptions } from './pool';
import type { EngineReply, EngineTaskMessage } from './protocol';
import type { EngineStatus, RuntimeOptions } from './runtime';
import type { EngineProgress, EngineTask, TaskName, TaskResult } from '../api/tasks';
import type { Settled } from './worker';

const HEARTBEAT_MS = 1000;
/** Longest a single task may run: a 6000×6000 cut-out on one WASM thread. */
const WATCHDOG_MS = 10 * 60 * 1000;

export interface EngineHostOptions {
  /** Test hooks for the engine workers' runtime (failures to simulate). */
  runtime?: RuntimeOptions;
  /** The studio database: with it, this window also runs queued jobs. */
  store?: () => Promise<StudioDatabase>;
  /** The kinds of job this window runs, one handler each. */
  jobs?: readonly JobHandler[];
}

/**
 * Which workers a task runs on: `model` is the worker that holds the model;
 * `preview` re-finishes results without it, so previews never queue behind a model run.
 */
export type Lane = 'model' | 'preview';

export interface RunOptions {
  onProgress?: (p: EngineProgress) => void;
  /** Aborting stops the task (its worker is replaced). */
  signal?: AbortSignal;
  lane?: Lane;
}

type StatusListener = (status: EngineStatus & { progress?: EngineProgress }) => void;

export function enginePoolOptions(name: string, watchdogMs: number, runtime: RuntimeOptions = {}): PoolOptions {
  return {
    size: 1,
    createWorker: () => new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name }),
    setup: (api) => api.configure(runtime),
    watchdogMs,
    onReplace: (reason) => console.warn(`[${name}]`, reason),
  };
}

export class EngineHost {
  readonly lockName = `cutout-engine-host:${crypto.randomUUID()}`;
  private readonly pools: Record<Lane, WorkerPool>;
  private readonly listeners = new Set<StatusListener>();
  /** Runs queued jobs in workers of their own, so images never wait behind a clip. */
  readonly jobs: JobRunner | null;
  private lastStatus: EngineStatus | null = null;
  private running = 0;

  /** Whether a task is running now. */
  get busy(): boolean {
    return this.running > 0;
  }

  constructor(options: EngineHostOptions = {}) {
    const pool = (name: string) => new WorkerPool(enginePoolOptions(name, WATCHDOG_MS, options.runtime));
    this.pools = { model: pool('engine'), preview: pool('preview') };
    this.jobs =
      options.store && options.jobs?.length
        ? new JobRunner(options.jobs, options.store, (name, watchdogMs) => new WorkerPool(enginePoolOptions(name, watchdogMs, options.runtime)))
        : null;
  }

  /** The worker pool that holds the model (tests crash it through this). */
  get pool(): WorkerPool {
    return this.pools.model;
  }

  start(): void {
    // Held until the page goes away; the SW reads it to know this host is alive.
    void navigator.locks?.request(this.lockName, () => new Promise(() => {}));
    this.jobs?.start();
    const sw = navigator.serviceWorker;
    if (!sw) return;
    sw.addEventListener('message', (event: MessageEvent) => {
      const data = event.data as EngineTaskMessage | undefined;
      if (data?.type === 'engine:task' && event.ports[0]) void this.answer(data, event.ports[0]);
    });
    sw.startMessages();
  }

  private async answer(message: EngineTaskMessage, port: MessagePort): Promise<void> {
    const reply = (r: EngineReply) => port.postMessage(r);
    reply({ type: 'accepted', hostLock: this.lockName });
    let latest: EngineProgress = { stage: 'queued', fraction: 0 };
    const heartbeat = setInterval(() => reply({ type: 'progress', progress: latest }), HEARTBEAT_MS);
    try {
      const output = await this.run(message.task, { onProgress: (p) => (latest = p) });
      reply({ type: 'done', output });
    } catch (error) {
      reply({ type: 'failed', error: serializeError(error) });
    } finally {
      clearInterval(heartbeat);
      port.close();
    }
  }

  /** Runs a task in a worker; the app's own pages call this directly. */
  async run<K extends TaskName>(task: EngineTask<K>, options: RunOptions = {}): Promise<TaskResult<K>> {
    const progress = (p: EngineProgress) => {
      options.onProgress?.(p);
      this.emit({ progress: p });
    };
    this.running++;
    try {
      return await runOnPool(this.pools[options.lane ?? 'model'], task, progress, options.signal);
    } finally {
      this.running--;
      void this.refreshStatus();
    }
  }

  /** Loads the model and picks the backend ahead of the first task. */
  async prepare(onProgress: (p: EngineProgress) => void = () => {}): Promise<void> {
    const progress = (p: EngineProgress) => {
      onProgress(p);
      this.emit({ progress: p });
    };
    const settled = await this.pools.model.run<Settled<EngineStatus>>((api) => api.prepare(Comlink.proxy(progress)));
    await this.refreshStatus();
    if (!settled.ok) throw toApiError(settled.error, 'engine');
  }

  async refreshStatus(): Promise<EngineStatus> {
    this.lastStatus = await this.pools.model.peek().status();
    this.emit({});
    return this.lastStatus;
  }

  subscribe(listener: StatusListener): () => void {
    this.listeners.add(listener);
    if (this.lastStatus) listener(this.lastStatus);
    return () => this.listeners.delete(listener);
  }

  private emit(extra: { progress?: EngineProgress }) {
    if (!this.lastStatus) return;
    for (const listener of this.listeners) listener({ ...this.lastStatus, ...extra });
  }
}
