// A garment photographed on a person: taken from that person, never pasted
// with their head and limbs. The person is found by the pose model on the
// garment photo and their head in the cut-out's matte (a garment laid flat
// or on a ghost mannequin has no head there). The garment is told from skin
// and hair by colour (palettes sampled on the face, the hair, the chest and
// the thighs), cut to the part of the body it dresses, and its landmarks are
// read off that person's pose. Where it cannot be taken, the reason says why.
import type { RgbaImage } from '../../../imaging/image';
import { largestBlob } from '../../../imaging/contour';
import { boxMean } from '../../../imaging/box-filter';
import type { GarmentMode } from '../shared/meta';
import { bodyKeypoints, bodyProblem, type BodyKeypoints } from './body';
import { alongPath, bodyFrame, frameCoordinates, inFrame, lerp, mid, pathLength, type BodyFrame } from './body-frame';
import { faceSkin, palette, paletteDistance, pixel, type Palette } from './colour-palette';
import type { GarmentKind, GarmentLandmarks, Point } from './fit-types';
import type { PoseLandmark } from './pose-model';
import { SHOULDER_TO_HIP } from './proportions';
import { HIP_DROP } from './fit-plan';
import type { WearerLevels } from './garment-scale';

/** Share of a disc around the nose the matte must cover for a head to be there. */
const HEAD_COVER = 0.6;
/** A head is narrower than this share of the shoulders, and its top no further above the nose. */
const HEAD_WIDTH = 0.9;
const HEAD_TOP = 0.8;
/** A neck is narrower than this share of the shoulders. */
const NECK_SHARE = 0.5;
/** Two palettes this close are one garment (a dress); a pixel this close to a palette matches it. */
const SAME_GARMENT = 40;
const MATCH = 60;
/** Share of a sample's pixels that must match the other sample's palette for chest and thighs to be one garment. */
const ONE_GARMENT_SHARE = 0.85;
/** The taken garment must cover at least this share of the torso's box. */
const MIN_TAKEN = 0.25;

export interface TakenGarment {
  image: RgbaImage;
  kind: GarmentKind;
  landmarks: GarmentLandmarks;
  /** Metres per pixel of the garment photo, from the wearer's torso. */
  metresPerPixel: number;
  /** Where the wearer's joints are in the photo: the garment's lengths are shares of their torso and legs. */
  wearer: WearerLevels;
}

/** Whether the garment photo shows a person: a pose with a head in the matte at its nose. */
export function showsPerson(cutOut: RgbaImage, landmarks: readonly PoseLandmark[] | null): boolean {
  if (!landmarks) return false;
  const { width, height } = cutOut;
  const body = bodyKeypoints(landmarks, width, height);
  if (body.nose.visibility < 0.5) return false;
  const radius = Math.max(3, 0.12 * Math.hypot(body.shoulderRight.x - body.shoulderLeft.x, body.shoulderRight.y - body.shoulderLeft.y));
  let inside = 0;
  let total = 0;
  for (let dy = -radius; dy <= radius; dy += 1) {
    for (let dx = -radius; dx <= radius; dx += 1) {
      if (dx * dx + dy * dy > radius * radius) continue;
      const x = Math.round(body.nose.x + dx);
      const y = Math.round(body.nose.y + dy);
      total++;
      if (x >= 0 && y >= 0 && x < width && y < height && cutOut.data[(y * width + x) * 4 + 3] >= 128) inside++;
    }
  }
  if (inside < HEAD_COVER * total) return false;
  // A head is a narrow blob with its top close above the nose; a pose the model imagined on a garment has its "nose" inside the cloth.
  const frame = bodyFrame(body);
  const opaque = (p: Point) => {
    const x = Math.round(p.x);
    const y = Math.round(p.y);
    return x >= 0 && y >= 0 && x < width && y < height && cutOut.data[(y * width + x) * 4 + 3] >= 128;
  };
  const run = (direction: Point, limit: number) => {
    let length = 0;
    while (length < limit && opaque({ x: body.nose.x + direction.x * (length + 1), y: body.nose.y + direction.y * (length + 1) })) length++;
    return length;
  };
  const S = frame.shoulderSpan;
  const across = frame.across;
  const headWidth = run(across, S) + run({ x: -across.x, y: -across.y }, S);
  const headTop = run({ x: -frame.down.x, y: -frame.down.y }, S);
  if (headWidth > HEAD_WIDTH * S || headTop > HEAD_TOP * S) return false;
  // A head sits on a neck: the matte narrows between the shoulders and the nose (a hood laid flat does not); or, failing that, the legs are in view.
  const neckAlong = frameCoordinates(frame, body.nose).along / 2;
  let neck = 0;
  for (let a = -frame.shoulderSpan; a <= frame.shoulderSpan; a++) {
    const p = inFrame(frame, a, neckAlong);
    const x = Math.round(p.x);
    const y = Math.round(p.y);
    if (x >= 0 && y >= 0 && x < width && y < height && cutOut.data[(y * width + x) * 4 + 3] >= 128) neck++;
  }
  const knees = [body.kneeLeft, body.kneeRight].every((k) => k.visibility >= 0.5 && cutOut.data[(Math.round(k.y) * width + Math.round(k.x)) * 4 + 3] >= 128);
  return neck < NECK_SHARE * frame.shoulderSpan || knees;
}

