// The eval's scores for one try-on result, read from the result alone (any
// implementation can be scored): which pixels the garment painted, and where
// each garment pixel came from, are found by dressing the same person twice
// more with the garment's colours swapped for probes — black, and a code of
// its own coordinates (u, v, 1) — and comparing the results in linear light.
// Scores: landmark error (share of body height), coverage of the expected
// region, paint outside the dressed body, head and hands touched, and the
// old garment left showing.
import type { RgbaImage } from '../../../src/imaging/image';
import type { Landmarks } from './build';
import type { LabelMap } from './rendered';
import { LABEL } from './scene';
import type { Slot } from './cases';

/** The probe's blue in linear light; u and v scale the red and green. */
const PROBE = 0.6;
/** Painted: the probe's blue shows at least this much (linear), i.e. garment weight × shading ≥ 0.25. */
const PAINTED = 0.15;
/** The black probe's largest channel (8-bit) where the garment covers the photo entirely. */
const OPAQUE = 2;
/** A pixel changed from the photo by more than this (8-bit, largest channel). */
const CHANGED = 40;
const UNCHANGED = 16;
/** A landmark not found within this share of its garment photo's height is lost; its error is the cap. */
const LOST = 0.05;
/** Garment pixels by which a reading may miss the best one's distance and still count as a tie. */
const TIE = 3;
const ERROR_CAP = 0.15;

/** The pass mark (set before any result was seen; see bench/README.md). */
export const PASS = { landmarkError: 0.035, coverage: 0.85, outside: 0.1, oldShowing: 0.2 };

const toLinear = new Float32Array(256).map((_, v) => {
  const c = v / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
});

function toSrgb(linear: number): number {
  const c = linear <= 0.0031308 ? linear * 12.92 : 1.055 * linear ** (1 / 2.4) - 0.055;
  return Math.round(Math.max(0, Math.min(1, c)) * 255);
}

/** The garment image with its colours replaced: black, or its own coordinates as (u, v, 1)·PROBE in linear light. */
export function probeGarment(garment: RgbaImage, kind: 'black' | 'uv'): RgbaImage {
  const data = new Uint8ClampedArray(garment.data.length);
  const blue = toSrgb(PROBE);
  for (let y = 0; y < garment.height; y++) {
    for (let x = 0; x < garment.width; x++) {
      const i = (y * garment.width + x) * 4;
      if (kind === 'uv') {
        data[i] = toSrgb((PROBE * x) / garment.width);
        data[i + 1] = toSrgb((PROBE * y) / garment.height);
        data[i + 2] = blue;
      }
      data[i + 3] = garment.data[i + 3];
    }
  }
  return { data, width: garment.width, height: garment.height };
}

type Mask = Uint8Array;

function erode(mask: Mask, width: number, height: number, r: number): Mask {
  return grow(mask.map((v) => 1 - v) as Mask, width, height, r).map((v) => 1 - v) as Mask;
}

function grow(mask: Mask, width: number, height: number, r: number): Mask {
  const rows = new Uint8Array(mask.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let on = 0;
      for (let d = -r; d <= r && !on; d++) {
        const xx = x + d;
        if (xx >= 0 && xx < width && mask[y * width + xx]) on = 1;
      }
      rows[y * width + x] = on;
    }
  }
  const out = new Uint8Array(mask.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let on = 0;
      for (let d = -r; d <= r && !on; d++) {
        const yy = y + d;
        if (yy >= 0 && yy < height && rows[yy * width + x]) on = 1;
      }
      out[y * width + x] = on;
    }
  }
  return out;
}

const count = (mask: Mask) => mask.reduce((n, v) => n + v, 0);

