// The product goes into the scene exactly as cut out: where it is opaque its
// pixels are copied unchanged; only its soft edge blends with the scene,
// through its alpha, with a faint light wrap (the scene's light spilling
// over the edge, as it does around a real object photographed in the set).
import type { RgbaImage } from '../image';
import type { Box } from '../mask';

const LIGHT_WRAP = 0.3;

/** Draws the product over opaque RGBA `scene` (side × side) into its box, in place. */
export function compositeProduct(scene: Uint8ClampedArray, side: number, product: RgbaImage, box: Box): void {
  for (let py = Math.max(0, -box.y); py < Math.min(product.height, side - box.y); py++) {
    const y = box.y + py;
    for (let px = Math.max(0, -box.x); px < Math.min(product.width, side - box.x); px++) {
      const p = (py * product.width + px) * 4;
      const alpha = product.data[p + 3];
      if (alpha === 0) continue;
      const o = (y * side + box.x + px) * 4;
      if (alpha === 255) {
        scene[o] = product.data[p];
        scene[o + 1] = product.data[p + 1];
        scene[o + 2] = product.data[p + 2];
        continue;
      }
      const a = alpha / 255;
      const wrap = LIGHT_WRAP * (1 - a);
      for (let c = 0; c < 3; c++) {
        const background = scene[o + c];
        const foreground = product.data[p + c] + (background - product.data[p + c]) * wrap;
        scene[o + c] = foreground * a + background * (1 - a);
      }
    }
  }
}
