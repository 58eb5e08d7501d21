// Occlusion ordering: layers composited bottom to top with straight-alpha
// "over". A layer's optional mask (0–255) multiplies its alpha, so whatever
// must stay in front of it (arms, hands, hair) can be cut out of it.
import type { RgbaImage } from './image';

export interface Layer {
  image: RgbaImage;
  /** Alpha 0–255, one per pixel; 0 removes the layer there. */
  mask?: Uint8ClampedArray;
}

/** `layers` over `base`, first layer lowest; all the same size as base. */
export function layerOver(base: RgbaImage, layers: Layer[]): RgbaImage {
  const { width, height } = base;
  const out = Float32Array.from(base.data);
  for (const { image, mask } of layers) {
    if (image.width !== width || image.height !== height) {
      throw new Error(`layerOver: layer ${image.width}×${image.height} over base ${width}×${height}`);
    }
    for (let i = 0, p = 0; i < width * height; i++, p += 4) {
      const top = (image.data[p + 3] / 255) * (mask ? mask[i] / 255 : 1);
      if (top === 0) continue;
      const below = (out[p + 3] / 255) * (1 - top);
      const alpha = top + below;
      for (let c = 0; c < 3; c++) out[p + c] = (image.data[p + c] * top + out[p + c] * below) / alpha;
      out[p + 3] = alpha * 255;
    }
  }
  return { data: Uint8ClampedArray.from(out), width, height };
}
