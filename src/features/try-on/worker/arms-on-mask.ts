// The arms as the person's silhouette shows them, to check the pose model's.
// The pose model misreads arms it was not shown often: a raised arm read as
// hanging, elbows on hips read inside the torso, wrists of arms held out
// read short of the hands. An arm that stands clear of the torso is the part
// of the silhouette beside a standard torso's band on its side, reached from
// the shoulder: its far end (along the silhouette) is the fingertips, its
// bend the elbow. Where the pose's arm keeps to that shape it is kept (it
// knows the joints better); where it leaves it, the silhouette's arm is
// used. An arm in front of the torso cannot be told from it: past the
// silhouette's arm the pose's forearm is kept.
import type { BodyKeypoints, BodyPoint } from './body';
import { distance, frameCoordinates, pathLength, type BodyFrame } from './body-frame';
import type { RgbaImage } from '../../../imaging/image';
import { faceSkin, paletteDistance, pixel } from './colour-palette';
import type { AlphaMask, Point } from './fit-types';
import { HIP_DROP, torsoScale } from './fit-plan';
import { ARM_LENGTH, UPPER_ARM, torsoHalf } from './proportions';

const INSIDE = 128;
/** A hand's length from the wrist, and a forearm's from the elbow (metres). */
const HAND = 0.19;
const FOREARM = ARM_LENGTH - UPPER_ARM;
/** How much wider than a standard torso (with clothes on) the band the arms are told from is. */
const BAND = 1.18;
/** Half the width of the band above the shoulders the head takes, in shoulder spans. */
const HEAD_HALF = 0.3;
/** The arm is sought from this near its shoulder (shoulder spans). */
const SEED_RADIUS = 0.3;
/** How far below the hip joints (metres) a hand can reach. */
const HAND_REACH = 0.32;
/** The pose's joint is kept within this distance (shoulder spans) of the silhouette's arm. */
const AGREE = 0.25;
/** The silhouette's arm is an arm from this share of a standard arm's length (shoulder to fingertips), the whole arm from SHOWN. */
const MIN_SHOWN = 0.45;
const SHOWN = 0.8;
/** Strips of the silhouette beside the torso thinner than about twice this (metres) are clothes, not an arm. */
const THIN = 0.012;
/** A colour this close to the face's is skin. */
const SKIN = 40;
/** A bend is an elbow when it strays at least this share of the chord from it. */
const BEND = 0.12;
/** The silhouette's path hugs a bend's inside: the joint is about an arm's radius (metres) further out. */
const ELBOW_RADIUS = 0.035;
/** The pose's wrist counts as on the silhouette's arm within this distance (shoulder spans) of it. */
const WRIST_ON_ROOM = 0.04;
/** A pixel lies beyond the wrist when the way to it through the wrist is at most this much longer (shoulder spans). */
const BEYOND_SLACK = 0.05;
/** Visibility given to joints read off the silhouette. */
const FROM_MASK = 0.6;

export interface SilhouetteArm {
  /** From near the shoulder to the fingertips, in pixels. */
  path: Point[];
  length: number;
}

/** The body's measures the arms are read against. */
interface Scale {
  frame: BodyFrame;
  perMetre: number;
  breadth: number;
  /** Shoulder to fingertips, a standard arm on this body (pixels). */
  fullLength: number;
}

/** Half the width of the torso's band (a standard torso with clothes on) at `along` down the axis. */
function bandHalf({ frame, perMetre, breadth }: Scale, along: number): number {
  const hip = frame.torsoLength * (1 + HIP_DROP);
  return torsoHalf(Math.max(-0.08, (hip - Math.max(0, along)) / perMetre)) * perMetre * breadth * BAND;
}

/**
 * The pixels an arm clear of the torso may be on: the person, outside the
 * torso's band and the head's, not far below the hips.
 */
function armRoom(mask: AlphaMask, scale: Scale): Uint8Array {
  const { width, height, data } = mask;
  const { frame, perMetre } = scale;
  const S = frame.shoulderSpan;
  const hip = frame.torsoLength * (1 + HIP_DROP);
  const room = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (data[i] < INSIDE) continue;
      const { across, along } = frameCoordinates(frame, { x, y });
      if (along > hip + HAND_REACH * perMetre) continue;
      if (along < 0 && Math.abs(across) < HEAD_HALF * S) continue;
      if (Math.abs(across) < bandHalf(scale, along)) continue;
      room[i] = 1;
    }
  }
  return opened(room, width, height, Math.max(1, Math.round(THIN * perMetre)));
}

