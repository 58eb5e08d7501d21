// Vector paths for the drawn garments: closed outlines of lines and cubic
// Bézier curves, built as the right half of a symmetric shape (from a point
// on the centre line round to another) and mirrored, moved by an affine map,
// and flattened into polygons for the rasteriser. Units are whatever the
// caller draws in (metres on the garment, pixels in the photo).

export interface Pt {
  x: number;
  y: number;
}

export const pt = (x: number, y: number): Pt => ({ x, y });
export const lerp = (a: Pt, b: Pt, t: number): Pt => pt(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t);
export const dist = (a: Pt, b: Pt) => Math.hypot(b.x - a.x, b.y - a.y);

export type Segment = { kind: 'line'; to: Pt } | { kind: 'cubic'; c1: Pt; c2: Pt; to: Pt };

/** An open run of segments from `start`. */
export interface Run {
  start: Pt;
  segments: Segment[];
}

/** Builds a run step by step: lines, cubics, and quadratics (kept as cubics). */
export class RunBuilder {
  readonly run: Run;
  private at: Pt;

  constructor(start: Pt) {
    this.run = { start, segments: [] };
    this.at = start;
  }

  get end(): Pt {
    return this.at;
  }

  line(to: Pt): this {
    this.run.segments.push({ kind: 'line', to });
    this.at = to;
    return this;
  }

  cubic(c1: Pt, c2: Pt, to: Pt): this {
    this.run.segments.push({ kind: 'cubic', c1, c2, to });
    this.at = to;
    return this;
  }

  quad(c: Pt, to: Pt): this {
    return this.cubic(lerp(this.at, c, 2 / 3), lerp(to, c, 2 / 3), to);
  }

  /** A curve leaving the current point along `outDir` and arriving at `to` along `inDir` (tangent handles as shares of the chord). */
  curve(to: Pt, outDir: Pt, inDir: Pt, out = 0.35, into = 0.35): this {
    const chord = dist(this.at, to);
    const unit = (d: Pt) => {
      const n = Math.hypot(d.x, d.y) || 1;
      return pt(d.x / n, d.y / n);
    };
    const o = unit(outDir);
    const i = unit(inDir);
    return this.cubic(pt(this.at.x + o.x * chord * out, this.at.y + o.y * chord * out), pt(to.x - i.x * chord * into, to.y - i.y * chord * into), to);
  }

  append(run: Run): this {
    for (const s of run.segments) {
      this.run.segments.push(s);
      this.at = s.to;
    }
    return this;
  }
}

/** The same run walked backwards. */
export function reverse(run: Run): Run {
  const points = [run.start, ...run.segments.map((s) => s.to)];
  const segments: Segment[] = [];
  for (let k = run.segments.length - 1; k >= 0; k--) {
    const s = run.segments[k];
    const to = points[k];
    segments.push(s.kind === 'line' ? { kind: 'line', to } : { kind: 'cubic', c1: s.c2, c2: s.c1, to });
  }
  return { start: points[points.length - 1], segments };
}

export function mapRun(run: Run, f: (p: Pt) => Pt): Run {
  return {
    start: f(run.start),
    segments: run.segments.map((s) => (s.kind === 'line' ? { kind: 'line', to: f(s.to) } : { kind: 'cubic', c1: f(s.c1), c2: f(s.c2), to: f(s.to) })),
  };
}

const mirrorX = (p: Pt): Pt => pt(-p.x, p.y);

/**
 * A closed symmetric outline from its right half: `half` runs from a point on
 * the centre line (x = 0) round the right side to another; the left side is
 * its mirror walked back.
 */
export function mirrored(half: Run): Run {
  const left = reverse(mapRun(half, mirrorX));
  const out = new RunBuilder(half.start).append(half);
  // The mirror starts where the half ends (both on the centre line, or at the same crotch point).
  if (dist(out.end, left.start) > 1e-9) out.line(left.start);
  out.append(left);
  return out.run;
}

/** A run and its mirror as two shapes (a sleeve, a strap, a pocket). */
export function withMirror(shape: Run): Run[] {
  return [shape, reverse(mapRun(shape, mirrorX))];
}

