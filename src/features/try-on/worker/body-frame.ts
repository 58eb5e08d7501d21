// Measures of a body for the fit: its axis (shoulders to hips, so a leaning
// person is dressed along their lean), spans, and paths along limbs.
import type { Point } from './fit-types';
import type { BodyKeypoints } from './body';

export interface BodyFrame {
  /** Midpoint of the shoulder joints. */
  origin: Point;
  /** Unit vector from the shoulders' midpoint to the hips'. */
  down: Point;
  /** Unit vector across the body, towards the image's right. */
  across: Point;
  /** Distance between the shoulder joints. */
  shoulderSpan: number;
  hipSpan: number;
  /** Distance along `down` from the shoulders' midpoint to the hips'. */
  torsoLength: number;
}

export const add = (a: Point, b: Point): Point => ({ x: a.x + b.x, y: a.y + b.y });
export const sub = (a: Point, b: Point): Point => ({ x: a.x - b.x, y: a.y - b.y });
export const scale = (a: Point, k: number): Point => ({ x: a.x * k, y: a.y * k });
export const distance = (a: Point, b: Point): number => Math.hypot(a.x - b.x, a.y - b.y);
export const mid = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
export const lerp = (a: Point, b: Point, t: number): Point => ({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t });

function unit(v: Point): Point {
  const length = Math.hypot(v.x, v.y) || 1;
  return { x: v.x / length, y: v.y / length };
}

export function bodyFrame(body: BodyKeypoints): BodyFrame {
  const shoulders = mid(body.shoulderLeft, body.shoulderRight);
  const hips = mid(body.hipLeft, body.hipRight);
  const down = unit(sub(hips, shoulders));
  return {
    origin: shoulders,
    down,
    across: { x: down.y, y: -down.x },
    shoulderSpan: distance(body.shoulderLeft, body.shoulderRight),
    hipSpan: distance(body.hipLeft, body.hipRight),
    torsoLength: distance(shoulders, hips),
  };
}

/** A point given in the body's frame: `across` pixels right of the axis, `along` pixels down it. */
export function inFrame(frame: BodyFrame, across: number, along: number): Point {
  return add(frame.origin, add(scale(frame.across, across), scale(frame.down, along)));
}

/** Where a point lies in the body's frame (the inverse of inFrame). */
export function frameCoordinates(frame: BodyFrame, point: Point): { across: number; along: number } {
  const offset = sub(point, frame.origin);
  return { across: offset.x * frame.across.x + offset.y * frame.across.y, along: offset.x * frame.down.x + offset.y * frame.down.y };
}

/** A point `length` along a polyline, with the path's direction there; past the end it goes on straight. */
export function alongPath(path: readonly Point[], length: number): { point: Point; direction: Point } {
  let left = Math.max(0, length);
  for (let i = 0; i < path.length - 1; i++) {
    const segment = distance(path[i], path[i + 1]);
    const direction = unit(sub(path[i + 1], path[i]));
    if (left <= segment || i === path.length - 2) return { point: add(path[i], scale(direction, left)), direction };
    left -= segment;
  }
  return { point: path[0], direction: { x: 0, y: 1 } };
}

export function pathLength(path: readonly Point[]): number {
  let total = 0;
  for (let i = 0; i < path.length - 1; i++) total += distance(path[i], path[i + 1]);
  return total;
}

/** The normal of a direction that points away from `centre` as seen from `at`. */
export function outwardNormal(direction: Point, at: Point, centre: Point): Point {
  const normal = { x: -direction.y, y: direction.x };
  const away = sub(at, centre);
  return normal.x * away.x + normal.y * away.y >= 0 ? normal : scale(normal, -1);
}
