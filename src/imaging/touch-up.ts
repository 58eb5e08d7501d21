// The touch-up brush for cut-outs: a keep or erase stroke that snaps to the
// photo's edges. Where the brush is firm (its core) the stroke's target (opaque
// for keep, clear for erase) is imposed; around it, a guided filter with the
// original photo as guide decides from colour, so the brush's soft rim takes
// the side of the edge its colour belongs to instead of painting a blurry disc.
// The new alpha moves from the old toward the snapped value by an amount that
// grows with the brush's coverage (all the way over most of it, fading at its
// edge), so nothing outside the footprint changes; keep never lowers alpha and
// erase never raises it. A stroke returns the patch of alpha it changed (before and after), so the
// editor can undo and redo it without keeping whole masks.
import { boxMean } from './box-filter';
import { solveWindow } from './guided-filter';
import type { RgbaImage } from './image';
import type { Box } from './mask';

export type BrushMode = 'keep' | 'erase';

export interface BrushPoint {
  x: number;
  y: number;
}

/** One drag of the brush, in image pixels: pixel (i, j) covers [i, i+1) × [j, j+1). */
export interface BrushStroke {
  mode: BrushMode;
  /** Radius in image pixels. */
  radius: number;
  /** 1: a hard disc (a one-pixel smooth rim); 0: falls off smoothly from the centre line. */
  hardness: number;
  points: readonly BrushPoint[];
}

export interface StrokeFootprint {
  /** Tight box of the pixels the brush touches (weight > 0); empty (0×0) when it misses the image. */
  box: Box;
  /** The brush's coverage, 0–1, per pixel of `box`, row-major. */
  weights: Float32Array;
  /** 1 where the brush is firm enough to impose its target before snapping, per pixel of `box`. */
  core: Uint8Array;
}

/** What one stroke changed: the alpha inside `box` before and after it. */
export interface AlphaPatch {
  box: Box;
  before: Uint8ClampedArray;
  after: Uint8ClampedArray;
}

/**
 * The core, where the target is imposed, reaches at least this share of the
 * radius, so a fully soft brush still has something firm to snap from, and
 * at most this other share, so even a hard brush snaps at its rim.
 */
const MIN_CORE_SHARE = 0.25;
const MAX_CORE_SHARE = 0.75;
/** Regularisation of the guided filter on 0–1 values: small, so it follows the photo's edges. */
const SNAP_EPS = 1e-3;
/**
 * Smallest side of the square tiles a stroke is filtered in, so a long
 * diagonal stroke costs its area rather than its bounding box's.
 */
const MIN_TILE = 256;

/** The brush's coverage at `distance` from the stroke's centre line. */
export function brushWeight(distance: number, radius: number, hardness: number): number {
  const outer = Math.max(radius, 0.5);
  const inner = Math.max(0, Math.min(clamp01(hardness) * outer, outer - 1));
  if (distance <= inner) return 1;
  if (distance >= outer) return 0;
  const s = (distance - inner) / (outer - inner);
  return 1 - s * s * (3 - 2 * s);
}

/**
 * How much of the snapped value a pixel takes, from the brush's coverage w:
 * all of it wherever the brush covers at least half, so a stroke over the
 * subject leaves it whole rather than ghosted, then fading to nothing at the
 * brush's edge, so the stroke blends in and nothing beyond it changes.
 */
export function decisiveness(w: number): number {
  return Math.min(1, 2 * w);
}

/** Radius of the brush's firm core, where its target is imposed, in image pixels. */
export function coreRadius(radius: number, hardness: number): number {
  return Math.min(Math.max(clamp01(hardness), MIN_CORE_SHARE), MAX_CORE_SHARE) * Math.max(radius, 0.5);
}

/**
 * The guided filter's window radius for a brush of this radius: wide enough
 * that a window over the brush's rim also holds trusted pixels (the core, or
 * beyond the brush) of the rim's colours.
 */
export function snapRadius(brushRadius: number): number {
  return Math.max(2, Math.round(brushRadius / 2));
}

const EMPTY_BOX: Box = { x: 0, y: 0, width: 0, height: 0 };

export function isEmptyBox(box: Box): boolean {
  return box.width <= 0 || box.height <= 0;
}

/**
 * The stroke's coverage, rasterised at pixel centres from the distance to its
 * polyline (the continuous limit of stamping discs along it), so a fast drag
 * leaves no gaps. The path is first simplified (points closer than an eighth
 * of the radius dropped, then straight runs merged to within a fraction of a
 * pixel), so a long drag costs about its area, not its number of events.
 */
