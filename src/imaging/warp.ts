// Warping an RGBA image by a mapping, plus the checks that a mapping is sane.
//
// Coordinates are pixel positions: pixel (i, j)'s centre is at (i, j), in the
// source and the destination alike, so a landmark found at a pixel and the
// spot it is sent to use the same convention.
//
// The warp pulls: each destination pixel asks `inverse` where it comes from in
// the source. A spline fitted garment→body would need inverting, so fit it the
// other way round instead — fitThinPlate(bodyTargets, garmentSources) is the
// body→garment map warpRgba wants (TPS is not closed under inversion, but
// either direction is an equally smooth interpolant of the same landmark pairs).
//
// A spline evaluated per pixel is slow (n kernels each); sampledMapping
// evaluates it on a coarse grid once and interpolates that mesh instead.
import type { RgbaImage } from './image';
import type { Box } from './mask';
import type { Point } from './thin-plate';

export type Mapping = (x: number, y: number) => Point;

export interface WarpOptions {
  /** Only fill this destination rectangle; everything else stays transparent. */
  bounds?: Box;
}

/**
 * The destination image (width × height): each pixel is the source sampled
 * bilinearly at inverse(x, y), on premultiplied alpha so transparent
 * neighbours weigh nothing in the colour (no dark fringes). Beyond the
 * source's edge is transparent.
 */
export function warpRgba(source: RgbaImage, inverse: Mapping, width: number, height: number, options: WarpOptions = {}): RgbaImage {
  const out = new Uint8ClampedArray(width * height * 4);
  const { data, width: sw, height: sh } = source;
  const box = options.bounds ?? { x: 0, y: 0, width, height };
  const left = Math.max(0, box.x);
  const top = Math.max(0, box.y);
  const right = Math.min(width, box.x + box.width);
  const bottom = Math.min(height, box.y + box.height);
  for (let y = top; y < bottom; y++) {
    for (let x = left; x < right; x++) {
      const at = inverse(x, y);
      const u = at.x;
      const v = at.y;
      if (!(u > -1 && v > -1 && u < sw && v < sh)) continue;
      const x0 = Math.floor(u);
      const y0 = Math.floor(v);
      const tx = u - x0;
      const ty = v - y0;
      let alpha = 0;
      let red = 0;
      let green = 0;
      let blue = 0;
      for (let tap = 0; tap < 4; tap++) {
        const sx = x0 + (tap & 1);
        const sy = y0 + (tap >> 1);
        if (sx < 0 || sy < 0 || sx >= sw || sy >= sh) continue;
        const p = (sy * sw + sx) * 4;
        const weight = (tap & 1 ? tx : 1 - tx) * (tap >> 1 ? ty : 1 - ty) * data[p + 3];
        alpha += weight;
        red += weight * data[p];
        green += weight * data[p + 1];
        blue += weight * data[p + 2];
      }
      if (alpha <= 0) continue;
      const o = (y * width + x) * 4;
      out[o] = red / alpha;
      out[o + 1] = green / alpha;
      out[o + 2] = blue / alpha;
      out[o + 3] = alpha;
    }
  }
  return { data: out, width, height };
}

/** A mapping evaluated at every step-th pixel (nodes at 0, step, 2·step, … covering the last pixel). */
interface MappingGrid {
  columns: number;
  rows: number;
  step: number;
  /** Mapped x and y of node (i, j) at j·(columns + 1) + i. */
  mappedX: Float64Array;
  mappedY: Float64Array;
}

function mappingGrid(map: Mapping, width: number, height: number, step: number): MappingGrid {
  const columns = Math.max(1, Math.ceil((width - 1) / step));
  const rows = Math.max(1, Math.ceil((height - 1) / step));
  const mappedX = new Float64Array((columns + 1) * (rows + 1));
  const mappedY = new Float64Array(mappedX.length);
  for (let j = 0; j <= rows; j++) {
    for (let i = 0; i <= columns; i++) {
      const p = map(i * step, j * step);
      mappedX[j * (columns + 1) + i] = p.x;
      mappedY[j * (columns + 1) + i] = p.y;
    }
  }
  return { columns, rows, step, mappedX, mappedY };
}

/**
 * `map` sampled on a grid every `step` pixels over width × height and
 * interpolated bilinearly between nodes (a mesh); outside the grid it holds
 * the nearest border cell's value. For a landmark spline at step 8 the mesh
 * is off by at most a few tenths of a pixel, worst next to control points.
 */