/** The mask with strips narrower than 2·radius + 1 pixels taken off (an erosion, then a dilation within the mask). */
function opened(mask: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  const eroded = squareFilter(mask, width, height, radius, true);
  const grown = squareFilter(eroded, width, height, radius, false);
  for (let i = 0; i < grown.length; i++) grown[i] &= mask[i];
  return grown;
}

/** Erosion (all) or dilation (any) over a square of the given radius, separably. */
function squareFilter(mask: Uint8Array, width: number, height: number, radius: number, all: boolean): Uint8Array {
  const rows = new Uint8Array(mask.length);
  const out = new Uint8Array(mask.length);
  const pass = (from: Uint8Array, to: Uint8Array, step: number, count: number, lines: number, lineStep: number) => {
    for (let line = 0; line < lines; line++) {
      const base = line * lineStep;
      for (let k = 0; k < count; k++) {
        let value = all ? 1 : 0;
        for (let d = -radius; d <= radius; d++) {
          const j = k + d;
          const v = j < 0 || j >= count ? 0 : from[base + j * step];
          if (all ? !v : v) {
            value = all ? 0 : 1;
            break;
          }
        }
        to[base + k * step] = value;
      }
    }
  };
  pass(mask, rows, 1, width, height, width);
  pass(rows, out, width, height, width, 1);
  return out;
}

/** Geodesic distances through `room` from the seeds (8-neighbourhood, steps of 1 or √2, no further than `cap`), and each pixel's step back towards its seed. */
function geodesic(room: Uint8Array, width: number, height: number, seeds: readonly { i: number; d: number }[], cap: number): { dist: Float32Array; from: Int32Array } {
  const dist = new Float32Array(width * height).fill(Infinity);
  const from = new Int32Array(width * height).fill(-1);
  // Dijkstra on a bucketed queue (distances grow by 1 or √2).
  const buckets: number[][] = [];
  for (const { i, d } of seeds) {
    dist[i] = d;
    (buckets[Math.floor(d)] ??= []).push(i);
  }
  for (let b = 0; b < buckets.length; b++) {
    const bucket = buckets[b];
    if (!bucket) continue;
    for (let k = 0; k < bucket.length; k++) {
      const i = bucket[k];
      const d = dist[i];
      if (Math.floor(d) !== b) continue;
      const x = i % width;
      const y = (i - x) / width;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          if (!dx && !dy) continue;
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          const j = ny * width + nx;
          if (!room[j]) continue;
          const nd = d + (dx && dy ? Math.SQRT2 : 1);
          if (nd >= dist[j] || nd > cap) continue;
          dist[j] = nd;
          from[j] = i;
          (buckets[Math.floor(nd)] ??= []).push(j);
        }
      }
    }
  }
  return { dist, from };
}

/** The room pixel reached from the shoulder nearest `p`, within `radius` pixels, or -1. */
function reachedNear(dist: Float32Array, width: number, height: number, p: Point, radius: number): number {
  let best = -1;
  let bestD = Infinity;
  for (let y = Math.max(0, Math.floor(p.y - radius)); y <= Math.min(height - 1, Math.ceil(p.y + radius)); y++) {
    for (let x = Math.max(0, Math.floor(p.x - radius)); x <= Math.min(width - 1, Math.ceil(p.x + radius)); x++) {
      const d = Math.hypot(x - p.x, y - p.y);
      if (d <= radius && d < bestD && Number.isFinite(dist[y * width + x])) {
        bestD = d;
        best = y * width + x;
      }
    }
  }
  return best;
}

/**
 * The silhouette's arm on one side: the path from the shoulder to the pixel
 * furthest from it through `room`, or null. When the pose's wrist lies on
 * that room, the far end is sought beyond it (on a path through it): where
 * the arm touches the torso's side, the room runs on down the side too, and
 * its far end may be a thigh rather than the hand.
 */