export function strokeFootprint(stroke: BrushStroke, width: number, height: number): StrokeFootprint {
  if (!Number.isFinite(stroke.radius)) return emptyFootprint();
  const radius = Math.max(stroke.radius, 0.5);
  const core = coreRadius(radius, stroke.hardness);
  const thinned = thinPoints(stroke.points, Math.max(0.5, radius / 8));
  const points = simplifyPath(thinned, Math.min(Math.max(radius / 25, 0.25), 1));
  if (points.length === 0 || width <= 0 || height <= 0) return emptyFootprint();

  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const p of points) {
    minX = Math.min(minX, p.x);
    minY = Math.min(minY, p.y);
    maxX = Math.max(maxX, p.x);
    maxY = Math.max(maxY, p.y);
  }
  const region = clipBox(minX - radius, minY - radius, maxX + radius, maxY + radius, width, height);
  if (isEmptyBox(region)) return emptyFootprint();

  // How far inside the brush each pixel centre is (radius² − squared distance to the path, 0 beyond
  // it), and on each row the columns any segment reached, so the passes below skip the empty rest.
  const closeness = new Float32Array(region.width * region.height);
  const spans = { from: new Int32Array(region.height).fill(region.width), to: new Int32Array(region.height) };
  const segments = points.length === 1 ? 1 : points.length - 1;
  for (let k = 0; k < segments; k++) {
    nearestToSegment(points[k], points[Math.min(k + 1, points.length - 1)], radius, region, closeness, spans);
  }
  // The closeness becomes the weights in place: a long stroke's box can be most of the image.
  const weights = closeness;
  const firm = new Uint8Array(closeness.length);
  const radiusSquared = radius * radius;
  const coreSquared = core * core;
  for (let y = 0; y < region.height; y++) {
    for (let i = y * region.width + spans.from[y], end = y * region.width + spans.to[y]; i < end; i++) {
      const c = closeness[i];
      if (c <= 0) continue;
      const d = radiusSquared - c;
      weights[i] = brushWeight(Math.sqrt(d), radius, stroke.hardness);
      if (d <= coreSquared) firm[i] = 1;
    }
  }
  return cropToCoverage(region, weights, firm, spans);
}

/**
 * Applies a stroke to a cut-out's alpha and returns the patch it changes;
 * neither `alpha` nor `image` is modified (apply the patch's `after` to commit).
 * @param image the original photo, the guide the stroke snaps to
 * @param alpha the current alpha, one byte per pixel of `image`
 */
export function applyStroke(image: RgbaImage, alpha: Uint8ClampedArray, stroke: BrushStroke): AlphaPatch {
  const { width, height } = image;
  if (alpha.length !== width * height) throw new Error(`alpha has ${alpha.length} values for a ${width}×${height} image`);
  const footprint = strokeFootprint(stroke, width, height);
  const { box, weights, core } = footprint;
  const before = readPatch(alpha, width, box);
  const after = before.slice();
  if (isEmptyBox(box)) return { box, before, after };

  const target = stroke.mode === 'keep' ? 1 : 0;
  const grid = snapGrid(snapRadius(stroke.radius));
  // A pixel's filtered value depends on the mask within two windows' reach of it (plus a cell of rounding).
  const pad = (2 * grid.cellRadius + 3) * grid.cell;
  // Tiles several times the padding, so the padding does not dominate the work.
  const side = Math.max(MIN_TILE, 4 * pad);
  for (let ty = 0; ty < box.height; ty += side) {
    for (let tx = 0; tx < box.width; tx += side) {
      const tile: Box = { x: box.x + tx, y: box.y + ty, width: Math.min(side, box.width - tx), height: Math.min(side, box.height - ty) };
      if (!touches(footprint, tile)) continue;
      const region = clipBox(tile.x - pad, tile.y - pad, tile.x + tile.width + pad, tile.y + tile.height + pad, width, height);
      const snapped = snapField(image, alpha, footprint, region, target, grid);
      for (let y = tile.y; y < tile.y + tile.height; y++) {
        for (let x = tile.x; x < tile.x + tile.width; x++) {
          const f = (y - box.y) * box.width + (x - box.x);
          const w = weights[f];
          if (w <= 0) continue;
          const old = before[f];
          const q = core[f] ? target * 255 : clampUnit(snapped.at(x, y)) * 255;
          const next = Math.round(old + decisiveness(w) * (q - old));
          // Keep never lowers alpha and erase never raises it, whatever the filter overshoots.
          after[f] = target === 1 ? Math.max(old, next) : Math.min(old, next);
        }
      }
    }
  }
  return { box, before, after };
}

