// The try-on task: a person photo and a garment photo in, the person wearing
// the garment out (JPEG, or PNG with the person's alpha). Each step's time is
// reported: pose, masks (ISNet on both images), garment, warp, composite.
import { ApiError } from '../../../api/errors';
import type { EngineProgress, TaskContext } from '../../../api/tasks';
import { cutOutSubject, subjectMatte } from '../../../engine/cutout';
import { decodeImage } from '../../../engine/decode';
import { lapTimer } from '../../../engine/lap-timer';
import { hasOwnAlpha } from '../../../engine/matte';
import type { RgbaImage } from '../../../imaging/image';
import { encodePng } from '../../../imaging/png-encode';
import { tryOnMeta as meta } from '../shared/meta';
import type { TryOnArgs, TryOnOutput } from '../shared/tasks';
import { bodyKeypoints, bodyProblem } from './body';
import { dress } from './dress';
import type { AlphaMask } from './fit-types';
import { classifyGarment, garmentMaskProblem } from './garment-kind';
import { findGarmentLandmarks } from './garment-landmarks';
import { detectPose } from './pose-model';

function alphaOf(image: RgbaImage): Uint8ClampedArray {
  const alpha = new Uint8ClampedArray(image.width * image.height);
  for (let i = 0; i < alpha.length; i++) alpha[i] = image.data[i * 4 + 3];
  return alpha;
}

async function encodeJpeg(image: RgbaImage): Promise<Blob> {
  const canvas = new OffscreenCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2D canvas in this worker');
  context.putImageData(new ImageData(image.data as Uint8ClampedArray<ArrayBuffer>, image.width, image.height), 0, 0);
  return canvas.convertToBlob({ type: 'image/jpeg', quality: meta.jpegQuality });
}

export async function tryOn({ person, garment, options }: TryOnArgs, { progress }: TaskContext): Promise<TryOnOutput> {
  const { timings, lap } = lapTimer();
  progress({ stage: 'decoding', fraction: 0.01 });
  const personImage = await decodeImage(person);
  const garmentImage = await decodeImage(garment);
  lap('decode');

  progress({ stage: 'finding the body', fraction: 0.03 });
  const landmarks = await detectPose(personImage);
  if (!landmarks) throw new ApiError('invalid_parameter', 'person_image: no person was found in the image');
  const body = bodyKeypoints(landmarks, personImage.width, personImage.height);
  const problem = bodyProblem(body, personImage.width);
  if (problem) throw new ApiError('invalid_parameter', problem);
  lap('pose');

  const personProgress = (p: EngineProgress) => progress({ stage: 'finding the person', fraction: 0.08 + 0.4 * p.fraction });
  // A cut-out result takes the person's colours freed of the old background at
  // the edges; a JPEG keeps the photo's, so only the matte is needed.
  const personCut = options.removeBackground
    ? await cutOutSubject(personImage, personProgress)
    : { image: personImage, alpha: await subjectMatte(personImage, personProgress) };
  let garmentCut: RgbaImage = garmentImage;
  if (options.preprocessGarment && !hasOwnAlpha(garmentImage)) {
    garmentCut = (await cutOutSubject(garmentImage, (p) => progress({ stage: 'isolating the garment', fraction: 0.48 + 0.4 * p.fraction }))).image;
  }
  lap('masks');

  progress({ stage: 'reading the garment', fraction: 0.9 });
  const garmentMask: AlphaMask = { data: alphaOf(garmentCut), width: garmentCut.width, height: garmentCut.height };
  const garmentProblem = garmentMaskProblem(garmentMask);
  if (garmentProblem) throw new ApiError('invalid_parameter', `garment_image: ${garmentProblem}`);
  const kind = options.garmentMode === 'auto' ? classifyGarment(garmentMask).kind : options.garmentMode;
  const garmentLandmarks = findGarmentLandmarks(garmentMask, kind);
  lap('garment');

  progress({ stage: 'fitting the garment', fraction: 0.92 });
  const dressed = dress({ person: personCut.image, personAlpha: personCut.alpha, body, garment: garmentCut, kind, landmarks: garmentLandmarks }, lap);

  progress({ stage: 'encoding', fraction: 0.97 });
  const { width, height } = personImage;
  let blob: Blob;
  if (options.removeBackground) {
    const rgba = Uint8ClampedArray.from(dressed.image.data);
    for (let i = 0; i < dressed.alpha.length; i++) rgba[i * 4 + 3] = dressed.alpha[i];
    blob = await encodePng(rgba, width, height);
  } else {
    blob = await encodeJpeg(dressed.image);
  }
  lap('encode');
  const contentType = options.removeBackground ? 'image/png' : 'image/jpeg';
  return { blob, contentType, width, height, garmentKind: kind, timings };
}
