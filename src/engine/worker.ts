// The engine worker: every feature's tasks behind one comlink API. The tasks
// are found by file layout (each feature's worker/tasks.ts), so adding a
// feature adds no line here.
import * as Comlink from 'comlink';
import { serializeError } from '../api/errors';
import { configureRuntime, engineStatus, segmenterFor, type RuntimeOptions } from './runtime';
import type { EngineProgress, TaskArgs, TaskFn, TaskName, TaskResult } from '../api/tasks';
import type { RgbaImage } from '../imaging/image';

/** Errors cross comlink as plain data, so the host can keep their error codes. */
export type Settled<T> = { ok: true; value: T } | { ok: false; error: ReturnType<typeof serializeError> };

async function settle<T>(work: () => Promise<T>): Promise<Settled<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    return { ok: false, error: serializeError(error) };
  }
}

const modules = import.meta.glob<Record<string, TaskFn<unknown, unknown>>>('../features/*/worker/tasks.ts', {
  eager: true,
  import: 'tasks',
});
const tasks = new Map<string, TaskFn<unknown, unknown>>();
for (const [path, exported] of Object.entries(modules)) {
  for (const [name, fn] of Object.entries(exported)) {
    if (tasks.has(name)) throw new Error(`two features define the engine task ${name} (${path})`);
    tasks.set(name, fn);
  }
}

const api = {
  configure(options: RuntimeOptions) {
    configureRuntime(options);
  },
  status: engineStatus,
  async prepare(progress: (p: EngineProgress) => void) {
    return settle(async () => {
      await segmenterFor(1024, progress);
      return engineStatus();
    });
  },
  run<K extends TaskName>(fn: K, args: TaskArgs<K>, progress: (p: EngineProgress) => void): Promise<Settled<TaskResult<K>>> {
    const run = tasks.get(fn);
    if (!run) return Promise.resolve({ ok: false, error: { code: 'unexpected_error', message: `the engine has no task ${fn}` } });
    return settle(() => run(args, { progress }) as Promise<TaskResult<K>>);
  },
  /** Test hook (test builds only): ISNet at `side` on ORT WASM and on LiteRT, masks compared (test/e2e/litert.test.ts). */
  async compareLiteRt(side: number) {
    if (__TEST_HOOKS__) return (await import('./litert-probe')).compareLiteRtWithOrt(side);
    throw new Error('compareLiteRt exists in test builds only');
  },
  /** Test hook (test builds only): ISNet at `side` on ORT's WebGPU EP and on WASM, the same image to both (test/e2e/webgpu.test.ts). */
  async compareWebGpu(image: RgbaImage, side: number) {
    if (__TEST_HOOKS__) return (await import('./webgpu-probe')).compareWebGpuWithWasm(image, side);
    throw new Error('compareWebGpu exists in test builds only');
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
