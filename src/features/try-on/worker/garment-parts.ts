// Which of a garment's pixels are sleeves: those beyond the line from each
// shoulder seam to its armpit. A sleeve lies over the arm; the rest of the
// garment lies under it.
import type { AlphaMask, GarmentLandmarks, Point } from './fit-types';

/** Signed side of p against the line a→b, positive on the side of `outside`. */
function sideOf(p: Point, a: Point, b: Point, outside: Point): number {
  const cross = (q: Point) => (b.x - a.x) * (q.y - a.y) - (b.y - a.y) * (q.x - a.x);
  return cross(p) * Math.sign(cross(outside) || 1);
}

/** 255 where the garment is a sleeve, 0 elsewhere (and everywhere for garments without sleeves). */
export function sleeveMask(garment: AlphaMask, landmarks: GarmentLandmarks): Uint8ClampedArray {
  const { width, height } = garment;
  const out = new Uint8ClampedArray(width * height);
  const sleeves = [
    [landmarks.shoulderLeft, landmarks.armpitLeft, landmarks.cuffLeftOuter],
    [landmarks.shoulderRight, landmarks.armpitRight, landmarks.cuffRightOuter],
  ].filter((s): s is [Point, Point, Point] => s.every(Boolean));
  for (const [seam, pit, cuff] of sleeves) {
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = y * width + x;
        if (garment.data[i] === 0) continue;
        if (sideOf({ x, y }, seam, pit, cuff) > 0) out[i] = 255;
      }
    }
  }
  return out;
}
