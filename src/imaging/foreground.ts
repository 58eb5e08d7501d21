// Foreground colour estimation by blur-fusion (Forte & Pitié 2021,
// "Approximate Fast Foreground Colour Estimation"): two passes of
//   F = F̂ + α·(I − α·F̂ − (1 − α)·B̂)
// where F̂ and B̂ are box-blurred, alpha-weighted local means of foreground and
// background. Edge pixels then carry the subject's colour, not the backdrop's.
//
// The first pass uses a wide window; its means are smooth, so it runs at a
// working resolution and is upsampled. The second, narrow pass runs at full
// resolution in bands of rows, so memory stays bounded for 6000×6000 inputs.
import { BoxFilter, boxMean } from './box-filter';
import { createPlane, type Plane, type RgbaImage } from './image';
import { resizePlane, resizeRgbToPlanes, workingSize } from './resize';
import { BilinearRows } from './row-sampler';

export interface ForegroundOptions {
  /** Working long side of the first pass. */
  coarseSide: number;
  /** Box radius of the first pass, in working pixels. */
  coarseRadius: number;
  /** Box radius of the second pass, in full-resolution pixels. */
  fineRadius: number;
  /** Side of the square tiles of the second pass. */
  tile: number;
}

export const DEFAULT_FOREGROUND: ForegroundOptions = { coarseSide: 512, coarseRadius: 22, fineRadius: 3, tile: 64 };

const EPS = 1e-5;

/** Whether any pixel of a rectangle is partly transparent (0 < α < 255). */
function hasSoftAlpha(alpha: Uint8ClampedArray, width: number, x0: number, y0: number, x1: number, y1: number): boolean {
  for (let y = y0; y < y1; y++) {
    for (let i = y * width + x0, end = y * width + x1; i < end; i++) {
      const a = alpha[i];
      if (a !== 0 && a !== 255) return true;
    }
  }
  return false;
}

/**
 * Returns straight RGBA: the estimated foreground colour with `alpha` as its
 * alpha channel. Fully transparent pixels are written as 0,0,0,0.
 *
 * Where α is 255 the estimate is exactly the image, and where it is 0 it does
 * not matter, so the second pass only runs on tiles that hold soft alpha (the
 * subject's edge): a few percent of a large photo.
 */
export function estimateForeground(image: RgbaImage, alpha: Uint8ClampedArray, options = DEFAULT_FOREGROUND): Uint8ClampedArray {
  const out = new Uint8ClampedArray(image.width * image.height * 4);
  foregroundRows(image, alpha, foregroundCoarse(image, alpha, options), out, 0, image.height, options);
  return out;
}

/** Pass 1 at working resolution (F = B = I): the local means every band of pass 2 reads. */
export function foregroundCoarse(image: RgbaImage, alpha: Uint8ClampedArray, options = DEFAULT_FOREGROUND): Plane[] {
  const { width, height } = image;
  const size = workingSize(width, height, options.coarseSide);
  const [ir, ig, ib] = resizeRgbToPlanes(image, size.width, size.height);
  const a = resizePlane({ data: alpha, width, height }, size.width, size.height, 1 / 255);
  return coarseMeans([ir, ig, ib], a, options.coarseRadius);
}

/**
 * Pass 2 for rows [from, to) into `out`, which holds those rows only (row y
 * at (y − from)·width·4). A pixel depends on its fineRadius neighbourhood
 * alone, so bands computed apart (from a multiple of the tile) join up to
 * estimateForeground's image exactly.
 */
