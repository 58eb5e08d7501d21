// The engine host: runs in every window of the app. It owns the worker pool,
// answers the service worker's tasks, and holds a Web Lock for as long as the
// page lives, so the SW can tell when a host has gone.
import * as Comlink from 'comlink';
import { serializeError, toApiError } from '../api/errors';
import type { Store } from '../store/store';
import { VideoJobRunner } from './jobs';
import { WorkerPool, type PoolOptions } from './pool';
import type { EngineOutput, EngineProgress, EngineReply, EngineTask, EngineTaskMessage } from './protocol';
import type { EngineStatus } from './runtime';
import type { Settled } from './worker';

const HEARTBEAT_MS = 1000;
/** Longest a single task may run: a 6000×6000 cut-out on one WASM thread. */
const WATCHDOG_MS = 10 * 60 * 1000;
/** Longest a video job may run: a 60 s 4K clip at 60 fps on WASM. */
const VIDEO_WATCHDOG_MS = 4 * 60 * 60 * 1000;

export interface EngineHostOptions {
  simulateWebGpuFailure?: boolean;
  /** The studio database: with it, this window also runs queued video jobs. */
  store?: () => Promise<Store>;
}

type StatusListener = (status: EngineStatus & { progress?: EngineProgress }) => void;

export class EngineHost {
  readonly lockName = `cutout-engine-host:${crypto.randomUUID()}`;
  /** Runs the model. */
  readonly pool: WorkerPool;
  /** Re-finishes cut-outs (shadow, crop) so previews never queue behind a model run. */
  private readonly finishing: WorkerPool;
  private readonly listeners = new Set<StatusListener>();
  /** Runs queued video jobs in a worker of their own, so images never wait behind a clip. */
  readonly videoJobs: VideoJobRunner | null;
  private lastStatus: EngineStatus | null = null;
  private running = 0;

  /** Whether a task is running now. */
  get busy(): boolean {
    return this.running > 0;
  }

  constructor(options: EngineHostOptions = {}) {
    const poolOptions = (name: string, watchdogMs = WATCHDOG_MS): PoolOptions => ({
      size: 1,
      createWorker: () => new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name }),
      setup: (api) => api.configure({ simulateWebGpuFailure: options.simulateWebGpuFailure }),
      watchdogMs,
      onReplace: (reason) => console.warn(`[${name}]`, reason),
    });
    this.pool = new WorkerPool(poolOptions('engine'));
    this.finishing = new WorkerPool(poolOptions('finishing'));
    this.videoJobs = options.store ? new VideoJobRunner(() => new WorkerPool(poolOptions('video', VIDEO_WATCHDOG_MS)), options.store) : null;
  }

  start(): void {
    // Held until the page goes away; the SW reads it to know this host is alive.
    void navigator.locks?.request(this.lockName, () => new Promise(() => {}));
    this.videoJobs?.start();
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
      const output = await this.run(message.task, (p) => (latest = p));
      reply({ type: 'done', output });
    } catch (error) {
      reply({ type: 'failed', error: serializeError(error) });
    } finally {
      clearInterval(heartbeat);
      port.close();
    }
  }

  /**
   * Runs a task in a worker; the app's own pages call this directly.
   * Aborting `signal` stops the task (its worker is replaced).
   */
  async run(task: EngineTask, onProgress: (p: EngineProgress) => void = () => {}, signal?: AbortSignal): Promise<EngineOutput> {
    const progress = (p: EngineProgress) => {
      onProgress(p);
      this.emit({ progress: p });
    };
    this.running++;
    let settled: Settled<EngineOutput>;
    try {
      settled =
        task.feature === 'compose-cutout'
          ? await this.finishing.run<Settled<EngineOutput>>((api) => api.composeCutout(task.input, task.options, task.maxSide, task.inputSize), signal)
          : await this.pool.run<Settled<EngineOutput>>((api) => api.removeBackground(task.input, task.options, Comlink.proxy(progress)), signal);
    } finally {
      this.running--;
    }
    void this.refreshStatus();
    if (!settled.ok) throw toApiError(settled.error, 'engine');
    return settled.value;
  }

  /** Loads the model and picks the backend ahead of the first task. */
  async prepare(onProgress: (p: EngineProgress) => void = () => {}): Promise<void> {
    const progress = (p: EngineProgress) => {
      onProgress(p);
      this.emit({ progress: p });
    };
    const settled = await this.pool.run<Settled<EngineStatus>>((api) => api.prepare(Comlink.proxy(progress)));
    await this.refreshStatus();
    if (!settled.ok) throw toApiError(settled.error, 'engine');
  }

  async refreshStatus(): Promise<EngineStatus> {
    this.lastStatus = await this.pool.peek().status();
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
