// An anti-aliased coverage rasteriser for the drawn garments, in pixels
// (pixel (x, y) is the unit square from (x, y) to (x + 1, y + 1)). Filled
// polygons: each edge adds, to every cell it crosses, the signed area of the
// cell to its right, and carries the rest of its height to the next cell; a
// running sum along each row then gives every pixel's exact coverage
// (non-zero winding, clamped to 1). Strokes and soft lines are drawn from
// the distance to a polyline, and a box blur softens masks for shadows and
// shading.
import type { Pt } from './geometry';

export interface Mask {
  width: number;
  height: number;
  /** Coverage 0..1, row-major. */
  data: Float32Array;
}

export const emptyMask = (width: number, height: number): Mask => ({ width, height, data: new Float32Array(width * height) });

/** Adds one edge piece within row `row` (its y from ya to yb in 0..1 inside the row) to the accumulation row. */
function addPiece(acc: Float32Array, base: number, width: number, xa: number, xb: number, signedHeight: number): void {
  const lo = Math.min(xa, xb);
  const hi = Math.max(xa, xb);
  const first = Math.floor(lo);
  const last = Math.floor(hi);
  if (first === last || hi - lo < 1e-9) {
    const column = first;
    if (column >= width) return;
    if (column < 0) {
      acc[base] += signedHeight;
      return;
    }
    const mid = (xa + xb) / 2 - column;
    acc[base + column] += (1 - mid) * signedHeight;
    acc[base + column + 1] += mid * signedHeight;
    return;
  }
  // Across several columns: the piece's height is shared out by the x span in each (the edge is straight).
  const span = hi - lo;
  for (let column = first; column <= last; column++) {
    const x0 = Math.max(lo, column);
    const x1 = Math.min(hi, column + 1);
    if (x1 <= x0) continue;
    const h = (signedHeight * (x1 - x0)) / span;
    if (column >= width) break;
    if (column < 0) {
      acc[base] += h;
      continue;
    }
    const mid = (x0 + x1) / 2 - column;
    acc[base + column] += (1 - mid) * h;
    acc[base + column + 1] += mid * h;
  }
}

/** Coverage of the union of closed polygons (non-zero winding), each pixel's exact covered area. */
export function fillPolygons(polygons: readonly (readonly Pt[])[], width: number, height: number): Mask {
  const stride = width + 1;
  const acc = new Float32Array(stride * height);
  for (const polygon of polygons) {
    const n = polygon.length;
    // Every polygon counted with the same orientation, so overlapping ones add up instead of cancelling.
    let area = 0;
    for (let k = 0; k < n; k++) area += polygon[k].x * polygon[(k + 1) % n].y - polygon[(k + 1) % n].x * polygon[k].y;
    const sign = area < 0 ? -1 : 1;
    for (let k = 0; k < n; k++) {
      const p = polygon[k];
      const q = polygon[(k + 1) % n];
      if (p.y === q.y) continue;
      const dir = q.y > p.y ? 1 : -1;
      const top = dir > 0 ? p : q;
      const bottom = dir > 0 ? q : p;
      const dxdy = (bottom.x - top.x) / (bottom.y - top.y);
      const y0 = Math.max(0, top.y);
      const y1 = Math.min(height, bottom.y);
      if (y1 <= y0) continue;
      for (let row = Math.floor(y0); row < y1; row++) {
        const ya = Math.max(y0, row);
        const yb = Math.min(y1, row + 1);
        if (yb <= ya) continue;
        const xa = top.x + (ya - top.y) * dxdy;
        const xb = top.x + (yb - top.y) * dxdy;
        addPiece(acc, row * stride, width, xa, xb, (yb - ya) * dir * sign);
      }
    }
  }
  const out = emptyMask(width, height);
  for (let y = 0; y < height; y++) {
    let sum = 0;
    for (let x = 0; x < width; x++) {
      sum += acc[y * stride + x];
      const c = Math.abs(sum);
      out.data[y * width + x] = c > 1 ? 1 : c < 1e-6 ? 0 : c;
    }
  }
  return out;
}

/** Squared distance from p to segment ab. */
function segmentDistance2(px: number, py: number, a: Pt, b: Pt): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  let t = len2 > 0 ? ((px - a.x) * dx + (py - a.y) * dy) / len2 : 0;
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  const ex = a.x + t * dx - px;
  const ey = a.y + t * dy - py;
  return ex * ex + ey * ey;
}

/**
 * Calls `paint(index, distance, along)` for every pixel centre within `reach`
 * of the polyline: its distance to it and the arc length of the nearest
 * point (for dashes).
 */
