// MediaPipe Pose in the task worker (../shared/pose.ts says what it is).
//
// The package is a classic-script build: it loads its parts with
// importScripts, which a module worker lacks, so a small shim evaluates them
// as classic scripts. Its worker path (pinned version 0.5.1675469404) has two
// gaps this file closes: it would importScripts the .tflite model too (the
// model is fetched by the wasm itself, so the shim skips non-scripts), and it
// never keeps the WebGL context it creates, which the input upload needs.
import { locateFile, poseDetector, poseScriptUrl, startPose, type PoseClass, type PoseSolution } from '../shared/pose';

export type { PoseLandmark } from '../shared/pose';

type PoseGlobals = typeof globalThis & {
  Pose?: PoseClass;
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

async function loadPose(): Promise<PoseSolution> {
  const scope = globalThis as PoseGlobals;
  installScriptLoader(scope);
  if (!scope.Pose) loadClassicScript(new URL(poseScriptUrl, self.location.href).href);
  if (!scope.Pose) throw new Error('MediaPipe Pose did not load');
  const pose = await startPose(scope.Pose);
  keepGlContext(pose);
  return pose;
}

/** The landmarks of the most prominent person, or null when the model finds nobody. */
export const detectPose = poseDetector(loadPose);