function paletteGap(a: Palette, b: Palette): number {
  if (a.colours.length === 0 || b.colours.length === 0) return Infinity;
  return Math.max(...a.colours.map((c) => paletteDistance(b, c)));
}

/** Share of the opaque pixels in discs about `centres` within SAME_GARMENT of `palette`. */
function shareMatching(image: RgbaImage, alpha: Uint8ClampedArray, { centres, radius }: { centres: readonly Point[]; radius: number }, target: Palette): number {
  if (target.colours.length === 0) return 0;
  let opaque = 0;
  let matching = 0;
  for (const c of centres) {
    for (let dy = -radius; dy <= radius; dy++) {
      for (let dx = -radius; dx <= radius; dx++) {
        const x = Math.round(c.x + dx);
        const y = Math.round(c.y + dy);
        if (dx * dx + dy * dy > radius * radius || x < 0 || y < 0 || x >= image.width || y >= image.height || alpha[y * image.width + x] < 128) continue;
        opaque++;
        if (paletteDistance(target, pixel(image, x, y)!) < SAME_GARMENT) matching++;
      }
    }
  }
  return opaque === 0 ? 0 : matching / opaque;
}

/** Walks along a limb from its start while its middle is garment; the arc length where the garment ends. */
function garmentEndAlong(mask: Uint8Array, width: number, path: readonly Point[], from: number): number {
  const total = pathLength(path);
  let last = from;
  for (let s = from; s <= total; s += 1) {
    const { point } = alongPath(path, s);
    const x = Math.round(point.x);
    const y = Math.round(point.y);
    if (mask[y * width + x]) last = s;
    else if (s - last > 6) break;
  }
  return last;
}

/** The outermost garment pixel from the axis at `along`, towards `side`. */
function edgeAt(mask: Uint8Array, frame: BodyFrame, width: number, height: number, along: number, side: -1 | 1, limit: number): Point {
  let last = inFrame(frame, 0, along);
  for (let a = 0; a <= limit; a++) {
    const p = inFrame(frame, side * a, along);
    const x = Math.round(p.x);
    const y = Math.round(p.y);
    if (x < 0 || y < 0 || x >= width || y >= height) break;
    if (mask[y * width + x]) last = p;
  }
  return last;
}

/** The first garment pixel down from above at `across`, within `from`–`to` along. */
function topAt(mask: Uint8Array, frame: BodyFrame, width: number, height: number, across: number, from: number, to: number): Point {
  for (let a = from; a <= to; a++) {
    const p = inFrame(frame, across, a);
    const x = Math.round(p.x);
    const y = Math.round(p.y);
    if (x >= 0 && y >= 0 && x < width && y < height && mask[y * width + x]) return p;
  }
  return inFrame(frame, across, to);
}

/** Where the garment ends going down at `across` from `from` along. */
function bottomAt(mask: Uint8Array, frame: BodyFrame, width: number, height: number, across: number, from: number, limit: number): Point {
  let last = inFrame(frame, across, from);
  let gap = 0;
  for (let a = from; a <= limit; a++) {
    const p = inFrame(frame, across, a);
    const x = Math.round(p.x);
    const y = Math.round(p.y);
    if (x < 0 || y < 0 || x >= width || y >= height) break;
    if (mask[y * width + x]) {
      last = p;
      gap = 0;
    } else if (++gap > 4) break;
  }
  return last;
}

