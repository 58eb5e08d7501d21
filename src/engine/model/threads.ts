// How many threads the model runs on, whichever CPU runtime runs it: as many
// as the machine has cores, up to 4 (past that ISNet gains little and the
// workers beside it starve), and one where the page is not cross-origin
// isolated (no SharedArrayBuffer, so no threads).

export interface ThreadEnvironment {
  crossOriginIsolated: boolean;
  hardwareConcurrency: number;
}

export const MAX_MODEL_THREADS = 4;

export function modelThreads(env: ThreadEnvironment): number {
  return env.crossOriginIsolated ? Math.max(1, Math.min(MAX_MODEL_THREADS, env.hardwareConcurrency)) : 1;
}

/** This worker's (or page's) own facts. */
export function ownThreadEnvironment(): ThreadEnvironment {
  return { crossOriginIsolated: globalThis.crossOriginIsolated ?? false, hardwareConcurrency: globalThis.navigator?.hardwareConcurrency || 1 };
}
