// Fast guided filter (He & Sun 2015) with a colour guide: the linear model
// q = a·I + b is fitted at low resolution, where the mask is, then its smooth
// coefficients are upsampled and applied to the full-resolution image, so the
// mask takes the image's own edges without any full-resolution filtering.
import { BoxFilter } from './box-filter';
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
  const { width, height } = mask;
  const n = mask.data.length;
  const box = new BoxFilter(width, height, radius);
  const product = new Float32Array(n);
  /** Box mean of a·b (each product rounded to float32 first, as a plane of products would be). */
  const meanOfProduct = (a: Float32Array, c: Float32Array) => {
    for (let i = 0; i < n; i++) product[i] = a[i] * c[i];
    return box.meanInto(product, new Float32Array(n));
  };
  const p = mask.data;
  const meanR = box.meanInto(r.data, new Float32Array(n));
  const meanG = box.meanInto(g.data, new Float32Array(n));
  const meanB = box.meanInto(b.data, new Float32Array(n));
  const meanP = box.meanInto(p, new Float32Array(n));
  const meanRP = meanOfProduct(r.data, p);
  const meanGP = meanOfProduct(g.data, p);
  const meanBP = meanOfProduct(b.data, p);
  const meanRR = meanOfProduct(r.data, r.data);
  const meanRG = meanOfProduct(r.data, g.data);
  const meanRB = meanOfProduct(r.data, b.data);
  const meanGG = meanOfProduct(g.data, g.data);
  const meanGB = meanOfProduct(g.data, b.data);
  const meanBB = meanOfProduct(b.data, b.data);

  // The per-window fit overwrites means it no longer needs: a into R·P's, G·P's
  // and B·P's planes, the bias into P's.
  const aR = meanRP;
  const aG = meanGP;
  const aB = meanBP;
  const bias = meanP;
  const solved = new Float64Array(3);
  for (let i = 0; i < n; i++) {
    const mr = meanR[i];
    const mg = meanG[i];
    const mb = meanB[i];
    const mp = meanP[i];
    const covR = meanRP[i] - mr * mp;
    const covG = meanGP[i] - mg * mp;
    const covB = meanBP[i] - mb * mp;
    solveWindow(
      meanRR[i] - mr * mr + eps,
      meanRG[i] - mr * mg,
      meanRB[i] - mr * mb,
      meanGG[i] - mg * mg + eps,
      meanGB[i] - mg * mb,
      meanBB[i] - mb * mb + eps,
      covR,
      covG,
      covB,
      solved,
    );
    const ar = solved[0];
    const ag = solved[1];
    const ab = solved[2];
    aR[i] = ar;
    aG[i] = ag;
    aB[i] = ab;
    bias[i] = mp - ar * mr - ag * mg - ab * mb;
  }
  const plane = (data: Float32Array): Plane => ({ data: box.meanInto(data, data), width, height });
  return { a: [plane(aR), plane(aG), plane(aB)], b: plane(bias) };
}

/**
 * Evaluates q = a·I + b at full resolution with bilinearly upsampled
 * coefficients, one row at a time. Returns alpha, 0–255.
 */
export function applyGuidedUpsample(coefficients: GuidedCoefficients, image: RgbaImage): Uint8ClampedArray {
  const alpha = new Uint8ClampedArray(image.width * image.height);
  applyGuidedUpsampleRows(coefficients, image, alpha, 0, image.height);
  return alpha;
}

/**
 * Rows [from, to) of applyGuidedUpsample, written into `alpha` (the whole
 * image's plane): each row depends only on the coefficients and its own
 * pixels, so bands of rows can be computed apart and give the same plane.
 * Where a pixel's four low-resolution neighbours all have a = 0 (the flat
 * tiles of sparseGuidedCoefficients: most of a video frame), q is b alone,
 * and a is not interpolated there; the sums are the same as the full
 * formula's, bit for bit.
 */
