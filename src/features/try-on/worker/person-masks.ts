// Masks of the person the fit needs, from their alpha and keypoints: how
// wide the body is across its axis, what must stay in front of the garment
// (arms and hands), and how far around the body a garment may reach.
import { boxMean } from '../../../imaging/box-filter';
import type { RgbaImage } from '../../../imaging/image';
import { paletteDistance, pixel, type Palette } from './colour-palette';
import type { AlphaMask, Point } from './fit-types';
import type { BodyKeypoints } from './body';
import { alongPath, frameCoordinates, inFrame, lerp, type BodyFrame } from './body-frame';
import type { BodyMeasure } from './fit-plan';

const INSIDE = 128;
/** Half the width (in shoulder spans) of the band above the shoulders that the head takes. */
const HEAD_HALF = 0.4;
/** How far the fingers reach past the pose's hand point (the knuckles), in shoulder spans. */
const FINGERS = 0.25;
/** How far from the wrist–fingertips line (in shoulder spans) a skin-coloured pixel is still the hand. */
const HAND_REACH = 0.22;
/** Colour distance to the face's skin under which a pixel is skin (as the old-garment remover reads it). */
const SKIN_MATCH = 56;
/**
 * A hand whose pose gives no direction (its hand point on the wrist: a hand on
 * a hip or a thigh, which way it points unseen): its skin is looked for up to
 * a hand's length from the wrist (in shoulder spans), within this angle of
 * the forearm's line either way, joined to the wrist through skin.
 */
