// The subject of a decoded image, cut out in a worker with the engine's model:
// its alpha matte and its foreground colours (edges free of the old background).
import type { RgbaImage } from '../imaging/image';
import { Banded, unshared } from './bands';
import { IMAGE_MATTE, matte, type PipelineSettings } from './matte';
import type { EngineProgress } from '../api/tasks';
import { segment } from './model-client';

export interface Cutout {
  /** Straight RGBA: foreground colours with the matte as alpha. */
  image: RgbaImage;
  alpha: Uint8ClampedArray;
}

/**
 * The subject's alpha matte alone, for callers that keep the photo's own colours.
 * @param progress fractions 0–1 cover the model load, the run and the refinement
 * @param settings the model side and refinement; a photo's by default
 */
export async function subjectMatte(image: RgbaImage, progress: (p: EngineProgress) => void = () => {}, settings: PipelineSettings = IMAGE_MATTE): Promise<Uint8ClampedArray> {
  return unshared(await matteOf(image, Banded.for(image), progress, settings));
}

function matteOf(image: RgbaImage, banded: Banded, progress: (p: EngineProgress) => void, settings: PipelineSettings): Promise<Uint8ClampedArray> {
  const loading = (p: EngineProgress) => progress({ stage: p.stage, fraction: 0.05 * p.fraction });
  return matte(image, (tensor, side) => segment(tensor, side, loading), settings, progress, banded);
}

/**
 * @param progress fractions 0–1 cover the model load, the run and the refinement
 * @param settings the model side and refinement; a photo's by default
 * @param amend changes the matte before the colours are estimated (try-on's garment mends the bites a remover took)
 */
export async function cutOutSubject(
  image: RgbaImage,
  progress: (p: EngineProgress) => void = () => {},
  settings: PipelineSettings = IMAGE_MATTE,
  amend: (alpha: Uint8ClampedArray) => Uint8ClampedArray = (alpha) => alpha,
): Promise<Cutout> {
  const banded = Banded.for(image);
  const alpha = amend(await matteOf(image, banded, progress, settings));
  progress({ stage: 'estimating colours', fraction: 0.9 });
  return { image: { data: await banded.foreground(alpha), width: image.width, height: image.height }, alpha: unshared(alpha) };
}
