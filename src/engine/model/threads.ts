// How many threads the model runs on, whichever CPU runtime runs it: as many
// as the machine has cores, up to 4 (past that ISNet gains little and the
// workers beside it starve), and one where there is no shared memory (a page
// not cross-origin isolated, or an engine that withholds SharedArrayBuffer).
import { hasSharedMemory } from '../shared-memory';

export interface ThreadEnvironment {
  /** SharedArrayBuffer is there (shared-memory.ts). */
  sharedMemory: boolean;
  hardwareConcurrency: number;
}

export const MAX_MODEL_THREADS = 4;

export function modelThreads(env: ThreadEnvironment): number {
  return env.sharedMemory ? Math.max(1, Math.min(MAX_MODEL_THREADS, env.hardwareConcurrency)) : 1;
}

/** This worker's (or page's) own facts. */
export function ownThreadEnvironment(): ThreadEnvironment {
  return { sharedMemory: hasSharedMemory(), hardwareConcurrency: globalThis.navigator?.hardwareConcurrency || 1 };
}
