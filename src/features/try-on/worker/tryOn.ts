// The try-on task: a person photo and a garment photo in, the person wearing
// the garment out (JPEG, or PNG with the person's alpha). The models read
// both photos (./readings.ts), the fit is pure (./fit.ts). Each step's time
// is reported: pose, masks (ISNet on both images), garment, warp, composite.
import { ApiError } from '../../../api/errors';
import type { EngineProgress, TaskContext } from '../../../api/tasks';
import { decodeImage } from '../../../engine/decode';
import { lapTimer } from '../../../engine/lap-timer';
import type { RgbaImage } from '../../../imaging/image';
import { encodePng } from '../../../imaging/png-encode';
import { tryOnMeta as meta } from '../shared/meta';
import type { GarmentKindArgs, GarmentKindReading, TryOnArgs, TryOnOutput, TryOnReadings, TryOnReadingsArgs } from '../shared/tasks';
import { subjectMatte } from '../../../engine/cutout';
import { fitTryOn } from './fit';
import { detectPose } from './pose-model';
import { garmentModelReadings, PERSON_MATTE, readGarment, readPerson } from './readings';
import { readGarmentKind } from './read-kind';

async function encodeJpeg(image: RgbaImage): Promise<Blob> {
  const canvas = new OffscreenCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2D canvas in this worker');
  context.putImageData(new ImageData(image.data as Uint8ClampedArray<ArrayBuffer>, image.width, image.height), 0, 0);
  return canvas.convertToBlob({ type: 'image/jpeg', quality: meta.jpegQuality });
}

export async function tryOn({ person, garment, options, poses }: TryOnArgs, { progress }: TaskContext): Promise<TryOnOutput> {
  const { timings, lap } = lapTimer();
  progress({ stage: 'decoding', fraction: 0.01 });
  const [personImage, garmentImage] = await Promise.all([decodeImage(person), decodeImage(garment)]);
  lap('decode');

  // The two readings go together: while the model host runs ISNet for one,
  // this worker runs the other's pose model and edge refinement on the other core.
  progress({ stage: 'finding the person', fraction: 0.03 });
  const done = { person: 0, garment: 0 };
  const reading = (part: keyof typeof done, stage: string) => (p: EngineProgress) => {
    done[part] = p.fraction;
    progress({ stage, fraction: 0.08 + 0.4 * (done.person + done.garment) });
  };
  const [personReading, garmentReading] = await Promise.all([
    readPerson(personImage, options.removeBackground, reading('person', 'finding the person'), poses?.person),
    readGarment(garmentImage, options.preprocessGarment, reading('garment', 'isolating the garment'), poses?.garment),
  ]);
  lap('masks');

  progress({ stage: 'fitting the garment', fraction: 0.9 });
  const dressed = fitTryOn(personReading, garmentReading, options.garmentMode, lap);

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
  return { blob, contentType, width, height, garmentKind: dressed.kind, timings };
}

/**
 * The kind `auto` would dress the garment as, read from the photo as the
 * try-on reads it (one model run to cut it out, none for a cut-out), for the
 * page to show before it runs. Throws the try-on's own errors (no garment…).
 */
export async function tryOnGarmentKind({ garment, options, pose }: GarmentKindArgs, { progress }: TaskContext): Promise<GarmentKindReading> {
  const photo = await decodeImage(garment);
  return readGarmentKind(await readGarment(photo, options.preprocessGarment, progress, pose));
}

/**
 * Test builds only: the models' readings of a person or garment photo, for
 * the eval to cache and fit again in Node (bench/eval-try-on.ts).
 */
export async function tryOnReadings({ image, role }: TryOnReadingsArgs): Promise<TryOnReadings> {
  if (!__TEST_HOOKS__) throw new ApiError('not_implemented', 'tryOnReadings exists in test builds only');
  const photo = await decodeImage(image);
  const noProgress = () => {};
  if (role === 'person') {
    const landmarks = await detectPose(photo);
    const alpha = landmarks ? await subjectMatte(photo, noProgress, PERSON_MATTE) : new Uint8ClampedArray(photo.width * photo.height);
    return { landmarks, alpha, width: photo.width, height: photo.height };
  }
  const { landmarks, alpha } = await garmentModelReadings(photo);
  return { landmarks, alpha, width: photo.width, height: photo.height };
}
