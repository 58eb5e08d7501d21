// The model host's runtime: the backend chosen once, one session per side
// (sessions.ts), and the model's bytes read only while a session is built.
// For LiteRT the .tflite converted from the ONNX graph is kept in Cache
// Storage (model-files.ts), keyed by the model's hash and the converter's
// version, so a reload compiles the kept file without fetching or converting.
import { patchIsnet } from '../onnx/isnet-patch';
import { isnetInt8Conv } from '../tflite/isnet-int8';
import { chooseBackend, type BackendChoice, type BackendEnvironment } from './backend';
import { liteRtSupport, type LiteRtSupport } from './litert-support';
import { forgetKeptWeights, isConvertedKept, keepConverted, keeping, keepResized, readConverted, readOlderConversion, resizeKept } from './converted';
import { dropStale, forget, isKept, keptOrFetched, type DownloadProgress } from './model-files';
import { IMAGE_MODEL, isCurrentModelFile, MODELS_PREFIX, modelUrl } from './models';
import { createSegmenter } from './create-segmenter';
import { backendThreads, type ModelSource, type Segmenter } from './segmenter';
import { ownThreadEnvironment } from './threads';
import { memoryIsAmple, reportedDeviceMemory } from './device-memory';
import { hasSharedMemory } from '../shared-memory';
import { Sessions } from './sessions';
import type { EngineProgress } from '../../api/tasks';

export interface EngineStatus {
  state: 'idle' | 'loading' | 'ready' | 'failed';
  backend?: string;
  reason?: string;
  modelCached: boolean;
  sharedMemory: boolean;
  threads: number;
  download?: DownloadProgress;
  error?: string;
  /** Sides with a session built or being built. */
  sides: number[];
  /** Milliseconds of each start-up step the last session build took (read, convert, compile…), for the benches. */
  startup: Record<string, number>;
}

export interface RuntimeOptions {
  /** Test hook: make WebGPU's requestAdapter throw, to prove the fallback. */
  simulateWebGpuFailure?: boolean;
  /** Test hook: withhold LiteRT, to prove the ORT WASM fallback. */
  simulateLiteRtFailure?: boolean;
  /** Test hook: the device memory (GB) to act on, as a phone would report it. */
  simulateDeviceMemory?: number;
}

type Progress = (p: EngineProgress) => void;

let options: RuntimeOptions = {};
const status: EngineStatus = {
  state: 'idle',
  modelCached: false,
  sharedMemory: hasSharedMemory(),
  threads: 1,
  sides: [],
  startup: {},
};
let onChange: (status: EngineStatus) => void = () => {};

function changed(): void {
  status.sides = sessions.sides;
  onChange({ ...status });
}

export function configureRuntime(next: RuntimeOptions, listener: (status: EngineStatus) => void = () => {}): void {
  options = next;
  onChange = listener;
}

export async function engineStatus(): Promise<EngineStatus> {
  status.modelCached ||= (await isKept(modelUrl(IMAGE_MODEL))) || (await isConvertedKept(IMAGE_MODEL.inputSize));
  status.sides = sessions.sides;
  return { ...status };
}

async function timed<T>(step: string, work: () => Promise<T> | T): Promise<T> {
  const start = performance.now();
  try {
    return await work();
  } finally {
    status.startup[step] = Math.round((status.startup[step] ?? 0) + performance.now() - start);
  }
}

/** The device's memory in GB as reported (or as a test build simulates it). */
function deviceMemory(): number | undefined {
  return __TEST_HOOKS__ && options.simulateDeviceMemory ? options.simulateDeviceMemory : reportedDeviceMemory();
}

