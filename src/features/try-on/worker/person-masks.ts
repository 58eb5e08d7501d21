// Masks of the person the fit needs, from their alpha and keypoints: how
// wide the body is across its axis, what must stay in front of the garment
// (arms and hands), and how far around the body a garment may reach.
import { boxMean } from '../../../imaging/box-filter';
import type { AlphaMask, Point } from './fit-types';
import type { BodyKeypoints } from './body';
import { frameCoordinates, inFrame, lerp, type BodyFrame } from './body-frame';
import type { BodyMeasure } from './fit-plan';

const INSIDE = 128;
/** How far past the person's outline (in shoulder spans) a garment's loose cloth may reach. */
const REACH_MARGIN = 0.12;

function isInside(mask: AlphaMask, p: Point): boolean {
  const x = Math.round(p.x);
  const y = Math.round(p.y);
  return x >= 0 && y >= 0 && x < mask.width && y < mask.height && mask.data[y * mask.width + x] >= INSIDE;
}

/**
 * The fit's measures on the person's mask. Sides: how far the mask runs from
 * the axis to each side before it ends or meets an arm (the arms drawn as
 * capsules along the pose, from `minimum` out), or null where the axis is
 * not inside the person (between the legs). Height above a point: how far up
 * the axis the mask goes from it, or null from outside the person or past
 * half a shoulder span (the neck, not a shoulder).
 */
export function measureOnMask(mask: AlphaMask, frame: BodyFrame, body: BodyKeypoints): BodyMeasure {
  const S = frame.shoulderSpan;
  const arms = armCapsules(body, frame, mask.width, mask.height);
  const run = (from: Point, step: Point, limit: number, stopAtArm = false) => {
    let length = 0;
    while (length < limit) {
      const p = { x: from.x + step.x * (length + 1), y: from.y + step.y * (length + 1) };
      if (!isInside(mask, p)) break;
      if (stopAtArm && length > 0.3 * S && arms[Math.round(p.y) * mask.width + Math.round(p.x)] > 128) break;
      length++;
    }
    return length;
  };
  return {
    sides(along) {
      const centre = inFrame(frame, 0, along);
      if (!isInside(mask, centre)) return null;
      const across = frame.across;
      return { left: run(centre, { x: -across.x, y: -across.y }, 1.5 * S, true), right: run(centre, across, 1.5 * S, true) };
    },
    heightAbove(point) {
      if (!isInside(mask, point)) return null;
      const height = run(point, { x: -frame.down.x, y: -frame.down.y }, 0.5 * S);
      return height >= 0.5 * S ? null : height;
    },
  };
}

/** The arms from shoulder to fingertips as capsules (0–255), whether or not the mask shows them. */
function armCapsules(body: BodyKeypoints, frame: BodyFrame, width: number, height: number): Uint8ClampedArray {
  const S = frame.shoulderSpan;
  const capsules: Capsule[] = [];
  for (const side of ['Left', 'Right'] as const) {
    const elbow = body[`elbow${side}`];
    const wrist = body[`wrist${side}`];
    capsules.push({ a: lerp(body[`shoulder${side}`], elbow, 0.3), b: elbow, radius: 0.1 * S });
    capsules.push({ a: elbow, b: wrist, radius: 0.085 * S });
    capsules.push({ a: wrist, b: extend(wrist, body[`hand${side}`], 0.12 * S), radius: 0.11 * S });
  }
  return drawCapsules(capsules, width, height);
}

/** Distance from p to the segment a–b. */
function segmentDistance(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length2 = dx * dx + dy * dy || 1;
  const t = Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length2));
  return Math.hypot(p.x - a.x - t * dx, p.y - a.y - t * dy);
}

interface Capsule {
  a: Point;
  b: Point;
  radius: number;
}

/** Draws capsules into a 0–255 mask with a one-pixel soft edge. */
function drawCapsules(capsules: readonly Capsule[], width: number, height: number): Uint8ClampedArray {
  const out = new Uint8ClampedArray(width * height);
  for (const { a, b, radius } of capsules) {
    const x0 = Math.max(0, Math.floor(Math.min(a.x, b.x) - radius - 1));
    const x1 = Math.min(width - 1, Math.ceil(Math.max(a.x, b.x) + radius + 1));
    const y0 = Math.max(0, Math.floor(Math.min(a.y, b.y) - radius - 1));
    const y1 = Math.min(height - 1, Math.ceil(Math.max(a.y, b.y) + radius + 1));
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const coverage = Math.max(0, Math.min(1, radius + 0.5 - segmentDistance({ x: x + 0.5, y: y + 0.5 }, a, b)));
        const i = y * width + x;
        if (coverage * 255 > out[i]) out[i] = coverage * 255;
      }
    }
  }
  return out;
}