/** Fills the holes arms and hands leave in the garment from the garment around them (averages that grow inwards). */
function mendHoles(image: RgbaImage, mask: Uint8Array, holes: Uint8Array): void {
  const { width, height } = image;
  const known = Float32Array.from(mask);
  const channels = [0, 1, 2].map((c) => Float32Array.from({ length: width * height }, (_, i) => (mask[i] ? image.data[i * 4 + c] : 0)));
  for (let radius = 2; radius < Math.max(width, height); radius *= 2) {
    const weight = boxMean({ data: known, width, height }, radius);
    const sums = channels.map((plane) => boxMean({ data: plane, width, height }, radius));
    let open = 0;
    for (let i = 0; i < holes.length; i++) {
      if (!holes[i]) continue;
      if (weight.data[i] <= 1e-4) {
        open++;
        continue;
      }
      for (let c = 0; c < 3; c++) image.data[i * 4 + c] = sums[c].data[i] / weight.data[i];
      image.data[i * 4 + 3] = 255;
      holes[i] = 0;
    }
    if (open === 0) break;
  }
}

/**
 * The garment taken from the person wearing it, or the reason it cannot be.
 * `cutOut`: the garment photo's cut-out (the person with the matte as alpha).
 */
export function takeGarment(cutOut: RgbaImage, landmarks: readonly PoseLandmark[], mode: GarmentMode): TakenGarment | string {
  const { width, height } = cutOut;
  const body = bodyKeypoints(landmarks, width, height);
  const problem = bodyProblem(body, width);
  if (problem) return `garment_image shows a person, and the garment cannot be taken from them: ${problem.replace(/person_image/g, 'the photo')}; use a photo of the garment laid flat, or worn facing the camera from shoulders to hem`;
  const frame = bodyFrame(body);
  const S = frame.shoulderSpan;
  const T = frame.torsoLength;
  const alpha = new Uint8ClampedArray(width * height);
  for (let i = 0; i < alpha.length; i++) alpha[i] = cutOut.data[i * 4 + 3];
  const { skin, earSpan } = faceSkin(cutOut, alpha, body, S);
  const hair = palette(cutOut, alpha, [{ x: body.nose.x, y: body.nose.y - 0.75 * earSpan }], Math.max(2, Math.round(0.1 * earSpan)), 2);
  const chest = { centres: [inFrame(frame, 0, 0.3 * T), inFrame(frame, -0.15 * S, 0.5 * T), inFrame(frame, 0.15 * S, 0.5 * T)], radius: Math.max(3, Math.round(0.08 * S)) };
  const thighs = { centres: [lerp(body.hipLeft, body.kneeLeft, 0.4), lerp(body.hipRight, body.kneeRight, 0.4)], radius: Math.max(3, Math.round(0.07 * S)) };
  const upper = palette(cutOut, alpha, chest.centres, chest.radius, 3);
  const lower = palette(cutOut, alpha, thighs.centres, thighs.radius, 3);
  // One garment when the palettes match, or when nearly every pixel of each sample matches the other's palette
  // (a bold print sampled twice gives palettes of other mixes of the same colours).
  const dress =
    (paletteGap(upper, lower) < SAME_GARMENT && paletteGap(lower, upper) < SAME_GARMENT) ||
    (shareMatching(cutOut, alpha, thighs, upper) >= ONE_GARMENT_SHARE && shareMatching(cutOut, alpha, chest, lower) >= ONE_GARMENT_SHARE);
  let kind: GarmentKind = mode === 'auto' ? (dress ? 'full' : 'upper') : mode;
  const handCapsule = (hand: Point, wrist: Point) => ({ hand, wrist, radius: 0.16 * S });
  const hands = [handCapsule(body.handLeft, body.wristLeft), handCapsule(body.handRight, body.wristRight)];
  const ankleAlong = Math.min(frameCoordinates(frame, body.ankleLeft).along, frameCoordinates(frame, body.ankleRight).along);
  /** The pixels of the garment of `kind`, told by colour, down to `lowest` along the body. */
  const garmentPixels = (kind: GarmentKind, lowest: number): Uint8Array | string => {
    const wanted = kind === 'lower' ? [lower] : kind === 'upper' ? [upper] : [upper, lower];
    if (wanted.some((p) => p.colours.length === 0)) return 'garment_image shows a person, but no garment was found on them where it should be';
    if (wanted.some((p) => paletteDistance(skin, p.colours[0]) < 24)) {
      return 'garment_image shows a person whose garment is the colour of their skin: it cannot be told apart from them; use a photo of the garment laid flat';
    }
    const others = kind === 'upper' ? [lower] : kind === 'lower' ? [upper] : [];
    const mask = new Uint8Array(width * height);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = y * width + x;
        if (alpha[i] < 128) continue;
        const { along } = frameCoordinates(frame, { x, y });
        if (along < -0.2 * S || along > lowest) continue;
        if (kind === 'lower' && along < 0.55 * T) continue;
        if (hands.some((h) => Math.hypot(x - h.hand.x, y - h.hand.y) < h.radius)) continue;
        const c = pixel(cutOut, x, y)!;
        const own = Math.min(...wanted.map((p) => paletteDistance(p, c)));
        if (own > MATCH) continue;
        if (paletteDistance(skin, c) < own || (hair.colours.length && paletteDistance(hair, c) < own * 0.8 && along < 0.3 * T)) continue;
        if (others.some((p) => p.colours.length > 0 && paletteDistance(p, c) < own * 0.85)) continue;
        mask[i] = 1;
      }
    }
    return mask;
  };
  let mask = garmentPixels(kind, ankleAlong);
  if (typeof mask === 'string') return mask;
  // The garment's colours running down two legs: a top over trousers of a like colour (a dark tee over dark jeans), not a
  // dress, and the top ends where its own colours do.
  if (kind !== 'lower' && (mode === 'auto' || kind === 'upper') && inTwoLegs(mask, body, frame, width, height)) {
    kind = 'upper';
    const whole = mask;
    mask = garmentPixels(kind, ankleAlong);
    if (typeof mask === 'string') return mask;
    // The thighs' colours told the trousers from the top: it ends where they begin. Else it is cut at its hem.
    if (inTwoLegs(mask, body, frame, width, height)) mask = garmentPixels(kind, topHemAlong(cutOut, whole, body, frame, upper, lower));
    if (typeof mask === 'string') return mask;
  }
  const blob = largestBlob({ data: mask, width, height }).data;
  let area = 0;
  for (const v of blob) area += v;
  const torsoBox = S * T * (kind === 'lower' ? 1.2 : 1);
  if (area < MIN_TAKEN * torsoBox) return 'garment_image shows a person, but their garment could not be told apart from their skin and hair; use a photo of the garment laid flat';
  // Holes the arms or hands leave inside the garment: filled from the garment around them.
  const image: RgbaImage = { data: Uint8ClampedArray.from(cutOut.data), width, height };
  const holes = enclosedHoles(blob, width, height);
  for (let i = 0; i < blob.length; i++) if (!blob[i]) image.data[i * 4 + 3] = 0;
  mendHoles(image, blob, holes);
  const filled = Uint8Array.from({ length: width * height }, (_, i) => (image.data[i * 4 + 3] >= 128 ? 1 : 0));
  return {
    image,
    kind,
    landmarks: kind === 'lower' ? lowerLandmarks(filled, body, frame, width, height) : upperLandmarks(filled, body, frame, width, height, kind),
    metresPerPixel: SHOULDER_TO_HIP / (T * (1 + HIP_DROP)),
    wearer: wearerLevels(body, frame),
  };
}

