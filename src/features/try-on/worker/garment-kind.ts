// Whether a garment cut-out is a top, a bottom or a dress, read from its
// silhouette alone — a neckline or sleeves at the top, two legs at the
// bottom, how long the body is for its width — and whether a mask can be a
// garment at all. The silhouette (shared with the landmarks) is the mask's
// biggest blob mended where a background remover bit into it: pale stripes,
// print and small holes it dropped.
import {
  concavities,
  concavityHitBy,
  enclosedBackground,
  fillShortColumnGaps,
  fillSmallHoles,
  findHoles,
  labelBlobs,
  largestBlob,
  rowSpans,
  thresholdAlpha,
  traceOuterContour,
  type BinaryMask,
  type RowSpan,
} from '../../../imaging/contour';
import { backdropMask } from '../../../imaging/backdrop';
import { boxMean } from '../../../imaging/box-filter';
import type { RgbaImage } from '../../../imaging/image';
import type { AlphaMask, GarmentKind } from './fit-types';

export interface GarmentClass {
  kind: GarmentKind;
  reason: string;
}

/** How far (pixels) past a filled hole its soft rim is made opaque too. */
const HOLE_RIM = 2;
/** Alpha from which a pixel is the garment's (thresholdAlpha's default). */
const ALPHA_THRESHOLD = 128;
/** Smallest share of the image the garment may cover. */
const MIN_COVERAGE = 0.02;
/** Share of the image border a cut-out may cover before the background looks kept. */
const MAX_BORDER_COVER = 0.6;
/** Pieces at least this share of the biggest count as "of similar size". */
const SIMILAR_PIECE = 0.3;
/** Share of the area inside the garment's outline that is holes before the mask looks like noise. */
const MAX_HOLE_SHARE = 0.25;

/** A neckline dip at least this deep (in garment heights) counts. */
const NECK_DIP = 0.02;
/** Where the neckline's lowest point may be, in garment heights from the top. */
const NECK_ZONE = 0.45;
/** Share of the bottom rows split into two legs that makes trousers or shorts. */
const LEG_ROWS = 0.3;
/** Each leg is at least this share of the row's full span. */
const LEG_WIDTH = 0.2;
/** Share of the middle rows with sleeves hanging beside the body. */
const SLEEVE_ROWS = 0.15;
/** How much wider than the garment's narrowest lower down the shoulders and sleeves must reach. */
const SLEEVE_WIDENING = 1.2;
/** Height over narrowest body width from which a top is a dress. */
const DRESS_TALLNESS = 2;
/** A bodice: the waist at most this share of the top's width, the garment at least this many top widths long. */
const BODICE_WAIST = 0.9;
const BODICE_LENGTH = 1.8;
/** A hood: at least this share of the rows at the top, each a single run under this share of the widest row. */
const HOOD_ROWS = 0.12;
const HOOD_WIDTH = 0.45;
/** Two legs under a neckline but no sleeves: a jumpsuit only if at least this many top widths long. */
const JUMPSUIT_LENGTH = 2.6;

/** Gaps in a column shorter than this share of the garment's height are mended. */
const MENDED_GAP = 0.06;
/** Holes smaller than this (in squared garment heights) are mended. */
const MENDED_HOLE = 0.005;

/**
 * The garment's silhouette: its biggest blob, mended where a background
 * remover bit into it — pale stripes or print dropped, short gaps in a column
 * between garment above and below, small holes — so the outline follows the
 * garment's edge. Gaps open at one end (under a sleeve, between the legs) and
 * big holes (a sleeve closing against the body) are kept.
 */
export function garmentSilhouette(mask: AlphaMask): BinaryMask {
  const binary = thresholdAlpha(mask);
  const height = filledRows(rowSpans(largestBlob(binary))).length;
  const mended = largestBlob(fillShortColumnGaps(binary, MENDED_GAP * height));
  return fillSmallHoles(mended, MENDED_HOLE * height * height);
}

