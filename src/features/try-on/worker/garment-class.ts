// Whether a garment cut-out is a top, a bottom or a dress, read from its
// outline. A garment with shoulders (a neckline dipping between them,
// sleeves, or armholes curving in below each shoulder) is worn from the
// shoulders: a top when its hem falls near the hips, a dress when it falls
// below them. A garment without shoulders is a bottom: a waistband over two
// legs (trousers, shorts) or widening to a hem (a skirt). How long a garment
// is comes from its own landmarks and flat scale (metres of a standard
// body), not from how tall its mask is for its width, so a mini dress, a
// maxi dress and a wide tee read alike whatever their cut.
import { concavities, concavityHitBy, fillSmallHoles, rowSpans, traceOuterContour, type BinaryMask, type Concavity, type RowSpan } from '../../../imaging/contour';
import { distance } from './body-frame';
import { filledRows, garmentSilhouette, hoodRows } from './garment-kind';
import { findGarmentLandmarks } from './garment-landmarks';
import { flatTopScale } from './garment-scale';
import type { AlphaMask, GarmentKind, Point } from './fit-types';

export interface GarmentClass {
  kind: GarmentKind;
  reason: string;
  /** Metres (of a standard body) from the neckline's corners to the hem, when the garment has shoulders and they could be read. */
  length?: number;
}

/** A neckline dips at least this share of the hull edge it lies under, and at least NECK_MIN_DIP garment heights. */
const NECK_DIP = 0.045;
const NECK_MIN_DIP = 0.008;
/** Where the neckline's lowest point may be, in garment heights from the top. */
const NECK_ZONE = 0.45;
/** The neckline's hull edge lies this near the top (garment heights). */
const NECK_EDGE = 0.12;
/** An armhole: a concavity under a hull edge from a corner this near the top (garment heights)… */
const ARMHOLE_EDGE = 0.12;
/** …whose deepest point lies in this share of the rows from the top… */
const ARMHOLE_ZONE = 0.6;
/** …and this far to the side of the middle (shares of the widest row)… */
const ARMHOLE_SIDE = 0.12;
/** …and that dips at least this share of its hull edge. */
const ARMHOLE_DIP = 0.06;
/** Share of the bottom rows split into two legs that makes trousers or shorts. */
const LEG_ROWS = 0.3;
/** Each leg is at least this share of the row's full span. */
const LEG_WIDTH = 0.2;
/** Share of the middle rows with sleeves hanging beside the body. */
const SLEEVE_ROWS = 0.15;
/** How much wider than the garment's narrowest lower down the shoulders and sleeves must reach. */
const SLEEVE_WIDENING = 1.2;
/**
 * Neckline to hem (metres of a standard body) from which a garment with
 * shoulders is a dress whatever its cut: a top's hem falls at most a little
 * below the hip joints (about 0.68 m from the neckline's corners; a long
 * sweater's a little more), a mini dress's a hand below them (0.72 m and
 * more) and a knee-length dress's near 1 m.
 */
const DRESS_LENGTH = 0.85;
/** Up to this length a garment with shoulders is a top whatever its cut. */
const TOP_LENGTH = 0.66;
/** Between the two: a dress when its hem is this much wider than its body at its narrowest (a skirt flaring from a waist)… */
const DRESS_FLARE = 1.25;
/** …or, sleeveless, when it reaches this far. */
const SLEEVELESS_DRESS_LENGTH = 0.71;
/** Height over narrowest body width from which a top is a dress, when its landmarks cannot be read. */
const DRESS_TALLNESS = 2;
/** A bodice: the waist at most this share of the top's width, the garment at least this many top widths long. */
const BODICE_WAIST = 0.9;
const BODICE_LENGTH = 1.8;
/** Two legs under a neckline but no sleeves: a jumpsuit only if at least this many top widths long. */
const JUMPSUIT_LENGTH = 2.6;

interface Shape {
  blob: BinaryMask;
  spans: RowSpan[];
  rows: number[];
  ring: Point[];
  concavities: Concavity[];
  centre: Point;
}