async function environment(): Promise<BackendEnvironment> {
  return { ...ownThreadEnvironment(), gpu: gpuForChoice(), liteRt: await liteRtForChoice(), deviceMemory: deviceMemory() };
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

/** How often a download's progress reaches the window's status (the badge), at most. */
const STATUS_EVERY_MS = 250;

/**
 * The shipped ONNX graph, from Cache Storage or the network, and kept at once,
 * so a tab closed mid-way still leaves what an offline visit needs. Once every
 * side the app runs at is converted and kept (converted.ts), LiteRT never reads
 * it again and it is dropped (releaseShippedModel). Held in memory while a pass
 * of conversions needs it.
 */
let shipped: Promise<Uint8Array> | null = null;

function shippedModel(progress: Progress): Promise<Uint8Array> {
  let told = 0;
  shipped ??= timed('read model', async () => {
    const { bytes, fromCache } = await keptOrFetched(
      modelUrl(IMAGE_MODEL),
      (download) => {
        status.download = download;
        progress({ stage: status.modelCached ? 'loading model' : 'downloading model', fraction: download.total ? download.loaded / download.total : 0 });
        if (performance.now() - told > STATUS_EVERY_MS) {
          told = performance.now();
          changed();
        }
      },
    );
    if (!fromCache) changed();
    return bytes;
  });
  shipped.catch(() => (shipped = null));
  return shipped;
}

async function graphFor(side: number, progress: Progress): Promise<Uint8Array> {
  const bytes = await shippedModel(progress);
  if (side === IMAGE_MODEL.inputSize) return bytes;
  return timed('resize graph', () => patchIsnet(bytes, { keepOutputs: ['output'], clearCeilMode: true, inputSize: side }).bytes);
}

/** Converts the shipped graph for `side` to a .tflite, and keeps it (beside whatever runs next). */
async function convertSide(side: number, progress: Progress): Promise<Uint8Array> {
  const [{ onnxToTflite }, graph] = await Promise.all([import('../tflite/onnx-to-tflite'), graphFor(side, progress)]);
  progress({ stage: 'preparing the model', fraction: 1 });
  const converted = await timed('convert', () => onnxToTflite(graph, { int8Convs: isnetInt8Conv }).bytes);
  void keepConverted(side, converted)
    .then(() => {
      status.modelCached = true;
    })
    .catch(() => {});
  return converted;
}

/** A smaller side made over from the full side's kept conversion, or null (then it is converted). */
function resizedFromKept(side: number): Promise<Uint8Array | null> {
  if (side === IMAGE_MODEL.inputSize) return Promise.resolve(null);
  return timed('resize kept model', () => resizeKept(IMAGE_MODEL.inputSize, side).catch(() => null));
}

/** One side's model for a session build: LiteRT's from what is kept when it is, else made over from the full side's, else converted now. */
export function modelSource(side: number, progress: Progress): ModelSource {
  status.startup = {};
  return {
    side,
    onnx: () => graphFor(side, progress),
    async tflite() {
      const kept = await timed('read kept model', () => readConverted(side));
      if (kept) {
        status.modelCached = true;
        return kept;
      }
      const resized = await resizedFromKept(side);
      if (resized) return resized;
      try {
        return await convertSide(side, progress);
      } catch (error) {
        const older = await readOlderConversion(side);
        if (older) return older;
        throw error;
      }
    },
  };
}

/**
 * Warm-up work, where LiteRT runs the model: keeps `side` unless it is kept
 * already (made over from the full side's kept conversion, else converted),
 * so the app finds every side it runs at kept even offline.
 */
export async function keepSide(side: number): Promise<void> {
  if ((await sessions.chosen)?.backend.kind !== 'litert' || (await isConvertedKept(side))) return;
  if (side !== IMAGE_MODEL.inputSize && (await timed('resize kept model', () => keepResized(IMAGE_MODEL.inputSize, side).catch(() => false)))) return;
  const converted = await convertSide(side, () => {});
  await keepConverted(side, converted);
}

/**
 * The end of a pass of conversions: the shipped model and the kept weights
 * leave memory. Where LiteRT runs the model and every side in `sides` is kept,
 * what an older build kept goes, and so does the shipped graph: nothing reads
 * them again (until then, they are what an offline visit would fall back on).
 */
export async function releaseShippedModel(sides: readonly number[]): Promise<void> {
  shipped = null;
  forgetKeptWeights();
  await keeping();
  if ((await sessions.chosen)?.backend.kind !== 'litert') return;
  if (!(await Promise.all(sides.map(isConvertedKept))).every(Boolean)) return;
  await dropStale(MODELS_PREFIX, (url) => isCurrentModelFile(url));
  await forget(modelUrl(IMAGE_MODEL));
}

async function chooseAndReport(source: ModelSource, progress: Progress): Promise<BackendChoice> {
  status.state = 'loading';
  changed();
  try {
    progress({ stage: 'starting the model', fraction: 1 });
    const made = await timed('build session', async () => chooseBackend(source, await environment()));
    Object.assign(status, { state: 'ready', backend: made.label, reason: made.reason, error: undefined, threads: backendThreads(made.backend) });
    return made;
  } catch (error) {
    Object.assign(status, { state: 'failed', error: (error as Error).message });
    throw error;
  } finally {
    changed();
  }
}

/**
 * Two sessions (photos' 1024² and video's 512²) where the device reports ample
 * memory; elsewhere one, so a video job between photos rebuilds a session
 * (about a second) rather than hold both (about 0.4 GB more).
 */
const sessionLimit = () => (memoryIsAmple(deviceMemory()) ? 2 : 1);

const sessions = new Sessions({
  source: modelSource,
  choose: chooseAndReport,
  async create(source, backend, progress) {
    progress({ stage: 'starting the model', fraction: 1 });
    try {
      return await timed('build session', () => createSegmenter(source, backend));
    } finally {
      changed();
    }
  },
}, sessionLimit);

/** Whether any session is built or being built. */
export function sessionsHeld(): boolean {
  return sessions.sides.length > 0;
}

/** The session for a square input side (built on first use). Called from the model queue only. */
export function sessionFor(side: number, progress: Progress = () => {}): Promise<Segmenter> {
  return sessions.get(side, progress);
}

export async function engineLabel(): Promise<string> {
  const chosen = sessions.chosen;
  if (!chosen) throw new Error('the engine has not chosen a backend yet');
  return (await chosen).label;
}