export interface CaseScore {
  landmarkError: number;
  /** Per landmark: its error (share of body height), or 'lost'. */
  landmarks: Record<string, number | 'lost'>;
  /** Per found landmark: where it landed less where it belongs (shares of body height; +x right, +y down). */
  offsets: Record<string, { dx: number; dy: number }>;
  coverage: number;
  outside: number;
  headTouched: number;
  handsTouched: number;
  oldShowing: number;
  pass: boolean;
  /** Why it failed, when it did. */
  failures: string[];
}

export interface ScoreInput {
  photo: RgbaImage;
  result: RgbaImage;
  black: RgbaImage;
  uv: RgbaImage;
  personLabels: LabelMap;
  dressedLabels: LabelMap;
  slot: Slot;
  truth: { garment: Landmarks; onPerson: Landmarks; bodyHeight: number };
  garmentSize: { width: number; height: number };
}

/** Pixels (of a region eroded by 2 px) the result changed or painted: how many, and the share. */
function touched(region: Mask, changedOrPainted: Mask, width: number, height: number): number {
  const core = erode(region, width, height, 2);
  const area = count(core);
  if (area === 0) return 0;
  let n = 0;
  for (let i = 0; i < core.length; i++) if (core[i] && changedOrPainted[i]) n++;
  return n > Math.max(12, 0.01 * area) ? n / area : 0;
}

