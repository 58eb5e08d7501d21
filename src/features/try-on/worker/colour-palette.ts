// Colours of a part of a photo summed up as a small palette, and how far a
// pixel is from one: how try-on tells skin, hair and garments apart without
// a model for them.
import type { RgbaImage } from '../../../imaging/image';
import type { Point } from './fit-types';

export type Rgb = [number, number, number];

/** Only pixels at least this opaque are sampled. */
const SOLID = 160;

export interface Palette {
  colours: Rgb[];
}

export function pixel(image: RgbaImage, x: number, y: number): Rgb | null {
  const px = Math.round(x);
  const py = Math.round(y);
  if (px < 0 || py < 0 || px >= image.width || py >= image.height) return null;
  const i = (py * image.width + px) * 4;
  return [image.data[i], image.data[i + 1], image.data[i + 2]];
}

/** Up to `k` colours that sum up the pixels in a disc (a few rounds of k-means). */
export function palette(image: RgbaImage, alpha: Uint8ClampedArray, centres: readonly Point[], radius: number, k: number): Palette {
  const samples: Rgb[] = [];
  const step = Math.max(1, Math.round(radius / 5));
  for (const c of centres) {
    for (let dy = -radius; dy <= radius; dy += step) {
      for (let dx = -radius; dx <= radius; dx += step) {
        if (dx * dx + dy * dy > radius * radius) continue;
        const x = Math.round(c.x + dx);
        const y = Math.round(c.y + dy);
        if (x < 0 || y < 0 || x >= image.width || y >= image.height || alpha[y * image.width + x] < SOLID) continue;
        samples.push(pixel(image, x, y)!);
      }
    }
  }
  if (samples.length === 0) return { colours: [] };
  let colours = samples.filter((_, i) => i % Math.max(1, Math.floor(samples.length / k)) === 0).slice(0, k);
  for (let round = 0; round < 6; round++) {
    const sums = colours.map(() => [0, 0, 0, 0]);
    for (const s of samples) {
      const j = nearest(colours, s).index;
      sums[j][0] += s[0];
      sums[j][1] += s[1];
      sums[j][2] += s[2];
      sums[j][3]++;
    }
    colours = sums.filter((s) => s[3] > samples.length * 0.08).map((s) => [s[0] / s[3], s[1] / s[3], s[2] / s[3]] as Rgb);
    if (colours.length === 0) colours = [samples[0]];
  }
  return { colours };
}

function nearest(colours: readonly Rgb[], c: Rgb): { index: number; distance: number } {
  let index = 0;
  let distance = Infinity;
  colours.forEach((p, j) => {
    const d = Math.hypot(p[0] - c[0], p[1] - c[1], p[2] - c[2]);
    if (d < distance) {
      distance = d;
      index = j;
    }
  });
  return { index, distance };
}

/** Distance to a palette, brightness forgiven a little (the same cloth in shade). */
export function paletteDistance(p: Palette, c: Rgb): number {
  let best = Infinity;
  for (const q of p.colours) {
    const lc = c[0] + c[1] + c[2] + 1;
    const lq = q[0] + q[1] + q[2] + 1;
    const k = Math.min(1.8, Math.max(0.55, lq / lc));
    best = Math.min(best, Math.hypot(q[0] - c[0] * k, q[1] - c[1] * k, q[2] - c[2] * k) + 0.15 * Math.abs(lq - lc) / 3);
  }
  return best;
}


/** The face's landmarks a skin sample is taken beside. */
interface Face {
  nose: Point;
  earLeft: Point;
  earRight: Point;
}

/**
 * The person's skin as their cheeks show it (the one bare skin every photo
 * of a person shows), and the span between their ears it was read at (at
 * least 0.3 of the shoulders', for a face turned away).
 */
export function faceSkin(image: RgbaImage, alpha: Uint8ClampedArray, face: Face, shoulderSpan: number): { skin: Palette; earSpan: number } {
  const earSpan = Math.max(Math.hypot(face.earRight.x - face.earLeft.x, face.earRight.y - face.earLeft.y), 0.3 * shoulderSpan);
  const cheeks = [-1, 1].map((s) => ({ x: face.nose.x + s * 0.22 * earSpan, y: face.nose.y + 0.12 * earSpan }));
  return { skin: palette(image, alpha, cheeks, Math.max(2, Math.round(0.06 * earSpan)), 2), earSpan };
}
