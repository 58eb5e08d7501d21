// Foreground colour estimation by blur-fusion (Forte & Pitié 2021,
// "Approximate Fast Foreground Colour Estimation"): two passes of
//   F = F̂ + α·(I − α·F̂ − (1 − α)·B̂)
// where F̂ and B̂ are box-blurred, alpha-weighted local means of foreground and
// background. Edge pixels then carry the subject's colour, not the backdrop's.
//
// The first pass uses a wide window; its means are smooth, so it runs at a
// working resolution and is upsampled. The second, narrow pass runs at full
// resolution in bands of rows, so memory stays bounded for 6000×6000 inputs.
import { boxMean } from './box-filter';
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
  /** Rows per band of the second pass. */
  bandRows: number;
}

export const DEFAULT_FOREGROUND: ForegroundOptions = { coarseSide: 512, coarseRadius: 22, fineRadius: 3, bandRows: 256 };

const EPS = 1e-5;

/**
 * Returns straight RGBA: the estimated foreground colour with `alpha` as its
 * alpha channel. Fully transparent pixels are written as 0,0,0,0.
 */
export function estimateForeground(image: RgbaImage, alpha: Uint8ClampedArray, options = DEFAULT_FOREGROUND): Uint8ClampedArray {
  const { width, height, data } = image;
  const out = new Uint8ClampedArray(width * height * 4);

  // Pass 1 at working resolution, F = B = I.
  const size = workingSize(width, height, options.coarseSide);
  const [ir, ig, ib] = resizeRgbToPlanes(image, size.width, size.height);
  const alphaPlane = createPlane(width, height);
  for (let i = 0; i < alpha.length; i++) alphaPlane.data[i] = alpha[i] / 255;
  const a = resizePlane(alphaPlane, size.width, size.height);
  alphaPlane.data = new Float32Array(0);
  const coarse = coarseMeans([ir, ig, ib], a, options.coarseRadius);
  const coarseRows = new BilinearRows(coarse, width, height);

  // Pass 2 at full resolution, band by band with a halo of fineRadius rows.
  const r = options.fineRadius;
  for (let y0 = 0; y0 < height; y0 += options.bandRows) {
    const y1 = Math.min(height, y0 + options.bandRows);
    const top = Math.max(0, y0 - r);
    const bottom = Math.min(height, y1 + r);
    const bandHeight = bottom - top;
    // α·F1 (3), (1−α)·B1 (3) and α over the band with its halo.
    const weighted = Array.from({ length: 7 }, () => createPlane(width, bandHeight));
    for (let y = top; y < bottom; y++) {
      const [fr, fg, fb, br, bg, bb] = coarseRows.row(y);
      const o = (y - top) * width;
      for (let x = 0; x < width; x++) {
        const i = y * width + x;
        const p = i * 4;
        const al = alpha[i] / 255;
        const f1r = firstPass(data[p] / 255, al, fr[x], br[x]);
        const f1g = firstPass(data[p + 1] / 255, al, fg[x], bg[x]);
        const f1b = firstPass(data[p + 2] / 255, al, fb[x], bb[x]);
        weighted[0].data[o + x] = al * f1r;
        weighted[1].data[o + x] = al * f1g;
        weighted[2].data[o + x] = al * f1b;
        weighted[3].data[o + x] = (1 - al) * br[x];
        weighted[4].data[o + x] = (1 - al) * bg[x];
        weighted[5].data[o + x] = (1 - al) * bb[x];
        weighted[6].data[o + x] = al;
      }
    }
    const blurred = weighted.map((plane) => boxMean(plane, r).data);
    for (let y = y0; y < y1; y++) {
      const o = (y - top) * width;
      for (let x = 0; x < width; x++) {
        const i = y * width + x;
        const p = i * 4;
        const al8 = alpha[i];
        if (al8 === 0) continue;
        const al = al8 / 255;
        const ba = blurred[6][o + x];
        out[p] = 255 * secondPass(data[p] / 255, al, blurred[0][o + x], blurred[3][o + x], ba);
        out[p + 1] = 255 * secondPass(data[p + 1] / 255, al, blurred[1][o + x], blurred[4][o + x], ba);
        out[p + 2] = 255 * secondPass(data[p + 2] / 255, al, blurred[2][o + x], blurred[5][o + x], ba);
        out[p + 3] = al8;
      }
    }
  }
  return out;
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
