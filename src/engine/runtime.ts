// The engine inside a worker: ORT configured for the bundle, the model loaded
// once, the backend chosen once, sessions kept per input size.
import * as ort from 'onnxruntime-web';
import ortWasmUrl from 'onnxruntime-web/ort-wasm-simd-threaded.jsep.wasm?url';
import ortMjsUrl from 'onnxruntime-web/ort-wasm-simd-threaded.jsep.mjs?url';
import { patchIsnet } from '../../models/onnx-patch.mjs';
import { chooseBackend, type BackendChoice } from './backend';
import { fetchModel, isModelCached } from './model-loader';
import { IMAGE_MODEL, modelUrl } from './models';
import { createSegmenter, type Segmenter } from './segmenter';
import type { EngineProgress } from './protocol';

// ORT starts its thread workers from these files; without explicit paths it
// would try to start them from the app bundle, which is not a worker script.
ort.env.wasm.wasmPaths = { wasm: ortWasmUrl, mjs: ortMjsUrl };

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
}

let options: RuntimeOptions = {};
let modelBytes: Promise<Uint8Array> | null = null;
let choice: Promise<BackendChoice> | null = null;
const sessions = new Map<number, Promise<Segmenter>>();
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

function gpuForChoice(): Pick<GPU, 'requestAdapter'> | undefined {
  const gpu = (self.navigator as Navigator & { gpu?: GPU }).gpu;
  if (!options.simulateWebGpuFailure) return gpu;
  return {
    requestAdapter: () => Promise.reject(new Error('simulated adapter failure')),
  };
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

function backendChoice(progress: (p: EngineProgress) => void): Promise<BackendChoice> {
  choice ??= (async () => {
    status.state = 'loading';
    try {
      const bytes = await loadModelBytes(progress);
      progress({ stage: 'starting the model', fraction: 1 });
      const made = await chooseBackend(bytes, IMAGE_MODEL.inputSize, {
        gpu: gpuForChoice(),
        crossOriginIsolated: self.crossOriginIsolated,
        hardwareConcurrency: self.navigator.hardwareConcurrency || 1,
      });
      Object.assign(status, { state: 'ready', backend: made.label, reason: made.reason, error: undefined });
      status.threads = made.backend.kind === 'wasm' ? made.backend.threads : 0;
      return made;
    } catch (error) {
      Object.assign(status, { state: 'failed', error: (error as Error).message });
      choice = null;
      throw error;
    }
  })();
  return choice;
}

/** The segmenter for a square input side: the model's own, or a resized graph of it. */
export function segmenterFor(side: number, progress: (p: EngineProgress) => void = () => {}): Promise<Segmenter> {
  let session = sessions.get(side);
  if (!session) {
    session = (async () => {
      const chosen = await backendChoice(progress);
      if (side === IMAGE_MODEL.inputSize) return chosen.segmenter;
      const bytes = await loadModelBytes(progress);
      const { bytes: resized } = patchIsnet(bytes, { keepOutputs: ['output'], clearCeilMode: true, inputSize: side });
      return createSegmenter(resized, side, chosen.backend);
    })();
    session.catch(() => sessions.delete(side));
    sessions.set(side, session);
  }
  return session;
}

export async function engineLabel(): Promise<string> {
  return (await backendChoice(() => {})).label;
}