/** Least gap between two trouser legs at the knees (shoulder spans). */
const LEG_GAP = 0.04;

/**
 * Whether the garment runs down both legs to the knees with a gap between
 * them there (trousers), rather than one skirt across both or nothing.
 */
function inTwoLegs(mask: Uint8Array, body: BodyKeypoints, frame: BodyFrame, width: number, height: number): boolean {
  const at = (p: Point) => {
    const x = Math.round(p.x);
    const y = Math.round(p.y);
    return x >= 0 && y >= 0 && x < width && y < height && mask[y * width + x] === 1;
  };
  // A little above the knees, where trousers are and a knee-length skirt still is.
  const left = lerp(body.hipLeft, body.kneeLeft, 0.85);
  const right = lerp(body.hipRight, body.kneeRight, 0.85);
  if (!at(left) || !at(right)) return false;
  const span = Math.hypot(right.x - left.x, right.y - left.y);
  let gap = 0;
  let longest = 0;
  for (let s = 0; s <= span; s++) {
    const p = lerp(left, right, s / Math.max(1, span));
    gap = at(p) ? 0 : gap + 1;
    longest = Math.max(longest, gap);
  }
  return longest >= LEG_GAP * frame.shoulderSpan;
}

/**
 * Where a top worn over trousers of a like colour ends: the lowest level
 * above the legs' split at which its own colours (those of the chest not
 * seen on the thighs) still show, or a little below the hips when none are
 * its own (a black tee over black jeans).
 */