export function applyGuidedUpsampleRows(coefficients: GuidedCoefficients, image: RgbaImage, alpha: Uint8ClampedArray, from: number, to: number): void {
  const { width, height, data } = image;
  const [pr, pg, pb] = coefficients.a;
  const { width: lw, height: lh } = pr;
  const sloped = new Uint8Array(lw * lh);
  for (let i = 0; i < sloped.length; i++) sloped[i] = pr.data[i] !== 0 || pg.data[i] !== 0 || pb.data[i] !== 0 ? 1 : 0;
  // The columns' neighbours and weights, as BilinearRows takes them (the weight rounded to float32 as it stores it).
  const x0 = new Int32Array(width);
  const x1 = new Int32Array(width);
  const tx = new Float32Array(width);
  for (let x = 0; x < width; x++) {
    const sx = Math.min(lw - 1, Math.max(0, ((x + 0.5) * lw) / width - 0.5));
    x0[x] = Math.floor(sx);
    x1[x] = Math.min(lw - 1, x0[x] + 1);
    tx[x] = sx - x0[x];
  }
  const bias = new BilinearRows([coefficients.b], width, height);
  const f = Math.fround;
  const lerp = (plane: Float32Array, top: number, bottom: number, x: number, ty: number) => {
    const w = tx[x];
    const upper = f(plane[top + x0[x]] * (1 - w) + plane[top + x1[x]] * w);
    const lower = f(plane[bottom + x0[x]] * (1 - w) + plane[bottom + x1[x]] * w);
    return f(upper + (lower - upper) * ty);
  };
  for (let y = from; y < to; y++) {
    const [b] = bias.row(y);
    const sy = Math.min(lh - 1, Math.max(0, ((y + 0.5) * lh) / height - 0.5));
    const y0 = Math.floor(sy);
    const y1 = Math.min(lh - 1, y0 + 1);
    const ty = sy - y0;
    const top = y0 * lw;
    const bottom = y1 * lw;
    const o = y * width;
    for (let x = 0; x < width; x++) {
      const p = (o + x) * 4;
      if (!(sloped[top + x0[x]] | sloped[top + x1[x]] | sloped[bottom + x0[x]] | sloped[bottom + x1[x]])) {
        alpha[o + x] = b[x] * 255;
        continue;
      }
      const ar = lerp(pr.data, top, bottom, x, ty);
      const ag = lerp(pg.data, top, bottom, x, ty);
      const ab = lerp(pb.data, top, bottom, x, ty);
      alpha[o + x] = ((ar * data[p] + ag * data[p + 1] + ab * data[p + 2]) / 255 + b[x]) * 255;
    }
  }
}

/** A rectangle of a plane, copied out. */
function cropPlane(plane: Plane, x0: number, y0: number, x1: number, y1: number): Plane {
  const width = x1 - x0;
  const out = new Float32Array(width * (y1 - y0));
  for (let y = y0; y < y1; y++) out.set(plane.data.subarray(y * plane.width + x0, y * plane.width + x1), (y - y0) * width);
  return { data: out, width, height: y1 - y0 };
}

/**
 * guidedCoefficients where the mask changes, tile by tile: a tile whose mask
 * spans less than `flatRange` within twice the radius around it gets a = 0
 * and b = the mask (the full filter's fit there is flat to within that
 * range); runs of the other tiles along a row are computed together with that
 * margin, which holds every window their coefficients read, so they are the
 * full filter's (to float rounding). A subject's edge covers a small share of
 * a video frame, so most tiles are skipped.
 */
export function sparseGuidedCoefficients(guide: [Plane, Plane, Plane], mask: Plane, radius: number, eps: number, flatRange: number, tile = 32): GuidedCoefficients {
  const { width, height, data: p } = mask;
  const a: [Plane, Plane, Plane] = [createPlane(width, height), createPlane(width, height), createPlane(width, height)];
  // Flat tiles keep b = the mask; fitted runs overwrite theirs.
  const b: Plane = { data: Float32Array.from(p), width, height };
  const margin = 2 * radius;
  const columns = Math.ceil(width / tile);
  for (let ty = 0; ty < height; ty += tile) {
    const y1 = Math.min(height, ty + tile);
    const top = Math.max(0, ty - margin);
    const bottom = Math.min(height, y1 + margin);
    const flat = (column: number) => {
      const left = Math.max(0, column * tile - margin);
      const right = Math.min(width, (column + 1) * tile + margin);
      let low = Infinity;
      let high = -Infinity;
      for (let y = top; y < bottom; y++) {
        for (let i = y * width + left, end = y * width + right; i < end; i++) {
          const v = p[i];
          if (v < low) low = v;
          if (v > high) high = v;
        }
      }
      return high - low < flatRange;
    };
    const isFlat = Array.from({ length: columns }, (_, column) => flat(column));
    for (let column = 0; column < columns; ) {
      if (isFlat[column]) {
        column++;
        continue;
      }
      let end = column;
      while (end < columns && !isFlat[end]) end++;
      const x0 = column * tile;
      const x1 = Math.min(width, end * tile);
      const left = Math.max(0, x0 - margin);
      const right = Math.min(width, x1 + margin);
      const crop = (plane: Plane) => cropPlane(plane, left, top, right, bottom);
      const part = guidedCoefficients([crop(guide[0]), crop(guide[1]), crop(guide[2])], crop(mask), radius, eps);
      const partWidth = right - left;
      const planes = [...a, b];
      const parts = [...part.a, part.b];
      for (let k = 0; k < 4; k++) {
        for (let y = ty; y < y1; y++) {
          const from = (y - top) * partWidth + (x0 - left);
          planes[k].data.set(parts[k].data.subarray(from, from + (x1 - x0)), y * width + x0);
        }
      }
      column = end;
    }
  }
  return { a, b };
}
