// A garment's parts, each warped on its own: the panel (a top's or dress's
// body, a skirt, trousers above the crotch) and the limbs (sleeves beyond the
// line from shoulder seam to armpit, but laid flat never the body's own run
// below the armpits and the sleeve's end; trouser legs below the crotch, split at it). Parts overlap by a few pixels along their seams so no gap opens where
// two warps meet.
import type { AlphaMask, GarmentKind, GarmentLandmarks, Point } from './fit-types';

/** How far (pixels) a part reaches past its seam into its neighbour. */
const OVERLAP = 3;

export interface GarmentParts {
  /** Alpha 0–255 of the panel. */
  panel: Uint8ClampedArray;
  /** Image-left limb first; absent limbs are left out. */
  limbs: { side: -1 | 1; mask: Uint8ClampedArray }[];
}

/** Signed distance of p from the line a→b, positive on the side of `outside`. */
function sideOf(p: Point, a: Point, b: Point, outside: Point): number {
  const length = Math.hypot(b.x - a.x, b.y - a.y) || 1;
  const cross = (q: Point) => ((b.x - a.x) * (q.y - a.y) - (b.y - a.y) * (q.x - a.x)) / length;
  return cross(p) * Math.sign(cross(outside) || 1);
}

/** `laidFlat`: the garment photo shows it laid flat (a worn garment's sleeves may hang against its body). */
export function garmentParts(garment: AlphaMask, landmarks: GarmentLandmarks, kind: GarmentKind, laidFlat = true): GarmentParts {
  const { width, height, data } = garment;
  const panel = new Uint8ClampedArray(data);
  const limbs: GarmentParts['limbs'] = [];
  const cut = (inLimb: (p: Point) => number, side: -1 | 1) => {
    const mask = new Uint8ClampedArray(width * height);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = y * width + x;
        if (data[i] === 0) continue;
        const d = inLimb({ x, y });
        if (d > -OVERLAP) mask[i] = data[i];
        if (d > OVERLAP) panel[i] = 0;
      }
    }
    limbs.push({ side, mask });
  };
  if (kind === 'lower') {
    const { crotch, legLeftOuter, legRightOuter } = landmarks;
    if (crotch && legLeftOuter && legRightOuter) {
      // A leg: below the crotch, on its side of it.
      cut((p) => Math.min(p.y - crotch.y, crotch.x - p.x), -1);
      cut((p) => Math.min(p.y - crotch.y, p.x - crotch.x), 1);
    }
    return { panel, limbs };
  }
  const sleeves = [
    [landmarks.shoulderLeft, landmarks.armpitLeft, landmarks.cuffLeftOuter, landmarks.cuffLeftInner, -1],
    [landmarks.shoulderRight, landmarks.armpitRight, landmarks.cuffRightOuter, landmarks.cuffRightInner, 1],
  ] as const;
  // Laid flat only: a worn garment's sleeves may hang against its body.
  const body = laidFlat ? bodyRuns(garment, landmarks) : () => false;
  for (const [seam, pit, cuff, inner, side] of sleeves) {
    if (!seam || !pit || !cuff) continue;
    // Below the armpit and the sleeve's end, what joins the body along its row is the body.
    const below = Math.max(pit.y, cuff.y, inner?.y ?? -Infinity);
    cut((p) => (p.y > below && body(p) ? -Infinity : sideOf(p, seam, pit, cuff)), side);
  }
  return { panel, limbs };
}

/**
 * Whether a pixel below the armpits lies in its row's run through the
 * garment's middle: the body of a top or dress, however far its sides flare
 * past the line from a sleeve's seam to its armpit (an A-line skirt under
 * short sleeves).
 */
function bodyRuns(garment: AlphaMask, landmarks: GarmentLandmarks): (p: Point) => boolean {
  const { width, height, data } = garment;
  const { armpitLeft, armpitRight } = landmarks;
  const middle = armpitLeft && armpitRight ? Math.round((armpitLeft.x + armpitRight.x) / 2) : Math.round(width / 2);
  const runs = new Int32Array(2 * height).fill(-1);
  const x0 = Math.min(width - 1, Math.max(0, middle));
  for (let y = 0; y < height; y++) {
    const row = y * width;
    if (data[row + x0] === 0) continue;
    let left = x0;
    let right = x0;
    while (left > 0 && data[row + left - 1] > 0) left--;
    while (right < width - 1 && data[row + right + 1] > 0) right++;
    runs[2 * y] = left;
    runs[2 * y + 1] = right;
  }
  return (p) => {
    const y = Math.round(p.y);
    return y >= 0 && y < height && runs[2 * y] >= 0 && p.x >= runs[2 * y] && p.x <= runs[2 * y + 1];
  };
}

/** The panel's left and right edges on row y (the outermost opaque pixels), or null on an empty row. */
export function rowEdges(panel: AlphaMask, y: number): { left: number; right: number } | null {
  const row = Math.round(y);
  if (row < 0 || row >= panel.height) return null;
  let left = -1;
  let right = -1;
  for (let x = 0; x < panel.width; x++) {
    if (panel.data[row * panel.width + x] < 128) continue;
    if (left < 0) left = x;
    right = x;
  }
  return left < 0 ? null : { left, right };
}
