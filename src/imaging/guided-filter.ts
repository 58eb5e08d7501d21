// Fast guided filter (He & Sun 2015) with a colour guide: the linear model
// q = a·I + b is fitted at low resolution, where the mask is, then its smooth
// coefficients are upsampled and applied to the full-resolution image, so the
// mask takes the image's own edges without any full-resolution filtering.
import { boxMean, multiply } from './box-filter';
import { createPlane, type Plane, type RgbaImage } from './image';
import { BilinearRows } from './row-sampler';

export interface GuidedCoefficients {
  a: [Plane, Plane, Plane];
  b: Plane;
}

/**
 * @param guide the image's R, G, B at the mask's resolution, 0–1
 * @param mask the mask to refine, 0–1, same size
 * @param radius window radius in low-resolution pixels
 * @param eps regularisation: larger smooths more, smaller follows the guide's edges more
 */
/**
 * One window's colour fit: a = (Σ + eps·I)⁻¹ · cov, for the symmetric 3×3
 * colour covariance Σ (eps already on its diagonal), by cofactors, into `out`.
 */
export function solveWindow(
  rr: number,
  rg: number,
  rb: number,
  gg: number,
  gb: number,
  bb: number,
  covR: number,
  covG: number,
  covB: number,
  out: Float64Array,
): void {
  const c00 = gg * bb - gb * gb;
  const c01 = rb * gb - rg * bb;
  const c02 = rg * gb - rb * gg;
  const c11 = rr * bb - rb * rb;
  const c12 = rb * rg - rr * gb;
  const c22 = rr * gg - rg * rg;
  const det = rr * c00 + rg * c01 + rb * c02;
  out[0] = (c00 * covR + c01 * covG + c02 * covB) / det;
  out[1] = (c01 * covR + c11 * covG + c12 * covB) / det;
  out[2] = (c02 * covR + c12 * covG + c22 * covB) / det;
}

export function guidedCoefficients(guide: [Plane, Plane, Plane], mask: Plane, radius: number, eps: number): GuidedCoefficients {
  const [r, g, b] = guide;
  const n = mask.data.length;
  const meanR = boxMean(r, radius);
  const meanG = boxMean(g, radius);
  const meanB = boxMean(b, radius);
  const meanP = boxMean(mask, radius);
  const meanRP = boxMean(multiply(r, mask), radius);
  const meanGP = boxMean(multiply(g, mask), radius);
  const meanBP = boxMean(multiply(b, mask), radius);
  const meanRR = boxMean(multiply(r, r), radius);
  const meanRG = boxMean(multiply(r, g), radius);
  const meanRB = boxMean(multiply(r, b), radius);
  const meanGG = boxMean(multiply(g, g), radius);
  const meanGB = boxMean(multiply(g, b), radius);
  const meanBB = boxMean(multiply(b, b), radius);

  const { width, height } = mask;
  const aR = createPlane(width, height);
  const aG = createPlane(width, height);
  const aB = createPlane(width, height);
  const bias = createPlane(width, height);
  const solved = new Float64Array(3);
  for (let i = 0; i < n; i++) {
    const mr = meanR.data[i];
    const mg = meanG.data[i];
    const mb = meanB.data[i];
    const mp = meanP.data[i];
    const covR = meanRP.data[i] - mr * mp;
    const covG = meanGP.data[i] - mg * mp;
    const covB = meanBP.data[i] - mb * mp;
    solveWindow(
      meanRR.data[i] - mr * mr + eps,
      meanRG.data[i] - mr * mg,
      meanRB.data[i] - mr * mb,
      meanGG.data[i] - mg * mg + eps,
      meanGB.data[i] - mg * mb,
      meanBB.data[i] - mb * mb + eps,
      covR,
      covG,
      covB,
      solved,
    );
    const ar = solved[0];
    const ag = solved[1];
    const ab = solved[2];
    aR.data[i] = ar;
    aG.data[i] = ag;
    aB.data[i] = ab;
    bias.data[i] = mp - ar * mr - ag * mg - ab * mb;
  }
  return { a: [boxMean(aR, radius), boxMean(aG, radius), boxMean(aB, radius)], b: boxMean(bias, radius) };
}

/**
 * Evaluates q = a·I + b at full resolution with bilinearly upsampled
 * coefficients, one row at a time. Returns alpha, 0–255.
 */
export function applyGuidedUpsample(coefficients: GuidedCoefficients, image: RgbaImage): Uint8ClampedArray {
  const { width, height, data } = image;
  const alpha = new Uint8ClampedArray(width * height);
  const rows = new BilinearRows([...coefficients.a, coefficients.b], width, height);
  for (let y = 0; y < height; y++) {
    const [ar, ag, ab, b] = rows.row(y);
    const o = y * width;
    for (let x = 0; x < width; x++) {
      const p = (o + x) * 4;
      alpha[o + x] = ((ar[x] * data[p] + ag[x] * data[p + 1] + ab[x] * data[p + 2]) / 255 + b[x]) * 255;
    }
  }
  return alpha;
}
