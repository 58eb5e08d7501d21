// Mean over a (2r+1)×(2r+1) window, with the window clipped at the edges (so
// border pixels average fewer samples). O(1) per pixel whatever r is.
import { createPlane, type Plane } from './image';

export function boxMean(plane: Plane, radius: number): Plane {
  const { width, height, data } = plane;
  const out = createPlane(width, height);
  const rows = new Float64Array(width * height);
  // Horizontal running sums.
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let sum = 0;
    for (let x = 0; x <= Math.min(radius, width - 1); x++) sum += data[row + x];
    for (let x = 0; x < width; x++) {
      const lo = x - radius;
      const hi = x + radius;
      const n = Math.min(hi, width - 1) - Math.max(lo, 0) + 1;
      rows[row + x] = sum / n;
      if (hi + 1 < width) sum += data[row + hi + 1];
      if (lo >= 0) sum -= data[row + lo];
    }
  }
  // Vertical running sums of the row means.
  const columnSums = new Float64Array(width);
  for (let y = 0; y <= Math.min(radius, height - 1); y++) {
    for (let x = 0; x < width; x++) columnSums[x] += rows[y * width + x];
  }
  for (let y = 0; y < height; y++) {
    const lo = y - radius;
    const hi = y + radius;
    const n = Math.min(hi, height - 1) - Math.max(lo, 0) + 1;
    const o = y * width;
    for (let x = 0; x < width; x++) out.data[o + x] = columnSums[x] / n;
    if (hi + 1 < height) for (let x = 0; x < width; x++) columnSums[x] += rows[(hi + 1) * width + x];
    if (lo >= 0) for (let x = 0; x < width; x++) columnSums[x] -= rows[lo * width + x];
  }
  return out;
}

export function multiply(a: Plane, b: Plane): Plane {
  const out = createPlane(a.width, a.height);
  for (let i = 0; i < out.data.length; i++) out.data[i] = a.data[i] * b.data[i];
  return out;
}