export function foregroundRows(
  image: RgbaImage,
  alpha: Uint8ClampedArray,
  coarse: Plane[],
  out: Uint8ClampedArray,
  from: number,
  to: number,
  options = DEFAULT_FOREGROUND,
): void {
  const { width, height, data } = image;
  const base = from * width;
  for (let i = base; i < to * width; i++) {
    if (alpha[i] !== 255) continue;
    const p = i * 4;
    const q = (i - base) * 4;
    out[q] = data[p];
    out[q + 1] = data[p + 1];
    out[q + 2] = data[p + 2];
    out[q + 3] = 255;
  }

  // Pass 2 at full resolution, tile by tile with a halo of fineRadius pixels.
  const r = options.fineRadius;
  const t = options.tile;
  // Tiles are all one size but at the image's right and bottom edges, so their
  // buffers and box filters are made once per size and reused.
  const weighted = Array.from({ length: 7 }, () => new Float32Array((t + 2 * r) * (t + 2 * r)));
  const filters = new Map<number, BoxFilter>();
  const filterFor = (w: number, h: number) => {
    const key = w * 65536 + h;
    let filter = filters.get(key);
    if (!filter) filters.set(key, (filter = new BoxFilter(w, h, r)));
    return filter;
  };
  for (let ty = from; ty < to; ty += t) {
    const y1 = Math.min(to, ty + t);
    for (let tx = 0; tx < width; tx += t) {
      const x1 = Math.min(width, tx + t);
      if (!hasSoftAlpha(alpha, width, tx, ty, x1, y1)) continue;
      const left = Math.max(0, tx - r);
      const top = Math.max(0, ty - r);
      const right = Math.min(width, x1 + r);
      const bottom = Math.min(height, y1 + r);
      const w = right - left;
      const h = bottom - top;
      const coarseRows = new BilinearRows(coarse, width, height, left, right);
      // α·F1 (3), (1−α)·B1 (3) and α over the tile with its halo.
      for (let y = top; y < bottom; y++) {
        const [fr, fg, fb, br, bg, bb] = coarseRows.row(y);
        const o = (y - top) * w;
        for (let x = left; x < right; x++) {
          const i = y * width + x;
          const p = i * 4;
          const k = x - left;
          const al = alpha[i] / 255;
          weighted[0][o + k] = al * firstPass(data[p] / 255, al, fr[k], br[k]);
          weighted[1][o + k] = al * firstPass(data[p + 1] / 255, al, fg[k], bg[k]);
          weighted[2][o + k] = al * firstPass(data[p + 2] / 255, al, fb[k], bb[k]);
          weighted[3][o + k] = (1 - al) * br[k];
          weighted[4][o + k] = (1 - al) * bg[k];
          weighted[5][o + k] = (1 - al) * bb[k];
          weighted[6][o + k] = al;
        }
      }
      const filter = filterFor(w, h);
      const blurred = weighted.map((plane) => filter.meanInto(plane, plane));
      for (let y = ty; y < y1; y++) {
        const o = (y - top) * w;
        for (let x = tx; x < x1; x++) {
          const i = y * width + x;
          const al8 = alpha[i];
          if (al8 === 0 || al8 === 255) continue;
          const p = i * 4;
          const q = (i - base) * 4;
          const k = o + x - left;
          const al = al8 / 255;
          const ba = blurred[6][k];
          out[q] = 255 * secondPass(data[p] / 255, al, blurred[0][k], blurred[3][k], ba);
          out[q + 1] = 255 * secondPass(data[p + 1] / 255, al, blurred[1][k], blurred[4][k], ba);
          out[q + 2] = 255 * secondPass(data[p + 2] / 255, al, blurred[2][k], blurred[5][k], ba);
          out[q + 3] = al8;
        }
      }
    }
  }
}

function clamp01(v: number) {
  return v < 0 ? 0 : v > 1 ? 1 : v;
}

/** F1 from pass 1's local means of foreground and background. */
function firstPass(i: number, a: number, meanF: number, meanB: number) {
  return clamp01(meanF + a * (i - a * meanF - (1 - a) * meanB));
}

/** F2 from the fine, alpha-weighted sums of pass 2. */
function secondPass(i: number, a: number, blurAF: number, blurBA: number, blurA: number) {
  const meanF = blurAF / (blurA + EPS);
  const meanB = blurBA / (1 - blurA + EPS);
  return clamp01(meanF + a * (i - a * meanF - (1 - a) * meanB));
}

/** Pass 1's F̂ (3 planes) and B̂ (3 planes) at working resolution. */
function coarseMeans(image: [Plane, Plane, Plane], alpha: Plane, radius: number): Plane[] {
  const blurA = boxMean(alpha, radius);
  const n = alpha.data.length;
  const means: Plane[] = [];
  const backgrounds: Plane[] = [];
  for (const channel of image) {
    const fa = createPlane(alpha.width, alpha.height);
    const ba = createPlane(alpha.width, alpha.height);
    for (let i = 0; i < n; i++) {
      fa.data[i] = channel.data[i] * alpha.data[i];
      ba.data[i] = channel.data[i] * (1 - alpha.data[i]);
    }
    const blurFA = boxMean(fa, radius);
    const blurBA = boxMean(ba, radius);
    for (let i = 0; i < n; i++) {
      blurFA.data[i] /= blurA.data[i] + EPS;
      blurBA.data[i] /= 1 - blurA.data[i] + EPS;
    }
    means.push(blurFA);
    backgrounds.push(blurBA);
  }
  return [...means, ...backgrounds];
}