export function nearPolyline(points: readonly Pt[], reach: number, width: number, height: number, paint: (index: number, distance: number, along: number) => void): void {
  if (points.length < 2) return;
  const cumulative = [0];
  for (let k = 1; k < points.length; k++) cumulative.push(cumulative[k - 1] + Math.hypot(points[k].x - points[k - 1].x, points[k].y - points[k - 1].y));
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const x0 = Math.max(0, Math.floor(Math.min(...xs) - reach));
  const x1 = Math.min(width - 1, Math.ceil(Math.max(...xs) + reach));
  const y0 = Math.max(0, Math.floor(Math.min(...ys) - reach));
  const y1 = Math.min(height - 1, Math.ceil(Math.max(...ys) + reach));
  const reach2 = reach * reach;
  for (let y = y0; y <= y1; y++) {
    const py = y + 0.5;
    for (let x = x0; x <= x1; x++) {
      const px = x + 0.5;
      let best = Infinity;
      let bestK = 0;
      for (let k = 0; k < points.length - 1; k++) {
        const a = points[k];
        const b = points[k + 1];
        // Skip segments whose box is out of reach.
        if (px < Math.min(a.x, b.x) - reach || px > Math.max(a.x, b.x) + reach || py < Math.min(a.y, b.y) - reach || py > Math.max(a.y, b.y) + reach) continue;
        const d2 = segmentDistance2(px, py, a, b);
        if (d2 < best) {
          best = d2;
          bestK = k;
        }
      }
      if (best > reach2) continue;
      const a = points[bestK];
      const b = points[bestK + 1];
      const seg = Math.hypot(b.x - a.x, b.y - a.y);
      const t = seg > 0 ? Math.max(0, Math.min(1, ((px - a.x) * (b.x - a.x) + (py - a.y) * (b.y - a.y)) / (seg * seg))) : 0;
      paint(y * width + x, Math.sqrt(best), cumulative[bestK] + t * seg);
    }
  }
}

/** A stroke's coverage: `halfWidth` either side of the polyline, anti-aliased over one pixel; dashed when `dash` is given ([on, off] in pixels). */
export function strokePolyline(points: readonly Pt[], halfWidth: number, width: number, height: number, dash?: readonly [number, number]): Mask {
  const out = emptyMask(width, height);
  nearPolyline(points, halfWidth + 1, width, height, (i, d, along) => {
    let c = Math.max(0, Math.min(1, halfWidth + 0.5 - d));
    if (dash) {
      const phase = along % (dash[0] + dash[1]);
      c *= Math.max(0, Math.min(1, Math.min(phase, dash[0] - phase) + 0.5));
    }
    if (c > out.data[i]) out.data[i] = c;
  });
  return out;
}

/** A box blur of radius r (pixels), three passes each way: close to a Gaussian of σ ≈ r. */
export function blur(mask: Mask, r: number): Mask {
  const { width, height } = mask;
  let a = Float32Array.from(mask.data);
  let b = new Float32Array(a.length);
  const radius = Math.max(1, Math.round(r));
  for (let pass = 0; pass < 3; pass++) {
    for (let y = 0; y < height; y++) boxLine(a, b, y * width, 1, width, radius);
    [a, b] = [b, a];
    for (let x = 0; x < width; x++) boxLine(a, b, x, width, height, radius);
    [a, b] = [b, a];
  }
  return { width, height, data: a };
}

function boxLine(src: Float32Array, dst: Float32Array, start: number, step: number, n: number, r: number): void {
  let sum = 0;
  const at = (k: number) => src[start + Math.max(0, Math.min(n - 1, k)) * step];
  for (let k = -r; k <= r; k++) sum += at(k);
  const inv = 1 / (2 * r + 1);
  for (let k = 0; k < n; k++) {
    dst[start + k * step] = sum * inv;
    sum += at(k + r + 1) - at(k - r);
  }
}

/** Pixel-wise a·(1 − b): `mask` with `hole` cut out. */
export function subtract(mask: Mask, hole: Mask): Mask {
  const out = emptyMask(mask.width, mask.height);
  for (let i = 0; i < out.data.length; i++) out.data[i] = mask.data[i] * (1 - hole.data[i]);
  return out;
}

/** Pixel-wise a·b. */
export function intersect(a: Mask, b: Mask): Mask {
  const out = emptyMask(a.width, a.height);
  for (let i = 0; i < out.data.length; i++) out.data[i] = a.data[i] * b.data[i];
  return out;
}

