// Bilinear upsampling of low-resolution planes, delivered one full-width row
// at a time, so full-resolution passes never hold a whole upsampled plane.
import type { Plane } from './image';

export class BilinearRows {
  private readonly x0: Int32Array;
  private readonly x1: Int32Array;
  private readonly tx: Float32Array;
  private readonly lower: Float32Array[];
  private readonly upper: Float32Array[];
  private readonly out: Float32Array[];
  private lowerRow = -1;
  private upperRow = -1;

  private readonly span: number;

  /**
   * @param width, height the full-resolution size the planes are stretched to
   * @param from, to the columns delivered (a window of the row), by default all
   */
  constructor(
    private readonly planes: Plane[],
    width: number,
    private readonly height: number,
    from = 0,
    to = width,
  ) {
    const lw = planes[0].width;
    this.span = to - from;
    this.x0 = new Int32Array(this.span);
    this.x1 = new Int32Array(this.span);
    this.tx = new Float32Array(this.span);
    for (let k = 0; k < this.span; k++) {
      const sx = Math.min(lw - 1, Math.max(0, ((from + k + 0.5) * lw) / width - 0.5));
      this.x0[k] = Math.floor(sx);
      this.x1[k] = Math.min(lw - 1, this.x0[k] + 1);
      this.tx[k] = sx - this.x0[k];
    }
    this.lower = planes.map(() => new Float32Array(this.span));
    this.upper = planes.map(() => new Float32Array(this.span));
    this.out = planes.map(() => new Float32Array(this.span));
  }

  private load(target: Float32Array[], ly: number) {
    const lw = this.planes[0].width;
    for (let c = 0; c < this.planes.length; c++) {
      const src = this.planes[c].data;
      const base = ly * lw;
      const row = target[c];
      for (let x = 0; x < this.span; x++) {
        row[x] = src[base + this.x0[x]] * (1 - this.tx[x]) + src[base + this.x1[x]] * this.tx[x];
      }
    }
  }

  /** The planes' values along full-resolution row y (within the column window); valid until the next call. */
  row(y: number): Float32Array[] {
    const lh = this.planes[0].height;
    const sy = Math.min(lh - 1, Math.max(0, ((y + 0.5) * lh) / this.height - 0.5));
    const y0 = Math.floor(sy);
    const y1 = Math.min(lh - 1, y0 + 1);
    const ty = sy - y0;
    if (this.lowerRow !== y0) {
      if (this.upperRow === y0) this.lower.forEach((row, c) => row.set(this.upper[c]));
      else this.load(this.lower, y0);
      this.lowerRow = y0;
    }
    if (this.upperRow !== y1) {
      this.load(this.upper, y1);
      this.upperRow = y1;
    }
    for (let c = 0; c < this.planes.length; c++) {
      const a = this.lower[c];
      const b = this.upper[c];
      const o = this.out[c];
      for (let x = 0; x < this.span; x++) o[x] = a[x] + (b[x] - a[x]) * ty;
    }
    return this.out;
  }
}
