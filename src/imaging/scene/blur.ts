// Gaussian-like blur of interleaved RGB floats: three box passes per axis,
// each a running sum, so the cost does not grow with the radius.

/** Box radius whose three passes give about this standard deviation. */
function boxRadius(sigma: number): number {
  return Math.max(1, Math.round((Math.sqrt(4 * sigma * sigma + 1) - 1) / 2));
}

/** One box pass along rows (step 3, stride width·3) or columns, clamped at the edges. */
function boxPass(src: Float32Array, dst: Float32Array, length: number, lines: number, along: number, across: number, radius: number): void {
  const window = 2 * radius + 1;
  for (let line = 0; line < lines; line++) {
    const start = line * across;
    for (let c = 0; c < 3; c++) {
      const first = start + c;
      const last = first + (length - 1) * along;
      let sum = src[first] * (radius + 1);
      for (let k = 1; k <= radius; k++) sum += src[first + Math.min(k, length - 1) * along];
      for (let i = 0; i < length; i++) {
        dst[first + i * along] = sum / window;
        const enter = i + radius + 1;
        const leave = i - radius;
        sum += src[enter < length ? first + enter * along : last] - src[leave > 0 ? first + leave * along : first];
      }
    }
  }
}

/** A blurred copy of `rgb` (width × height × 3). */
export function blurRgb(rgb: Float32Array, width: number, height: number, sigma: number): Float32Array {
  if (sigma < 0.3) return rgb.slice();
  const r = boxRadius(sigma);
  let a = rgb.slice();
  let b = new Float32Array(rgb.length);
  for (let pass = 0; pass < 3; pass++) {
    boxPass(a, b, width, height, 3, width * 3, r);
    [a, b] = [b, a];
  }
  for (let pass = 0; pass < 3; pass++) {
    boxPass(a, b, height, width, width * 3, 3, r);
    [a, b] = [b, a];
  }
  return a;
}

/**
 * Blur that changes from row to row (depth of field on a scene whose depth
 * depends on the row): blurred copies at standard deviations a factor of two
 * apart, each made only over the band of rows that use it, and each row
 * blends the two that bracket the blur it wants.
 * @param rowSigma wanted standard deviation of each row, in pixels
 */
export function blurRows(rgb: Float32Array, width: number, height: number, rowSigma: Float32Array): Float32Array {
  let most = 0;
  for (const s of rowSigma) most = Math.max(most, s);
  const levels = [0];
  while (levels[levels.length - 1] < most) levels.push(Math.max(1, levels[levels.length - 1] * 2));
  const lowerOf = (s: number) => Math.max(0, levels.findIndex((l) => l >= s) - 1);
  const bands = levels.map(() => ({ first: height, last: -1 }));
  for (let y = 0; y < height; y++) {
    const lower = lowerOf(rowSigma[y]);
    for (const k of [lower, Math.min(levels.length - 1, lower + 1)]) {
      bands[k].first = Math.min(bands[k].first, y);
      bands[k].last = Math.max(bands[k].last, y);
    }
  }
  const rowLength = width * 3;
  const stack = levels.map((sigma, k) => {
    const { first, last } = bands[k];
    if (k === 0 || last < 0) return { data: rgb, first: 0 };
    // Enough rows around the band that its edge rows blur as if the image went on.
    const from = Math.max(0, first - Math.ceil(sigma * 3));
    const to = Math.min(height, last + 1 + Math.ceil(sigma * 3));
    return { data: blurRgb(rgb.subarray(from * rowLength, to * rowLength), width, to - from, sigma), first: from };
  });
  const out = new Float32Array(rgb.length);
  for (let y = 0; y < height; y++) {
    const s = rowSigma[y];
    const lower = lowerOf(s);
    const upper = Math.min(levels.length - 1, lower + 1);
    const span = levels[upper] - levels[lower];
    const t = span > 0 ? Math.min(1, Math.max(0, (s - levels[lower]) / span)) : 0;
    const a = stack[lower];
    const b = stack[upper];
    const ao = (y - a.first) * rowLength;
    const bo = (y - b.first) * rowLength;
    for (let i = 0; i < rowLength; i++) out[y * rowLength + i] = a.data[ao + i] + (b.data[bo + i] - a.data[ao + i]) * t;
  }
  return out;
}
