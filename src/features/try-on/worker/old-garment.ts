// Removes what the person wore before where the new garment does not cover
// it: an old long sleeve under a short one, trouser legs under shorts, an old
// top's hem below a shorter new one, a loose old garment beside a slim one.
// The old garment is told by colour: pixels of the person, in the part of the
// body the new garment dresses, that match the colours sampled where the old
// garment surely is (chest or thighs) better than the skin (sampled on the
// face) or the other garment. Inside the body's likely bare shape they are
// painted with the person's own skin, shaded by the photo's light; outside
// it, with the background, read along the row from the nearest background
// pixels on either side (and made transparent in a cut-out).
import { boxMean } from '../../../imaging/box-filter';
import type { RgbaImage } from '../../../imaging/image';
import type { BodyKeypoints } from './body';
import { frameCoordinates, inFrame, lerp, type BodyFrame } from './body-frame';
import type { GarmentKind, Point } from './fit-types';
import { faceSkin, palette, paletteDistance, pixel, type Palette, type Rgb } from './colour-palette';
import { LEG_LENGTH, SHOULDER_TO_HIP, armRadius, legRadius, torsoHalf } from './proportions';

/** Colour distance below which a pixel matches a palette (8-bit RGB, after normalising brightness a little). */
const MATCH = 56;
/** A person's pixel (alpha at least this) can be old garment; the background is under this. */
const SOLID = 160;
const CLEAR = 24;
/** How far (pixels) the old garment's soft rim is taken along with it. */
const RIM = 3;
/** Pixels past the first clear one that the background is read from: the soft edge's own colours are the old garment's. */
const EDGE_SKIP = 4;
/** Replacing a top, the bottom garment may be from this share of the torso down; replacing a bottom, the top down to this. */
const OTHER_FROM = 0.7;
const OTHER_TO = 1.1;
/** How far (metres) a trouser's hem may fall past the ankle joint, onto the shoe. */
const HEM_PAST_ANKLE = 0.05;

function segmentDistance(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const t = Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy || 1)));
  return Math.hypot(p.x - a.x - t * dx, p.y - a.y - t * dy);
}

/** The body's likely bare shape: 0 outside, else how far in from its edge (0–1, 1 on the axis of a limb or the torso). */
function bareShape(body: BodyKeypoints, frame: BodyFrame, width: number, height: number): Float32Array {
  const m = frame.torsoLength / SHOULDER_TO_HIP;
  const breadth = Math.min(1.3, Math.max(0.75, frame.shoulderSpan / 2 / (0.19 * m)));
  const out = new Float32Array(width * height);
  const limbs: { path: Point[]; radius: (t: number) => number; length: number }[] = [];
  for (const side of ['Left', 'Right'] as const) {
    const arm = [body[`shoulder${side}`], body[`elbow${side}`], body[`wrist${side}`]];
    const leg = [body[`hip${side}`], body[`knee${side}`], body[`ankle${side}`]];
    const armLength = Math.hypot(arm[1].x - arm[0].x, arm[1].y - arm[0].y) + Math.hypot(arm[2].x - arm[1].x, arm[2].y - arm[1].y);
    const legLength = Math.hypot(leg[1].x - leg[0].x, leg[1].y - leg[0].y) + Math.hypot(leg[2].x - leg[1].x, leg[2].y - leg[1].y);
    limbs.push({ path: arm, length: armLength, radius: (t) => armRadius(t * 0.57) * m * breadth * 1.1 });
    limbs.push({ path: leg, length: legLength, radius: (t) => legRadius(t * LEG_LENGTH) * m * breadth * 1.1 });
  }
  const S = frame.shoulderSpan;
  const bound = (points: Point[], pad: number) => ({
    x0: Math.max(0, Math.floor(Math.min(...points.map((p) => p.x)) - pad)),
    x1: Math.min(width - 1, Math.ceil(Math.max(...points.map((p) => p.x)) + pad)),
    y0: Math.max(0, Math.floor(Math.min(...points.map((p) => p.y)) - pad)),
    y1: Math.min(height - 1, Math.ceil(Math.max(...points.map((p) => p.y)) + pad)),
  });
  for (const limb of limbs) {
    const box = bound(limb.path, 0.25 * S);
    for (let y = box.y0; y <= box.y1; y++) {
      for (let x = box.x0; x <= box.x1; x++) {
        const q = { x, y };
        let best = Infinity;
        let at = 0;
        let travelled = 0;
        for (let i = 0; i < limb.path.length - 1; i++) {
          const d = segmentDistance(q, limb.path[i], limb.path[i + 1]);
          const length = Math.hypot(limb.path[i + 1].x - limb.path[i].x, limb.path[i + 1].y - limb.path[i].y);
          if (d < best) {
            best = d;
            const a = limb.path[i];
            const b = limb.path[i + 1];
            at = travelled + Math.max(0, Math.min(1, ((x - a.x) * (b.x - a.x) + (y - a.y) * (b.y - a.y)) / (length * length || 1))) * length;
          }
          travelled += length;
        }
        const r = limb.radius(at / Math.max(1, limb.length));
        if (best < r) out[y * width + x] = Math.max(out[y * width + x], 1 - best / r);
      }
    }
  }
  // The torso, from the shoulders to the crotch, at a standard body's widths.
  const T = frame.torsoLength;
  const corners = [inFrame(frame, -S, -0.1 * S), inFrame(frame, S, -0.1 * S), inFrame(frame, -S, T * 1.2), inFrame(frame, S, T * 1.2)];
  const box = bound(corners, 0);
  for (let y = box.y0; y <= box.y1; y++) {
    for (let x = box.x0; x <= box.x1; x++) {
      const { across, along } = frameCoordinates(frame, { x, y });
      if (along < -0.05 * S || along > T * 1.15) continue;
      const half = torsoHalf((T - along) / m) * m * breadth * (along < 0.1 * T ? 1.15 : 1.05);
      if (Math.abs(across) < half) out[y * width + x] = Math.max(out[y * width + x], 1 - Math.abs(across) / half);
    }
  }
  return out;
}

