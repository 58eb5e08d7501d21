// The engine inside a worker: ORT configured for the bundle, the model loaded
// once, the backend chosen once, sessions kept per input size.
import * as ort from 'onnxruntime-web/webgpu';
import ortWasmUrl from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.wasm?url';
import ortMjsUrl from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.mjs?url';
import { patchIsnet } from './onnx/isnet-patch';
import { chooseBackend, type BackendChoice, type BackendEnvironment } from './backend';
import { liteRtSupport, type LiteRtSupport } from './litert-support';
import { fetchModel, isModelCached } from './model-loader';
import { IMAGE_MODEL, modelUrl } from './models';
import { createSegmenter } from './create-segmenter';
import { backendThreads, type Segmenter } from './segmenter';
import { modelThreads, ownThreadEnvironment } from './threads';
import { Sessions } from './sessions';
import type { EngineProgress } from '../api/tasks';

// ORT's `webgpu` build (see ort-segmenter.ts) starts its thread workers from these
// files; without explicit paths it would try to start them from the app
// bundle, which is not a worker script.
ort.env.wasm.wasmPaths = { wasm: ortWasmUrl, mjs: ortMjsUrl };
// ORT reads the thread count once, at its first session, and the choice tries
// WebGPU before WASM: set it now, or the WASM session gets ORT's default.
ort.env.wasm.numThreads = modelThreads(ownThreadEnvironment());

export interface EngineStatus {
  state: 'idle' | 'loading' | 'ready' | 'failed';
  backend?: string;
  reason?: string;
  modelCached: boolean;
  crossOriginIsolated: boolean;
  threads: number;
  download?: { loaded: number; total: number };
  error?: string;
}

export interface RuntimeOptions {
  /** Test hook: make WebGPU's requestAdapter throw, to prove the fallback. */
  simulateWebGpuFailure?: boolean;
  /** Test hook: withhold LiteRT, to prove the ORT WASM fallback. */
  simulateLiteRtFailure?: boolean;
}

let options: RuntimeOptions = {};
let modelBytes: Promise<Uint8Array> | null = null;
const status: EngineStatus = {
  state: 'idle',
  modelCached: false,
  crossOriginIsolated: self.crossOriginIsolated,
  threads: 1,
};

export function configureRuntime(next: RuntimeOptions): void {
  options = next;
}

export async function engineStatus(): Promise<EngineStatus> {
  status.modelCached = status.modelCached || (await isModelCached(modelUrl(IMAGE_MODEL)));
  return { ...status };
}

async function environment(): Promise<BackendEnvironment> {
  return { ...ownThreadEnvironment(), gpu: gpuForChoice(), liteRt: await liteRtForChoice() };
}

function gpuForChoice(): Pick<GPU, 'requestAdapter'> | undefined {
  const gpu = (self.navigator as { gpu?: GPU }).gpu;
  if (!__TEST_HOOKS__ || !options.simulateWebGpuFailure) return gpu;
  return {
    requestAdapter: () => Promise.reject(new Error('simulated adapter failure')),
  };
}

async function liteRtForChoice(): Promise<LiteRtSupport> {
  if (__TEST_HOOKS__ && options.simulateLiteRtFailure) return { usable: false, threads: 0, reason: 'simulated LiteRT failure' };
  return liteRtSupport();
}

function loadModelBytes(progress: (p: EngineProgress) => void): Promise<Uint8Array> {
  modelBytes ??= (async () => {
    status.modelCached = await isModelCached(modelUrl(IMAGE_MODEL));
    const bytes = await fetchModel(modelUrl(IMAGE_MODEL), (download) => {
      status.download = download;
      progress({ stage: status.modelCached ? 'loading model' : 'downloading model', fraction: download.total ? download.loaded / download.total : 0 });
    });
    status.modelCached = await isModelCached(modelUrl(IMAGE_MODEL));
    return bytes;
  })();
  modelBytes.catch(() => (modelBytes = null));
  return modelBytes;
}

/** The model's bytes for a square input side: as shipped, or with its graph resized. */
export async function modelFor(side: number, progress: (p: EngineProgress) => void): Promise<Uint8Array> {
  const bytes = await loadModelBytes(progress);
  if (side === IMAGE_MODEL.inputSize) return bytes;
  return patchIsnet(bytes, { keepOutputs: ['output'], clearCeilMode: true, inputSize: side }).bytes;
}

async function chooseAndReport(model: Uint8Array, side: number, progress: (p: EngineProgress) => void): Promise<BackendChoice> {
  status.state = 'loading';
  try {
    progress({ stage: 'starting the model', fraction: 1 });
    const made = await chooseBackend(model, side, await environment());
    Object.assign(status, { state: 'ready', backend: made.label, reason: made.reason, error: undefined, threads: backendThreads(made.backend) });
    return made;
  } catch (error) {
    Object.assign(status, { state: 'failed', error: (error as Error).message });
    throw error;
  }
}

const sessions = new Sessions({ model: modelFor, choose: chooseAndReport, create: createSegmenter });

/** The segmenter for a square input side: the model's own, or a resized graph of it. */
export function segmenterFor(side: number, progress: (p: EngineProgress) => void = () => {}): Promise<Segmenter> {
  return sessions.get(side, progress);
}

export async function engineLabel(): Promise<string> {
  const chosen = sessions.chosen;
  if (!chosen) throw new Error('the engine has not chosen a backend yet');
  return (await chosen).label;
}
