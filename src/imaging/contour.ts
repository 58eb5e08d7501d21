// Outline geometry of a mask: its biggest blob, that blob's outer contour as
// an ordered ring of pixels, its holes, each row's runs, mending (short gaps
// down a column, small holes), and the measures read off a contour: turning,
// convex hull and the concavities under it, simplification, distances to
// lines, fitted lines and where they cross, and walks across the mask.
// Points are pixel positions (column x, row y; y down).

export interface Point {
  x: number;
  y: number;
}

/** 1 inside, 0 outside, row-major. */
export interface BinaryMask {
  data: Uint8Array;
  width: number;
  height: number;
}

/** Anything shaped like an alpha plane: 0–255, row-major. */
export interface AlphaPlane {
  data: ArrayLike<number>;
  width: number;
  height: number;
}

/** One row's filled stretch, columns `start` to `end` inclusive. */
export interface Run {
  start: number;
  end: number;
}

/** A row's runs, left to right, and its outermost filled columns (-1 for an empty row). */
export interface RowSpan {
  left: number;
  right: number;
  runs: Run[];
}

/** Background the mask encloses: its size, topmost point and centre. */
export interface Hole {
  area: number;
  top: Point;
  centroid: Point;
}

/**
 * One edge of a ring's convex hull, from ring index `start` forwards to
 * `end`, and the ring point between them furthest inside it (`deepest`,
 * `depth` pixels from the edge; `start` and 0 when they are neighbours).
 */
export interface Concavity {
  start: number;
  end: number;
  deepest: number;
  depth: number;
}

/** The eight neighbours, clockwise on screen starting west. */
const NEIGHBOURS: readonly (readonly [number, number])[] = [
  [-1, 0],
  [-1, -1],
  [0, -1],
  [1, -1],
  [1, 0],
  [1, 1],
  [0, 1],
  [-1, 1],
];

/** The four neighbours sharing a side. */
const SIDE_NEIGHBOURS = NEIGHBOURS.filter(([dx, dy]) => dx === 0 || dy === 0);

export function thresholdAlpha(alpha: AlphaPlane, threshold = 128): BinaryMask {
  const data = new Uint8Array(alpha.width * alpha.height);
  for (let i = 0; i < data.length; i++) data[i] = alpha.data[i] >= threshold ? 1 : 0;
  return { data, width: alpha.width, height: alpha.height };
}

/** Gives each 8-connected blob a label 1…n; `areas[label - 1]` is its pixel count. */
export function labelBlobs(mask: BinaryMask): { labels: Int32Array; areas: number[] } {
  const { data, width, height } = mask;
  const labels = new Int32Array(width * height);
  const areas: number[] = [];
  const stack = new Int32Array(width * height);
  for (let seed = 0; seed < data.length; seed++) {
    if (!data[seed] || labels[seed]) continue;
    const label = areas.length + 1;
    let area = 0;
    let top = 0;
    stack[top++] = seed;
    labels[seed] = label;
    while (top > 0) {
      const i = stack[--top];
      area++;
      const x = i % width;
      const y = (i - x) / width;
      for (const [dx, dy] of NEIGHBOURS) {
        const nx = x + dx;
        const ny = y + dy;
        if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
        const j = i + dy * width + dx;
        if (data[j] && !labels[j]) {
          labels[j] = label;
          stack[top++] = j;
        }
      }
    }
    areas.push(area);
  }
  return { labels, areas };
}

/** Only the biggest blob of the mask (an empty mask when there is none); `blobs` as labelBlobs gives them. */
export function largestBlob(mask: BinaryMask, blobs = labelBlobs(mask)): BinaryMask {
  const { labels, areas } = blobs;
  const data = new Uint8Array(mask.data.length);
  if (areas.length === 0) return { ...mask, data };
  const biggest = areas.indexOf(areas.reduce((a, b) => Math.max(a, b))) + 1;
  for (let i = 0; i < data.length; i++) data[i] = labels[i] === biggest ? 1 : 0;
  return { ...mask, data };
}

/**
 * The mask with every column's background stretches shorter than `length`
 * filled where they lie between filled pixels above and below: a vertical
 * closing that mends bites and pale stripes a background remover dropped,
 * while gaps open to the top or bottom (under a sleeve, between legs) stay.
 */
export function fillShortColumnGaps(mask: BinaryMask, length: number): BinaryMask {
  const { width, height } = mask;
  const data = mask.data.slice();
  for (let x = 0; x < width; x++) {
    let lastFilled = -1;
    for (let y = 0; y < height; y++) {
      if (!data[y * width + x]) continue;
      if (lastFilled >= 0 && y - lastFilled - 1 < length) for (let g = lastFilled + 1; g < y; g++) data[g * width + x] = 1;
      lastFilled = y;
    }
  }
  return { data, width, height };
}