/**
 * The garment's matte with the bites mended: pixels the silhouette mends
 * (a stripe, print or hole the background remover dropped inside the
 * garment) made opaque, every other pixel as it was, so the garment's own
 * edges keep their soft alpha. Run before the garment's colours are freed of
 * the backdrop, so a mended stripe keeps the photo's colour.
 */
export function mendGarmentMatte(mask: AlphaMask): Uint8ClampedArray {
  const silhouette = garmentSilhouette(mask);
  const out = Uint8ClampedArray.from(mask.data);
  for (let i = 0; i < out.length; i++) if (silhouette.data[i] && out[i] < ALPHA_THRESHOLD) out[i] = 255;
  return out;
}

/**
 * The garment's matte from its photo and the background remover's matte.
 * On a plain backdrop (../../../imaging/backdrop.ts) the remover's matte is
 * kept only where the photo stands off the backdrop (a remover may bridge
 * the floor between two trouser legs), then mended, and its holes filled
 * where they do not show the backdrop (a pocket it dropped). When that cannot be one
 * garment (a white tee on white paper, which the remover drops) the garment
 * is what stands off the backdrop, mended, if that can be.
 */
export function garmentMatte(photo: RgbaImage, matte: Uint8ClampedArray): Uint8ClampedArray {
  const { width, height } = photo;
  const offBackdrop = backdropMask(photo);
  const kept = offBackdrop ? Uint8ClampedArray.from(matte, (a, i) => (offBackdrop[i] ? a : 0)) : matte;
  const mended = mendGarmentMatte({ data: kept, width, height });
  if (!offBackdrop) return mended;
  // A hole in the garment that does not show the backdrop is garment the remover dropped (a pocket of another colour).
  // Their soft rim (2 px) with them, or a faint ring would stay where the hole's edge was.
  const holes = enclosedBackground(thresholdAlpha({ data: mended, width, height }));
  const nearHoles = boxMean({ data: Float32Array.from(holes), width, height }, HOLE_RIM).data;
  for (let i = 0; i < mended.length; i++) if (nearHoles[i] > 0 && offBackdrop[i]) mended[i] = 255;
  if (!garmentMaskProblem({ data: mended, width, height })) return mended;
  const fallback = mendGarmentMatte({ data: offBackdrop, width, height });
  return garmentMaskProblem({ data: fallback, width, height }) ? mended : fallback;
}

/** Why the mask cannot be one garment, or null when it can. */
export function garmentMaskProblem(mask: AlphaMask): string | null {
  const binary = thresholdAlpha(mask);
  const blobs = labelBlobs(binary);
  const { areas } = blobs;
  if (areas.length === 0) return 'the mask is empty: no garment was found';
  if (borderCover(binary) > MAX_BORDER_COVER) return 'the mask covers most of the image border: the background looks not removed';
  const biggest = areas.reduce((a, b) => Math.max(a, b));
  if (biggest < MIN_COVERAGE * mask.width * mask.height) return 'the garment covers under 2% of the image';
  const similar = areas.filter((area) => area >= SIMILAR_PIECE * biggest).length;
  if (similar >= 3) return `the mask has ${similar} separate pieces of similar size, not one garment`;
  const holeArea = findHoles(largestBlob(binary, blobs)).reduce((sum, hole) => sum + hole.area, 0);
  if (holeArea > MAX_HOLE_SHARE * (holeArea + biggest)) return 'the garment is riddled with holes: the mask looks like noise';
  return null;
}

/** Share of the image's border pixels inside the mask. */
function borderCover({ data, width, height }: BinaryMask): number {
  const border: number[] = [];
  for (let x = 0; x < width; x++) border.push(x, (height - 1) * width + x);
  for (let y = 1; y < height - 1; y++) border.push(y * width, y * width + width - 1);
  const unique = [...new Set(border)];
  return unique.reduce((sum, i) => sum + data[i], 0) / unique.length;
}

