// Mask arithmetic: normalising the model's output, telling whether it found a
// subject, and where the subject is.
import type { Plane } from './image';

/** Min-max normalisation to 0–1, as the DIS reference does to ISNet's output. */
export function minMaxNormalise(plane: Plane): Plane {
  let min = Infinity;
  let max = -Infinity;
  for (const v of plane.data) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const range = max - min;
  const data = new Float32Array(plane.data.length);
  if (range > 0) for (let i = 0; i < data.length; i++) data[i] = (plane.data[i] - min) / range;
  return { ...plane, data };
}

/** Maps alpha in [low, high] (0–1) linearly onto the full range, in place; outside it clamps. */
export function stretchAlpha(alpha: Uint8ClampedArray, low: number, high: number): Uint8ClampedArray {
  const scale = 1 / (high - low);
  // 256 possible inputs: a table, rounded and clamped as the array itself would.
  const table = new Uint8ClampedArray(256);
  for (let v = 0; v < 256; v++) table[v] = (v / 255 - low) * scale * 255;
  for (let i = 0; i < alpha.length; i++) alpha[i] = table[alpha[i]];
  return alpha;
}

export interface MaskStats {
  max: number;
  /** Share of pixels above 0.5. */
  coverage: number;
}

export function maskStats(plane: Plane): MaskStats {
  let max = 0;
  let above = 0;
  for (const v of plane.data) {
    if (v > max) max = v;
    if (v > 0.5) above++;
  }
  return { max, coverage: above / plane.data.length };
}

/**
 * Whether the raw (sigmoid) output shows a subject: some pixels confidently
 * foreground, over a meaningful area. A flat or empty image gives neither.
 */
export function hasSubject(raw: Plane): boolean {
  const { max, coverage } = maskStats(raw);
  return max >= 0.5 && coverage >= 0.0005;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The smallest box holding every pixel whose alpha is at least `threshold`; null if none. */
export function alphaBoundingBox(alpha: Uint8ClampedArray, width: number, height: number, threshold = 8): Box | null {
  let minX = width;
  let minY = height;
  let maxX = -1;
  let maxY = -1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      if (alpha[row + x] >= threshold) {
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        maxY = y;
      }
    }
  }
  if (maxX < 0) return null;
  return { x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1 };
}