export interface OldGarmentInput {
  person: RgbaImage;
  alpha: Uint8ClampedArray;
  body: BodyKeypoints;
  frame: BodyFrame;
  kind: GarmentKind;
  /** Where the new garment lies (0–255): nothing there is touched. */
  covered: Uint8ClampedArray;
  /** What must stay as it is (hands), 0–255. */
  keep: Uint8ClampedArray;
  /** The skin's and clothes' colours, when the caller has read them from this person already (else they are read here). */
  colours?: PersonColours;
}

/** The face's skin and the colours of what the person wears. */
export interface PersonColours {
  skin: Palette;
  worn: { upper: Palette; lower: Palette };
}

/** The face's skin, and the colours of what the person wears, sampled where it surely is: the top on the chest, the bottom on the thighs. */
export function personColours(person: RgbaImage, alpha: Uint8ClampedArray, body: BodyKeypoints, frame: BodyFrame): PersonColours {
  const S = frame.shoulderSpan;
  const T = frame.torsoLength;
  const chest = [inFrame(frame, 0, 0.3 * T), inFrame(frame, -0.15 * S, 0.45 * T), inFrame(frame, 0.15 * S, 0.45 * T)];
  const thighs = [lerp(body.hipLeft, body.kneeLeft, 0.45), lerp(body.hipRight, body.kneeRight, 0.45)];
  return {
    skin: faceSkin(person, alpha, body, S).skin,
    worn: { upper: palette(person, alpha, chest, Math.max(3, Math.round(0.08 * S)), 3), lower: palette(person, alpha, thighs, Math.max(3, Math.round(0.07 * S)), 3) },
  };
}

