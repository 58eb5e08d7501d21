// What try-on reads from its two photos with the models: the person's pose
// and matte, and the garment cut out of its photo with the pose of anyone
// wearing it there. Everything after these readings is pure (./fit.ts).
import type { EngineProgress } from '../../../api/tasks';
import { cutOutSubject, subjectMatte } from '../../../engine/cutout';
import { DEFAULT_REFINEMENT, hasOwnAlpha, type PipelineSettings } from '../../../engine/matte';
import { FULL_MODEL_SIDE } from '../../../engine/model-side';
import type { RgbaImage } from '../../../imaging/image';
import { ApiError } from '../../../api/errors';
import { personProblem } from './body';
import { garmentMatte } from './garment-kind';
import { alphaOf, type GarmentReading, type PersonReading } from './fit';
import { detectPose, type PoseLandmark } from './pose-model';

/** The model side each photo's matte is made at (bench/README.md, eval:try-on). */
const TRY_ON_SIDES = { person: FULL_MODEL_SIDE, garment: FULL_MODEL_SIDE };

const matteAt = (side: number): PipelineSettings => ({ modelSide: () => side, refinement: DEFAULT_REFINEMENT });
export const PERSON_MATTE = matteAt(TRY_ON_SIDES.person);
export const GARMENT_MATTE = matteAt(TRY_ON_SIDES.garment);

/** The person's pose (`found` when the window read it) and matte; throws invalid_parameter (before the matte is made) when there is no person to dress. */
export async function readPerson(photo: RgbaImage, cutOut: boolean, progress: (p: EngineProgress) => void, found?: PoseLandmark[] | null): Promise<PersonReading> {
  const landmarks = found !== undefined ? found : await detectPose(photo);
  const problem = personProblem(landmarks, photo.width, photo.height);
  if (problem) throw new ApiError('invalid_parameter', problem);
  // A cut-out result takes the person's colours freed of the old background at
  // the edges; a JPEG keeps the photo's, so only the matte is needed.
  if (cutOut) return { ...(await cutOutSubject(photo, progress, PERSON_MATTE)), landmarks };
  return { image: photo, alpha: await subjectMatte(photo, progress, PERSON_MATTE), landmarks };
}

/** The garment cut out of its photo (its matte mended, or read off a plain backdrop: garmentMatte), and the pose of anyone wearing it. */
export async function readGarment(photo: RgbaImage, cutOut: boolean, progress: (p: EngineProgress) => void, found?: PoseLandmark[] | null): Promise<GarmentReading> {
  const landmarks = found !== undefined ? found : await detectPose(photo);
  if (!cutOut || hasOwnAlpha(photo)) return { image: photo, landmarks };
  return { image: (await cutOutSubject(photo, progress, GARMENT_MATTE, (alpha) => garmentMatte(photo, alpha))).image, landmarks };
}

/** Test builds: the models' own readings of a garment photo (the matte as the model gave it, unmended), for the eval's cache. */
export async function garmentModelReadings(photo: RgbaImage): Promise<{ landmarks: GarmentReading['landmarks']; alpha: Uint8ClampedArray }> {
  const landmarks = await detectPose(photo);
  return { landmarks, alpha: hasOwnAlpha(photo) ? alphaOf(photo) : await subjectMatte(photo, () => {}, GARMENT_MATTE) };
}
