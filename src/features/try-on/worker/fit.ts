// The pure half of try-on: from the readings of both photos (./readings.ts)
// to the person wearing the garment. Throws invalid_parameter when the
// person cannot be dressed or the garment cannot be read. No I/O, no models:
// the eval runs it in Node on readings it cached.
import { ApiError } from '../../../api/errors';
import type { RgbaImage } from '../../../imaging/image';
import type { GarmentMode } from '../shared/meta';
import { bodyKeypoints, personProblem } from './body';
import { openFoldedPose } from './folded-pose';
import { dress, type Dressed } from './dress';
import type { AlphaMask, GarmentKind, GarmentLandmarks } from './fit-types';
import { classifyGarment } from './garment-class';
import { garmentMaskProblem, hasHood } from './garment-kind';
import { findGarmentLandmarks } from './garment-landmarks';
import { showsPerson, takeGarment } from './garment-on-person';
import { flatTopScale, type GarmentScale } from './garment-scale';
import type { PoseLandmark } from './pose-model';

export interface PersonReading {
  /** The photo, or its colours freed of the old background when the result is a cut-out. */
  image: RgbaImage;
  alpha: Uint8ClampedArray;
  /** MediaPipe's landmarks, or null when it found nobody. */
  landmarks: PoseLandmark[] | null;
}

export interface GarmentReading {
  /** Straight RGBA: the garment (and whoever wears it) with the matte as alpha. */
  image: RgbaImage;
  /** The pose of a person in the garment photo, or null (a garment laid flat, or on a ghost mannequin). */
  landmarks: PoseLandmark[] | null;
}

export interface Fitted extends Dressed {
  kind: GarmentKind;
}

/** The alpha channel of an RGBA image. */
export function alphaOf(image: RgbaImage): Uint8ClampedArray {
  const alpha = new Uint8ClampedArray(image.width * image.height);
  for (let i = 0; i < alpha.length; i++) alpha[i] = image.data[i * 4 + 3];
  return alpha;
}

/** A garment ready to dress: its cut-out, its kind, its landmarks on it, and its scale when a person wore it. */
export interface PreparedGarment {
  image: RgbaImage;
  kind: GarmentKind;
  landmarks: GarmentLandmarks;
  worn: GarmentScale;
  /** Why `auto` read it as its kind (laid flat: what its outline shows). */
  reason?: string;
}

/** The garment of the garment photo, read; throws invalid_parameter when it cannot be. */
export function prepareGarment(garment: GarmentReading, mode: GarmentMode): PreparedGarment {
  if (garment.landmarks && showsPerson(garment.image, garment.landmarks)) {
    const taken = takeGarment(garment.image, garment.landmarks, mode);
    if (typeof taken === 'string') throw new ApiError('invalid_parameter', taken);
    return { image: taken.image, kind: taken.kind, landmarks: taken.landmarks, worn: { metresPerPixel: taken.metresPerPixel, wearer: taken.wearer } };
  }
  const garmentMask: AlphaMask = { data: alphaOf(garment.image), width: garment.image.width, height: garment.image.height };
  const garmentProblem = garmentMaskProblem(garmentMask);
  if (garmentProblem) throw new ApiError('invalid_parameter', `garment_image: ${garmentProblem}`);
  const read = mode === 'auto' ? classifyGarment(garmentMask) : null;
  const kind = read ? read.kind : (mode as GarmentKind);
  const landmarks = findGarmentLandmarks(garmentMask, kind);
  const worn = kind === 'lower' ? null : { metresPerPixel: flatTopScale(landmarks, garmentMask.width / 2, hasHood(garmentMask)), wearer: null };
  return { image: garment.image, kind, landmarks, worn, reason: read?.reason };
}

/** The person wearing a prepared garment; throws invalid_parameter when there is no person to dress. */
export function dressPerson(person: PersonReading, garment: PreparedGarment, lap: (step: string) => void = () => {}): Fitted {
  const problem = personProblem(person.landmarks, person.image.width, person.image.height);
  if (problem || !person.landmarks) throw new ApiError('invalid_parameter', problem ?? 'person_image: no person was found in the image');
  const { width, height } = person.image;
  const body = openFoldedPose(bodyKeypoints(person.landmarks, width, height), { data: person.alpha, width, height });
  const dressed = dress({ person: person.image, personAlpha: person.alpha, body, garment: garment.image, kind: garment.kind, landmarks: garment.landmarks, worn: garment.worn }, lap);
  return { ...dressed, kind: garment.kind };
}

export function fitTryOn(person: PersonReading, garment: GarmentReading, mode: GarmentMode, lap: (step: string) => void = () => {}): Fitted {
  const prepared = prepareGarment(garment, mode);
  lap('garment');
  return dressPerson(person, prepared, lap);
}
