// The segmentation model's input: the image resized (antialiased) to the
// model's square and normalised as the DIS reference: x/255 − 0.5, std 1, CHW.
import type { RgbaImage } from './image';
import { resizeRgbToPlanes } from './resize';

export interface Normalisation {
  mean: readonly [number, number, number];
  std: readonly [number, number, number];
}

export const DIS_NORMALISATION: Normalisation = { mean: [0.5, 0.5, 0.5], std: [1, 1, 1] };

export function toModelInput(image: RgbaImage, side: number, norm: Normalisation = DIS_NORMALISATION): Float32Array {
  const planes = resizeRgbToPlanes(image, side, side);
  const size = side * side;
  const tensor = new Float32Array(3 * size);
  for (let c = 0; c < 3; c++) {
    const src = planes[c].data;
    const mean = norm.mean[c];
    const std = norm.std[c];
    const offset = c * size;
    for (let i = 0; i < size; i++) tensor[offset + i] = (src[i] - mean) / std;
  }
  return tensor;
}
