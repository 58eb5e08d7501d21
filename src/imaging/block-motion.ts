// Motion between two frames by block matching, as video encoders estimate it:
// the current plane is cut into square blocks and each block looks for the
// spot in the previous plane it matches best (least mean absolute
// difference). Coarse to fine on an image pyramid, so a long move costs a
// small search: a full search at the coarsest level, then at each finer level
// a ±1 refinement around the doubled vectors of the block's parent and its
// parent's neighbours. Sub-pixel in half- then quarter-pixel steps (the
// previous plane sampled bilinearly), then a 3×3 median of the vectors, so a
// lone wrong block follows its neighbours. Each block keeps its residual (the
// mean absolute difference left at its match): a block that matched badly
// (something appeared, the scene cut) says so. global-motion.ts fits the
// camera's and the subject's motion to the blocks.
import { createPlane, type Plane } from './image';
import { resizePlane } from './resize';

export interface MotionSettings {
  /** Block side, in pixels of the plane motion is estimated on (at every pyramid level). */
  blockSize: number;
  /** Full-search reach at the coarsest level, in its pixels; the reach at full size is about this × 2^(levels − 1). */
  searchRadius: number;
  /** Pyramid levels, each half the size of the one before. */
  levels: number;
  /**
   * Cost (mean absolute difference, 0–1) added to any vector but the block's
   * prior (zero at the coarsest level, below it the parent block's vector
   * doubled), so a still block keeps zero motion instead of noise, and a flat
   * one (a plain wall, a subject's smooth inside) the motion its larger
   * surroundings showed.
   */
  priorBias: number;
}

/** 8-pixel blocks, ±4 at an eighth of the size (±32 px at full size over 3 levels). */
export const DEFAULT_MOTION: MotionSettings = { blockSize: 8, searchRadius: 4, levels: 3, priorBias: 0.002 };

/** One vector per block: previous(p + v) ≈ current(p) for the block's pixels p. */
export interface BlockMotion {
  /** The plane's size, and the grid of blocks over it (the last row and column may be partial). */
  width: number;
  height: number;
  blockSize: number;
  columns: number;
  rows: number;
  dx: Float32Array;
  dy: Float32Array;
  /** Mean absolute difference per pixel left at the block's best match (0–1). */
  residual: Float32Array;
}

/** Rec. 601 luma of R, G, B planes (0–1). */
export function lumaPlane(rgb: readonly [Plane, Plane, Plane]): Plane {
  const [r, g, b] = rgb;
  const out = createPlane(r.width, r.height);
  for (let i = 0; i < out.data.length; i++) out.data[i] = 0.299 * r.data[i] + 0.587 * g.data[i] + 0.114 * b.data[i];
  return out;
}

/** A plane with `pad` pixels of its edge repeated on every side, so a search near the border needs no bounds checks. */
interface PaddedPlane {
  data: Float32Array;
  stride: number;
  pad: number;
}

function padPlane(plane: Plane, pad: number): PaddedPlane {
  const { width, height, data } = plane;
  const stride = width + 2 * pad;
  const out = new Float32Array(stride * (height + 2 * pad));
  for (let y = 0; y < height + 2 * pad; y++) {
    const sy = Math.min(height - 1, Math.max(0, y - pad)) * width;
    const row = y * stride;
    for (let x = 0; x < stride; x++) out[row + x] = data[sy + Math.min(width - 1, Math.max(0, x - pad))];
  }
  return { data: out, stride, pad };
}

/** One pyramid level's search: a block's pixels and the padded previous plane. */
class BlockCost {
  constructor(
    private readonly current: Plane,
    private readonly previous: PaddedPlane,
    private readonly blockSize: number,
  ) {}

  /** Sum of absolute differences of block (bx, by) moved by (vx, vy); stops once past `limit`. */
  sad(bx: number, by: number, vx: number, vy: number, limit = Infinity): number {
    const { width, height, data } = this.current;
    const { data: prev, stride, pad } = this.previous;
    const x0 = bx * this.blockSize;
    const y0 = by * this.blockSize;
    const x1 = Math.min(width, x0 + this.blockSize);
    const y1 = Math.min(height, y0 + this.blockSize);
    let sum = 0;
    for (let y = y0; y < y1; y++) {
      const c = y * width;
      const p = (y + vy + pad) * stride + vx + pad;
      for (let x = x0; x < x1; x++) sum += Math.abs(data[c + x] - prev[p + x]);
      if (sum > limit) return sum;
    }
    return sum;
  }

