// A garment's parts, each warped on its own: the panel (a top's or dress's
// body, a skirt, trousers above the crotch) and the limbs (sleeves beyond the
// line from shoulder seam to armpit; trouser legs below the crotch, split at
// it). Parts overlap by a few pixels along their seams so no gap opens where
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

export function garmentParts(garment: AlphaMask, landmarks: GarmentLandmarks, kind: GarmentKind): GarmentParts {
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
    [landmarks.shoulderLeft, landmarks.armpitLeft, landmarks.cuffLeftOuter, -1],
    [landmarks.shoulderRight, landmarks.armpitRight, landmarks.cuffRightOuter, 1],
  ] as const;
  for (const [seam, pit, cuff, side] of sleeves) {
    if (seam && pit && cuff) cut((p) => sideOf(p, seam, pit, cuff), side);
  }
  return { panel, limbs };
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