/** Writes a patch's `before` (undo) or `after` (redo) into `alpha`, in place. */
export function applyPatch(alpha: Uint8ClampedArray, width: number, patch: AlphaPatch, which: 'before' | 'after'): void {
  const values = patch[which];
  const { box } = patch;
  for (let y = 0; y < box.height; y++) {
    const row = (box.y + y) * width + box.x;
    alpha.set(values.subarray(y * box.width, (y + 1) * box.width), row);
  }
}

/** Whether applying the patch would change nothing. */
export function isNoopPatch(patch: AlphaPatch): boolean {
  const { before, after } = patch;
  for (let i = 0; i < before.length; i++) if (before[i] !== after[i]) return false;
  return true;
}

/** Bytes a patch holds, for capping an undo history by memory. */
export function patchBytes(patch: AlphaPatch): number {
  return patch.before.byteLength + patch.after.byteLength;
}

/** The snapped mask over a region, read one pixel at a time. */
interface SnapField {
  /** The filtered mask at image pixel (x, y), 0–1 (it may overshoot slightly). */
  at(x: number, y: number): number;
}

/** The window statistics the weighted guided filter needs: trust × 1, R, G, B, mask, and the products. */
const STAT_COUNT = 14;
/** Window radius, in cells, of the filter at its reduced resolution: enough cells for smooth coefficients. */
const CELLS_PER_RADIUS = 4;

/** The grid the filter's statistics are gathered on: cells of `cell` × `cell` pixels, windows `cellRadius` cells each way. */
interface SnapGrid {
  cell: number;
  cellRadius: number;
}

function snapGrid(radius: number): SnapGrid {
  const cell = Math.max(1, Math.round(radius / CELLS_PER_RADIUS));
  return { cell, cellRadius: Math.max(1, Math.round(radius / cell)) };
}

/**
 * The snapping filter over one region: He et al.'s guided filter with the
 * photo's RGB as guide, each mask value counted by how much it is trusted.
 * The mask is the current alpha with the stroke's core set to its target; it
 * is trusted where the stroke is firm (the user's word) and beyond the brush
 * (the model's word), and hardly in the brush's soft rim, which is what the
 * filter decides from colour. Every window fits mask ≈ a·RGB + b by weighted
 * least squares; a pixel blends the fits of the windows over it, each by how
 * much trusted evidence it held.
 *
 * As in the fast guided filter, the windows' statistics are gathered on a
 * grid of cells a fraction of the window wide (exact sums of the
 * full-resolution products), and the smooth fitted coefficients are
 * interpolated back and applied to each pixel's own colour, so edges stay
 * crisp while a big brush costs little more than a small one.
 */
