// The warp of a limb part (a sleeve, a trouser leg): it follows the limb on
// the body, whatever its angle or bend. A body pixel is placed by its nearest
// point on the limb's polyline — how far along (s) and how far out from it
// (r, positive away from the body's middle) — and taken from the same place
// on the part's straight axis in the garment photo, its width scaled from
// the body's to the garment's. Beyond the limb's ends and sides the mapping
// carries on straight, so it lands outside the part and leaves it clear.
import type { Mapping } from '../../../imaging/warp';
import type { Point } from './fit-types';

export interface LimbPlan {
  side: -1 | 1;
  /** On the garment: the two ends of the part's root (where it joins the panel) and of its opening, outer (seam side) first. */
  source: { rootOuter: Point; rootInner: Point; endOuter: Point; endInner: Point };
  /**
   * On the body: the limb's joints, the arc length at which the part's root
   * sits (its outer end; the inner end at `startInner`, further along where
   * the root is slanted, as a sleeve's runs from the shoulder's top down to
   * the armpit), its length from `start`, and its half-width along the limb.
   */
  path: Point[];
  start: number;
  startInner?: number;
  length: number;
  half: (s: number) => number;
  /** The half-width on the limb's inner side, where it differs (a sleeve's root narrows to the armpit). */
  innerHalf?: (s: number) => number;
  /** Which way is out from the limb at a point on it (away from the body's middle). */
  away: (foot: Point) => Point;
}

/** How far past its inner side (in its half-widths) a part may still reach across the body. */
const INNER_REACH = 1.5;
/** A garment point outside any part, for body pixels the part does not reach. */
const OFF_PART = { x: -1e4, y: -1e4 };

interface Foot {
  s: number;
  r: number;
}

/** Arc length and signed offset of q from the polyline (extrapolated past both ends). */
export function limbCoordinates(path: readonly Point[], away: (foot: Point) => Point, q: Point): Foot {
  let best: Foot = { s: 0, r: 0 };
  let bestDistance = Infinity;
  let travelled = 0;
  for (let i = 0; i < path.length - 1; i++) {
    const a = path[i];
    const b = path[i + 1];
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const length = Math.hypot(dx, dy) || 1e-6;
    let t = ((q.x - a.x) * dx + (q.y - a.y) * dy) / (length * length);
    if (i > 0) t = Math.max(0, t);
    if (i < path.length - 2) t = Math.min(1, t);
    const fx = a.x + dx * t;
    const fy = a.y + dy * t;
    const distance = Math.hypot(q.x - fx, q.y - fy);
    if (distance < bestDistance) {
      bestDistance = distance;
      // The normal facing away from the body's middle.
      let nx = -dy / length;
      let ny = dx / length;
      const out = away({ x: fx, y: fy });
      if (nx * out.x + ny * out.y < 0) {
        nx = -nx;
        ny = -ny;
      }
      best = { s: travelled + t * length, r: (q.x - fx) * nx + (q.y - fy) * ny };
    }
    travelled += length;
  }
  return best;
}

/**
 * Across the part, the garment is read along its root's line at the root
 * (the body's root line, outer end to inner end, is the garment's) and
 * along its opening's line at the opening (in between, their blend), so
 * nothing before the root is the part's: that is the panel's side of the line.
 */
export function limbMapping(plan: LimbPlan): Mapping {
  const { rootOuter, rootInner, endOuter, endInner } = plan.source;
  const root = { x: (rootOuter.x + rootInner.x) / 2, y: (rootOuter.y + rootInner.y) / 2 };
  const end = { x: (endOuter.x + endInner.x) / 2, y: (endOuter.y + endInner.y) / 2 };
  const rootHalf = Math.hypot(rootOuter.x - rootInner.x, rootOuter.y - rootInner.y) / 2 || 1;
  const endHalf = Math.hypot(endOuter.x - endInner.x, endOuter.y - endInner.y) / 2 || 1;
  const rootAcross = { x: (rootOuter.x - root.x) / rootHalf, y: (rootOuter.y - root.y) / rootHalf };
  const endAcross = { x: (endOuter.x - end.x) / endHalf, y: (endOuter.y - end.y) / endHalf };
  return (x, y) => {
    const { s, r } = limbCoordinates(plan.path, plan.away, { x, y });
    const across = r / Math.max(1, (r < 0 && plan.innerHalf ? plan.innerHalf : plan.half)(Math.max(0, s)));
    // Well inside the limb's inner side is the torso, not the part: nothing of it lands there.
    if (across < -INNER_REACH) return OFF_PART;
    // The root's outer half lies across the limb at `start`; its inner half slants on to `startInner`.
    const rootAt = plan.start + ((plan.startInner ?? plan.start) - plan.start) * Math.max(0, Math.min(1, -across));
    const u = (s - rootAt) / Math.max(1, plan.start + plan.length - rootAt);
    const t = Math.max(0, Math.min(1, u));
    const ax = rootAcross.x + (endAcross.x - rootAcross.x) * t;
    const ay = rootAcross.y + (endAcross.y - rootAcross.y) * t;
    const half = rootHalf + (endHalf - rootHalf) * t;
    return { x: root.x + (end.x - root.x) * u + ax * across * half, y: root.y + (end.y - root.y) * u + ay * across * half };
  };
}

/** The box the part can reach on the body: its path grown by twice its widest half-width. */
export function limbBounds(plan: LimbPlan, width: number, height: number) {
  const margin = 2 * Math.max(plan.half(0), plan.half(plan.start + plan.length));
  const xs = plan.path.map((p) => p.x);
  const ys = plan.path.map((p) => p.y);
  const x = Math.max(0, Math.floor(Math.min(...xs) - margin));
  const y = Math.max(0, Math.floor(Math.min(...ys) - margin));
  return { x, y, width: Math.min(width, Math.ceil(Math.max(...xs) + margin)) - x, height: Math.min(height, Math.ceil(Math.max(...ys) + margin)) - y };
}
