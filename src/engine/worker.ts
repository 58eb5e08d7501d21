// The engine worker: every feature's worker function, behind comlink.
import * as Comlink from 'comlink';
import composeCutout from '../features/remove-background/worker/composeCutout';
import removeBackground from '../features/remove-background/worker/removeBackground';
import probeVideo from '../features/video/worker/probeVideo';
import removeVideoBackground from '../features/video/worker/removeVideoBackground';
import { serializeError } from '../api/errors';
import { configureRuntime, engineStatus, segmenterFor, type RuntimeOptions } from './runtime';
import type { EngineProgress } from './protocol';

/** Errors cross comlink as plain data, so the host can keep their error codes. */
export type Settled<T> = { ok: true; value: T } | { ok: false; error: ReturnType<typeof serializeError> };

async function settle<T>(work: () => Promise<T>): Promise<Settled<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    return { ok: false, error: serializeError(error) };
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
  removeBackground: (...args: Parameters<typeof removeBackground>) => settle(() => removeBackground(...args)),
  probeVideo: (...args: Parameters<typeof probeVideo>) => settle(() => probeVideo(...args)),
  removeVideoBackground: (...args: Parameters<typeof removeVideoBackground>) => settle(() => removeVideoBackground(...args)),
  composeCutout: (...args: Parameters<typeof composeCutout>) => settle(() => composeCutout(...args)),
  /** Test hook: an uncaught error, as a crashed worker would raise. */
  crash() {
    setTimeout(() => {
      throw new Error('simulated worker crash');
    });
  },
};

export type EngineWorkerApi = typeof api;

Comlink.expose(api);
