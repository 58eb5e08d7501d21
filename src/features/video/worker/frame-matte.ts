// A video's alpha mattes, frame after frame: the image pipeline's pieces
// (model input, min-max normalisation, guided upsampling) with changes for
// video. The model runs on key frames only; the frames in between carry the
// last key frame's mask along by motion (block matching on a small luma
// plane, see imaging/block-motion.ts) and refine it against their own pixels.
// A new key frame comes when the motion stops explaining the picture near
// the subject's edge (it turned or changed shape), when blocks match the
// previous frame badly (a cut, something new in the picture), or after at
// most maxInterval frames. A picture that holds still reuses the key frame's
// mask outright (the zero-motion case, without estimating it). A frame without a subject is simply transparent (no
// unknown_foreground mid-clip), and at a key frame the fresh mask is smoothed
// with the last one where the picture did not change, so a still subject
// does not flicker. Pure apart from the segmentation it is given, so it runs
// in Node tests.
import type { Segment } from '../../../engine/matte';
import { VIDEO_MODEL_SIDE } from '../../../engine/model-side';
import { boxMean } from '../../../imaging/box-filter';
import { DEFAULT_MOTION, denseMotion, estimateBlockMotion, lumaPlane, poorlyMatchedShare, type MotionSettings } from '../../../imaging/block-motion';
import { applyGuidedUpsample, guidedCoefficients } from '../../../imaging/guided-filter';
import { createPlane, type Plane, type RgbaImage } from '../../../imaging/image';
import { hasSubject, minMaxNormalise } from '../../../imaging/mask';
import { toModelInput } from '../../../imaging/model-input';
import { enlargeFieldNearest, warpPlane, zeroField, type MotionField } from '../../../imaging/motion-field';
import { resizePlane, resizeRgbToPlanes, workingSize } from '../../../imaging/resize';
import { DEFAULT_TEMPORAL, localChange, smoothMask, type RgbPlanes, type TemporalSettings } from '../../../imaging/temporal-smoothing';
import type { StageTimer } from './stage-timer';

/**
 * When the picture holds still the model would answer what it answered last
 * time, so it is not asked: a frame whose every neighbourhood (the temporal
 * smoothing's window) differs from the last segmented frame by at most
 * maxChange (mean absolute RGB difference, 0–1) reuses that frame's mask,
 * refined against its own pixels. Compared with the last segmented frame, not
 * the previous one, so a slow drift still adds up to a new model run; and at
 * most maxFrames frames in a row, so nothing is held for long.
 */
export interface StillReuse {
  maxFrames: number;
  maxChange: number;
}

/** When a moving picture gets a new model run; in between, the key frame's mask follows the motion. */
export interface KeyFrames {
  /** At most this many frames from one model run to the next while the picture moves (1: the model sees every frame). */
  maxInterval: number;
  /** Long side of the luma plane motion is estimated on. */
  motionSide: number;
  motion: MotionSettings;
  /** Luma difference (0–1) at which a pixel of the key frame, brought to the frame by the motion, no longer matches it. */
  edgeDifference: number;
  /**
   * A new key frame once more than this share of the band around the
   * subject's edge (where a wrong motion would show) no longer matches.
   */
  maxEdgeMismatch: number;
  /** A block whose residual (mean absolute luma difference, 0–1) is above this matched badly. */
  poorMatch: number;
  /** A new key frame when more than this share of blocks matched badly: a cut, a flash, something that came in. */
  maxPoorShare: number;
}

export interface VideoMatteSettings {
  /** Square side the model runs at. */
  modelSide: number;
  /** Long side at which the guided filter fits (and the temporal smoothing runs). */
  guideSide: number;
  radius: number;
  eps: number;
  temporal: TemporalSettings;
  still: StillReuse;
  keyFrames: KeyFrames;
}

/**
 * 512² stays close to the 1024² model's quality at about a quarter of the
 * time: on rendered frames with known alpha (npm run bench:video, 2026-11-22)
 * the alpha MAE was 0.0081 at 512² against 0.0033 at 1024² (8 frames; 0.0035
 * against 0.0034 on 4), but 0.064 at 320², where the model loses the subject
 * and picks up backdrop texture.
 */
