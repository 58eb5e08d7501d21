// What the product does to the set around it: the shadow it casts (in the
// colour of the fill light, not black) and its reflection on a glossy surface.
import { boxMean } from '../box-filter';
import { createPlane, type RgbaImage } from '../image';
import type { Box } from '../mask';
import { castShadow, shadowAt } from '../shadow';
import { SRGB_TO_LINEAR } from './color';
import type { LightSpec } from './recipe';

const SHADOW_WORKING_SIDE = 384;

/**
 * Darkens the surface under and behind the product.
 * @param floorTop first canvas row of the surface: the shadow does not climb the wall
 */
export function applyShadow(rgb: Float32Array, side: number, product: RgbaImage, box: Box, light: LightSpec, floorTop: number): void {
  // The shadow model never reaches more than its image's size past the
  // image; a low light throws a longer shadow, so give it a product's width
  // of room on each side.
  const pad = product.width;
  const width = product.width + 2 * pad;
  const alpha = new Uint8ClampedArray(width * product.height);
  for (let y = 0; y < product.height; y++) {
    for (let x = 0; x < product.width; x++) alpha[y * width + pad + x] = product.data[(y * product.width + x) * 4 + 3];
  }
  const layer = castShadow(alpha, width, product.height, { opacity: light.shadowOpacity, lightSize: light.size, light }, SHADOW_WORKING_SIDE);
  if (!layer) return;
  const left = box.x - pad;
  // Shadowed areas keep the fill light only, so they take its colour.
  const keep = light.ambient.map((a, c) => a / (a + light.color[c] + 1e-6));
  const x0 = Math.max(0, Math.floor(left + layer.x));
  const y0 = Math.max(Math.ceil(floorTop), Math.floor(box.y + layer.y));
  const x1 = Math.min(side, Math.ceil(left + layer.x + layer.alpha.width / layer.scale));
  const y1 = Math.min(side, Math.ceil(box.y + layer.y + layer.alpha.height / layer.scale));
  for (let y = y0; y < y1; y++) {
    const fade = Math.min(1, (y - floorTop) / 3);
    for (let x = x0; x < x1; x++) {
      const s = shadowAt(layer, x - left + 0.5, y - box.y + 0.5) * fade;
      if (s <= 0) continue;
      const o = (y * side + x) * 3;
      rgb[o] *= 1 - s * (1 - keep[0]);
      rgb[o + 1] *= 1 - s * (1 - keep[1]);
      rgb[o + 2] *= 1 - s * (1 - keep[2]);
    }
  }
}

/** How far below the foot a reflection reaches, in product heights. */
const REFLECTION_REACH = 0.45;

/**
 * Mirrors the product in the surface below its foot, fading with distance
 * and slightly blurred, as a polished but not mirror-flat top shows it.
 */
export function applyReflection(rgb: Float32Array, side: number, product: RgbaImage, box: Box, strength: number): void {
  if (strength <= 0) return;
  const foot = box.y + box.height;
  const reach = Math.min(side - foot, Math.ceil(box.height * REFLECTION_REACH));
  if (reach <= 0) return;
  const { width, height } = product;
  const rows = Math.min(height, reach);
  // Premultiplied linear planes of the rows that get mirrored, blurred together.
  const planes = [0, 1, 2, 3].map(() => createPlane(width, rows));
  for (let r = 0; r < rows; r++) {
    const src = (height - 1 - r) * width;
    for (let x = 0; x < width; x++) {
      const p = (src + x) * 4;
      const a = product.data[p + 3] / 255;
      const i = r * width + x;
      planes[0].data[i] = SRGB_TO_LINEAR[product.data[p]] * a;
      planes[1].data[i] = SRGB_TO_LINEAR[product.data[p + 1]] * a;
      planes[2].data[i] = SRGB_TO_LINEAR[product.data[p + 2]] * a;
      planes[3].data[i] = a;
    }
  }
  const radius = Math.max(1, Math.round(box.height * 0.006));
  const [pr, pg, pb, pa] = planes.map((p) => boxMean(boxMean(p, radius), radius).data);
  const fadeLength = box.height * REFLECTION_REACH * 0.4;
  for (let r = 0; r < rows; r++) {
    const y = foot + r;
    if (y < 0) continue;
    const fade = strength * Math.exp(-r / fadeLength);
    for (let x = Math.max(0, -box.x); x < Math.min(width, side - box.x); x++) {
      const i = r * width + x;
      const a = pa[i] * fade;
      if (a <= 0.002) continue;
      const o = (y * side + box.x + x) * 3;
      rgb[o] = rgb[o] * (1 - a) + pr[i] * fade;
      rgb[o + 1] = rgb[o + 1] * (1 - a) + pg[i] * fade;
      rgb[o + 2] = rgb[o + 2] * (1 - a) + pb[i] * fade;
    }
  }
}