function snapField(image: RgbaImage, alpha: Uint8ClampedArray, footprint: StrokeFootprint, region: Box, target: number, grid: SnapGrid): SnapField {
  const { cell, cellRadius } = grid;
  const columns = Math.ceil(region.width / cell);
  const rows = Math.ceil(region.height / cell);
  const n = columns * rows;
  const stats = Array.from({ length: STAT_COUNT }, () => new Float32Array(n));
  const [sumT, sumR, sumG, sumB, sumP, sumRP, sumGP, sumBP, sumRR, sumRG, sumRB, sumGG, sumGB, sumBB] = stats;
  const counts = new Float32Array(n);
  const { box, core, weights } = footprint;
  const pixels = image.data;

  const toUnit = 1 / 255;
  const regionRight = region.x + region.width;
  // Cells of 16 pixels or more are summed from a sample of them, every stride-th pixel each way:
  // at least 4 × 4 of them, plenty for smooth statistics, at a fraction of the reads.
  const stride = cell >= 4 ? Math.max(2, Math.floor(cell / 4)) : 1;
  for (let y = region.y; y < region.y + region.height; y += stride) {
    // The footprint's index of pixel x on this row is footprintRow + x, when x is inside its box.
    const insideRows = y >= box.y && y < box.y + box.height;
    const footprintRow = (y - box.y) * box.width - box.x;
    const cellRow = Math.floor((y - region.y) / cell) * columns;
    for (let column = 0; column < columns; column++) {
      const xStart = region.x + column * cell;
      const xEnd = Math.min(xStart + cell, regionRight);
      // Sums over this row's run of the cell, kept in locals and added to the cell once.
      let runT = 0, runR = 0, runG = 0, runB = 0, runP = 0, runRP = 0, runGP = 0, runBP = 0;
      let runRR = 0, runRG = 0, runRB = 0, runGG = 0, runGB = 0, runBB = 0;
      for (let x = xStart; x < xEnd; x += stride) {
        const s = y * image.width + x;
        const f = insideRows && x >= box.x && x < box.x + box.width ? footprintRow + x : -1;
        let p: number;
        let t: number;
        if (f >= 0 && core[f] === 1) {
          p = target;
          t = 1;
        } else {
          const w = f >= 0 ? weights[f] : 0;
          p = alpha[s] * toUnit;
          t = (1 - w) * (1 - w);
        }
        const r = pixels[s * 4] * toUnit;
        const g = pixels[s * 4 + 1] * toUnit;
        const b = pixels[s * 4 + 2] * toUnit;
        const tr = t * r;
        const tg = t * g;
        const tb = t * b;
        runT += t;
        runR += tr;
        runG += tg;
        runB += tb;
        runP += t * p;
        runRP += tr * p;
        runGP += tg * p;
        runBP += tb * p;
        runRR += tr * r;
        runRG += tr * g;
        runRB += tr * b;
        runGG += tg * g;
        runGB += tg * b;
        runBB += tb * b;
      }
      const c = cellRow + column;
      counts[c] += Math.ceil((xEnd - xStart) / stride);
      sumT[c] += runT;
      sumR[c] += runR;
      sumG[c] += runG;
      sumB[c] += runB;
      sumP[c] += runP;
      sumRP[c] += runRP;
      sumGP[c] += runGP;
      sumBP[c] += runBP;
      sumRR[c] += runRR;
      sumRG[c] += runRG;
      sumRB[c] += runRB;
      sumGG[c] += runGG;
      sumGB[c] += runGB;
      sumBB[c] += runBB;
    }
  }
  const windowMean = (data: Float32Array): Float32Array => boxMean({ data, width: columns, height: rows }, cellRadius).data;
  const [mT, mR, mG, mB, mP, mRP, mGP, mBP, mRR, mRG, mRB, mGG, mGB, mBB] = stats.map((sums) => {
    for (let c = 0; c < n; c++) sums[c] /= counts[c];
    return windowMean(sums);
  });

  // Each window's fit, multiplied by the window's trust for the blend.
  const aR = new Float32Array(n);
  const aG = new Float32Array(n);
  const aB = new Float32Array(n);
  const bias = new Float32Array(n);
  const solved = new Float64Array(3);
  for (let c = 0; c < n; c++) {
    const t = mT[c];
    if (t < 1e-6) continue;
    const inv = 1 / t;
    const mr = mR[c] * inv;
    const mg = mG[c] * inv;
    const mb = mB[c] * inv;
    const mp = mP[c] * inv;
    const covR = mRP[c] * inv - mr * mp;
    const covG = mGP[c] * inv - mg * mp;
    const covB = mBP[c] * inv - mb * mp;
    solveWindow(
      mRR[c] * inv - mr * mr + SNAP_EPS,
      mRG[c] * inv - mr * mg,
      mRB[c] * inv - mr * mb,
      mGG[c] * inv - mg * mg + SNAP_EPS,
      mGB[c] * inv - mg * mb,
      mBB[c] * inv - mb * mb + SNAP_EPS,
      covR,
      covG,
      covB,
      solved,
    );
    const ar = solved[0];
    const ag = solved[1];
    const ab = solved[2];
    aR[c] = ar * t;
    aG[c] = ag * t;
    aB[c] = ab * t;
    bias[c] = (mp - ar * mr - ag * mg - ab * mb) * t;
  }
  const [sR, sG, sB, sBias, sT] = [aR, aG, aB, bias, mT].map(windowMean);

  return {
    at(x, y) {
      // Bilinear weights between the centres of the four nearest cells.
      const fx = Math.min(Math.max((x - region.x + 0.5) / cell - 0.5, 0), columns - 1);
      const fy = Math.min(Math.max((y - region.y + 0.5) / cell - 0.5, 0), rows - 1);
      const x0 = Math.floor(fx);
      const y0 = Math.floor(fy);
      const dx = x0 + 1 < columns ? 1 : 0;
      const dy = y0 + 1 < rows ? columns : 0;
      const wx = fx - x0;
      const wy = fy - y0;
      const w00 = (1 - wx) * (1 - wy);
      const w01 = wx * (1 - wy);
      const w10 = (1 - wx) * wy;
      const w11 = wx * wy;
      const i = y0 * columns + x0;
      const t = sT[i] * w00 + sT[i + dx] * w01 + sT[i + dy] * w10 + sT[i + dy + dx] * w11;
      const s = y * image.width + x;
      // No trusted evidence anywhere near: leave the mask as it was.
      if (t < 1e-6) return alpha[s] / 255;
      const ar = sR[i] * w00 + sR[i + dx] * w01 + sR[i + dy] * w10 + sR[i + dy + dx] * w11;
      const ag = sG[i] * w00 + sG[i + dx] * w01 + sG[i + dy] * w10 + sG[i + dy + dx] * w11;
      const ab = sB[i] * w00 + sB[i + dx] * w01 + sB[i + dy] * w10 + sB[i + dy + dx] * w11;
      const b = sBias[i] * w00 + sBias[i + dx] * w01 + sBias[i + dy] * w10 + sBias[i + dy + dx] * w11;
      return ((ar * pixels[s * 4] + ag * pixels[s * 4 + 1] + ab * pixels[s * 4 + 2]) / 255 + b) / t;
    },
  };
}

