// MediaPipe Pose (BlazePose, Apache-2.0, from @mediapipe/pose) in the engine
// worker: 33 body landmarks of the most prominent person in an image, or
// null when it finds none. Its files are bundled by Vite and precached, so it
// runs offline.
//
// The package is a classic-script build: it loads its parts with
// importScripts, which a module worker lacks, so a small shim evaluates them
// as classic scripts. Its worker path (pinned version 0.5.1675469404) has two
// gaps this file closes: it would importScripts the .tflite model too (the
// model is fetched by the wasm itself, so the shim skips non-scripts), and it
// never keeps the WebGL context it creates, which the input upload needs.
import poseScriptUrl from '@mediapipe/pose/pose.js?url';
import packedAssetsLoaderUrl from '@mediapipe/pose/pose_solution_packed_assets_loader.js?url';
import packedAssetsUrl from '@mediapipe/pose/pose_solution_packed_assets.data?url';
import wasmScriptUrl from '@mediapipe/pose/pose_solution_simd_wasm_bin.js?url';
import wasmUrl from '@mediapipe/pose/pose_solution_simd_wasm_bin.wasm?url';
import graphUrl from '@mediapipe/pose/pose_web.binarypb?url';
import landmarkModelUrl from '@mediapipe/pose/pose_landmark_full.tflite?url';
import type { RgbaImage } from '../../../imaging/image';

/** One landmark as MediaPipe gives it: x and y in fractions of the image, visibility 0–1. */
export interface PoseLandmark {
  x: number;
  y: number;
  z: number;
  visibility?: number;
}

/** The files the package asks for by name, and where the build put them. */
const FILES: Record<string, string> = {
  'pose_solution_packed_assets_loader.js': packedAssetsLoaderUrl,
  'pose_solution_packed_assets.data': packedAssetsUrl,
  'pose_solution_simd_wasm_bin.js': wasmScriptUrl,
  'pose_solution_simd_wasm_bin.wasm': wasmUrl,
  'pose_web.binarypb': graphUrl,
  'pose_landmark_full.tflite': landmarkModelUrl,
};

function locateFile(name: string): string {
  const url = FILES[name];
  if (!url) throw new Error(`MediaPipe Pose asked for ${name}, which this build does not ship`);
  return new URL(url, self.location.href).href;
}

interface PoseResults {
  poseLandmarks?: PoseLandmark[];
}

/** The part of the package's Pose class this file uses. */
interface PoseSolution {
  setOptions(options: Record<string, unknown>): void;
  onResults(listener: (results: PoseResults) => void): void;
  initialize(): Promise<void>;
  reset(): void;
  send(inputs: { image: ImageBitmap }): Promise<void>;
}

type PoseGlobals = typeof globalThis & {
  Pose?: new (config: { locateFile: (name: string) => string }) => PoseSolution;
  createMediapipeSolutionsPackedAssets?: { locateFile: (name: string) => string };
  importScripts: (...urls: (string | URL)[]) => void;
};

/** Runs classic scripts in the worker's global scope, as importScripts would. */
function loadClassicScript(url: string): void {
  const request = new XMLHttpRequest();
  request.open('GET', url, false);
  request.send();
  if (request.status !== 200) throw new Error(`could not load ${url} (${request.status})`);
  (0, eval)(`${request.responseText}\n//# sourceURL=${url}`);
}

function installScriptLoader(scope: PoseGlobals): void {
  scope.importScripts = (...urls: (string | URL)[]) => {
    for (const url of urls.map(String)) if (/\.js($|\?)/.test(url)) loadClassicScript(url);
  };
  scope.createMediapipeSolutionsPackedAssets = { locateFile };
}

/**
 * The solution keeps its WebGL context on a private field in page builds
 * only; find the inner object that holds the GL module and give it the
 * current context, so uploading an image works in a worker.
 */
function keepGlContext(pose: PoseSolution): void {
  type Inner = { i?: { GL?: { currentContext?: { GLctx?: unknown } } }; K?: unknown };
  const inner = Object.values(pose as object).find(
    (value): value is Inner => typeof value === 'object' && value !== null && Boolean((value as Inner).i?.GL),
  );
  const context = inner?.i?.GL?.currentContext?.GLctx;
  if (!inner || !context) throw new Error('MediaPipe Pose has no WebGL context in this worker (has the package changed?)');
  inner.K ??= context;
}

let loading: Promise<PoseSolution> | null = null;

async function loadPose(): Promise<PoseSolution> {
  const scope = globalThis as PoseGlobals;
  installScriptLoader(scope);
  if (!scope.Pose) loadClassicScript(new URL(poseScriptUrl, self.location.href).href);
  if (!scope.Pose) throw new Error('MediaPipe Pose did not load');
  const pose = new scope.Pose({ locateFile });
  // CPU inference (XNNPACK in WASM): about 0.1 s a photo here; the WebGL path is slower on
  // software GL and, in a worker, reads its input from the wrong context.
  // The JS solution has no static-image mode (it ignores `staticImageMode`): it tracks the
  // person from one send to the next, so detectOne resets it before every photo.
  pose.setOptions({ modelComplexity: 1, smoothLandmarks: false, enableSegmentation: false, minDetectionConfidence: 0.5, useCpuInference: true });
  await pose.initialize();
  keepGlContext(pose);
  return pose;
}

function poseModel(): Promise<PoseSolution> {
  loading ??= loadPose().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

let pending: ((results: PoseResults) => void) | null = null;
let listening = false;

/** One photo at a time: the solution answers through one results callback. */
let turn: Promise<unknown> = Promise.resolve();

/** The landmarks of the most prominent person, or null when the model finds nobody. */
export function detectPose(image: RgbaImage): Promise<PoseLandmark[] | null> {
  const run = turn.then(() => detectOne(image));
  turn = run.catch(() => {});
  return run;
}

async function detectOne(image: RgbaImage): Promise<PoseLandmark[] | null> {
  const pose = await poseModel();
  if (!listening) {
    pose.onResults((results) => pending?.(results));
    listening = true;
  }
  const bitmap = await createImageBitmap(new ImageData(image.data as Uint8ClampedArray<ArrayBuffer>, image.width, image.height));
  try {
    const results = new Promise<PoseResults>((resolve) => (pending = resolve));
    // Each photo on its own: without this, the region the last photo's person was found in is
    // searched first (a head-and-shoulders portrait left a whole person read with no hips in view).
    pose.reset();
    await pose.send({ image: bitmap });
    return (await results).poseLandmarks ?? null;
  } finally {
    pending = null;
    bitmap.close();
  }
}
