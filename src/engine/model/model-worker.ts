// The model host: the one worker that holds ISNet. It owns every segmentation
// session (runtime.ts) and serves the task workers over MessagePorts
// (service.ts); the window starts it, gives it a port per task worker, and
// replaces it if it crashes.
import * as Comlink from 'comlink';
import { announceReady } from '../worker-start';
import { serializeError } from '../../api/errors';
import type { RgbaImage } from '../../imaging/image';
import type { ModelPriority } from '../model-protocol';
import { configureRuntime, engineStatus, type EngineStatus, type RuntimeOptions } from './runtime';
import { crashOnNextSegment, disconnect, idleFor, serve, warmUp } from './service';

export type Settled<T> = { ok: true; value: T } | { ok: false; error: ReturnType<typeof serializeError> };

const api = {
  configure(options: RuntimeOptions, onStatus: (status: EngineStatus) => void) {
    configureRuntime(options, onStatus);
  },
  status: engineStatus,
  connect(port: MessagePort, connection: string, priority: ModelPriority) {
    serve(port, connection, priority);
  },
  disconnect,
  idleFor,
  /** Builds the session for `side` at the lowest priority; settles when it is ready. */
  async warmUp(side: number): Promise<Settled<EngineStatus>> {
    try {
      await warmUp(side);
      return { ok: true, value: await engineStatus() };
    } catch (error) {
      return { ok: false, error: serializeError(error) };
    }
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
  /** Test hook (test builds only): the model host's memory as it sees it, for the benches. */
  async memory() {
    if (!__TEST_HOOKS__) return null;
    return { liteRtHeap: await (await import('./litert-loader')).liteRtHeapBytes() };
  },
  /** Test hook (test builds only): the next model run raises an uncaught error, as a crashed worker would. */
  crashOnNextSegment,
};

export type ModelHostApi = typeof api;

Comlink.expose(api);
announceReady();