function silhouetteArm(room: Uint8Array, width: number, height: number, shoulder: Point, side: -1 | 1, frame: BodyFrame, cap: number, wrist: Point): SilhouetteArm | null {
  const S = frame.shoulderSpan;
  const seedRadius = SEED_RADIUS * S;
  const seeds: { i: number; d: number }[] = [];
  const x0 = Math.max(0, Math.floor(shoulder.x - seedRadius));
  const x1 = Math.min(width - 1, Math.ceil(shoulder.x + seedRadius));
  const y0 = Math.max(0, Math.floor(shoulder.y - seedRadius));
  const y1 = Math.min(height - 1, Math.ceil(shoulder.y + seedRadius));
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const i = y * width + x;
      const d = Math.hypot(x - shoulder.x, y - shoulder.y);
      if (!room[i] || d > seedRadius) continue;
      if (frameCoordinates(frame, { x, y }).across * side <= 0) continue;
      seeds.push({ i, d });
    }
  }
  if (seeds.length === 0) return null;
  const { dist, from } = geodesic(room, width, height, seeds, cap);
  const through = reachedNear(dist, width, height, wrist, WRIST_ON_ROOM * S);
  const beyond = through >= 0 ? geodesic(room, width, height, [{ i: through, d: 0 }], cap).dist : null;
  const slack = BEYOND_SLACK * S;
  let far = seeds[0].i;
  for (let i = 0; i < dist.length; i++) {
    if (!Number.isFinite(dist[i]) || dist[i] <= dist[far]) continue;
    if (beyond && !(dist[through] + beyond[i] <= dist[i] + slack)) continue;
    far = i;
  }
  const path: Point[] = [];
  for (let i = far; i >= 0; i = from[i]) path.push({ x: i % width, y: Math.floor(i / width) });
  path.push(shoulder);
  path.reverse();
  return { path, length: dist[far] };
}

/** The point `share` of the way along a path (by arc length). */
function atShare(path: readonly Point[], share: number): Point {
  const lengths = [0];
  for (let i = 1; i < path.length; i++) lengths.push(lengths[i - 1] + distance(path[i - 1], path[i]));
  const target = share * lengths[lengths.length - 1];
  const k = lengths.findIndex((l) => l >= target);
  return path[Math.max(0, k)];
}

function distanceToPath(p: Point, path: readonly Point[]): number {
  let best = Infinity;
  for (let i = 0; i < path.length; i += 2) best = Math.min(best, distance(p, path[i]));
  return best;
}

/** The silhouette arm's bend (an elbow held away from the line from shoulder to hand), or null when it runs straight. */
function bendOf(arm: SilhouetteArm): Point | null {
  const { path } = arm;
  const a = path[0];
  const b = path[path.length - 1];
  const chord = distance(a, b) || 1;
  let bend = 0;
  let at = 0;
  for (let i = 0; i < path.length; i++) {
    const p = path[i];
    const off = Math.abs((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)) / chord;
    if (off > bend) {
      bend = off;
      at = i;
    }
  }
  return bend >= BEND * chord ? path[at] : null;
}

/** The path cut back to its last skin-coloured stretch (the fingertips), when its far end runs on into clothes. */
function toFingertips(arm: SilhouetteArm, isSkin: (p: Point) => boolean): SilhouetteArm {
  const { path } = arm;
  const from = Math.floor(path.length * 0.5);
  let last = -1;
  for (let i = path.length - 1; i >= from && last < 0; i--) if (isSkin(path[i])) last = i;
  if (last < 0 || last === path.length - 1) return arm;
  const cut = path.slice(0, last + 1);
  return { path: cut, length: pathLength(cut) };
}

/** The body's scale for its arms: a standard body's, sized by the torso and widened by the shoulders. */
function armScale(frame: BodyFrame): Scale {
  const { perMetre, breadth } = torsoScale(frame);
  return { frame, perMetre, breadth, fullLength: (ARM_LENGTH + HAND) * perMetre * breadth };
}

/** What the silhouette shows of each arm (image-left first): the path from the shoulder to the fingertips, or to where the arm goes in front of the torso; null where it shows too little. */
export function silhouetteArms(body: BodyKeypoints, person: RgbaImage, mask: AlphaMask, frame: BodyFrame): [SilhouetteArm | null, SilhouetteArm | null] {
  const scale = armScale(frame);
  const S = frame.shoulderSpan;
  const room = armRoom(mask, scale);
  const { skin } = faceSkin(person, mask.data, body, S);
  const isSkin = (p: Point) => {
    const c = pixel(person, p.x, p.y);
    return skin.colours.length > 0 && c !== null && paletteDistance(skin, c) < SKIN;
  };
  const arm = (side: -1 | 1, shoulder: Point, wrist: Point) => {
    const found = silhouetteArm(room, mask.width, mask.height, shoulder, side, frame, 1.2 * scale.fullLength, wrist);
    return found && found.length >= MIN_SHOWN * scale.fullLength ? toFingertips(found, isSkin) : null;
  };
  return [arm(-1, body.shoulderLeft, body.wristLeft), arm(1, body.shoulderRight, body.wristRight)];
}

/**
 * The body with each arm checked against the silhouette: where the pose's
 * elbow or wrist strays from the arm the silhouette shows, it is read off
 * the silhouette instead. A silhouette arm that bends (hands on hips) or
 * runs a whole arm's length is the whole arm, unless it ends at the torso
 * where the pose's forearm goes on in front of it; a short straight one
 * ends where the forearm goes in front of the torso, at the elbow.
 */