/** The mask with its holes (as findHoles finds them) under `maxArea` pixels filled. */
export function fillSmallHoles(mask: BinaryMask, maxArea: number): BinaryMask {
  const data = mask.data.slice();
  for (const hole of enclosedRegions(mask)) if (hole.length < maxArea) for (const i of hole) data[i] = 1;
  return { ...mask, data };
}

/** 1 where the mask's background is enclosed by it (a hole: 4-connected, not reaching the image border). */
export function enclosedBackground(mask: BinaryMask): Uint8Array {
  const out = new Uint8Array(mask.data.length);
  for (const hole of enclosedRegions(mask)) for (const i of hole) out[i] = 1;
  return out;
}

/** The background regions (4-connected) that do not reach the image border. */
export function findHoles(mask: BinaryMask): Hole[] {
  const { width } = mask;
  return enclosedRegions(mask).map((region) => {
    let sumX = 0;
    let sumY = 0;
    let topY = Infinity;
    let topSumX = 0;
    let topCount = 0;
    for (const i of region) {
      const x = i % width;
      const y = (i - x) / width;
      sumX += x;
      sumY += y;
      if (y < topY) {
        topY = y;
        topSumX = 0;
        topCount = 0;
      }
      if (y === topY) {
        topSumX += x;
        topCount++;
      }
    }
    const area = region.length;
    return { area, top: { x: topSumX / topCount, y: topY }, centroid: { x: sumX / area, y: sumY / area } };
  });
}

/** The pixel indices of each background region (4-connected) that does not reach the image border. */
function enclosedRegions({ data, width, height }: BinaryMask): number[][] {
  const seen = new Uint8Array(data.length);
  const stack = new Int32Array(data.length);
  const regions: number[][] = [];
  for (let seed = 0; seed < data.length; seed++) {
    if (data[seed] || seen[seed]) continue;
    const region: number[] = [];
    let top = 0;
    stack[top++] = seed;
    seen[seed] = 1;
    let reachesBorder = false;
    while (top > 0) {
      const i = stack[--top];
      region.push(i);
      const x = i % width;
      const y = (i - x) / width;
      if (x === 0 || y === 0 || x === width - 1 || y === height - 1) reachesBorder = true;
      for (const [dx, dy] of SIDE_NEIGHBOURS) {
        const nx = x + dx;
        const ny = y + dy;
        if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
        const j = ny * width + nx;
        if (!data[j] && !seen[j]) {
          seen[j] = 1;
          stack[top++] = j;
        }
      }
    }
    if (!reachesBorder) regions.push(region);
  }
  return regions;
}

/** Every row's runs of filled pixels. */
export function rowSpans(mask: BinaryMask): RowSpan[] {
  const { data, width, height } = mask;
  const spans: RowSpan[] = [];
  for (let y = 0; y < height; y++) {
    const runs: Run[] = [];
    let start = -1;
    for (let x = 0; x <= width; x++) {
      const filled = x < width && data[y * width + x] === 1;
      if (filled && start < 0) start = x;
      if (!filled && start >= 0) {
        runs.push({ start, end: x - 1 });
        start = -1;
      }
    }
    spans.push({ left: runs.length ? runs[0].start : -1, right: runs.length ? runs[runs.length - 1].end : -1, runs });
  }
  return spans;
}

/**
 * The outer boundary of the blob holding the first filled pixel in raster
 * order (Moore-neighbour tracing), clockwise on screen; [] for an empty mask.
 * A pixel on a one-pixel-wide neck appears once per pass.
 */
export function traceOuterContour(mask: BinaryMask): Point[] {
  const { data, width, height } = mask;
  const first = data.indexOf(1);
  if (first < 0) return [];
  const inside = (x: number, y: number) => x >= 0 && y >= 0 && x < width && y < height && data[y * width + x] === 1;
  /** The first filled neighbour clockwise after direction `back` (which is background), or -1. */
  const nextDirection = (x: number, y: number, back: number) => {
    for (let turn = 1; turn <= 8; turn++) {
      const d = (back + turn) % 8;
      if (inside(x + NEIGHBOURS[d][0], y + NEIGHBOURS[d][1])) return d;
    }
    return -1;
  };
  const start = { x: first % width, y: Math.floor(first / width) };
  const firstMove = nextDirection(start.x, start.y, 0);
  if (firstMove < 0) return [start];
  const contour: Point[] = [];
  let current = start;
  let back = 0;
  for (let guard = 0; guard < 4 * data.length + 8; guard++) {
    contour.push(current);
    const d = nextDirection(current.x, current.y, back);
    const next = { x: current.x + NEIGHBOURS[d][0], y: current.y + NEIGHBOURS[d][1] };
    const checked = NEIGHBOURS[(d + 7) % 8];
    back = directionOf(current.x + checked[0] - next.x, current.y + checked[1] - next.y);
    current = next;
    if (current.x === start.x && current.y === start.y && nextDirection(current.x, current.y, back) === firstMove) break;
  }
  return contour;
}