function topHemAlong(cutOut: RgbaImage, mask: Uint8Array, body: BodyKeypoints, frame: BodyFrame, upper: Palette, lower: Palette): number {
  const { width, height } = cutOut;
  const hips = frameCoordinates(frame, mid(body.hipLeft, body.hipRight)).along;
  const knees = frameCoordinates(frame, mid(body.kneeLeft, body.kneeRight)).along;
  const fallback = hips + 0.15 * (knees - hips);
  const own = { colours: upper.colours.filter((c) => paletteDistance(lower, c) >= SAME_GARMENT / 2) };
  if (own.colours.length === 0) return fallback;
  const S = frame.shoulderSpan;
  let lowest = -Infinity;
  for (let along = 0.5 * frame.torsoLength; along <= hips + 0.5 * (knees - hips); along++) {
    let garment = 0;
    let theirs = 0;
    for (let a = -0.6 * S; a <= 0.6 * S; a++) {
      const p = inFrame(frame, a, along);
      const x = Math.round(p.x);
      const y = Math.round(p.y);
      if (x < 0 || y < 0 || x >= width || y >= height || !mask[y * width + x]) continue;
      garment++;
      const c = pixel(cutOut, x, y)!;
      if (paletteDistance(own, c) < paletteDistance(lower, c)) theirs++;
    }
    if (garment > 0 && theirs >= 0.2 * garment) lowest = along;
  }
  return Number.isFinite(lowest) ? lowest + 1 : fallback;
}

/** The wearer's shoulder joints, hip joints (a little below the pose's hip points) and ankles, as rows of the photo. */
function wearerLevels(body: BodyKeypoints, frame: BodyFrame): WearerLevels {
  const ankles = mid(body.ankleLeft, body.ankleRight);
  return { jointY: frame.origin.y, hipY: frame.origin.y + frame.down.y * frame.torsoLength * (1 + HIP_DROP), ankleY: ankles.y };
}

/** Background pixels enclosed by the garment (not reaching the image border). */
function enclosedHoles(mask: Uint8Array, width: number, height: number): Uint8Array {
  const outside = new Uint8Array(width * height);
  const stack: number[] = [];
  for (let x = 0; x < width; x++) stack.push(x, (height - 1) * width + x);
  for (let y = 0; y < height; y++) stack.push(y * width, y * width + width - 1);
  while (stack.length) {
    const i = stack.pop()!;
    if (outside[i] || mask[i]) continue;
    outside[i] = 1;
    const x = i % width;
    if (x > 0) stack.push(i - 1);
    if (x < width - 1) stack.push(i + 1);
    if (i >= width) stack.push(i - width);
    if (i < (height - 1) * width) stack.push(i + width);
  }
  return Uint8Array.from(outside, (o, i) => (o || mask[i] ? 0 : 1));
}

function upperLandmarks(mask: Uint8Array, body: BodyKeypoints, frame: BodyFrame, width: number, height: number, kind: GarmentKind): GarmentLandmarks {
  const S = frame.shoulderSpan;
  const T = frame.torsoLength;
  const g: GarmentLandmarks = {};
  const limit = 1.5 * S;
  const pitAlong = 0.2 * T;
  for (const [side, name, index] of [
    [-1, 'Left', 0],
    [1, 'Right', 1],
  ] as const) {
    g[`neck${name}`] = topAt(mask, frame, width, height, side * 0.2 * S, -0.3 * S, 0.3 * T);
    const arm = [body[`shoulder${name}`], body[`elbow${name}`], body[`wrist${name}`]];
    const seamTop = topAt(mask, frame, width, height, side * 0.5 * S, -0.3 * S, 0.3 * T);
    // No cloth over the shoulder down to the armpits' level: straps (a tank, a strap dress), whose shoulder is the strap's outer top corner.
    g[`shoulder${name}`] = frameCoordinates(frame, seamTop).along > pitAlong ? strapCorner(mask, frame, width, height, side) : seamTop;
    // The armpit: where the torso's side meets the arm, a little below the shoulders.
    const pit = edgeAt(mask, frame, width, height, pitAlong, side, 0.45 * S);
    g[`armpit${name}`] = pit;
    const end = garmentEndAlong(mask, width, arm, 0.15 * pathLength(arm));
    if (end > 0.3 * frame.shoulderSpan) {
      const { point, direction } = alongPath(arm, end);
      const half = 0.09 * S;
      const normal = { x: -direction.y, y: direction.x };
      const out = normal.x * side > 0 ? normal : { x: -normal.x, y: -normal.y };
      g[`cuff${name}Outer`] = { x: point.x + out.x * half, y: point.y + out.y * half };
      g[`cuff${name}Inner`] = { x: point.x - out.x * half, y: point.y - out.y * half };
    }
    void index;
    const hemLimit = kind === 'full' ? 3 * T : 1.6 * T;
    const column = side * 0.3 * S;
    const bottom = bottomAt(mask, frame, width, height, column, pitAlong, hemLimit);
    const bottomAlong = frameCoordinates(frame, bottom).along;
    g[`hem${name}`] = edgeAt(mask, frame, width, height, bottomAlong - 2, side, limit);
  }
  return g;
}

