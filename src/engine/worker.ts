// A task worker: runs every feature's tasks behind one comlink API, and holds
// no model. A feature lists its tasks in worker/tasks.ts as loaders, found by
// file layout (import.meta.glob), so adding a feature adds no line here and a
// task's code is fetched the first time it runs, not when the worker starts.
// ISNet is reached through the model host (model-client.ts).
import * as Comlink from 'comlink';
import { announceReady } from './worker-start';
import { serializeError } from '../api/errors';
import type { EngineProgress, LazyTask, TaskArgs, TaskName, TaskResult } from '../api/tasks';
import { connectModel } from './model-client';
import { WorkerLostError } from './worker-lost';

/** Errors cross comlink as plain data, so the host can keep their error codes; `lost` marks a WorkerLostError. */
export type Settled<T> = { ok: true; value: T } | { ok: false; error: ReturnType<typeof serializeError>; lost?: true };

async function settle<T>(work: () => Promise<T>): Promise<Settled<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    return { ok: false, error: serializeError(error), ...(error instanceof WorkerLostError ? { lost: true as const } : {}) };
  }
}

const lists = import.meta.glob<Record<string, LazyTask>>('../features/*/worker/tasks.ts', { eager: true, import: 'tasks' });
const loaders = new Map<string, LazyTask>();
for (const [path, listed] of Object.entries(lists)) {
  for (const [name, load] of Object.entries(listed)) {
    if (loaders.has(name)) throw new Error(`two features define the engine task ${name} (${path})`);
    loaders.set(name, load);
  }
}

const api = {
  /** The port to the model host; given again whenever the model host is replaced. */
  connectModel(port: MessagePort) {
    connectModel(port);
  },
  run<K extends TaskName>(fn: K, args: TaskArgs<K>, progress: (p: EngineProgress) => void): Promise<Settled<TaskResult<K>>> {
    const load = loaders.get(fn);
    if (!load) return Promise.resolve({ ok: false, error: { code: 'unexpected_error', message: `the engine has no task ${fn}` } });
    return settle(async () => (await load())(args, { progress }) as Promise<TaskResult<K>>);
  },
  /** Test hook (test builds only): an uncaught error, as a crashed worker would raise. */
  crash() {
    if (!__TEST_HOOKS__) return;
    setTimeout(() => {
      throw new Error('simulated worker crash');
    });
  },
};

export type EngineWorkerApi = typeof api;

Comlink.expose(api);
announceReady();