  /** The same at a fractional vector, the previous plane sampled bilinearly (the weights are the same for the whole block). */
  subPixelSad(bx: number, by: number, vx: number, vy: number, limit = Infinity): number {
    const { width, height, data } = this.current;
    const { data: prev, stride, pad } = this.previous;
    const ix = Math.floor(vx);
    const iy = Math.floor(vy);
    const tx = vx - ix;
    const ty = vy - iy;
    const w00 = (1 - tx) * (1 - ty);
    const w01 = tx * (1 - ty);
    const w10 = (1 - tx) * ty;
    const w11 = tx * ty;
    const x0 = bx * this.blockSize;
    const y0 = by * this.blockSize;
    const x1 = Math.min(width, x0 + this.blockSize);
    const y1 = Math.min(height, y0 + this.blockSize);
    let sum = 0;
    for (let y = y0; y < y1; y++) {
      const c = y * width;
      const p = (y + iy + pad) * stride + ix + pad;
      for (let x = x0; x < x1; x++) {
        const q = p + x;
        sum += Math.abs(data[c + x] - (w00 * prev[q] + w01 * prev[q + 1] + w10 * prev[q + stride] + w11 * prev[q + stride + 1]));
      }
      if (sum > limit) return sum;
    }
    return sum;
  }

  pixels(bx: number, by: number): number {
    const { width, height } = this.current;
    return (Math.min(width, (bx + 1) * this.blockSize) - bx * this.blockSize) * (Math.min(height, (by + 1) * this.blockSize) - by * this.blockSize);
  }
}

interface LevelField {
  columns: number;
  rows: number;
  vx: Int32Array;
  vy: Int32Array;
}

/** Block motion from `previous` to `current` (same size): where each block of the current plane was. */
export function estimateBlockMotion(current: Plane, previous: Plane, settings: MotionSettings = DEFAULT_MOTION): BlockMotion {
  if (current.width !== previous.width || current.height !== previous.height) throw new Error('estimateBlockMotion: the planes differ in size');
  const { blockSize, searchRadius, priorBias } = settings;
  const currents = [current];
  const previouses = [previous];
  for (let level = 1; level < settings.levels; level++) {
    const above = currents[level - 1];
    // Stop while a level still holds at least one block.
    if (above.width < 2 * blockSize || above.height < 2 * blockSize) break;
    const width = Math.ceil(above.width / 2);
    const height = Math.ceil(above.height / 2);
    currents.push(resizePlane(above, width, height));
    previouses.push(resizePlane(previouses[level - 1], width, height));
  }
  const levels = currents.length;
  // How far a vector can reach at each level: the coarse search, doubled and refined by one per level.
  const reach = (level: number) => (searchRadius + 1) * 2 ** (levels - 1 - level) + 1;

  let field: LevelField | null = null;
  let final: { field: LevelField; cost: BlockCost; residual: Float32Array; prior: Int32Array } | null = null;
  for (let level = levels - 1; level >= 0; level--) {
    const plane = currents[level];
    const limit = reach(level);
    const cost = new BlockCost(plane, padPlane(previouses[level], limit + 1), blockSize);
    const columns = Math.ceil(plane.width / blockSize);
    const rows = Math.ceil(plane.height / blockSize);
    const next: LevelField = { columns, rows, vx: new Int32Array(columns * rows), vy: new Int32Array(columns * rows) };
    const residual = new Float32Array(columns * rows);
    const prior = new Int32Array(2 * columns * rows);
    const clamp = (v: number) => Math.max(-limit, Math.min(limit, v));
    for (let by = 0; by < rows; by++) {
      for (let bx = 0; bx < columns; bx++) {
        const n = cost.pixels(bx, by);
        const bias = priorBias * n;
        // The prior: zero at the coarsest level, below it the parent block's vector doubled.
        const px = Math.min((field?.columns ?? 1) - 1, Math.floor((bx + 0.5) / 2));
        const py = Math.min((field?.rows ?? 1) - 1, Math.floor((by + 0.5) / 2));
        const priorX = field ? clamp(2 * field.vx[py * field.columns + px]) : 0;
        const priorY = field ? clamp(2 * field.vy[py * field.columns + px]) : 0;
        let best = cost.sad(bx, by, priorX, priorY);
        let bestX = priorX;
        let bestY = priorY;
        const tryVector = (vx: number, vy: number) => {
          if ((vx === bestX && vy === bestY) || (vx === priorX && vy === priorY)) return;
          const sad = cost.sad(bx, by, vx, vy, best - bias) + bias;
          if (sad < best) {
            best = sad;
            bestX = vx;
            bestY = vy;
          }
        };
        if (!field) {
          for (let vy = -searchRadius; vy <= searchRadius; vy++) for (let vx = -searchRadius; vx <= searchRadius; vx++) tryVector(vx, vy);
        } else {
          // Around the prior and the doubled vectors of the parent's four neighbours; and zero, for a still backdrop.
          const parent = field;
          const seeds: [number, number][] = [[priorX, priorY]];
          for (const [ox, oy] of [[-1, 0], [1, 0], [0, -1], [0, 1]] as const) {
            const qx = px + ox;
            const qy = py + oy;
            if (qx < 0 || qy < 0 || qx >= parent.columns || qy >= parent.rows) continue;
            const q = qy * parent.columns + qx;
            const seed: [number, number] = [clamp(2 * parent.vx[q]), clamp(2 * parent.vy[q])];
            if (!seeds.some(([sx, sy]) => sx === seed[0] && sy === seed[1])) seeds.push(seed);
          }
          for (const [sx, sy] of seeds) {
            for (let oy = -1; oy <= 1; oy++) for (let ox = -1; ox <= 1; ox++) tryVector(clamp(sx + ox), clamp(sy + oy));
          }
          tryVector(0, 0);
        }
        const b = by * columns + bx;
        next.vx[b] = bestX;
        next.vy[b] = bestY;
        prior[2 * b] = priorX;
        prior[2 * b + 1] = priorY;
        residual[b] = (bestX === priorX && bestY === priorY ? best : best - bias) / n;
      }
    }
    field = next;
    if (level === 0) final = { field: next, cost, residual, prior };
  }
  const { field: whole, cost, residual, prior } = final!;
  const motion: BlockMotion = {
    width: current.width,
    height: current.height,
    blockSize,
    columns: whole.columns,
    rows: whole.rows,
    dx: new Float32Array(whole.vx.length),
    dy: new Float32Array(whole.vx.length),
    residual,
  };
  // Sub-pixel: half-pixel steps around the whole-pixel match, then quarter-pixel steps around the best of those.
  const limit = reach(0);
  for (let by = 0; by < whole.rows; by++) {
    for (let bx = 0; bx < whole.columns; bx++) {
      const b = by * whole.columns + bx;
      let bestX = whole.vx[b];
      let bestY = whole.vy[b];
      // As in the whole-pixel search, moving away from the prior costs the bias.
      const bias = priorBias * cost.pixels(bx, by);
      const withBias = (vx: number, vy: number) => (vx !== prior[2 * b] || vy !== prior[2 * b + 1] ? bias : 0);
      let best = cost.sad(bx, by, bestX, bestY) + withBias(bestX, bestY);
      for (const step of [0.5, 0.25]) {
        const centreX = bestX;
        const centreY = bestY;
        for (let oy = -1; oy <= 1; oy++) {
          for (let ox = -1; ox <= 1; ox++) {
            const vx = centreX + ox * step;
            const vy = centreY + oy * step;
            if ((!ox && !oy) || Math.abs(vx) > limit || Math.abs(vy) > limit) continue;
            const sad = cost.subPixelSad(bx, by, vx, vy, best) + withBias(vx, vy);
            if (sad < best) {
              best = sad;
              bestX = vx;
              bestY = vy;
            }
          }
        }
      }
      motion.dx[b] = bestX;
      motion.dy[b] = bestY;
      motion.residual[b] = (best - withBias(bestX, bestY)) / cost.pixels(bx, by);
    }
  }
  return medianOfVectors(motion);
}