const UNSEEN_HAND_LENGTH = 0.5;
const UNSEEN_HAND_ANGLE = (70 * Math.PI) / 180;
/** How far behind the pose's wrist (shoulder spans) a hand's skin is still looked for: the wrist point sits a little into the hand (0.04 was the least that kept eval:try-on's tuning hands unpainted; 0.08 cost coverage). */
const BEHIND_WRIST = 0.04;
/** The pose's hand point within this distance of its wrist (shoulder spans) gives no direction. */
const NO_DIRECTION = 0.02;
/** A clothes colour at least this far from the skin can tell a pixel of clothes from one of skin. */
const CLOTHES_NOT_SKIN = 40;
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
    limbHalf(path, length) {
      const { point, direction } = alongPath(path, length);
      if (!isInside(mask, point)) return null;
      const normal = { x: -direction.y, y: direction.x };
      const limit = 0.4 * S;
      const a = run(point, normal, limit);
      const b = run(point, { x: -normal.x, y: -normal.y }, limit);
      // A limb against the torso or the other leg runs on into it: only the narrower side is the limb's own.
      if (a >= limit && b >= limit) return null;
      return Math.min(a, b) + 0.5;
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
    capsules.push({ a: wrist, b: extend(wrist, body[`hand${side}`], FINGERS * S), radius: 0.11 * S });
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
 * the arms, in front of all but a sleeve, and 'forearms' is those arms
 * without the hands (whose capsule the caller clips to the skin first);
 * 'fingers' is the hands past the palm, which an old cuff never reaches.
 */
export function limbMask(alpha: AlphaMask, body: BodyKeypoints, frame: BodyFrame, part: 'arms' | 'forearms' | 'hands' | 'fingers'): Uint8ClampedArray {
  const S = frame.shoulderSpan;
  const capsules: Capsule[] = [];
  for (const side of ['Left', 'Right'] as const) {
    const shoulder = body[`shoulder${side}`];
    const elbow = body[`elbow${side}`];
    const wrist = body[`wrist${side}`];
    const hand = body[`hand${side}`];
    // The pose's hand point is at the knuckles; the fingers reach as far again past them.
    const fingertips = extend(wrist, hand, FINGERS * S);
    if (part === 'fingers') capsules.push({ a: lerp(wrist, hand, 0.6), b: fingertips, radius: 0.09 * S });
    else if (part !== 'forearms') capsules.push({ a: wrist, b: fingertips, radius: 0.16 * S });
    if (part === 'arms' || part === 'forearms') {
      // The top of the upper arm meets the shoulder under the sleeve's cap; only below the armpit can it be in front.
      capsules.push({ a: lerp(shoulder, elbow, 0.45), b: elbow, radius: 0.12 * S });
      capsules.push({ a: elbow, b: wrist, radius: 0.1 * S });
    }
  }
  const mask = drawCapsules(capsules, alpha.width, alpha.height);
  for (let i = 0; i < mask.length; i++) mask[i] = Math.min(mask[i], alpha.data[i]);
  return mask;
}

/** The clothes' palettes without their colours near the skin (bare skin where the clothes were sampled tells nothing); empty palettes dropped. */
function clothesUnlikeSkin(skin: Palette, clothes: readonly Palette[]): Palette[] {
  return clothes.map((c) => ({ colours: c.colours.filter((q) => paletteDistance(skin, q) >= CLOTHES_NOT_SKIN) })).filter((c) => c.colours.length > 0);
}

/**
 * The hands as the photo shows them: the person's skin-coloured pixels
 * (matched to the face's `skin`) within HAND_REACH of the line from the
 * wrist to the fingertips and past the wrist, or just behind it (never up
 * the forearm, where a sleeve belongs). The pose's capsules (limbMask) miss an edge of a hand
 * whose points sit a little off, most of all on crossed arms. A pixel that
 * matches the person's `clothes` (palettes of what they wear) better than
 * the skin is the clothes: a hand on an orange top does not spread over its
 * orange. A clothes colour near the skin itself (bare arms where the clothes
 * were sampled) tells nothing and is left out.
 */
export function skinHands(person: RgbaImage, alpha: AlphaMask, body: BodyKeypoints, frame: BodyFrame, skin: Palette, clothes: readonly Palette[] = []): Uint8ClampedArray {
  const { width, height } = alpha;
  const S = frame.shoulderSpan;
  const notSkin = clothesUnlikeSkin(skin, clothes);
  const out = new Uint8ClampedArray(width * height);
  if (skin.colours.length === 0) return out;
  // Clothes in a skin-like colour (a hand on an orange top) are the clothes where they match them better.
  const isSkin = (x: number, y: number) => {
    const colour = pixel(person, x, y)!;
    const toSkin = paletteDistance(skin, colour);
    return toSkin < SKIN_MATCH && notSkin.every((c) => paletteDistance(c, colour) >= toSkin);
  };
  for (const side of ['Left', 'Right'] as const) {
    const wrist = body[`wrist${side}`];
    const hand = body[`hand${side}`];
    const unseen = Math.hypot(hand.x - wrist.x, hand.y - wrist.y) < NO_DIRECTION * S;
    const area = unseen ? unseenHand(wrist, body[`elbow${side}`], S) : seenHand(wrist, extend(wrist, hand, FINGERS * S), S);
    const found = new Uint8Array(width * height);
    const x0 = Math.max(0, Math.floor(area.box.x0));
    const x1 = Math.min(width - 1, Math.ceil(area.box.x1));
    const y0 = Math.max(0, Math.floor(area.box.y0));
    const y1 = Math.min(height - 1, Math.ceil(area.box.y1));
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const i = y * width + x;
        if (alpha.data[i] >= INSIDE && area.holds({ x: x + 0.5, y: y + 0.5 }) && isSkin(x, y)) found[i] = 1;
      }
    }
    const kept = unseen ? joinedTo(found, width, wrist, HAND_REACH * S) : found;
    for (let i = 0; i < kept.length; i++) if (kept[i]) out[i] = 255;
  }
  return out;
}

interface HandArea {
  box: { x0: number; x1: number; y0: number; y1: number };
  holds: (p: Point) => boolean;
}

/** Within HAND_REACH of the line from the wrist to the fingertips, and past the wrist. */
function seenHand(wrist: Point, fingertips: Point, S: number): HandArea {
  const reach = HAND_REACH * S;
  const dx = fingertips.x - wrist.x;
  const dy = fingertips.y - wrist.y;
  return {
    box: { x0: Math.min(wrist.x, fingertips.x) - reach, x1: Math.max(wrist.x, fingertips.x) + reach, y0: Math.min(wrist.y, fingertips.y) - reach, y1: Math.max(wrist.y, fingertips.y) + reach },
    holds: (p) => (p.x - wrist.x) * dx + (p.y - wrist.y) * dy >= -BEHIND_WRIST * S * Math.hypot(dx, dy) && segmentDistance(p, wrist, fingertips) <= reach,
  };
}

