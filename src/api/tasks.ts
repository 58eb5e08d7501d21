// What the contract asks of an engine: tasks. A feature declares its tasks'
// signatures in its shared/tasks.ts by adding them to TaskRegistry (module
// augmentation), and lists them in worker/tasks.ts as a `tasks` object of
// loaders; the engine worker finds every feature's worker/tasks.ts (import.meta.glob),
// so neither the contract nor the engine names a feature, and a task is
// `{ fn, args }` typed from the registry.

export interface EngineProgress {
  stage: string;
  /** 0 to 1 within the whole task. */
  fraction: number;
}

/** What the image tasks return: one encoded image. */
export interface ImageOutput {
  blob: Blob;
  contentType: string;
  width: number;
  height: number;
  /** Which backend ran the model, e.g. "litert-threads(2)" or "wasm-threads(2)"; sent as X-Engine. */
  engine: string;
  timings: Record<string, number>;
  /** Extra response headers the route passes on (e.g. X-Seed). */
  headers?: Record<string, string>;
}

export interface TaskContext {
  progress(p: EngineProgress): void;
}

/** One task: cloneable arguments in, a cloneable result out. */
export type TaskFn<Args, Result> = (args: Args, context: TaskContext) => Promise<Result>;

/** Filled by each feature's shared/tasks.ts. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface TaskRegistry {}

export type TaskName = keyof TaskRegistry;

type ArgsOf<F> = F extends TaskFn<infer A, unknown> ? A : never;
type ResultOf<F> = F extends TaskFn<never, infer R> ? R : never;

export type TaskArgs<K extends TaskName> = ArgsOf<TaskRegistry[K]>;
export type TaskResult<K extends TaskName> = ResultOf<TaskRegistry[K]>;

/** A task as it crosses postMessage: which function, with what. */
export type EngineTask<K extends TaskName = TaskName> = { [N in K]: { fn: N; args: TaskArgs<N> } }[K];

/** A task's implementation, loaded the first time it runs. */
export type LazyTask = () => Promise<TaskFn<unknown, unknown>>;

/** What a feature's worker/tasks.ts exports: a loader for each of some registered tasks. */
export type TaskImplementations<K extends TaskName> = { [N in K]: () => Promise<TaskRegistry[N]> };

export function task<K extends TaskName>(fn: K, args: TaskArgs<K>): EngineTask<K> {
  return { fn, args } as EngineTask<K>;
}

/** How a route reaches an engine: in the app, a window's engine host across postMessage. */
export interface EngineGateway {
  run<K extends TaskName>(
    task: EngineTask<K>,
    options: { clientId: string | null; onProgress?: (p: EngineProgress) => void },
  ): Promise<TaskResult<K>>;
}