function shapeOf(mask: AlphaMask): Shape {
  const blob = garmentSilhouette(mask);
  const spans = rowSpans(blob);
  const rows = filledRows(spans);
  if (rows.length === 0) throw new RangeError('classifyGarment: the mask is empty');
  const ring = traceOuterContour(blob);
  const centre = { x: ring.reduce((sum, p) => sum + p.x, 0) / ring.length, y: ring.reduce((sum, p) => sum + p.y, 0) / ring.length };
  return { blob, spans, rows, ring, concavities: concavities(ring), centre };
}

/** Top, bottom or dress, and the shape that tells it. Throws on an empty mask (see garmentMaskProblem). */
export function classifyGarment(mask: AlphaMask): GarmentClass {
  const shape = shapeOf(mask);
  const { spans, rows, blob } = shape;
  const neckline = hasNeckline(shape);
  const sleeves = hasSleeves(spans, rows);
  const armholes = armholeSides(shape) === 2;
  // The gap between two legs is open at the hem: a hole the mask left (a pocket or print it cut out) is no such gap.
  const legs = legShare(rowSpans(fillSmallHoles(blob, Infinity)), rows) >= LEG_ROWS;
  if (!neckline && !sleeves && !armholes) {
    if (legs) return { kind: 'lower', reason: 'two legs below a waistband' };
    // A bodice whose straps or neckline the mask lost still narrows to a waist below its top; a skirt only widens.
    if (hasBodice(spans, rows)) return { kind: 'full', reason: 'a bodice narrowing to a waist, then a skirt: a dress' };
    return { kind: 'lower', reason: 'a waistband widening to a hem, with no neckline, armholes or sleeves: a skirt' };
  }
  // Trousers' waistband can dip like a neckline, their hips flare like sleeves: a jumpsuit has a neckline and sleeves or a body's length above its legs.
  if (legs && neckline && (sleeves || rows.length >= JUMPSUIT_LENGTH * topWidth(spans, rows))) return { kind: 'full', reason: 'a neckline over two legs: a jumpsuit' };
  if (legs) return { kind: 'lower', reason: 'two legs below a waistband (its top dips a little)' };
  const top = sleeves ? 'sleeves' : neckline ? 'a neckline between shoulders or straps' : 'armholes below its shoulders';
  const hood = hoodRows(spans, rows);
  const waist = narrowestBody(spans, rows);
  const body = bodyLength(mask, hood > 0, waist);
  if (body) {
    const hem = `${top} and a hem ${Math.round(100 * body.metres)} cm below the neckline in an average size`;
    if (isDress(body.metres, body.flare, sleeves)) return { kind: 'full', reason: `${hem}${body.metres < DRESS_LENGTH ? `, flaring ${body.flare.toFixed(1)}× its waist` : ''}: past the hips, a dress`, length: body.metres };
    return { kind: 'upper', reason: `${hem}: at the hips, a top`, length: body.metres };
  }
  // A hood laid above the shoulders adds no length to the body.
  const tallness = (rows.length - hood) / (waist ?? rows.length);
  if (tallness >= DRESS_TALLNESS) return { kind: 'full', reason: `${top} over a long body, ${tallness.toFixed(1)}× its narrowest width: a dress` };
  return { kind: 'upper', reason: `${top} over a short body, ${tallness.toFixed(1)}× its narrowest width: a top` };
}

/**
 * A dress or a top, by its length and flare: long enough, or between a top's
 * length and a dress's and either flaring like a skirt or sleeveless and past
 * a long top's hem (a tunic-length sweater is a top, a shift mini dress
 * with straps a dress).
 */
function isDress(metres: number, flare: number, sleeves: boolean): boolean {
  if (metres >= DRESS_LENGTH) return true;
  if (metres <= TOP_LENGTH) return false;
  return flare >= DRESS_FLARE || (!sleeves && metres >= SLEEVELESS_DRESS_LENGTH);
}

