// Mean over a (2r+1)×(2r+1) window, with the window clipped at the edges (so
// border pixels average fewer samples). O(1) per pixel whatever r is: running
// sums along rows, then along columns, scaled by precomputed reciprocal counts.
import { createPlane, type Plane } from './image';

/** 1 / (number of samples in the clipped window) for each position along an axis. */
function reciprocalCounts(length: number, radius: number): Float32Array {
  const out = new Float32Array(length);
  for (let i = 0; i < length; i++) out[i] = 1 / (Math.min(i + radius, length - 1) - Math.max(i - radius, 0) + 1);
  return out;
}

export function boxMean(plane: Plane, radius: number): Plane {
  const { width, height, data } = plane;
  const out = createPlane(width, height);
  const rows = new Float32Array(width * height);
  const invX = reciprocalCounts(width, radius);
  const invY = reciprocalCounts(height, radius);
  const reach = Math.min(radius, width - 1);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let sum = 0;
    for (let x = 0; x <= reach; x++) sum += data[row + x];
    for (let x = 0; x < width; x++) {
      rows[row + x] = sum * invX[x];
      const enter = x + radius + 1;
      const leave = x - radius;
      if (enter < width) sum += data[row + enter];
      if (leave >= 0) sum -= data[row + leave];
    }
  }
  const columns = new Float64Array(width);
  for (let y = 0; y <= Math.min(radius, height - 1); y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) columns[x] += rows[row + x];
  }
  for (let y = 0; y < height; y++) {
    const o = y * width;
    const scale = invY[y];
    for (let x = 0; x < width; x++) out.data[o + x] = columns[x] * scale;
    const enter = y + radius + 1;
    const leave = y - radius;
    if (enter < height) {
      const r = enter * width;
      for (let x = 0; x < width; x++) columns[x] += rows[r + x];
    }
    if (leave >= 0) {
      const r = leave * width;
      for (let x = 0; x < width; x++) columns[x] -= rows[r + x];
    }
  }
  return out;
}

export function multiply(a: Plane, b: Plane): Plane {
  const out = createPlane(a.width, a.height);
  for (let i = 0; i < out.data.length; i++) out.data[i] = a.data[i] * b.data[i];
  return out;
}
