// The two halves of a frame's matte between two key frames: the earlier key
// frame's mask carried forward to it and the later one's carried back, each
// with how well the frame's own pixels match the key frame brought to it by
// the same motion. Where the subject turned, the side whose motion no longer
// explains the picture (a handle that swung away leaves backdrop where it was)
// matches badly there and gives way to the other, so what one key frame got
// wrong fades instead of being dragged along. Pure, for Node tests.
import { boxMean } from '../../../imaging/box-filter';
import { createPlane, type Plane } from '../../../imaging/image';
import { warpPlane, type MotionField } from '../../../imaging/motion-field';
import { resizePlane } from '../../../imaging/resize';

/** A key frame's mask carried to a frame: at the guide's size, at the motion plane's, and how well the picture matched per motion-plane pixel (0–1). */
export interface Carried {
  mask: Plane;
  smallMask: Plane;
  match: Plane;
  /** Per motion-plane pixel, where the frame's pixel was in the key frame (the subject's motion on it, the camera's around it). */
  toKey: MotionField;
}

/** How well a match is told: a luma residual of `scale` (0–1) beyond the 3×3 neighbourhood's range halves its weight roughly three times over. */
export interface MatchSettings {
  scale: number;
  /** Weight of a pixel the key frame never showed (it came in at the border). */
  unseen: number;
  /**
   * Weight of backdrop the key frame could not show because its subject
   * stood in front of it: neither a match nor a mismatch, a little more than
   * a side whose own pixels say it is wrong.
   */
  hidden: number;
}

export const DEFAULT_MATCH: MatchSettings = { scale: 0.05, unseen: 0.1, hidden: 0.6 };

/**
 * Per pixel of the motion plane, how well `luma` matches the key frame's luma
 * brought to it by `toKey`: 1 where it lies within the range of the carried
 * 3×3 neighbourhood on its own side of the carried mask (`mask`: a pixel the
 * mask calls subject must look like the subject carried there, a backdrop
 * pixel like the backdrop; so a sub-pixel slip is no mismatch, but a thin
 * handle carried over backdrop is), falling off as a Gaussian of how far
 * outside it lies; smoothed over 3×3 so one noisy pixel does not decide.
 * Backdrop the key frame's subject hid cannot be checked (settings.hidden).
 */
export function carriedMatch(luma: Plane, key: { luma: Plane; smallMask: Plane }, toKey: MotionField, mask: Plane, settings: MatchSettings = DEFAULT_MATCH): Plane {
  const reference = warpPlane(key.luma, toKey).data;
  const keyMask = warpPlane(key.smallMask, toKey).data;
  const { width, height } = luma;
  const match = createPlane(width, height);
  const inv = 1 / (settings.scale * settings.scale);
  const side = mask.data;
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i++) {
      const sx = x + toKey.dx[i];
      const sy = y + toKey.dy[i];
      if (sx < -0.5 || sy < -0.5 || sx > width - 0.5 || sy > height - 0.5) {
        match.data[i] = settings.unseen;
        continue;
      }
      const inside = side[i] >= 0.5;
      if (!inside && keyMask[i] >= 0.5) {
        match.data[i] = settings.hidden;
        continue;
      }
      let low = reference[i];
      let high = low;
      for (let oy = Math.max(0, y - 1); oy <= Math.min(height - 1, y + 1); oy++) {
        for (let ox = Math.max(0, x - 1); ox <= Math.min(width - 1, x + 1); ox++) {
          const j = oy * width + ox;
          if (side[j] >= 0.5 !== inside) continue;
          const c = reference[j];
          if (c < low) low = c;
          if (c > high) high = c;
        }
      }
      const v = luma.data[i];
      const r = v < low ? low - v : v > high ? v - high : 0;
      match.data[i] = Math.exp(-r * r * inv);
    }
  }
  return boxMean(match, 1);
}

/**
 * The expected error of blending the two: where they disagree by more than
 * half and neither side's pixels clearly match better (their match differs
 * by less than 0.5), so the blend has to guess; counted only where that holds
 * over a whole 3×3 neighbourhood (a slip of a pixel along the outline is no
 * error worth a model run, a handle that swung away is), as a share of the
 * subject's outline (the pixels where the larger of the two masks crosses
 * one half), so a thin part that went wrong counts as much on a small subject
 * as on a large one.
 */
export function disagreement(forward: Carried, backward: Carried): number {
  const cf = forward.match.data;
  const cb = backward.match.data;
  return thickDifference(forward.smallMask, backward.smallMask, (i) => Math.abs(cf[i] - cb[i]) < 0.5);
}

/**
 * Where two masks of one frame differ by more than half (and `counts` says
 * so), over whole 3×3 neighbourhoods, as a share of the outline of their
 * union: 0 for masks a pixel's slip apart, about 0.1 for a handle of a mug
 * one of them lacks.
 */
export function thickDifference(a: Plane, b: Plane, counts: (i: number) => boolean = () => true): number {
  const { width, height } = a;
  const f = a.data;
  const g = b.data;
  const differ = new Uint8Array(f.length);
  const union = new Uint8Array(f.length);
  for (let i = 0; i < f.length; i++) {
    union[i] = f[i] >= 0.5 || g[i] >= 0.5 ? 1 : 0;
    differ[i] = Math.abs(f[i] - g[i]) > 0.5 && counts(i) ? 1 : 0;
  }
  let thick = 0;
  let outline = 0;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1, i = y * width + 1; x < width - 1; x++, i++) {
      if (union[i] && !(union[i - 1] & union[i + 1] & union[i - width] & union[i + width])) outline++;
      if (!differ[i]) continue;
      let all = 1;
      for (let oy = -width; oy <= width && all; oy += width) all &= differ[i + oy - 1] & differ[i + oy] & differ[i + oy + 1];
      thick += all;
    }
  }
  return outline > 0 ? thick / outline : 0;
}

/**
 * The blend at the guide's size: each side weighted by its distance in
 * frames (`forwardWeight`: 1 at the earlier key frame, 0 at the later) and by
 * its match; where neither matches, by distance alone (`floor`: how much).
 */
export function blendCarried(forward: Carried, backward: Carried, forwardWeight: number, floor = 0.05): Plane {
  const { width, height } = forward.mask;
  const cf = resizePlane(forward.match, width, height).data;
  const cb = resizePlane(backward.match, width, height).data;
  const mf = forward.mask.data;
  const mb = backward.mask.data;
  const wf = forwardWeight;
  const wb = 1 - forwardWeight;
  const out = createPlane(width, height);
  for (let i = 0; i < out.data.length; i++) {
    const f = wf * cf[i];
    const b = wb * cb[i];
    // Distance alone decides only as far as neither side matches: a side whose pixels match outright is not diluted.
    const doubt = floor * (1 - Math.max(cf[i], cb[i])) + 1e-6;
    out.data[i] = (f * mf[i] + b * mb[i] + doubt * (wf * mf[i] + wb * mb[i])) / (f + b + doubt);
  }
  return out;
}
