// The generate-background task: file in, JPEG scene out.
import { lapTimer } from '../../../engine/lap-timer';
import { cutOutSubject } from '../../../engine/cutout';
import { decodeImage } from '../../../engine/decode';
import { hasOwnAlpha } from '../../../engine/matte';
import type { TaskContext } from '../../../api/tasks';
import { generateBackgroundMeta as meta } from '../shared/meta';
import type { GenerateBackgroundArgs, GenerateBackgroundOutput } from '../shared/tasks';
import { generatePixels, type Subject } from './generate-pixels';

function randomSeed(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0];
}

export async function generateBackground({ input, options }: GenerateBackgroundArgs, { progress }: TaskContext): Promise<GenerateBackgroundOutput> {
  const { timings, lap } = lapTimer();
  progress({ stage: 'decoding', fraction: 0.02 });
  const image = await decodeImage(input);
  lap('decode');
  let subject: Subject = { image, cutOut: false };
  if (!hasOwnAlpha(image)) {
    const cutout = await cutOutSubject(image, (p) => progress({ stage: p.stage, fraction: 0.05 + 0.75 * p.fraction }));
    subject = { image: cutout.image, cutOut: true };
    lap('cutout');
  }
  progress({ stage: 'building the set', fraction: 0.82 });
  const seed = options.seed ?? randomSeed();
  const { image: scene, unusedWords } = generatePixels(subject, options, seed);
  lap('scene');
  progress({ stage: 'encoding JPEG', fraction: 0.95 });
  const canvas = new OffscreenCanvas(scene.width, scene.height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2D canvas in this worker');
  context.putImageData(new ImageData(scene.data as Uint8ClampedArray<ArrayBuffer>, scene.width, scene.height), 0, 0);
  const blob = await canvas.convertToBlob({ type: meta.contentType, quality: meta.jpegQuality });
  lap('encode');
  return { blob, contentType: meta.contentType, width: scene.width, height: scene.height, seed, unusedWords, timings };
}