/** Top, bottom or dress, and the shape that tells it. Throws on an empty mask (see garmentMaskProblem). */
export function classifyGarment(mask: AlphaMask): GarmentClass {
  const blob = garmentSilhouette(mask);
  const spans = rowSpans(blob);
  const rows = filledRows(spans);
  if (rows.length === 0) throw new RangeError('classifyGarment: the mask is empty');
  const neckline = hasNeckline(blob, rows);
  const sleeves = hasSleeves(spans, rows);
  // The gap between two legs is open at the hem: a hole the mask left (a pocket or print it cut out) is no such gap.
  const legs = legShare(rowSpans(fillSmallHoles(blob, Infinity)), rows) >= LEG_ROWS;
  if (!neckline && !sleeves) {
    if (legs) return { kind: 'lower', reason: 'two legs below a waistband' };
    // A bodice whose straps or neckline the mask lost still narrows to a waist below its top; a skirt only widens.
    if (hasBodice(spans, rows)) return { kind: 'full', reason: 'a bodice narrowing to a waist, then a skirt: a dress' };
    return { kind: 'lower', reason: 'a waistband widening to a hem, with no neckline or sleeves: a skirt' };
  }
  // Trousers' waistband can dip like a neckline, their hips flare like sleeves: a jumpsuit has a neckline and sleeves or a body's length above its legs.
  if (legs && neckline && (sleeves || rows.length >= JUMPSUIT_LENGTH * topWidth(spans, rows))) return { kind: 'full', reason: 'a neckline over two legs: a jumpsuit' };
  if (legs) return { kind: 'lower', reason: 'two legs below a waistband (its top dips a little)' };
  // A hood laid above the shoulders adds no length to the body.
  const tallness = (rows.length - hoodRows(spans, rows)) / (narrowestBody(spans, rows) ?? rows.length);
  const top = sleeves ? 'sleeves' : 'a neckline or straps';
  if (tallness >= DRESS_TALLNESS) {
    return { kind: 'full', reason: `${top} over a long body, ${tallness.toFixed(1)}× its narrowest width: a dress` };
  }
  return { kind: 'upper', reason: `${top} over a short body, ${tallness.toFixed(1)}× its narrowest width: a top` };
}

/**
 * Whether the top of the silhouette is a bodice: its first rows wider than
 * the narrowest row between a fifth and a half of the way down (a waist),
 * on a garment long for its top's width.
 */
function hasBodice(spans: readonly RowSpan[], rows: readonly number[]): boolean {
  const width = (y: number) => spans[y].right - spans[y].left + 1;
  const top = topWidth(spans, rows);
  const waist = Math.min(...band(rows, 0.2, 0.5).map(width));
  return waist <= BODICE_WAIST * top && rows.length >= BODICE_LENGTH * top;
}

/** Whether a hood lies above the garment's shoulders. */
export function hasHood(mask: AlphaMask): boolean {
  const spans = rowSpans(garmentSilhouette(mask));
  const rows = filledRows(spans);
  return rows.length > 0 && hoodRows(spans, rows) > 0;
}

/** How many of the first rows are a hood: one narrow run (under HOOD_WIDTH of the widest row) above the shoulders. */
export function hoodRows(spans: readonly RowSpan[], rows: readonly number[]): number {
  const widest = Math.max(...rows.map((y) => spans[y].right - spans[y].left + 1));
  const widths = rows.map((y) => spans[y].right - spans[y].left + 1);
  const step = Math.max(2, Math.round(rows.length / 150));
  let count = 0;
  let slowest = Infinity;
  for (let k = 0; k < rows.length; k++) {
    if (spans[rows[k]].runs.length !== 1 || widths[k] >= HOOD_WIDTH * widest) break;
    // A hood's rounded top widens ever more slowly down to its base; the shoulders then widen at once.
    if (k >= step) {
      const growth = widths[k] - widths[k - step];
      if (k > 3 * step && growth > 2 * slowest + 2 * step) break;
      slowest = Math.min(slowest, Math.max(0, growth));
    }
    count++;
  }
  return count >= HOOD_ROWS * rows.length ? count : 0;
}

/** The mean width of the garment's first rows. */
function topWidth(spans: readonly RowSpan[], rows: readonly number[]): number {
  const top = band(rows, 0.02, 0.08).map((y) => spans[y].right - spans[y].left + 1);
  return top.reduce((a, b) => a + b, 0) / Math.max(1, top.length);
}

