// Temporal smoothing of a video's masks. The model sees each frame alone, so
// on a subject that does not move its mask still wavers a little from frame to
// frame, which shows as flicker along the edges. Where the picture did not
// change, the mask should not either: each pixel keeps part of the previous
// (smoothed) mask, the more the less its neighbourhood changed. Where
// something moves, the weight falls to zero and the new mask wins at once, so
// motion never leaves a trail.
import { boxMean } from './box-filter';
import { createPlane, type Plane } from './image';

export interface TemporalSettings {
  /** Share of the previous mask kept where the frame did not change at all. */
  maxKeep: number;
  /** Local change (mean absolute RGB difference, 0–1) at which nothing is kept. */
  changeScale: number;
  /** Window radius, in mask pixels, over which change is averaged (so sensor noise cancels). */
  radius: number;
}

export const DEFAULT_TEMPORAL: TemporalSettings = { maxKeep: 0.75, changeScale: 0.06, radius: 2 };

export type RgbPlanes = [Plane, Plane, Plane];

/** Mean absolute difference of two frames' RGB planes (0–1), averaged over a window. */
export function localChange(current: RgbPlanes, previous: RgbPlanes, radius: number): Plane {
  const { width, height } = current[0];
  const difference = createPlane(width, height);
  for (let c = 0; c < 3; c++) {
    const a = current[c].data;
    const b = previous[c].data;
    for (let i = 0; i < a.length; i++) difference.data[i] += Math.abs(a[i] - b[i]) / 3;
  }
  return boxMean(difference, radius);
}

/** The share of the previous mask to keep at a pixel whose neighbourhood changed by `change`. */
export function keepWeight(change: number, settings: TemporalSettings): number {
  const still = Math.max(0, 1 - change / settings.changeScale);
  // Squared, so a small change already lets most of the new mask through.
  return settings.maxKeep * still * still;
}

/** Blends the new mask with the previous smoothed one, pixel by pixel, by how still each pixel is. */
export function smoothMask(current: Plane, previous: Plane, change: Plane, settings: TemporalSettings = DEFAULT_TEMPORAL): Plane {
  const out = createPlane(current.width, current.height);
  for (let i = 0; i < out.data.length; i++) {
    const keep = keepWeight(change.data[i], settings);
    out.data[i] = keep * previous.data[i] + (1 - keep) * current.data[i];
  }
  return out;
}