function directionOf(dx: number, dy: number): number {
  return NEIGHBOURS.findIndex(([x, y]) => x === dx && y === dy);
}

/** Twice-signed area (shoelace): positive for a ring clockwise on screen. */
export function ringArea(ring: readonly Point[]): number {
  let sum = 0;
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i];
    const b = ring[(i + 1) % ring.length];
    sum += a.x * b.y - b.x * a.y;
  }
  return sum / 2;
}

/** Each point replaced by the mean of the ring points within `radius` of it. */
export function smoothRing(ring: readonly Point[], radius: number): Point[] {
  const n = ring.length;
  if (n === 0 || radius < 1) return ring.slice();
  const reach = Math.min(radius, Math.floor((n - 1) / 2));
  return ring.map((_, i) => {
    let x = 0;
    let y = 0;
    for (let k = -reach; k <= reach; k++) {
      const p = ring[(i + k + n) % n];
      x += p.x;
      y += p.y;
    }
    return { x: x / (2 * reach + 1), y: y / (2 * reach + 1) };
  });
}

/**
 * The signed turn (radians) at each point of a clockwise ring between the
 * chords from the point `step` before and to the point `step` after:
 * positive where the outline bends round the inside (convex), negative at
 * concavities.
 */
export function turningAngles(ring: readonly Point[], step: number): Float64Array {
  const n = ring.length;
  const turning = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const before = ring[(i - step + n * step) % n];
    const here = ring[i];
    const after = ring[(i + step) % n];
    const ax = here.x - before.x;
    const ay = here.y - before.y;
    const bx = after.x - here.x;
    const by = after.y - here.y;
    turning[i] = Math.atan2(ax * by - ay * bx, ax * bx + ay * by);
  }
  return turning;
}

/** Signed distance of p from the line a→b: positive on its right on screen (y down). */
export function distanceFromLine(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length = Math.hypot(dx, dy);
  if (length === 0) return Math.hypot(p.x - a.x, p.y - a.y);
  return (dx * (p.y - a.y) - dy * (p.x - a.x)) / length;
}

/** A straight line through `through` along the unit vector `direction`. */
export interface Line {
  through: Point;
  direction: Point;
}

/** The line fitting the points best (least squares across it); undefined for fewer than two distinct points. */
export function fitLine(points: readonly Point[]): Line | undefined {
  if (points.length < 2) return undefined;
  const through = { x: points.reduce((sum, p) => sum + p.x, 0) / points.length, y: points.reduce((sum, p) => sum + p.y, 0) / points.length };
  let xx = 0;
  let xy = 0;
  let yy = 0;
  for (const p of points) {
    const dx = p.x - through.x;
    const dy = p.y - through.y;
    xx += dx * dx;
    xy += dx * dy;
    yy += dy * dy;
  }
  if (xx + yy === 0) return undefined;
  const angle = Math.atan2(2 * xy, xx - yy) / 2;
  return { through, direction: { x: Math.cos(angle), y: Math.sin(angle) } };
}

/** Where two lines cross; undefined when they are parallel. */
export function lineCrossing(a: Line, b: Line): Point | undefined {
  const denominator = a.direction.x * b.direction.y - a.direction.y * b.direction.x;
  if (Math.abs(denominator) < 1e-9) return undefined;
  const t = ((b.through.x - a.through.x) * b.direction.y - (b.through.y - a.through.y) * b.direction.x) / denominator;
  return { x: a.through.x + t * a.direction.x, y: a.through.y + t * a.direction.y };
}

/** Indices of the ring's convex hull vertices, in ascending ring order (collinear points left out). */
export function convexHullIndices(ring: readonly Point[]): number[] {
  const order = ring.map((_, i) => i).sort((i, j) => ring[i].x - ring[j].x || ring[i].y - ring[j].y);
  const cross = (o: number, a: number, b: number) =>
    (ring[a].x - ring[o].x) * (ring[b].y - ring[o].y) - (ring[a].y - ring[o].y) * (ring[b].x - ring[o].x);
  const half = (indices: number[]) => {
    const chain: number[] = [];
    for (const i of indices) {
      while (chain.length >= 2 && cross(chain[chain.length - 2], chain[chain.length - 1], i) <= 0) chain.pop();
      chain.push(i);
    }
    chain.pop();
    return chain;
  };
  const hull = [...half(order), ...half(order.slice().reverse())];
  return [...new Set(hull)].sort((a, b) => a - b);
}