/** Each block's vector replaced by the component-wise median over its 3×3 neighbourhood (clipped at the grid's edge). */
export function medianOfVectors(motion: BlockMotion): BlockMotion {
  const { columns, rows } = motion;
  const dx = new Float32Array(motion.dx.length);
  const dy = new Float32Array(motion.dy.length);
  const xs: number[] = [];
  const ys: number[] = [];
  const median = (values: number[]) => {
    values.sort((a, b) => a - b);
    const mid = values.length >> 1;
    return values.length % 2 ? values[mid] : (values[mid - 1] + values[mid]) / 2;
  };
  for (let by = 0; by < rows; by++) {
    for (let bx = 0; bx < columns; bx++) {
      xs.length = 0;
      ys.length = 0;
      for (let qy = Math.max(0, by - 1); qy <= Math.min(rows - 1, by + 1); qy++) {
        for (let qx = Math.max(0, bx - 1); qx <= Math.min(columns - 1, bx + 1); qx++) {
          xs.push(motion.dx[qy * columns + qx]);
          ys.push(motion.dy[qy * columns + qx]);
        }
      }
      dx[by * columns + bx] = median(xs);
      dy[by * columns + bx] = median(ys);
    }
  }
  return { ...motion, dx, dy };
}

/**
 * Share of blocks whose residual is above `threshold` (0–1): 1 on a scene cut,
 * near 0 on a scene that only moved. With `among`, only the blocks it marks
 * count (say, those whose match lies inside the previous frame: content that
 * just came in at the border has nothing to match).
 */
export function poorlyMatchedShare(motion: BlockMotion, threshold: number, among?: Uint8Array): number {
  let poor = 0;
  let counted = 0;
  motion.residual.forEach((r, b) => {
    if (among && !among[b]) return;
    counted++;
    if (r > threshold) poor++;
  });
  return counted ? poor / counted : 0;
}