/** The person with the old garment painted out where uncovered, and their alpha (cleared where background was painted). */
export function removeOldGarment(input: OldGarmentInput): { image: RgbaImage; alpha: Uint8ClampedArray; removed: Uint8ClampedArray } {
  const { person, alpha, body, frame, kind, covered, keep } = input;
  const { width, height } = person;
  const S = frame.shoulderSpan;
  const T = frame.torsoLength;
  const {
    skin,
    worn: { upper, lower },
  } = input.colours ?? personColours(person, alpha, body, frame);
  const replaced = kind === 'upper' ? [upper] : kind === 'lower' ? [lower] : [upper, lower];
  const others = kind === 'upper' ? [lower] : kind === 'lower' ? [upper] : [];
  if (skin.colours.length === 0) return { image: person, alpha, removed: new Uint8ClampedArray(width * height) };
  const bare = bareShape(body, frame, width, height);
  // The head and neck: above the shoulders' line, between them (a raised arm goes up beside it).
  const inHead = (along: number, across: number) => along < -0.12 * S && Math.abs(across) < 0.38 * S;
  const waistAlong = T * 0.75;
  // Shoes are never the old garment: nothing below either ankle, each leg's own (a walking
  // stride lifts one), bar a trouser hem's length past it.
  const ankles = [body.ankleLeft, body.ankleRight].map((ankle) => frameCoordinates(frame, ankle));
  const hemPast = (HEM_PAST_ANKLE * T) / SHOULDER_TO_HIP;
  const lowestAlong = (across: number) => {
    const nearer = Math.abs(across - ankles[0].across) <= Math.abs(across - ankles[1].across) ? ankles[0] : ankles[1];
    return nearer.along + hemPast;
  };
  const removed = new Uint8ClampedArray(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (alpha[i] < SOLID || covered[i] > 128 || keep[i] > 32) continue;
      const { along, across } = frameCoordinates(frame, { x, y });
      if (inHead(along, across)) continue;
      // The part of the body the new garment dresses.
      if (kind === 'lower' && along < waistAlong) continue;
      if (along > lowestAlong(across)) continue;
      if (kind === 'upper' && along > T * 1.35) continue;
      const c = pixel(person, x, y)!;
      const old = Math.min(...replaced.map((p) => paletteDistance(p, c)));
      if (old > MATCH) continue;
      if (paletteDistance(skin, c) <= old * 1.1) continue;
      // Where the other garment may be (a top's hem over trousers), a colour both share is left to it.
      const otherZone = kind === 'upper' ? along > OTHER_FROM * T : along < OTHER_TO * T;
      if (otherZone && others.some((p) => p.colours.length > 0 && paletteDistance(p, c) < old * 0.9)) continue;
      removed[i] = 255;
    }
  }
  // Drop specks: keep only pixels with enough removed neighbours.
  const smooth = boxMean({ data: Float32Array.from(removed, (v) => v / 255), width, height }, Math.max(1, Math.round(0.02 * S)));
  const image = { ...person, data: Uint8ClampedArray.from(person.data) };
  const outAlpha = Uint8ClampedArray.from(alpha);
  const skinColour = skin.colours.reduce((a, c) => [a[0] + c[0] / skin.colours.length, a[1] + c[1] / skin.colours.length, a[2] + c[2] / skin.colours.length], [0, 0, 0] as Rgb);
  // The photo's light over the body: its brightness blurred far past any print, against its mean.
  const light = boxMean({ data: Float32Array.from({ length: width * height }, (_, i) => (person.data[i * 4] + person.data[i * 4 + 1] + person.data[i * 4 + 2]) / 765), width, height }, Math.max(2, Math.round(0.25 * S)));
  let lightSum = 0;
  let lightCount = 0;
  for (let i = 0; i < removed.length; i++) {
    if (!removed[i]) continue;
    lightSum += light.data[i];
    lightCount++;
  }
  const lightMean = lightSum / Math.max(1, lightCount);
  const skinLike = (i: number) => paletteDistance(skin, pixel(person, i % width, Math.floor(i / width))!) < MATCH / 2;
  // Specks dropped, gaps closed (cloth in deep shade), and the old garment's antialiased rim taken along.
  const dressedZone = (i: number) => {
    if (alpha[i] < CLEAR || covered[i] > 128 || keep[i] > 32) return false;
    const { along, across } = frameCoordinates(frame, { x: i % width, y: Math.floor(i / width) });
    return !inHead(along, across);
  };
  for (let i = 0; i < removed.length; i++) removed[i] = (removed[i] && smooth.data[i] >= 0.35) || (smooth.data[i] >= 0.55 && dressedZone(i)) ? 255 : 0;
  const rim = boxMean({ data: Float32Array.from(removed, (v) => v / 255), width, height }, RIM);
  // The silhouette's soft edge goes too, skin-like or not: the old colour blended with a beige wall passes for skin.
  for (let i = 0; i < removed.length; i++) if (!removed[i] && rim.data[i] > 0 && dressedZone(i) && (!skinLike(i) || alpha[i] < SOLID)) removed[i] = 255;
  // Past the matte's edge too: the photo's pixels there still blend in a little of the old
  // colour, and left alone they draw the old outline as a faint dashed line.
  const outer = boxMean({ data: Float32Array.from(removed, (v) => v / 255), width, height }, RIM);
  for (let i = 0; i < removed.length; i++) if (!removed[i] && outer.data[i] > 0 && alpha[i] < CLEAR && covered[i] <= 128 && keep[i] <= 32 && !bare[i]) removed[i] = 255;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (!removed[i]) continue;
      const p = i * 4;
      if (bare[i] > 0) {
        // Skin, a little darker towards the limb's or torso's edge, and as lit as the photo is here.
        const shade = Math.min(1.2, Math.max(0.75, light.data[i] / (lightMean || 1))) * (0.82 + 0.18 * Math.sqrt(bare[i]));
        image.data[p] = skinColour[0] * shade;
        image.data[p + 1] = skinColour[1] * shade;
        image.data[p + 2] = skinColour[2] * shade;
        continue;
      }
      const fill = backgroundAlong(person, alpha, removed, x, y);
      image.data[p] = fill[0];
      image.data[p + 1] = fill[1];
      image.data[p + 2] = fill[2];
      outAlpha[i] = 0;
    }
  }
  return { image, alpha: outAlpha, removed };
}

/** The background at (x, y) as the nearest clear pixels to its left and right on the row show it. */
function backgroundAlong(image: RgbaImage, alpha: Uint8ClampedArray, removed: Uint8ClampedArray, x: number, y: number): Rgb {
  const { width } = image;
  const row = y * width;
  const gone = (i: number) => alpha[i] >= CLEAR || removed[i] > 0;
  let left = x;
  while (left >= 0 && gone(row + left)) left--;
  let right = x;
  while (right < width && gone(row + right)) right++;
  // Past the silhouette's soft edge, whose colours are still the old garment's blended in.
  for (let k = 0; k < EDGE_SKIP && left > 0 && alpha[row + left - 1] < CLEAR; k++) left--;
  for (let k = 0; k < EDGE_SKIP && right < width - 1 && alpha[row + right + 1] < CLEAR; k++) right++;
  const at = (px: number): Rgb => pixel(image, px, y)!;
  if (left < 0 && right >= width) return at(x);
  if (left < 0) return at(right);
  if (right >= width) return at(left);
  const t = (x - left) / (right - left);
  const a = at(left);
  const b = at(right);
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}