/** One entry per convex hull edge of a ring: the ring stretch it bridges and how deep that goes. */
export function concavities(ring: readonly Point[]): Concavity[] {
  const hull = convexHullIndices(ring);
  const n = ring.length;
  return hull.map((start, k) => {
    const end = hull[(k + 1) % hull.length];
    let deepest = start;
    let depth = 0;
    for (let i = (start + 1) % n; i !== end; i = (i + 1) % n) {
      const d = Math.abs(distanceFromLine(ring[i], ring[start], ring[end]));
      if (d > depth) {
        depth = d;
        deepest = i;
      }
    }
    return { start, end, deepest, depth };
  });
}

/** The concavity under the hull edge that a ray from `origin` (inside the hull) along `direction` leaves through. */
export function concavityHitBy(list: readonly Concavity[], ring: readonly Point[], origin: Point, direction: Point): Concavity | undefined {
  return list.find(({ start, end }) => {
    const a = ring[start];
    const e = { x: ring[end].x - a.x, y: ring[end].y - a.y };
    const denominator = direction.x * e.y - direction.y * e.x;
    if (denominator === 0) return false;
    const t = ((a.x - origin.x) * e.y - (a.y - origin.y) * e.x) / denominator;
    const s = ((a.x - origin.x) * direction.y - (a.y - origin.y) * direction.x) / denominator;
    return t > 0 && s >= 0 && s <= 1;
  });
}

/** Indices from `from` to `to` (both included) round a ring of `length` points, stepping +1 or -1. */
export function ringPath(length: number, from: number, to: number, step: 1 | -1): number[] {
  const path = [from];
  for (let i = from; i !== to; ) {
    i = (i + step + length) % length;
    path.push(i);
  }
  return path;
}

/** The ring index nearest to p. */
export function nearestIndex(ring: readonly Point[], p: Point): number {
  let best = 0;
  let bestDistance = Infinity;
  ring.forEach((q, i) => {
    const d = (q.x - p.x) ** 2 + (q.y - p.y) ** 2;
    if (d < bestDistance) {
      bestDistance = d;
      best = i;
    }
  });
  return best;
}

/**
 * The corners of an open path: the indices of the points kept (first and
 * last always) so no dropped point is over `tolerance` from the polyline
 * through them. Ramer–Douglas–Peucker, then each corner settled on the point
 * furthest from the chord between its neighbours, and dropped when that is
 * within tolerance (so a rounded corner gives one corner, not two).
 */
export function simplifyPath(path: readonly Point[], tolerance: number): number[] {
  if (path.length < 3) return path.map((_, i) => i);
  const corners = [0, path.length - 1];
  const spans: [number, number][] = [[0, path.length - 1]];
  while (spans.length > 0) {
    const [a, b] = spans.pop()!;
    const far = furthestFromChord(path, a, b, tolerance);
    if (far < 0) continue;
    corners.push(far);
    spans.push([a, far], [far, b]);
  }
  corners.sort((a, b) => a - b);
  for (let round = 0, moved = true; moved && round < 4; round++) {
    moved = false;
    for (let k = 1; k < corners.length - 1; k++) {
      const far = furthestFromChord(path, corners[k - 1], corners[k + 1], tolerance);
      if (far === corners[k]) continue;
      moved = true;
      if (far < 0) corners.splice(k--, 1);
      else corners[k] = far;
    }
  }
  return corners;
}

/** Index of the point strictly between a and b furthest from the chord a–b if that is over `tolerance`, else -1. */
function furthestFromChord(path: readonly Point[], a: number, b: number, tolerance: number): number {
  let far = -1;
  let farDistance = tolerance;
  for (let i = a + 1; i < b; i++) {
    const d = Math.abs(distanceFromLine(path[i], path[a], path[b]));
    if (d > farDistance) {
      farDistance = d;
      far = i;
    }
  }
  return far;
}

/**
 * Walking from `origin` along `direction` in half-pixel steps, the last point
 * inside the mask; the walk may start up to 3 pixels on, where it first
 * enters the mask (for an origin on the outline), else it is `origin`.
 */
export function lastInsideAlong(mask: BinaryMask, origin: Point, direction: Point): Point {
  const length = Math.hypot(direction.x, direction.y) || 1;
  const step = { x: (direction.x / length) * 0.5, y: (direction.y / length) * 0.5 };
  const inside = (p: Point) => {
    const x = Math.round(p.x);
    const y = Math.round(p.y);
    return x >= 0 && y >= 0 && x < mask.width && y < mask.height && mask.data[y * mask.width + x] === 1;
  };
  const ahead = (p: Point) => ({ x: p.x + step.x, y: p.y + step.y });
  let p = origin;
  for (let k = 0; k < 6 && !inside(p); k++) p = ahead(p);
  if (!inside(p)) return origin;
  while (inside(ahead(p))) p = ahead(p);
  return p;
}