function extend(from: Point, to: Point, by: number): Point {
  const length = Math.hypot(to.x - from.x, to.y - from.y) || 1;
  return { x: to.x + ((to.x - from.x) / length) * by, y: to.y + ((to.y - from.y) / length) * by };
}

/**
 * The arms and hands as the person's mask shows them: capsules along
 * elbow–wrist–hand and the lower upper arm, kept where the person is.
 * 'hands' is the hands alone, which are in front of everything; 'arms' adds
 * the arms, in front of all but a sleeve; 'fingers' is the hands past the
 * palm, which an old cuff never reaches.
 */
export function limbMask(alpha: AlphaMask, body: BodyKeypoints, frame: BodyFrame, part: 'arms' | 'hands' | 'fingers'): Uint8ClampedArray {
  const S = frame.shoulderSpan;
  const capsules: Capsule[] = [];
  for (const side of ['Left', 'Right'] as const) {
    const shoulder = body[`shoulder${side}`];
    const elbow = body[`elbow${side}`];
    const wrist = body[`wrist${side}`];
    const hand = body[`hand${side}`];
    const fingertips = extend(wrist, hand, 0.12 * S);
    if (part === 'fingers') capsules.push({ a: lerp(wrist, hand, 0.6), b: fingertips, radius: 0.09 * S });
    else capsules.push({ a: wrist, b: fingertips, radius: 0.13 * S });
    if (part === 'arms') {
      // The top of the upper arm meets the shoulder under the sleeve's cap; only below the armpit can it be in front.
      capsules.push({ a: lerp(shoulder, elbow, 0.45), b: elbow, radius: 0.12 * S });
      capsules.push({ a: elbow, b: wrist, radius: 0.1 * S });
    }
  }
  const mask = drawCapsules(capsules, alpha.width, alpha.height);
  for (let i = 0; i < mask.length; i++) mask[i] = Math.min(mask[i], alpha.data[i]);
  return mask;
}

/**
 * Where a garment may reach: the person's mask with the gaps between the
 * legs filled, grown by a margin for loose cloth, and nothing above the neck.
 * Below the hips a skirt may flare out to `hangHalf` from the body's axis.
 */
export function garmentReach(alpha: AlphaMask, frame: BodyFrame, hangHalf = 0): Uint8ClampedArray {
  const { width, height } = alpha;
  const filled = new Float32Array(width * height);
  for (let i = 0; i < filled.length; i++) filled[i] = alpha.data[i] >= INSIDE ? 1 : 0;
  const hipsY = frame.origin.y + frame.down.y * frame.torsoLength;
  for (let y = Math.max(0, Math.floor(hipsY)); y < height; y++) {
    let first = -1;
    let last = -1;
    for (let x = 0; x < width; x++) {
      if (filled[y * width + x] === 0) continue;
      if (first < 0) first = x;
      last = x;
    }
    if (first >= 0 && last - first < frame.hipSpan * 4) filled.fill(1, y * width + first, y * width + last + 1);
    if (hangHalf > 0) {
      const axisX = inFrame(frame, 0, frameCoordinates(frame, { x: 0, y }).along).x;
      const from = Math.max(0, Math.floor(axisX - hangHalf));
      const to = Math.min(width, Math.ceil(axisX + hangHalf));
      if (to > from) filled.fill(1, y * width + from, y * width + to);
    }
  }
  const margin = Math.max(1, Math.round(frame.shoulderSpan * REACH_MARGIN));
  const grown = boxMean({ data: filled, width, height }, margin);
  const reach = new Uint8ClampedArray(width * height);
  const neckLimit = -0.16 * frame.shoulderSpan;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (grown.data[i] <= 0.02) continue;
      const along = frameCoordinates(frame, { x, y }).along;
      reach[i] = 255 * Math.max(0, Math.min(1, along - neckLimit));
    }
  }
  return reach;
}