export function scoreCase(input: ScoreInput): CaseScore {
  const { photo, result, black, uv, personLabels, dressedLabels, truth } = input;
  const { width, height } = photo;
  const n = width * height;
  const painted = new Uint8Array(n);
  const changed = new Uint8Array(n);
  const unchanged = new Uint8Array(n);
  const u = new Float32Array(n).fill(NaN);
  const v = new Float32Array(n).fill(NaN);
  for (let i = 0; i < n; i++) {
    const p = i * 4;
    const dB = toLinear[uv.data[p + 2]] - toLinear[black.data[p + 2]];
    if (dB >= PAINTED) {
      painted[i] = 1;
      // Coordinates are read only where the garment is opaque (the black probe left nothing of the photo):
      // at a blended edge the two probes' difference is not exact, and a stray reading there could win a landmark.
      if (dB >= 0.3 && Math.max(black.data[p], black.data[p + 1], black.data[p + 2]) <= OPAQUE) {
        u[i] = ((toLinear[uv.data[p]] - toLinear[black.data[p]]) / dB) * input.garmentSize.width;
        v[i] = ((toLinear[uv.data[p + 1]] - toLinear[black.data[p + 1]]) / dB) * input.garmentSize.height;
      }
    }
    const diff = Math.max(Math.abs(result.data[p] - photo.data[p]), Math.abs(result.data[p + 1] - photo.data[p + 1]), Math.abs(result.data[p + 2] - photo.data[p + 2]));
    changed[i] = diff > CHANGED || painted[i] ? 1 : 0;
    unchanged[i] = diff < UNCHANGED && !painted[i] ? 1 : 0;
  }
  const expected = dressedLabels.data.map((l) => (l === LABEL.garment ? 1 : 0)) as Mask;
  const dressedBody = grow(dressedLabels.data.map((l) => (l !== LABEL.background ? 1 : 0)) as Mask, width, height, 3);
  const head = personLabels.data.map((l) => (l === LABEL.head ? 1 : 0)) as Mask;
  const hands = personLabels.data.map((l) => (l === LABEL.hands ? 1 : 0)) as Mask;
  const expectedCore = erode(expected, width, height, 2);
  let covered = 0;
  let outside = 0;
  for (let i = 0; i < n; i++) {
    if (expectedCore[i] && painted[i]) covered++;
    if (painted[i] && !dressedBody[i]) outside++;
  }
  const coverage = covered / Math.max(1, count(expectedCore));
  const outsideShare = outside / Math.max(1, count(expected));
  const headTouched = touched(head, changed, width, height);
  const handsTouched = touched(hands, changed, width, height);

  const oldLabels: number[] = input.slot === 'upper' ? [LABEL.oldUpper] : input.slot === 'lower' ? [LABEL.oldLower] : [LABEL.oldUpper, LABEL.oldLower, LABEL.oldFull];
  const nearNew = grow(expected, width, height, 2);
  let oldArea = 0;
  let oldLeft = 0;
  for (let i = 0; i < n; i++) {
    if (!oldLabels.includes(personLabels.data[i]) || nearNew[i]) continue;
    oldArea++;
    if (unchanged[i]) oldLeft++;
  }
  const oldShowing = oldArea >= 0.0005 * truth.bodyHeight ** 2 ? oldLeft / oldArea : 0;

  // Landmarks: the painted pixel whose source is nearest the truth's point in the garment photo.
  const landmarks: CaseScore['landmarks'] = {};
  const offsets: CaseScore['offsets'] = {};
  const errors: number[] = [];
  const nearVisible = (p: { x: number; y: number }) => {
    for (let dy = -4; dy <= 4; dy++) {
      for (let dx = -4; dx <= 4; dx++) {
        const x = Math.round(p.x + dx);
        const y = Math.round(p.y + dy);
        if (x >= 0 && y >= 0 && x < width && y < height && dressedLabels.data[y * width + x] === LABEL.garment) return true;
      }
    }
    return false;
  };
  for (const [name, target] of Object.entries(truth.onPerson)) {
    const source = truth.garment[name as keyof Landmarks];
    if (!target || !source || !nearVisible(target)) continue;
    let best = Infinity;
    let at = -1;
    for (let i = 0; i < n; i++) {
      if (Number.isNaN(u[i])) continue;
      const d = (u[i] - source.x) ** 2 + (v[i] - source.y) ** 2;
      if (d < best) {
        best = d;
        at = i;
      }
    }
    if (at < 0 || Math.sqrt(best) > LOST * input.garmentSize.height) {
      landmarks[name] = 'lost';
      errors.push(ERROR_CAP);
      continue;
    }
    // Coordinates come from 8-bit colours the person's shading scales, so they are good to a few garment
    // pixels: the landmark is the centre of every near-tie about the best pixel, not one pixel of them.
    const reach = Math.sqrt(best) + TIE;
    const near = LOST * truth.bodyHeight;
    let sumX = 0;
    let sumY = 0;
    let ties = 0;
    for (let i = 0; i < n; i++) {
      if (Number.isNaN(u[i]) || Math.hypot(u[i] - source.x, v[i] - source.y) > reach) continue;
      if (Math.hypot((i % width) - (at % width), Math.floor(i / width) - Math.floor(at / width)) > near) continue;
      sumX += i % width;
      sumY += Math.floor(i / width);
      ties++;
    }
    const dx = (sumX / ties - target.x) / truth.bodyHeight;
    const dy = (sumY / ties - target.y) / truth.bodyHeight;
    offsets[name] = { dx, dy };
    const error = Math.min(ERROR_CAP, Math.hypot(dx, dy));
    landmarks[name] = error;
    errors.push(error);
  }
  const landmarkError = errors.length ? errors.reduce((a, b) => a + b, 0) / errors.length : 0;
  const failures: string[] = [];
  if (landmarkError > PASS.landmarkError) failures.push(`landmarks ${(100 * landmarkError).toFixed(1)}%`);
  if (coverage < PASS.coverage) failures.push(`coverage ${(100 * coverage).toFixed(0)}%`);
  if (outsideShare > PASS.outside) failures.push(`outside ${(100 * outsideShare).toFixed(0)}%`);
  if (headTouched > 0) failures.push('head painted');
  if (handsTouched > 0) failures.push('hands painted');
  if (oldShowing > PASS.oldShowing) failures.push(`old showing ${(100 * oldShowing).toFixed(0)}%`);
  return { landmarkError, landmarks, offsets, coverage, outside: outsideShare, headTouched, handsTouched, oldShowing, pass: failures.length === 0, failures };
}