/**
 * A strap's outer top corner on `side`: the outermost garment pixel a
 * little below the highest garment pixel between the neck and the shoulder.
 */
function strapCorner(mask: Uint8Array, frame: BodyFrame, width: number, height: number, side: -1 | 1): Point {
  const S = frame.shoulderSpan;
  const T = frame.torsoLength;
  let topAlong = Infinity;
  for (let a = 0.1 * S; a <= 0.5 * S; a += 1) topAlong = Math.min(topAlong, frameCoordinates(frame, topAt(mask, frame, width, height, side * a, -0.3 * S, 0.3 * T)).along);
  return edgeAt(mask, frame, width, height, topAlong + 2, side, 0.6 * S);
}

function lowerLandmarks(mask: Uint8Array, body: BodyKeypoints, frame: BodyFrame, width: number, height: number): GarmentLandmarks {
  const S = frame.shoulderSpan;
  const T = frame.torsoLength;
  const g: GarmentLandmarks = {};
  const top = topAt(mask, frame, width, height, 0, 0.5 * T, 1.3 * T);
  const topAlong = frameCoordinates(frame, top).along;
  g.waistLeft = edgeAt(mask, frame, width, height, topAlong + 2, -1, S);
  g.waistRight = edgeAt(mask, frame, width, height, topAlong + 2, 1, S);
  // Between the knees upwards: the first garment pixel is the crotch; none means a skirt.
  const knees = mid(body.kneeLeft, body.kneeRight);
  const kneeAlong = frameCoordinates(frame, knees).along;
  let crotch: Point | null = null;
  for (let a = kneeAlong; a > topAlong; a--) {
    const p = inFrame(frame, frameCoordinates(frame, knees).across, a);
    const x = Math.round(p.x);
    const y = Math.round(p.y);
    if (mask[y * width + x]) {
      crotch = p;
      break;
    }
  }
  const hipsAlong = frameCoordinates(frame, mid(body.hipLeft, body.hipRight)).along;
  if (!crotch || frameCoordinates(frame, crotch).along > hipsAlong + 0.8 * (kneeAlong - hipsAlong)) {
    // A skirt: its hem where the garment ends down the middle.
    const bottom = bottomAt(mask, frame, width, height, 0, topAlong + 2, 4 * T);
    const along = frameCoordinates(frame, bottom).along;
    g.hemLeft = edgeAt(mask, frame, width, height, along - 2, -1, 2 * S);
    g.hemRight = edgeAt(mask, frame, width, height, along - 2, 1, 2 * S);
    return g;
  }
  g.crotch = crotch;
  for (const [name, leg] of [
    ['Left', [body.hipLeft, body.kneeLeft, body.ankleLeft]],
    ['Right', [body.hipRight, body.kneeRight, body.ankleRight]],
  ] as const) {
    const end = garmentEndAlong(mask, width, leg, 0.15 * pathLength(leg));
    const { point, direction } = alongPath(leg, end);
    const half = 0.2 * S;
    const normal = { x: -direction.y, y: direction.x };
    const sign = name === 'Left' ? -1 : 1;
    const out = normal.x * sign > 0 ? normal : { x: -normal.x, y: -normal.y };
    g[`leg${name}Outer`] = { x: point.x + out.x * half, y: point.y + out.y * half };
    g[`leg${name}Inner`] = { x: point.x - out.x * half, y: point.y - out.y * half };
  }
  return g;
}