export function armsOnMask(body: BodyKeypoints, person: RgbaImage, mask: AlphaMask, frame: BodyFrame): BodyKeypoints {
  const scale = armScale(frame);
  const tolerance = AGREE * frame.shoulderSpan;
  const arms = silhouetteArms(body, person, mask, frame);
  const inBand = (p: Point) => {
    const { across, along } = frameCoordinates(frame, p);
    return Math.abs(across) <= bandHalf(scale, along) + 0.05 * frame.shoulderSpan;
  };
  const out = { ...body };
  for (const [arm, name] of [
    [arms[0], 'Left'],
    [arms[1], 'Right'],
  ] as const) {
    if (!arm) continue;
    const point = (p: Point): BodyPoint => ({ ...p, visibility: FROM_MASK });
    const tip = arm.path[arm.path.length - 1];
    const bend = bendOf(arm);
    if (bend === null && arm.length < SHOWN * scale.fullLength) {
      if (distanceToPath(body[`elbow${name}`], arm.path.slice(Math.floor(arm.path.length * 0.6))) > tolerance) out[`elbow${name}`] = point(tip);
      continue;
    }
    const hand = HAND * (Math.max(scale.fullLength, arm.length) / (ARM_LENGTH + HAND));
    const elbow = bend ? outward(bend, arm, ELBOW_RADIUS * scale.perMetre * scale.breadth) : atShare(arm.path, Math.min(1, (UPPER_ARM / (ARM_LENGTH + HAND)) * (scale.fullLength / arm.length)));
    // A hand on the hip is partly hidden: the silhouette's arm ends soon past the wrist, so the wrist is also no nearer the elbow than a forearm's length.
    const wrist = bend && inBand(tip) ? furtherAlong(arm.path, backFromEnd(arm.path, hand), distance(body[`shoulder${name}`], elbow) * (FOREARM / UPPER_ARM), bend) : backFromEnd(arm.path, hand);
    const elbowAgrees = distance(body[`elbow${name}`], elbow) <= tolerance;
    if (!elbowAgrees) out[`elbow${name}`] = point(elbow);
    const forearmInFront = elbowAgrees && inBand(tip) && inBand(body[`wrist${name}`]);
    if (!forearmInFront && (!elbowAgrees || distance(body[`wrist${name}`], wrist) > tolerance)) {
      // The wrist a hand's length back from the fingertips, the pose's hand point (the knuckles) halfway along the hand;
      // where the wrist lies past that (a hand on the hip, which way it points unseen), the hand point is the wrist's.
      out[`wrist${name}`] = point(wrist);
      const knuckles = backFromEnd(arm.path, hand / 2);
      out[`hand${name}`] = point(distance(knuckles, tip) < distance(wrist, tip) ? knuckles : wrist);
    }
  }
  return out;
}

/** Of `point` (on the path) and the point `reach` pixels along the path past `from`, whichever lies further along; no further than the path's end. */
function furtherAlong(path: readonly Point[], point: Point, reach: number, from: Point): Point {
  const lengths = [0];
  for (let i = 1; i < path.length; i++) lengths.push(lengths[i - 1] + distance(path[i - 1], path[i]));
  const nearest = (p: Point) => {
    let best = 0;
    for (let i = 1; i < path.length; i++) if (distance(path[i], p) < distance(path[best], p)) best = i;
    return best;
  };
  const target = Math.min(lengths[lengths.length - 1], lengths[nearest(from)] + reach);
  return lengths[nearest(point)] >= target ? point : path[Math.max(0, lengths.findIndex((l) => l >= target))];
}

/** A bend point moved `by` pixels away from the chord of the path, towards the outside of the bend. */
function outward(bend: Point, arm: SilhouetteArm, by: number): Point {
  const a = arm.path[0];
  const b = arm.path[arm.path.length - 1];
  const chord = distance(a, b) || 1;
  const t = ((bend.x - a.x) * (b.x - a.x) + (bend.y - a.y) * (b.y - a.y)) / (chord * chord);
  const foot = { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
  const off = distance(bend, foot) || 1;
  return { x: bend.x + ((bend.x - foot.x) / off) * by, y: bend.y + ((bend.y - foot.y) / off) * by };
}

/** The point `length` pixels back from a path's end. */
function backFromEnd(path: readonly Point[], length: number): Point {
  let left = length;
  for (let i = path.length - 1; i > 0; i--) {
    const step = distance(path[i], path[i - 1]);
    if (step >= left) return { x: path[i].x + ((path[i - 1].x - path[i].x) * left) / step, y: path[i].y + ((path[i - 1].y - path[i].y) * left) / step };
    left -= step;
  }
  return path[0];
}