/** Flattens a run into points, each cubic cut so it strays under `tolerance` from its chord pieces. */
export function flatten(run: Run, tolerance: number): Pt[] {
  const out: Pt[] = [run.start];
  let at = run.start;
  for (const s of run.segments) {
    if (s.kind === 'line') {
      out.push(s.to);
    } else {
      // The largest second difference bounds how far the curve leaves its chords.
      const ddx = Math.max(Math.abs(at.x - 2 * s.c1.x + s.c2.x), Math.abs(s.c1.x - 2 * s.c2.x + s.to.x));
      const ddy = Math.max(Math.abs(at.y - 2 * s.c1.y + s.c2.y), Math.abs(s.c1.y - 2 * s.c2.y + s.to.y));
      const steps = Math.max(2, Math.min(400, Math.ceil(Math.sqrt((0.75 * Math.hypot(ddx, ddy)) / tolerance))));
      for (let k = 1; k <= steps; k++) out.push(cubicAt(at, s.c1, s.c2, s.to, k / steps));
    }
    at = s.to;
  }
  return out;
}

export function cubicAt(p0: Pt, c1: Pt, c2: Pt, p3: Pt, t: number): Pt {
  const u = 1 - t;
  const a = u * u * u;
  const b = 3 * u * u * t;
  const c = 3 * u * t * t;
  const d = t * t * t;
  return pt(a * p0.x + b * c1.x + c * c2.x + d * p3.x, a * p0.y + b * c1.y + c * c2.y + d * p3.y);
}


/** Points `offset` to the left of a polyline (y down: left of travel is +90° turned), for hems' top-stitching. */
export function offsetPolyline(points: readonly Pt[], offset: number): Pt[] {
  return points.map((p, k) => {
    const a = points[Math.max(0, k - 1)];
    const b = points[Math.min(points.length - 1, k + 1)];
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const n = Math.hypot(dx, dy) || 1;
    return pt(p.x + (dy / n) * offset, p.y - (dx / n) * offset);
  });
}

/** An affine map: x' = a x + c y + e, y' = b x + d y + f. */
export interface Affine {
  a: number;
  b: number;
  c: number;
  d: number;
  e: number;
  f: number;
}

export const apply = (m: Affine, p: Pt): Pt => pt(m.a * p.x + m.c * p.y + m.e, m.b * p.x + m.d * p.y + m.f);

export function invert(m: Affine): Affine {
  const det = m.a * m.d - m.b * m.c;
  return { a: m.d / det, b: -m.b / det, c: -m.c / det, d: m.a / det, e: (m.c * m.f - m.d * m.e) / det, f: (m.b * m.e - m.a * m.f) / det };
}

/** Scale by `s`, turn by `angle` (radians, clockwise on screen with y down) about the origin, then move by (tx, ty). */
export function similarity(s: number, angle: number, tx: number, ty: number): Affine {
  const cos = Math.cos(angle) * s;
  const sin = Math.sin(angle) * s;
  return { a: cos, b: sin, c: -sin, d: cos, e: tx, f: ty };
}


/**
 * Smooth curves from the builder's current point through `points` in turn
 * (Catmull-Rom turned into cubics): `before` and `after` stand in for the
 * neighbours past the ends (the run's previous point and the next one), so
 * the curve meets what comes before and after without a kink when given.
 */
export function through(builder: RunBuilder, points: readonly Pt[], before?: Pt, after?: Pt): RunBuilder {
  const all = [builder.end, ...points];
  const at = (k: number): Pt => (k < 0 ? (before ?? all[0]) : k >= all.length ? (after ?? all[all.length - 1]) : all[k]);
  for (let k = 0; k < all.length - 1; k++) {
    const p0 = at(k - 1);
    const p1 = at(k);
    const p2 = at(k + 1);
    const p3 = at(k + 2);
    builder.cubic(pt(p1.x + (p2.x - p0.x) / 6, p1.y + (p2.y - p0.y) / 6), pt(p2.x - (p3.x - p1.x) / 6, p2.y - (p3.y - p1.y) / 6), p2);
  }
  return builder;
}

/** Whether p lies inside a closed polygon (even-odd). */
export function insidePolygon(p: Pt, polygon: readonly Pt[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i];
    const b = polygon[j];
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

/** A polyline moved `amount` to whichever side of it lies inside `polygon` (judged at its middle). */
export function inset(points: readonly Pt[], amount: number, polygon: readonly Pt[]): Pt[] {
  const left = offsetPolyline(points, amount);
  const mid = left[Math.floor(left.length / 2)];
  return insidePolygon(mid, polygon) ? left : offsetPolyline(points, -amount);
}