/** About the wrist (HAND_REACH), and up to a hand's length within UNSEEN_HAND_ANGLE of the forearm's line. */
function unseenHand(wrist: Point, elbow: Point, S: number): HandArea {
  const length = UNSEEN_HAND_LENGTH * S;
  const ux = wrist.x - elbow.x;
  const uy = wrist.y - elbow.y;
  const forearm = Math.hypot(ux, uy) || 1;
  const cosLimit = Math.cos(UNSEEN_HAND_ANGLE);
  return {
    box: { x0: wrist.x - length, x1: wrist.x + length, y0: wrist.y - length, y1: wrist.y + length },
    holds: (p) => {
      const d = Math.hypot(p.x - wrist.x, p.y - wrist.y);
      if (d <= HAND_REACH * S) return true;
      return d <= length && ((p.x - wrist.x) * ux + (p.y - wrist.y) * uy) / (d * forearm) >= cosLimit;
    },
  };
}

/** The pixels of `mask` joined (4-connected, through the mask) to those within `seedRadius` of `seed`. */
function joinedTo(mask: Uint8Array, width: number, seed: Point, seedRadius: number): Uint8Array {
  const out = new Uint8Array(mask.length);
  const stack: number[] = [];
  const height = mask.length / width;
  const r = Math.ceil(seedRadius);
  for (let y = Math.max(0, Math.floor(seed.y) - r); y <= Math.min(height - 1, Math.ceil(seed.y) + r); y++) {
    for (let x = Math.max(0, Math.floor(seed.x) - r); x <= Math.min(width - 1, Math.ceil(seed.x) + r); x++) {
      const i = y * width + x;
      if (mask[i] && Math.hypot(x + 0.5 - seed.x, y + 0.5 - seed.y) <= seedRadius) {
        out[i] = 1;
        stack.push(i);
      }
    }
  }
  while (stack.length) {
    const i = stack.pop()!;
    const x = i % width;
    for (const j of [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, i - width, i + width]) {
      if (j < 0 || j >= mask.length || out[j] || !mask[j]) continue;
      out[j] = 1;
      stack.push(j);
    }
  }
  return out;
}

/**
 * The pose's hand capsules (limbMask 'hands') less the pixels that show the
 * person's clothes: a capsule drawn wide about a hand on a hip or a top
 * covers the clothes beside it, which the new garment should cover. A pixel
 * is the clothes where it matches one of their palettes (`clothes`, colours
 * near the skin left out) within SKIN_MATCH and better than the skin.
 */
export function handCapsulesOffClothes(person: RgbaImage, alpha: AlphaMask, body: BodyKeypoints, frame: BodyFrame, skin: Palette, clothes: readonly Palette[]): Uint8ClampedArray {
  return offClothes(limbMask(alpha, body, frame, 'hands'), person, skin, clothes);
}

/** `mask` without the pixels that show the clothes (`clothes`' colours unlike the skin) rather than skin. */
export function offClothes(mask: Uint8ClampedArray, person: RgbaImage, skin: Palette, clothes: readonly Palette[]): Uint8ClampedArray {
  const notSkin = clothesUnlikeSkin(skin, clothes);
  if (skin.colours.length === 0 || notSkin.length === 0) return mask;
  const out = Uint8ClampedArray.from(mask);
  for (let i = 0; i < out.length; i++) {
    if (!out[i]) continue;
    const colour = pixel(person, i % person.width, Math.floor(i / person.width))!;
    const toClothes = Math.min(...notSkin.map((c) => paletteDistance(c, colour)));
    if (toClothes < SKIN_MATCH && toClothes < paletteDistance(skin, colour)) out[i] = 0;
  }
  return out;
}