export const VIDEO_MATTE: VideoMatteSettings = {
  modelSide: VIDEO_MODEL_SIDE,
  guideSide: 512,
  radius: 3,
  eps: 1e-3,
  temporal: DEFAULT_TEMPORAL,
  // 0.02 ≈ 5 grey levels averaged over a 5×5 window: above video noise, below
  // an edge that moved by a pixel. 15 frames: half a second at 30 fps.
  still: { maxFrames: 15, maxChange: 0.02 },
  // One model run in 10 frames: at ~2.4 s a run (ISNet 512², WASM, this CPU)
  // plus ~150 ms a frame for the rest, about 2 fps on footage that never holds
  // still. On a rendered 640×360 crossing (npm run bench:video, 2026-11-23)
  // alpha MAE 0.0026 against 0.0023 with every frame segmented, flicker
  // 0.0030 against 0.0029. The thresholds never fired on that clip or on a
  // faster, zooming one (poorly matched blocks: none at 0.04; edge band
  // mismatched: at most 8 %), and fire on a cut and on a disc that turns into
  // a square (19 %); see the unit tests.
  keyFrames: { maxInterval: 10, motionSide: 256, motion: DEFAULT_MOTION, edgeDifference: 0.06, maxEdgeMismatch: 0.1, poorMatch: 0.04, maxPoorShare: 0.01 },
};

/** The model's mask, 0–1; all zero when the model found no subject. */
export function frameMask(raw: Plane): Plane {
  return hasSubject(raw) ? minMaxNormalise(raw) : createPlane(raw.width, raw.height);
}

/** What happened to a frame: the model ran, the key frame's mask was reused as it was, or carried to it by motion. */
export type FrameKind = 'segmented' | 'reused' | 'propagated';

/** What the last frame was, and the measures that chose it; for tests and diagnostics. */
export interface FrameReport {
  kind: FrameKind;
  /** See edgeMismatch (0 when no motion was estimated). */
  edgeMismatch: number;
  /** Share of blocks that matched the previous frame badly. */
  poorShare: number;
}

/** The last frame the model ran on. */
interface KeyFrame {
  guide: RgbPlanes;
  luma: Plane;
  /** Its (smoothed) mask at the guide's size, and at the luma's. */
  mask: Plane;
  smallMask: Plane;
  /** Frames since, and how many of them reused its mask as it was. */
  since: number;
  reused: number;
}

/** The previous frame's luma, and where each of its pixels was in the key frame. */
interface Track {
  luma: Plane;
  toKey: MotionField;
}

interface FollowedMotion extends Track {
  edgeMismatch: number;
  poorShare: number;
}

export class VideoMatter {
  private key: KeyFrame | null = null;
  private track: Track | null = null;
  /** Frames the model was run on, frames that reused a still mask, and frames whose mask was carried by motion. */
  readonly counts = { segmented: 0, reused: 0, propagated: 0 };
  lastFrame: FrameReport | null = null;

  constructor(
    private readonly segment: Segment,
    private readonly settings: VideoMatteSettings = VIDEO_MATTE,
    private readonly timer?: StageTimer,
  ) {}

  private time<T>(stage: string, work: () => T | Promise<T>): Promise<T> {
    return this.timer ? this.timer.time(stage, work) : Promise.resolve(work());
  }

  /** The frame's alpha at full resolution, 0–255. Frames must come in order. */
  async alpha(frame: RgbaImage): Promise<Uint8ClampedArray> {
    const { guideSide, radius, eps } = this.settings;
    const size = workingSize(frame.width, frame.height, guideSide);
    const guide = await this.time('refine', () => resizeRgbToPlanes(frame, size.width, size.height));
    const mask = await this.maskFor(frame, guide);
    return this.time('refine', () => applyGuidedUpsample(guidedCoefficients(guide, mask, radius, eps), frame));
  }

