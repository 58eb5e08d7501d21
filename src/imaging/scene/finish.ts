// From linear light to 8-bit sRGB, as a camera would: exposure, a soft
// shoulder instead of hard clipping, saturation, vignette, and a little
// grain, which is also what keeps smooth gradients from banding.
import { encodeSrgb } from './color';
import { hash2 } from './random';

export interface Finish {
  exposure: number;
  saturation: number;
  vignette: number;
  seed: number;
}

const KNEE = 0.8;
/** Squared distances from the centre (0–0.5) are looked up in this many steps. */
const VIGNETTE_STEPS = 512;
/** Grain amplitude in 8-bit levels; two hashes summed make it triangular, the right shape for dither. */
const GRAIN = 1.6;

function shoulder(v: number): number {
  return v < KNEE ? v : KNEE + (1 - KNEE) * (1 - Math.exp(-(v - KNEE) / (1 - KNEE)));
}

/** Opaque RGBA bytes from interleaved linear RGB. */
export function finishRgb(rgb: Float32Array, width: number, height: number, finish: Finish): Uint8ClampedArray {
  const out = new Uint8ClampedArray(width * height * 4);
  const { exposure, saturation, vignette, seed } = finish;
  const gainByRadius = Float32Array.from({ length: VIGNETTE_STEPS + 1 }, (_, i) => exposure * (1 - vignette * Math.min(1, i / VIGNETTE_STEPS) ** 1.5));
  for (let y = 0; y < height; y++) {
    const dy = (y + 0.5) / height - 0.5;
    for (let x = 0; x < width; x++) {
      const dx = (x + 0.5) / width - 0.5;
      const gain = gainByRadius[((dx * dx + dy * dy) * VIGNETTE_STEPS * 2) | 0];
      const i = y * width + x;
      let r = rgb[i * 3] * gain;
      let g = rgb[i * 3 + 1] * gain;
      let b = rgb[i * 3 + 2] * gain;
      const l = 0.2126 * r + 0.7152 * g + 0.0722 * b;
      r = shoulder(Math.max(0, l + (r - l) * saturation));
      g = shoulder(Math.max(0, l + (g - l) * saturation));
      b = shoulder(Math.max(0, l + (b - l) * saturation));
      // One hash, split into two uniform values whose sum is triangular.
      const h = hash2(x, y, seed) * 4096;
      const noise = ((h | 0) / 4096 + (h - (h | 0)) - 1) * GRAIN;
      out[i * 4] = encodeSrgb(r) + noise;
      out[i * 4 + 1] = encodeSrgb(g) + noise;
      out[i * 4 + 2] = encodeSrgb(b) + noise;
      out[i * 4 + 3] = 255;
    }
  }
  return out;
}
