// A garment cut-out's silhouette and whether a mask can be a garment at all.
// The silhouette (shared by the kind and the landmarks) is the mask's
// biggest blob mended where a background remover bit into it: pale stripes,
// print and small holes it dropped. Also: a hood above the shoulders.
import {
  enclosedBackground,
  fillShortColumnGaps,
  fillSmallHoles,
  findHoles,
  labelBlobs,
  largestBlob,
  rowSpans,
  thresholdAlpha,
  type BinaryMask,
  type RowSpan,
} from '../../../imaging/contour';
import { backdropMask } from '../../../imaging/backdrop';
import { boxMean } from '../../../imaging/box-filter';
import type { RgbaImage } from '../../../imaging/image';
import type { AlphaMask } from './fit-types';

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

/** A hood: at least this share of the rows at the top, each a single run under this share of the widest row. */
const HOOD_ROWS = 0.12;
const HOOD_WIDTH = 0.45;
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

/** The row numbers from the garment's top to its bottom. */
export function filledRows(spans: readonly RowSpan[]): number[] {
  const top = spans.findIndex((s) => s.runs.length > 0);
  if (top < 0) return [];
  let bottom = spans.length - 1;
  while (spans[bottom].runs.length === 0) bottom--;
  return Array.from({ length: bottom - top + 1 }, (_, i) => top + i);
}