/**
 * The mask grown by `radius` pixels over the person (a hand's shaded rim,
 * darker and tinted by what is beside it): where a box mean of it passes
 * 0.02. The mean is taken only over the mask's bounding box with a margin
 * past the window's reach, where it equals the whole image's.
 */
export function grownOverPerson(mask: Uint8ClampedArray, alpha: AlphaMask, radius: number): Uint8ClampedArray {
  const { width, height } = alpha;
  const r = Math.max(1, Math.round(radius));
  const out = Uint8ClampedArray.from(mask);
  let x0 = width;
  let x1 = -1;
  let y0 = height;
  let y1 = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!mask[y * width + x]) continue;
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x);
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y);
    }
  }
  if (x1 < 0) return out;
  const pad = 2 * r + 1;
  const left = Math.max(0, x0 - pad);
  const top = Math.max(0, y0 - pad);
  const w = Math.min(width, x1 + pad + 1) - left;
  const h = Math.min(height, y1 + pad + 1) - top;
  const crop = new Float32Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) crop[y * w + x] = mask[(y + top) * width + x + left] / 255;
  const grown = boxMean({ data: crop, width: w, height: h }, r);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y + top) * width + x + left;
      if (grown.data[y * w + x] > 0.02 && alpha.data[i] >= INSIDE) out[i] = 255;
    }
  }
  return out;
}

/**
 * Where a garment may reach: the person's mask with the gaps between the
 * legs filled, grown by a margin for loose cloth, and nothing above the neck
 * (over the head; a raised arm beside it is reached).
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
      // Nothing above the neck, over the head; a raised arm beside it may wear its sleeve.
      const { along, across } = frameCoordinates(frame, { x, y });
      reach[i] = Math.abs(across) > HEAD_HALF * frame.shoulderSpan ? 255 : 255 * Math.max(0, Math.min(1, along - neckLimit));
    }
  }
  return reach;
}

/** Below this the pose model's wrist is a guess. */
const WRIST_TRUSTED = 0.5;

/**
 * The keypoints with forearms the pose model was unsure of (a wrist it could
 * not see, folded back towards the shoulder) read off the mask instead: from
 * the elbow, the direction within 70° of the upper arm along which the person
 * goes on furthest, where that leads away from the torso (an arm across the
 * body cannot be told from the torso under it, so it is left as it was).
 */
export function repairArms(body: BodyKeypoints, mask: AlphaMask, frame: BodyFrame): BodyKeypoints {
  const out = { ...body };
  for (const side of ['Left', 'Right'] as const) {
    const shoulder = body[`shoulder${side}`];
    const elbow = body[`elbow${side}`];
    const wrist = body[`wrist${side}`];
    if (wrist.visibility >= WRIST_TRUSTED) continue;
    const upper = Math.hypot(elbow.x - shoulder.x, elbow.y - shoulder.y);
    if (upper < 2) continue;
    const base = Math.atan2(elbow.y - shoulder.y, elbow.x - shoulder.x);
    let best: { angle: number; run: number } | null = null;
    for (let turn = -70; turn <= 70; turn += 5) {
      const angle = base + (turn * Math.PI) / 180;
      let run = 0;
      while (run < 1.3 * upper && isInside(mask, { x: elbow.x + Math.cos(angle) * (run + 1), y: elbow.y + Math.sin(angle) * (run + 1) })) run++;
      if (!best || run > best.run) best = { angle, run };
    }
    if (!best || best.run < 0.5 * upper) continue;
    const length = Math.min(best.run, 0.85 * upper);
    const end = { x: elbow.x + Math.cos(best.angle) * length, y: elbow.y + Math.sin(best.angle) * length };
    const { across, along } = frameCoordinates(frame, end);
    if (Math.abs(across) < 0.6 * frame.shoulderSpan && along > 0 && along < frame.torsoLength * 1.2) continue;
    const hand = { x: end.x + Math.cos(best.angle) * 0.3 * upper, y: end.y + Math.sin(best.angle) * 0.3 * upper };
    out[`wrist${side}`] = { ...end, visibility: WRIST_TRUSTED };
    out[`hand${side}`] = { ...hand, visibility: WRIST_TRUSTED };
  }
  return out;
}