/** The row numbers from the garment's top to its bottom. */
export function filledRows(spans: readonly RowSpan[]): number[] {
  const top = spans.findIndex((s) => s.runs.length > 0);
  if (top < 0) return [];
  let bottom = spans.length - 1;
  while (spans[bottom].runs.length === 0) bottom--;
  return Array.from({ length: bottom - top + 1 }, (_, i) => top + i);
}

/** Rows from `from` to `to` (shares of the garment's height, top down). */
function band(rows: readonly number[], from: number, to: number): number[] {
  return rows.slice(Math.floor(from * rows.length), Math.ceil(to * rows.length));
}

function middleOf(span: RowSpan): number {
  return (span.left + span.right) / 2;
}

/** The run covering column x, or the nearest one. */
function runAt(span: RowSpan, x: number) {
  const distance = (run: { start: number; end: number }) => Math.max(run.start - x, x - run.end, 0);
  return span.runs.reduce((best, run) => (distance(run) < distance(best) ? run : best));
}

/** A dip in the top edge near the middle, under the hull: a neckline or the gap between straps. */
function hasNeckline(blob: BinaryMask, rows: readonly number[]): boolean {
  const ring = traceOuterContour(blob);
  const centre = { x: ring.reduce((sum, p) => sum + p.x, 0) / ring.length, y: ring.reduce((sum, p) => sum + p.y, 0) / ring.length };
  const dip = concavityHitBy(concavities(ring), ring, centre, { x: 0, y: -1 });
  if (!dip) return false;
  const height = rows.length;
  return dip.depth >= NECK_DIP * height && ring[dip.deepest].y - rows[0] <= NECK_ZONE * height;
}

/**
 * Sleeves: middle rows split into sleeve, body, sleeve; or the top reaching
 * well wider than the garment is at its narrowest lower down.
 */
function hasSleeves(spans: readonly RowSpan[], rows: readonly number[]): boolean {
  const middle = band(rows, 0.25, 0.75);
  const beside = middle.filter((y) => {
    const span = spans[y];
    if (span.runs.length < 3) return false;
    const body = runAt(span, middleOf(span));
    return body !== span.runs[0] && body !== span.runs[span.runs.length - 1];
  });
  if (beside.length >= SLEEVE_ROWS * middle.length) return true;
  const width = (y: number) => spans[y].right - spans[y].left + 1;
  return Math.max(...band(rows, 0, 0.45).map(width)) >= SLEEVE_WIDENING * Math.min(...band(rows, 0.35, 0.85).map(width));
}

/** Share of the bottom 40% of rows split into two legs. */
function legShare(spans: readonly RowSpan[], rows: readonly number[]): number {
  const bottom = band(rows, 0.6, 1);
  return bottom.filter((y) => splitInTwo(spans[y])).length / Math.max(1, bottom.length);
}

/** Whether the row is empty at its middle, with at least LEG_WIDTH of its span filled out to each side. */
function splitInTwo(span: RowSpan): boolean {
  const middle = middleOf(span);
  if (span.runs.some((run) => run.start <= middle && middle <= run.end)) return false;
  const leftEnd = span.runs.filter((run) => run.end < middle).at(-1)?.end;
  const rightStart = span.runs.find((run) => run.start > middle)?.start;
  if (leftEnd === undefined || rightStart === undefined) return false;
  const full = span.right - span.left + 1;
  return leftEnd - span.left + 1 >= LEG_WIDTH * full && span.right - rightStart + 1 >= LEG_WIDTH * full;
}

/**
 * The narrowest width, between 35% and 85% down, of the run across each
 * row's middle (rows split there, between legs, left out); undefined when
 * every row is split.
 */
function narrowestBody(spans: readonly RowSpan[], rows: readonly number[]): number | undefined {
  const widths = band(rows, 0.35, 0.85).flatMap((y) => {
    const middle = middleOf(spans[y]);
    const body = spans[y].runs.find((run) => run.start <= middle && middle <= run.end);
    return body ? [body.end - body.start + 1] : [];
  });
  return widths.length ? Math.min(...widths) : undefined;
}
