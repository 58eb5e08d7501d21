// The window's handle on the model host, the one worker that holds ISNet
// (model/model-worker.ts). It starts the worker, gives each task worker a
// MessagePort to it (at that worker's priority), and when the model host
// crashes it starts another and hands every task worker a new port; what they
// were waiting for fails as lost, so requests answer and jobs start again.
import * as Comlink from 'comlink';
import { toApiError } from '../api/errors';
import type { ModelPriority } from './model-protocol';
import type { ModelHostApi } from './model/model-worker';
import type { EngineStatus, RuntimeOptions } from './model/runtime';
import { WorkerLostError } from './worker-lost';
import { startWorker, type StartedWorker } from './worker-start';

interface Connection {
  priority: ModelPriority;
  deliver(port: MessagePort): void;
}

export class ModelHost {
  private worker!: StartedWorker;
  private api!: Comlink.Remote<ModelHostApi>;
  private readonly connections = new Map<string, Connection>();
  private restarts = 0;
  /** Rejects when this generation of the worker goes, so no call waits on a dead one. */
  private lost!: Promise<never>;
  private loseWorker: (error: Error) => void = () => {};

  constructor(
    private readonly runtime: RuntimeOptions,
    private readonly onStatus: (status: EngineStatus) => void,
  ) {
    this.start();
  }

  private start(): void {
    // Its configuration and every task worker's port wait until it listens.
    const worker = startWorker(new Worker(new URL('./model/model-worker.entry.ts', import.meta.url), { type: 'module', name: 'model-host' }));
    this.worker = worker;
    this.api = Comlink.wrap<ModelHostApi>(worker);
    this.lost = new Promise<never>((_, reject) => (this.loseWorker = reject));
    this.lost.catch(() => {});
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      if (worker === this.worker) this.restart(`the model host crashed (${event.message || 'uncaught error'})`);
    });
    void this.api.configure(this.runtime, Comlink.proxy(this.onStatus));
    for (const [id, connection] of this.connections) this.open(id, connection);
  }

  private restart(reason: string): void {
    console.warn('[model-host]', reason);
    this.restarts++;
    this.replaceWorker(reason);
  }

  private replaceWorker(reason: string): void {
    this.loseWorker(new WorkerLostError(`${reason}; it was restarted`));
    this.api[Comlink.releaseProxy]();
    this.worker.terminate();
    this.start();
  }

  /** Milliseconds since the model last had work, 0 while it has some, null when it holds no session. */
  idleFor(): Promise<number | null> {
    return Promise.race([this.api.idleFor(), this.lost]);
  }

  /**
   * Gives the model's memory back (model-release.ts): the worker is replaced by
   * one that holds nothing, and the next run builds its session again. Only
   * when the model has no work, asked again here so nothing in flight is lost.
   */
  async release(reason: string): Promise<void> {
    if ((await this.idleFor()) === 0) return;
    console.debug('[model-host] released:', reason);
    this.replaceWorker(`released (${reason})`);
    this.onStatus(await this.status());
  }

  /** How many times the model host was replaced (tests read it). */
  get restartCount(): number {
    return this.restarts;
  }

  private open(id: string, connection: Connection): void {
    const channel = new MessageChannel();
    void this.api.connect(Comlink.transfer(channel.port2, [channel.port2]), id, connection.priority);
    connection.deliver(channel.port1);
  }

  /**
   * Connects a task worker: `deliver` gets its port now and a new one after
   * every restart. Returns the disconnect, for when that worker goes.
   */
  connect(priority: ModelPriority, deliver: (port: MessagePort) => void): () => void {
    const id = crypto.randomUUID();
    const connection = { priority, deliver };
    this.connections.set(id, connection);
    this.open(id, connection);
    return () => {
      this.connections.delete(id);
      void this.api.disconnect(id);
    };
  }

  status(): Promise<EngineStatus> {
    return Promise.race([this.api.status(), this.lost]);
  }

  /** Builds the session for `side` when nothing more urgent waits. */
  async warmUp(side: number): Promise<EngineStatus> {
    const settled = await Promise.race([this.api.warmUp(side), this.lost]);
    if (!settled.ok) throw toApiError(settled.error, 'engine');
    return settled.value;
  }

  /** Test builds only: the model host's own hooks (backend comparisons, a crash). */
  get hooks(): Comlink.Remote<ModelHostApi> {
    return this.api;
  }

  dispose(): void {
    this.connections.clear();
    this.loseWorker(new WorkerLostError('the engine was shut down'));
    this.api[Comlink.releaseProxy]();
    this.worker.terminate();
  }
}
