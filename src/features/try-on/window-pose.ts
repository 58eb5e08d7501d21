// MediaPipe Pose in the window, for engines whose workers get no WebGL from
// an OffscreenCanvas (WebKit here): the solution needs it to take its input,
// and a page's own canvas gives it. The try-on job finds both photos'
// landmarks here and hands them to the task, which then runs no pose model;
// the Try-on page does the same for the garment whose kind it reads.
// The package is made for pages: it loads its parts with script elements.
import { decodeImage } from '../../engine/decode';
import { offscreenWebGl, poseDetector, poseScriptUrl, startPose, type PoseClass, type PoseLandmark, type TryOnPoses } from './shared/pose';

let script: Promise<PoseClass> | null = null;

function loadScript(): Promise<PoseClass> {
  const scope = window as typeof window & { Pose?: PoseClass };
  if (scope.Pose) return Promise.resolve(scope.Pose);
  script ??= new Promise<PoseClass>((resolve, reject) => {
    const element = document.createElement('script');
    element.src = new URL(poseScriptUrl, location.href).href;
    element.onload = () => (scope.Pose ? resolve(scope.Pose) : reject(new Error('MediaPipe Pose did not load')));
    element.onerror = () => reject(new Error('MediaPipe Pose could not be fetched'));
    document.head.append(element);
  }).catch((error: unknown) => {
    script = null;
    throw error;
  });
  return script;
}

const detectPose = poseDetector(async () => startPose(await loadScript()));

/**
 * One photo's landmarks where the task worker cannot find them itself, else
 * undefined (the task runs the model). A photo that does not decode is left to
 * the task, which answers malformed_image for it.
 */
export async function poseInWindow(photo: Blob): Promise<PoseLandmark[] | null | undefined> {
  if (offscreenWebGl()) return undefined;
  try {
    return await detectPose(await decodeImage(photo));
  } catch (error) {
    if ((error as { code?: string }).code === 'malformed_image') return undefined;
    throw error;
  }
}

/** Both photos' landmarks where the task worker cannot find them itself, else null (as poseInWindow). */
export async function posesInWindow(person: Blob, garment: Blob): Promise<TryOnPoses | null> {
  const personPose = await poseInWindow(person);
  if (personPose === undefined) return null;
  const garmentPose = await poseInWindow(garment);
  return garmentPose === undefined ? null : { person: personPose, garment: garmentPose };
}