export function sampledMapping(map: Mapping, width: number, height: number, step = 8): Mapping {
  const { columns, rows, mappedX, mappedY } = mappingGrid(map, width, height, step);
  const stride = columns + 1;
  return (x, y) => {
    const fx = Math.min(Math.max(x / step, 0), columns);
    const fy = Math.min(Math.max(y / step, 0), rows);
    const i = Math.min(Math.floor(fx), columns - 1);
    const j = Math.min(Math.floor(fy), rows - 1);
    const tx = fx - i;
    const ty = fy - j;
    const n = j * stride + i;
    const w00 = (1 - tx) * (1 - ty);
    const w10 = tx * (1 - ty);
    const w01 = (1 - tx) * ty;
    const w11 = tx * ty;
    return {
      x: w00 * mappedX[n] + w10 * mappedX[n + 1] + w01 * mappedX[n + stride] + w11 * mappedX[n + stride + 1],
      y: w00 * mappedY[n] + w10 * mappedY[n + 1] + w01 * mappedY[n + stride] + w11 * mappedY[n + stride + 1],
    };
  };
}

/** Calls `visit` with each grid cell's four mapped corners (p00 top-left, p10 right, p01 below, p11 diagonal). */
function forEachCell(grid: MappingGrid, visit: (c: Float64Array) => void): void {
  const { columns, rows, mappedX, mappedY } = grid;
  const stride = columns + 1;
  const corners = new Float64Array(8);
  for (let j = 0; j < rows; j++) {
    for (let i = 0; i < columns; i++) {
      const n = j * stride + i;
      [n, n + 1, n + stride, n + stride + 1].forEach((node, k) => {
        corners[2 * k] = mappedX[node];
        corners[2 * k + 1] = mappedY[node];
      });
      visit(corners);
    }
  }
}

/** z-component of (bx − ax, by − ay) × (dx − cx, dy − cy). */
function cross(ax: number, ay: number, bx: number, by: number, cx: number, cy: number, dx: number, dy: number): number {
  return (bx - ax) * (dy - cy) - (by - ay) * (dx - cx);
}

/**
 * Fraction of grid cells (every `step` pixels over width × height) where the
 * mapping folds or tears: its Jacobian determinant is ≤ 0 somewhere in the
 * cell. Over a bilinear cell the determinant is bilinear in the cell's
 * coordinates, so its extremes are at the corners and checking those four
 * covers the whole cell. 0 for an orientation-preserving warp.
 */
export function foldCheck(map: Mapping, width: number, height: number, step = 8): number {
  const grid = mappingGrid(map, width, height, step);
  let folded = 0;
  forEachCell(grid, ([x00, y00, x10, y10, x01, y01, x11, y11]) => {
    const corners = [
      cross(x00, y00, x10, y10, x00, y00, x01, y01),
      cross(x00, y00, x10, y10, x10, y10, x11, y11),
      cross(x01, y01, x11, y11, x00, y00, x01, y01),
      cross(x01, y01, x11, y11, x10, y10, x11, y11),
    ];
    if (corners.some((det) => !(det > 0))) folded++;
  });
  return folded / (grid.columns * grid.rows);
}

/**
 * The largest anisotropy of the mapping over the grid's cells: the ratio of
 * the Jacobian's singular values σ₁/σ₂ at each cell's centre (1 for a pure
 * rotation and scale, 2 when one direction is stretched twice as much as the
 * other). Infinity when some cell is flattened or folded.
 */
export function maxStretch(map: Mapping, width: number, height: number, step = 8): number {
  const grid = mappingGrid(map, width, height, step);
  let worst = 1;
  forEachCell(grid, ([x00, y00, x10, y10, x01, y01, x11, y11]) => {
    // Jacobian columns: the mean of the two cell edges along x, and along y.
    const a = (x10 - x00 + x11 - x01) / 2;
    const c = (y10 - y00 + y11 - y01) / 2;
    const b = (x01 - x00 + x11 - x10) / 2;
    const d = (y01 - y00 + y11 - y10) / 2;
    const det = a * d - b * c;
    const sum = a * a + b * b + c * c + d * d;
    // σ₁² = (sum + √(sum² − 4det²)) / 2 and σ₁σ₂ = |det|, so σ₁/σ₂ = σ₁² / det.
    const largestSquared = (sum + Math.sqrt(Math.max(0, sum * sum - 4 * det * det))) / 2;
    worst = Math.max(worst, det > 0 ? largestSquared / det : Infinity);
  });
  return worst;
}