  /** The frame's mask at the guide's size, 0–1, before the guided filter. */
  private async maskFor(frame: RgbaImage, guide: RgbPlanes): Promise<Plane> {
    const { key, track } = this;
    const { keyFrames } = this.settings;
    if (key && (await this.time('still check', () => this.canReuse(guide, key)))) {
      key.since++;
      key.reused++;
      this.counts.reused++;
      this.track = { luma: key.luma, toKey: zeroField(key.luma.width, key.luma.height) };
      this.lastFrame = { kind: 'reused', edgeMismatch: 0, poorShare: 0 };
      return key.mask;
    }
    // No motion to estimate when the interval forces a model run anyway.
    const motion = key && track && key.since + 1 < keyFrames.maxInterval ? await this.time('motion', () => follow(guide, key, track, keyFrames)) : null;
    if (key && motion && motion.poorShare <= keyFrames.maxPoorShare && motion.edgeMismatch <= keyFrames.maxEdgeMismatch) {
      const { width, height } = guide[0];
      // Nearest, not bilinear: a blend of the subject's and the backdrop's vectors would erode the edge the subject moves towards.
      const mask = await this.time('motion', () => warpPlane(key.mask, enlargeFieldNearest(motion.toKey, width, height)));
      key.since++;
      this.counts.propagated++;
      this.track = { luma: motion.luma, toKey: motion.toKey };
      this.lastFrame = { kind: 'propagated', edgeMismatch: motion.edgeMismatch, poorShare: motion.poorShare };
      return mask;
    }
    const mask = await this.segmentFrame(frame, guide);
    const luma = motion?.luma ?? lumaOf(guide, keyFrames.motionSide);
    this.key = { guide, luma, mask, smallMask: resizePlane(mask, luma.width, luma.height), since: 0, reused: 0 };
    this.track = { luma, toKey: zeroField(luma.width, luma.height) };
    this.counts.segmented++;
    this.lastFrame = { kind: 'segmented', edgeMismatch: motion?.edgeMismatch ?? 0, poorShare: motion?.poorShare ?? 0 };
    return mask;
  }

  /**
   * Runs the model. Where the picture did not change since the last key
   * frame, the fresh mask is blended with that frame's (so a still subject
   * does not flicker); compared with the key frame, not the previous frame,
   * so a mask carried by motion (and what it got wrong) never feeds back into
   * the model's.
   */
  private async segmentFrame(frame: RgbaImage, guide: RgbPlanes): Promise<Plane> {
    const { modelSide, temporal } = this.settings;
    const input = await this.time('model input', () => toModelInput(frame, modelSide));
    const raw = await this.time('segment', () => this.segment(input, modelSide));
    return this.time('refine', () => {
      const fresh = resizePlane(frameMask(raw), guide[0].width, guide[0].height);
      const key = this.key;
      return key ? smoothMask(fresh, key.mask, localChange(guide, key.guide, temporal.radius), temporal) : fresh;
    });
  }

  private canReuse(guide: RgbPlanes, key: KeyFrame): boolean {
    const { still, temporal } = this.settings;
    if (key.reused >= still.maxFrames) return false;
    const change = localChange(guide, key.guide, temporal.radius).data;
    for (let i = 0; i < change.length; i++) if (change[i] > still.maxChange) return false;
    return true;
  }
}

/** The frame's luma at the motion plane's size. */
function lumaOf(guide: RgbPlanes, motionSide: number): Plane {
  const luma = lumaPlane(guide);
  const size = workingSize(luma.width, luma.height, motionSide);
  return size.width === luma.width && size.height === luma.height ? luma : resizePlane(luma, size.width, size.height);
}

/** The motion from the previous frame, chained back to the key frame, and how well it explains this frame. */
function follow(guide: RgbPlanes, key: KeyFrame, track: Track, settings: KeyFrames): FollowedMotion {
  const luma = lumaOf(guide, settings.motionSide);
  const blocks = estimateBlockMotion(luma, track.luma, settings.motion);
  const toKey = denseMotion(blocks, luma, track.luma, 1, { previousToKey: track.toKey, key: key.luma });
  return { luma, toKey, poorShare: poorlyMatchedShare(blocks, settings.poorMatch), edgeMismatch: edgeMismatch(luma, key, toKey, settings.edgeDifference) };
}

/**
 * Share of the band around the subject's edge (where the key frame's mask,
 * carried along, is neither 0 nor 1 over a small window) where the frame's
 * luma and the key frame's, brought to it by the motion, differ by more than
 * `difference` (0–1): near 0 while the motion explains the subject's
 * outline, high once the subject turned, changed shape or uncovered what the
 * key frame cannot show. A share, not a mean, so video noise spread over the
 * whole band does not add up to a false alarm.
 */
export function edgeMismatch(luma: Plane, key: { luma: Plane; smallMask: Plane }, toKey: MotionField, difference: number): number {
  const carried = warpPlane(key.luma, toKey);
  const band = boxMean(warpPlane(key.smallMask, toKey), 2).data;
  let mismatched = 0;
  let count = 0;
  for (let i = 0; i < band.length; i++) {
    if (band[i] < 0.02 || band[i] > 0.98) continue;
    if (Math.abs(luma.data[i] - carried.data[i]) > difference) mismatched++;
    count++;
  }
  return count ? mismatched / count : 0;
}
