// MediaPipe Pose (BlazePose, Apache-2.0, from @mediapipe/pose): 33 body
// landmarks of the most prominent person in an image, or null when it finds
// none. Its files are bundled by Vite and precached, so it runs offline. It
// runs in the task worker (worker/pose-model.ts) where a worker's
// OffscreenCanvas gives WebGL, which the solution uploads its input through;
// where it does not (WebKit), the window runs it (../window-pose.ts) and hands
// the landmarks to the task. This file is what both share.
import packedAssetsLoaderUrl from '@mediapipe/pose/pose_solution_packed_assets_loader.js?url';
import packedAssetsUrl from '@mediapipe/pose/pose_solution_packed_assets.data?url';
import wasmScriptUrl from '@mediapipe/pose/pose_solution_simd_wasm_bin.js?url';
import wasmUrl from '@mediapipe/pose/pose_solution_simd_wasm_bin.wasm?url';
import graphUrl from '@mediapipe/pose/pose_web.binarypb?url';
import landmarkModelUrl from '@mediapipe/pose/pose_landmark_full.tflite?url';
import type { RgbaImage } from '../../../imaging/image';

export { default as poseScriptUrl } from '@mediapipe/pose/pose.js?url';

/** One landmark as MediaPipe gives it: x and y in fractions of the image, visibility 0–1. */
export interface PoseLandmark {
  x: number;
  y: number;
  z: number;
  visibility?: number;
}

/** The landmarks of both photos, found in the window (null: nobody found). */
export interface TryOnPoses {
  person: PoseLandmark[] | null;
  garment: PoseLandmark[] | null;
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

export function locateFile(name: string): string {
  const url = FILES[name];
  if (!url) throw new Error(`MediaPipe Pose asked for ${name}, which this build does not ship`);
  return new URL(url, self.location.href).href;
}

interface PoseResults {
  poseLandmarks?: PoseLandmark[];
}

/** The part of the package's Pose class used here. */
export interface PoseSolution {
  setOptions(options: Record<string, unknown>): void;
  onResults(listener: (results: PoseResults) => void): void;
  initialize(): Promise<void>;
  reset(): void;
  send(inputs: { image: ImageBitmap }): Promise<void>;
}

export type PoseClass = new (config: { locateFile: (name: string) => string }) => PoseSolution;

/** A solution made and started as both places use it. */
export async function startPose(Pose: PoseClass): Promise<PoseSolution> {
  const pose = new Pose({ locateFile });
  // CPU inference (XNNPACK in WASM): about 0.1 s a photo here; the WebGL path is slower on
  // software GL and, in a worker, reads its input from the wrong context.
  // The JS solution has no static-image mode (it ignores `staticImageMode`): it tracks the
  // person from one send to the next, so detectOne resets it before every photo.
  pose.setOptions({ modelComplexity: 1, smoothLandmarks: false, enableSegmentation: false, minDetectionConfidence: 0.5, useCpuInference: true });
  await pose.initialize();
  return pose;
}

/** Landmarks from a solution loaded once by `load`, one photo at a time (it answers through one callback). */
export function poseDetector(load: () => Promise<PoseSolution>): (image: RgbaImage) => Promise<PoseLandmark[] | null> {
  let loading: Promise<PoseSolution> | null = null;
  let pending: ((results: PoseResults) => void) | null = null;
  let listening = false;
  let turn: Promise<unknown> = Promise.resolve();

  const model = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));

  async function detectOne(image: RgbaImage): Promise<PoseLandmark[] | null> {
    const pose = await model();
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

  return (image) => {
    const run = turn.then(() => detectOne(image));
    turn = run.catch(() => {});
    return run;
  };
}

/** Whether this engine gives an OffscreenCanvas WebGL, which the solution needs in a worker. */
export function offscreenWebGl(): boolean {
  if (typeof OffscreenCanvas === 'undefined') return false;
  try {
    const canvas = new OffscreenCanvas(1, 1);
    return Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
  } catch {
    return false;
  }
}