/** Pixels of a region's rows a pass must visit: columns [from, to) of each row, in region coordinates. */
interface RowSpans {
  from: Int32Array;
  to: Int32Array;
}

/**
 * Raises `closeness` (radius² − squared distance, per pixel of `region`) to
 * each pixel centre's closeness to the segment a–b, and widens `spans` to the
 * columns visited.
 */
function nearestToSegment(a: BrushPoint, b: BrushPoint, radius: number, region: Box, closeness: Float32Array, spans: RowSpans): void {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const lengthSquared = dx * dx + dy * dy;
  const radiusSquared = radius * radius;
  const y0 = Math.max(region.y, Math.floor(Math.min(a.y, b.y) - radius));
  const y1 = Math.min(region.y + region.height, Math.ceil(Math.max(a.y, b.y) + radius));
  for (let y = y0; y < y1; y++) {
    const cy = y + 0.5 - a.y;
    // The part of the segment within the radius of this row, widened by the radius, bounds its pixels.
    let from = 0;
    let to = 1;
    if (dy !== 0) {
      const t1 = (cy - radius) / dy;
      const t2 = (cy + radius) / dy;
      from = Math.max(0, Math.min(t1, t2));
      to = Math.min(1, Math.max(t1, t2));
      if (from > to) continue;
    } else if (Math.abs(cy) > radius) continue;
    const x0 = Math.max(region.x, Math.floor(a.x + Math.min(from * dx, to * dx) - radius));
    const x1 = Math.min(region.x + region.width, Math.ceil(a.x + Math.max(from * dx, to * dx) + radius));
    if (x1 <= x0) continue;
    const r = y - region.y;
    spans.from[r] = Math.min(spans.from[r], x0 - region.x);
    spans.to[r] = Math.max(spans.to[r], x1 - region.x);
    const row = r * region.width - region.x;
    for (let x = x0; x < x1; x++) {
      const cx = x + 0.5 - a.x;
      const t = lengthSquared > 0 ? Math.min(1, Math.max(0, (cx * dx + cy * dy) / lengthSquared)) : 0;
      const ex = cx - t * dx;
      const ey = cy - t * dy;
      const c = radiusSquared - (ex * ex + ey * ey);
      if (c > closeness[row + x]) closeness[row + x] = c;
    }
  }
}

/**
 * Ramer–Douglas–Peucker: keeps the fewest points whose polyline stays within
 * `tolerance` of the original, so a straight drag becomes one segment.
 */
