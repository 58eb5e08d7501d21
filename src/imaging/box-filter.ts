// Mean over a (2r+1)×(2r+1) window, with the window clipped at the edges (so
// border pixels average fewer samples). O(1) per pixel whatever r is: running
// sums along rows, then along columns, scaled by precomputed reciprocal counts.
// The loops are split where the window enters and leaves the row, so the
// inner loops carry no bounds tests, and callers that filter many planes of
// one size (the guided filter: seventeen) reuse one set of buffers.
import { createPlane, type Plane } from './image';

/** 1 / (number of samples in the clipped window) for each position along an axis. */
function reciprocalCounts(length: number, radius: number): Float32Array {
  const out = new Float32Array(length);
  for (let i = 0; i < length; i++) out[i] = 1 / (Math.min(i + radius, length - 1) - Math.max(i - radius, 0) + 1);
  return out;
}

/** Box means of many planes of one size and radius, without allocating per plane. */
export class BoxFilter {
  private readonly rows: Float32Array;
  private readonly columns: Float64Array;
  private readonly invX: Float32Array;
  private readonly invY: Float32Array;

  constructor(
    readonly width: number,
    readonly height: number,
    readonly radius: number,
  ) {
    this.rows = new Float32Array(width * height);
    this.columns = new Float64Array(width);
    this.invX = reciprocalCounts(width, radius);
    this.invY = reciprocalCounts(height, radius);
  }

  /** Writes the box mean of `data` into `out` (which may be `data` itself). */
  meanInto(data: Float32Array, out: Float32Array): Float32Array {
    const { width, height, radius, rows, columns, invX, invY } = this;
    // Positions where a sample enters (x + r + 1 < width) and leaves (x − r ≥ 0) the window.
    const entersUntil = Math.max(0, width - radius - 1);
    const leavesFrom = Math.min(width, radius);
    const reach = Math.min(radius, width - 1);
    for (let y = 0; y < height; y++) {
      const row = y * width;
      let sum = 0;
      for (let x = 0; x <= reach; x++) sum += data[row + x];
      let x = 0;
      // Only entering, only leaving, both, or neither, in the order the window moves.
      const firstEnd = Math.min(entersUntil, leavesFrom);
      for (; x < firstEnd; x++) {
        rows[row + x] = sum * invX[x];
        sum += data[row + x + radius + 1];
      }
      if (entersUntil >= leavesFrom) {
        for (; x < entersUntil; x++) {
          rows[row + x] = sum * invX[x];
          sum += data[row + x + radius + 1];
          sum -= data[row + x - radius];
        }
      } else {
        for (; x < leavesFrom; x++) rows[row + x] = sum * invX[x];
      }
      for (; x < width; x++) {
        rows[row + x] = sum * invX[x];
        sum -= data[row + x - radius];
      }
    }
    columns.fill(0);
    for (let y = 0; y <= Math.min(radius, height - 1); y++) {
      const row = y * width;
      for (let x = 0; x < width; x++) columns[x] += rows[row + x];
    }
    for (let y = 0; y < height; y++) {
      const o = y * width;
      const scale = invY[y];
      for (let x = 0; x < width; x++) out[o + x] = columns[x] * scale;
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

  mean(plane: Plane): Plane {
    const out = createPlane(this.width, this.height);
    this.meanInto(plane.data, out.data);
    return out;
  }
}

export function boxMean(plane: Plane, radius: number): Plane {
  return new BoxFilter(plane.width, plane.height, radius).mean(plane);
}

export function multiply(a: Plane, b: Plane): Plane {
  const out = createPlane(a.width, a.height);
  for (let i = 0; i < out.data.length; i++) out.data[i] = a.data[i] * b.data[i];
  return out;
}
