// A subject on a plain backdrop (a product shot on paper or a wall): the
// backdrop read from the image's border as a smooth surface per channel (a
// quadratic in x and y, for a studio light's falloff), its noise from what
// the border leaves off that surface, and the subject as what stands off the
// surface by more than the noise. It finds a subject of nearly the
// backdrop's own colour (a white tee on white paper) that a learned
// background remover drops, and nothing at all on a busy background.
import { boxMean } from './box-filter';
import { createPlane, type RgbaImage } from './image';
import { solveLinear } from './linear-solve';
import { resizeRgba, workingSize } from './resize';

export interface BackdropOptions {
  /** Width of the border read as backdrop, as a share of the shorter side. */
  border: number;
  /** The border's noise (8-bit levels) above which the backdrop is not plain. */
  maxNoise: number;
  /** How far off the backdrop (in the noise's units, after a 5×5 mean) a pixel is the subject. */
  contrast: number;
  /** Smallest step off the backdrop (8-bit levels) that counts, however quiet the border. */
  minStep: number;
  /** A bigger image is read at this long side and its mask scaled up (nearest pixel). */
  maxSide: number;
}

export const DEFAULT_BACKDROP: BackdropOptions = { border: 0.03, maxNoise: 6, contrast: 4, minStep: 2, maxSide: 1024 };

/** Most border pixels the surface is fitted to (a stride keeps big photos cheap). */
const MAX_SAMPLES = 4000;
/** Border pixels off the first surface by more than this many noise units are refitted without (a subject touching the frame). */
const OUTLIER = 4;
/** Noise of an 8-bit channel is never below this (rounding). */
const MIN_NOISE = 0.5;

const basis = (u: number, v: number) => [1, u, v, u * u, u * v, v * v];

interface Surface {
  coefficients: Float64Array[];
  noise: number[];
}

function fitSurface(samples: { u: number; v: number; rgb: number[] }[]): Surface {
  const n = 6;
  const normal = new Float64Array(n * n);
  const rhs = [new Float64Array(n), new Float64Array(n), new Float64Array(n)];
  for (const { u, v, rgb } of samples) {
    const b = basis(u, v);
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) normal[i * n + j] += b[i] * b[j];
      for (let c = 0; c < 3; c++) rhs[c][i] += b[i] * rgb[c];
    }
  }
  const coefficients = solveLinear(normal, rhs, n);
  const noise = [0, 1, 2].map((c) => {
    const residuals = samples.map(({ u, v, rgb }) => Math.abs(rgb[c] - evaluate(coefficients[c], u, v))).sort((a, b) => a - b);
    // The median absolute residual, scaled to a standard deviation.
    return Math.max(MIN_NOISE, 1.4826 * (residuals[Math.floor(residuals.length / 2)] ?? 0));
  });
  return { coefficients, noise };
}

function evaluate(coefficients: Float64Array, u: number, v: number): number {
  const b = basis(u, v);
  let sum = 0;
  for (let i = 0; i < b.length; i++) sum += coefficients[i] * b[i];
  return sum;
}

/**
 * The subject's mask (0 or 255) against a plain backdrop, or null when the
 * border is no plain backdrop (busier than `maxNoise`).
 */
export function backdropMask(image: RgbaImage, options: BackdropOptions = DEFAULT_BACKDROP): Uint8ClampedArray | null {
  const working = workingSize(image.width, image.height, options.maxSide);
  if (working.width === image.width && working.height === image.height) return maskAtSize(image, options);
  const small = maskAtSize(resizeRgba(image, working.width, working.height), options);
  if (!small) return null;
  const out = new Uint8ClampedArray(image.width * image.height);
  for (let y = 0; y < image.height; y++) {
    const row = Math.min(working.height - 1, Math.floor(((y + 0.5) * working.height) / image.height)) * working.width;
    for (let x = 0; x < image.width; x++) out[y * image.width + x] = small[row + Math.min(working.width - 1, Math.floor(((x + 0.5) * working.width) / image.width))];
  }
  return out;
}

function maskAtSize(image: RgbaImage, options: BackdropOptions): Uint8ClampedArray | null {
  const { width, height, data } = image;
  const band = Math.max(2, Math.round(options.border * Math.min(width, height)));
  const u = (x: number) => (2 * x) / Math.max(1, width - 1) - 1;
  const v = (y: number) => (2 * y) / Math.max(1, height - 1) - 1;
  const borderCount = 2 * band * (width + height);
  const stride = Math.max(1, Math.round(Math.sqrt(borderCount / MAX_SAMPLES)));
  let samples: { u: number; v: number; rgb: number[] }[] = [];
  for (let y = 0; y < height; y += stride) {
    for (let x = 0; x < width; x += stride) {
      if (x >= band && x < width - band && y >= band && y < height - band) continue;
      const p = (y * width + x) * 4;
      samples.push({ u: u(x), v: v(y), rgb: [data[p], data[p + 1], data[p + 2]] });
    }
  }
  if (samples.length < 12) return null;
  let surface = fitSurface(samples);
  const distance = (s: { u: number; v: number; rgb: number[] }, fit: Surface) => Math.max(...[0, 1, 2].map((c) => Math.abs(s.rgb[c] - evaluate(fit.coefficients[c], s.u, s.v)) / fit.noise[c]));
  const first = surface;
  samples = samples.filter((s) => distance(s, first) <= OUTLIER);
  if (samples.length < 12) return null;
  surface = fitSurface(samples);
  if (Math.max(...surface.noise) > options.maxNoise) return null;

  // The residual per channel, averaged over 5×5 so a step under the single pixel's noise still shows.
  const residuals = [0, 1, 2].map((c) => {
    const plane = createPlane(width, height);
    const [a0, a1, a2, a3, a4, a5] = surface.coefficients[c];
    for (let y = 0; y < height; y++) {
      const vy = v(y);
      // The quadratic along the row: a0 + a2·v + a5·v² + (a1 + a4·v)·u + a3·u².
      const constant = a0 + a2 * vy + a5 * vy * vy;
      const linear = a1 + a4 * vy;
      for (let x = 0, i = y * width; x < width; x++, i++) {
        const ux = u(x);
        plane.data[i] = data[i * 4 + c] - (constant + linear * ux + a3 * ux * ux);
      }
    }
    return boxMean(plane, 2).data;
  });
  // The mean of 25 pixels has a fifth of one pixel's noise.
  const limits = surface.noise.map((n) => Math.max(options.minStep, (options.contrast * n) / 5));
  const off = createPlane(width, height);
  for (let i = 0; i < off.data.length; i++) {
    if (Math.abs(residuals[0][i]) > limits[0] || Math.abs(residuals[1][i]) > limits[1] || Math.abs(residuals[2][i]) > limits[2]) off.data[i] = 1;
  }
  // The 5×5 mean carried every step up to 2 px out past the subject's edge. Eroding 1 px takes most of that
  // back and keeps a faint edge near the backdrop's colour (2 px lost a white tee's pale top: eval:try-on tuning half).
  const whole = boxMean(off, 1).data;
  const mask = new Uint8ClampedArray(width * height);
  for (let i = 0; i < mask.length; i++) if (whole[i] > 0.999) mask[i] = 255;
  return mask;
}