function simplifyPath(points: BrushPoint[], tolerance: number): BrushPoint[] {
  if (points.length <= 2) return points;
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const spans: Array<[number, number]> = [[0, points.length - 1]];
  const toleranceSquared = tolerance * tolerance;
  while (spans.length > 0) {
    const [first, last] = spans.pop()!;
    const a = points[first];
    const b = points[last];
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const lengthSquared = dx * dx + dy * dy;
    let farthest = -1;
    let farthestSquared = toleranceSquared;
    for (let k = first + 1; k < last; k++) {
      const px = points[k].x - a.x;
      const py = points[k].y - a.y;
      const t = lengthSquared > 0 ? Math.min(1, Math.max(0, (px * dx + py * dy) / lengthSquared)) : 0;
      const ex = px - t * dx;
      const ey = py - t * dy;
      const d = ex * ex + ey * ey;
      if (d > farthestSquared) {
        farthestSquared = d;
        farthest = k;
      }
    }
    if (farthest < 0) continue;
    keep[farthest] = 1;
    spans.push([first, farthest], [farthest, last]);
  }
  return points.filter((_, k) => keep[k] === 1);
}

/** Drops points closer than `spacing` to the last one kept; the final point always stays. */
function thinPoints(points: readonly BrushPoint[], spacing: number): BrushPoint[] {
  const kept: BrushPoint[] = [];
  for (const point of points) {
    if (!Number.isFinite(point.x) || !Number.isFinite(point.y)) continue;
    const last = kept[kept.length - 1];
    if (!last || Math.hypot(point.x - last.x, point.y - last.y) >= spacing) kept.push(point);
  }
  const final = points[points.length - 1];
  if (kept.length > 0 && final && Number.isFinite(final.x) && Number.isFinite(final.y) && kept[kept.length - 1] !== final) kept.push(final);
  return kept;
}

/** The shrunk footprint: only the rows and columns where some weight is above zero. */
function cropToCoverage(region: Box, weights: Float32Array, firm: Uint8Array, spans: RowSpans): StrokeFootprint {
  let minX = region.width;
  let minY = region.height;
  let maxX = -1;
  let maxY = -1;
  for (let y = 0; y < region.height; y++) {
    for (let x = spans.from[y]; x < spans.to[y]; x++) {
      if (weights[y * region.width + x] > 0) {
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        maxY = y;
      }
    }
  }
  if (maxX < 0) return emptyFootprint();
  const box: Box = { x: region.x + minX, y: region.y + minY, width: maxX - minX + 1, height: maxY - minY + 1 };
  if (box.width === region.width && box.height === region.height) return { box, weights, core: firm };
  const croppedWeights = new Float32Array(box.width * box.height);
  const croppedCore = new Uint8Array(box.width * box.height);
  for (let y = 0; y < box.height; y++) {
    const from = (minY + y) * region.width + minX;
    croppedWeights.set(weights.subarray(from, from + box.width), y * box.width);
    croppedCore.set(firm.subarray(from, from + box.width), y * box.width);
  }
  return { box, weights: croppedWeights, core: croppedCore };
}

/** Whether any pixel of `tile` (inside the footprint's box) has weight. */
function touches(footprint: StrokeFootprint, tile: Box): boolean {
  const { box, weights } = footprint;
  for (let y = tile.y; y < tile.y + tile.height; y++) {
    const row = (y - box.y) * box.width - box.x;
    for (let x = tile.x; x < tile.x + tile.width; x++) if (weights[row + x] > 0) return true;
  }
  return false;
}

function readPatch(alpha: Uint8ClampedArray, width: number, box: Box): Uint8ClampedArray {
  const out = new Uint8ClampedArray(box.width * box.height);
  for (let y = 0; y < box.height; y++) {
    const from = (box.y + y) * width + box.x;
    out.set(alpha.subarray(from, from + box.width), y * box.width);
  }
  return out;
}

/** The pixels [floor(left), ceil(right)) × [floor(top), ceil(bottom)) that lie in the image. */
function clipBox(left: number, top: number, right: number, bottom: number, width: number, height: number): Box {
  const x0 = Math.max(0, Math.floor(left));
  const y0 = Math.max(0, Math.floor(top));
  const x1 = Math.min(width, Math.ceil(right));
  const y1 = Math.min(height, Math.ceil(bottom));
  if (x1 <= x0 || y1 <= y0) return EMPTY_BOX;
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

function emptyFootprint(): StrokeFootprint {
  return { box: EMPTY_BOX, weights: new Float32Array(0), core: new Uint8Array(0) };
}

function clamp01(value: number): number {
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 1;
}

function clampUnit(value: number): number {
  return value < 0 ? 0 : value > 1 ? 1 : value;
}