/**
 * The garment's length read as a top's: metres of a standard body from the
 * neckline's corners to the hem's middle (the photo's scale read from its
 * chest and neckline as the fit reads it, ./garment-scale.ts), and how much
 * wider its hem is than its body at its narrowest (`waist`, pixels). Null
 * when the landmarks cannot be read.
 */
function bodyLength(mask: AlphaMask, hooded: boolean, waist: number | undefined): { metres: number; flare: number } | null {
  let g;
  try {
    g = findGarmentLandmarks(mask, 'upper');
  } catch {
    return null;
  }
  const top = middle(g.neckLeft, g.neckRight) ?? middle(g.shoulderLeft, g.shoulderRight);
  const hem = middle(g.hemLeft, g.hemRight);
  if (!top || !hem) return null;
  const metres = distance(top, hem) * flatTopScale(g, mask.width / 2, hooded);
  const flare = g.hemLeft && g.hemRight && waist ? distance(g.hemLeft, g.hemRight) / Math.max(1, waist) : 1;
  return Number.isFinite(metres) && metres > 0 ? { metres, flare } : null;
}

function middle(a: Point | undefined, b: Point | undefined): Point | undefined {
  return a && b ? { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 } : undefined;
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

/** The mean width of the garment's first rows. */
function topWidth(spans: readonly RowSpan[], rows: readonly number[]): number {
  const top = band(rows, 0.02, 0.08).map((y) => spans[y].right - spans[y].left + 1);
  return top.reduce((a, b) => a + b, 0) / Math.max(1, top.length);
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
  const distanceTo = (run: { start: number; end: number }) => Math.max(run.start - x, x - run.end, 0);
  return span.runs.reduce((best, run) => (distanceTo(run) < distanceTo(best) ? run : best));
}

const edgeLength = ({ start, end }: Concavity, ring: readonly Point[]) => distance(ring[start], ring[end]);

/**
 * A dip in the top edge near the middle, under a hull edge along the top: a
 * neckline or the gap between straps. It is measured against that edge's
 * length (the span between the shoulders), so a shallow boat neckline on a
 * long dress counts, and a waistband's slight sag does not.
 */
function hasNeckline({ ring, concavities: list, centre, rows }: Shape): boolean {
  const dip = concavityHitBy(list, ring, centre, { x: 0, y: -1 });
  if (!dip) return false;
  const height = rows.length;
  const edgeTop = Math.max(ring[dip.start].y, ring[dip.end].y) - rows[0];
  return (
    dip.depth >= Math.max(NECK_DIP * edgeLength(dip, ring), NECK_MIN_DIP * height, 1.5) &&
    ring[dip.deepest].y - rows[0] <= NECK_ZONE * height &&
    edgeTop <= NECK_EDGE * height
  );
}

/**
 * How many sides (0–2) curve in below a corner at the top: an armhole under
 * a shoulder or strap, or a bodice narrowing to its waist. A skirt's or
 * trousers' sides run straight or bulge out from the waistband's corners,
 * under the hull.
 */
function armholeSides({ ring, concavities: list, rows, spans }: Shape): number {
  const height = rows.length;
  const widest = Math.max(...rows.map((y) => spans[y].right - spans[y].left + 1));
  const middleX = rows.reduce((sum, y) => sum + middleOf(spans[y]), 0) / rows.length;
  const sides = new Set<number>();
  for (const c of list) {
    const a = ring[c.start];
    const b = ring[c.end];
    const deepest = ring[c.deepest];
    if (Math.min(a.y, b.y) - rows[0] > ARMHOLE_EDGE * height) continue;
    if (deepest.y - rows[0] > ARMHOLE_ZONE * height) continue;
    const off = deepest.x - middleX;
    if (Math.abs(off) < ARMHOLE_SIDE * widest) continue;
    if (c.depth < Math.max(ARMHOLE_DIP * edgeLength(c, ring), 2)) continue;
    sides.add(Math.sign(off));
  }
  return sides.size;
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
