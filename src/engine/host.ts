// The engine host: runs in every window of the app. It starts the model host
// (the one worker that holds ISNet, model-host.ts) and the task workers that
// run features' tasks beside it without a model, answers the service worker's
// tasks, and holds a Web Lock for as long as the page lives, so the SW can
// tell when a host has gone.
//
//   window ─┬─ model host ── every ISNet session; one queue: requests, then jobs, then warm-up
//           ├─ task worker ─ /v1 requests and the app's pages (decode, refine, encode)
//           ├─ preview ───── re-finishes cut-outs without the model (made on first use)
//           └─ jobs ──────── video, try-on, batch items (made while jobs run)
import * as Comlink from 'comlink';
import { serializeError } from '../api/errors';
import type { StudioDatabase } from '../store/database';
import { JobRunner, type JobHandler } from './jobs';
import { ModelHost } from './model-host';
import type { ModelRelease } from './model-release';
import type { ModelPriority } from './model-protocol';
import { runOnPool, WorkerPool, type PoolOptions } from './pool';
import type { EngineReply, EngineTaskMessage } from './protocol';
import type { EngineStatus, RuntimeOptions } from './model/runtime';
import { FULL_MODEL_SIDE } from './model-side';
import type { EngineProgress, EngineTask, TaskName, TaskResult } from '../api/tasks';

const HEARTBEAT_MS = 1000;
/** Longest a task may go without reporting progress: a 6000×6000 cut-out's model run on one WASM thread. */
const WATCHDOG_MS = 10 * 60 * 1000;
/** The side the warm-up builds: photos past the side table's last step, the common input. */
const WARM_UP_SIDE = FULL_MODEL_SIDE;

export interface EngineHostOptions {
  /** Test hooks for the model host's runtime (failures to simulate). */
  runtime?: RuntimeOptions;
  /** The studio database: with it, this window also runs queued jobs. */
  store?: () => Promise<StudioDatabase>;
  /** The kinds of job this window runs, one handler each. */
  jobs?: readonly JobHandler[];
}

/**
 * Which task workers a task runs on: `tasks` for requests and the app's pages;
 * `preview` re-finishes results without the model, so previews never queue
 * behind a cut-out.
 */
export type Lane = 'tasks' | 'preview';

export interface RunOptions {
  onProgress?: (p: EngineProgress) => void;
  /** Aborting stops the task (its worker is replaced). */
  signal?: AbortSignal;
  lane?: Lane;
}

type StatusListener = (status: EngineStatus & { progress?: EngineProgress }) => void;

export class EngineHost {
  readonly lockName = `cutout-engine-host:${crypto.randomUUID()}`;
  readonly model: ModelHost;
  private readonly pools: Partial<Record<Lane, WorkerPool>> = {};
  private readonly listeners = new Set<StatusListener>();
  /** Runs queued jobs in a task worker of their own, so images never wait behind a clip. */
  readonly jobs: JobRunner | null;
  private lastStatus: EngineStatus | null = null;
  private running = 0;
  /** Gives the model's memory back when the app is in the background or idle (tests call its check()). */
  modelRelease: ModelRelease | null = null;

  /** Whether a task is running now. */
  get busy(): boolean {
    return this.running > 0;
  }

  constructor(options: EngineHostOptions = {}) {
    this.model = new ModelHost(options.runtime ?? {}, (status) => {
      this.lastStatus = status;
      this.emit({});
    });
    this.jobs =
      options.store && options.jobs?.length
        ? new JobRunner(options.jobs, options.store, (name, watchdogMs) => new WorkerPool(this.taskPoolOptions(name, watchdogMs, 'job')))
        : null;
  }

  /** Task workers, each connected to the model host at the priority of the work it runs. */
  private taskPoolOptions(name: string, watchdogMs: number, priority: ModelPriority): PoolOptions {
    return {
      size: 1,
      createWorker: () => new Worker(new URL('./worker.entry.ts', import.meta.url), { type: 'module', name }),
      setup: (api) => this.model.connect(priority, (port) => void api.connectModel(Comlink.transfer(port, [port]))),
      watchdogMs,
      onReplace: (reason) => console.warn(`[${name}]`, reason),
    };
  }

  private poolFor(lane: Lane): WorkerPool {
    return (this.pools[lane] ??= new WorkerPool(this.taskPoolOptions(lane, WATCHDOG_MS, 'request')));
  }

  /** The task workers for requests (tests crash them through this). */
  get pool(): WorkerPool {
    return this.poolFor('tasks');
  }

  start(): void {
    // The request lane's worker is started now, so the first request does not wait for it.
    this.poolFor('tasks');
    // The model's memory goes back when the app is in the background or idle (loaded after the first paint).
    void import('./model-release').then(({ documentVisibility, ModelRelease }) => {
      this.modelRelease = new ModelRelease({ idleFor: () => this.model.idleFor(), release: (reason) => void this.model.release(reason) }, documentVisibility());
    });
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

  /** Runs a task in a task worker; the app's own pages call this directly. */
  async run<K extends TaskName>(task: EngineTask<K>, options: RunOptions = {}): Promise<TaskResult<K>> {
    const progress = (p: EngineProgress) => {
      options.onProgress?.(p);
      this.emit({ progress: p });
    };
    this.running++;
    try {
      return await runOnPool(this.poolFor(options.lane ?? 'tasks'), task, progress, options.signal);
    } finally {
      this.running--;
      void this.refreshStatus().catch(() => {});
    }
  }

  /** Has the model host build the photo session when nothing more urgent waits. */
  async prepare(): Promise<void> {
    this.lastStatus = await this.model.warmUp(WARM_UP_SIDE);
    this.emit({});
  }

  async refreshStatus(): Promise<EngineStatus> {
    this.lastStatus = await this.model.status();
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
