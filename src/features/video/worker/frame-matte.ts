// A video's alpha mattes, frame after frame: the image pipeline's pieces
// (model input, min-max normalisation, guided upsampling) with changes for
// video. The model runs on key frames only; a frame in between waits for the
// next key frame and blends both key frames' masks, each carried to it by
// motion and weighted by how well the picture matches it there (two-way.ts),
// then is refined against its own pixels; where the two still disagree, the
// model runs on the worst frame of the stretch. Motion is block matching on a small luma plane
// (imaging/block-motion.ts) split into two layers (imaging/global-motion.ts):
// the camera's (a pan, a zoom, a roll: one similarity fitted to the blocks the
// mask did not cover) carries the backdrop, and the subject's (placed by
// matching its own pixels against the key frame's) carries the mask. So a backdrop streaming
// past cannot drag the subject's edge along, and backdrop a moving subject
// uncovers is left behind instead of smeared after it. A new key frame comes
// only for what those motions do not explain: the subject's outline no longer
// matching the key frame (it turned or changed shape), blocks away from the
// outline matching the previous frame badly (a cut, something new), more of
// the frame than maxUnseen come in at the border since the key frame (the
// model has not seen it), or maxInterval frames. What a pan brings in at the
// border is expected and counts for nothing else. A picture that holds still
// reuses the key frame's mask outright (the zero-motion case, without
// estimating it). A frame without a subject is simply transparent (no
// unknown_foreground mid-clip), and at a key frame the fresh mask is smoothed
// with the key frame's before it, carried here by the motion, where the
// picture matches, so a still subject does not flicker and a key frame does
// not jump. Pure apart from the segmentation it is given, so it runs in Node
// tests.
import { VIDEO_MODEL_SIDE } from '../../../engine/model-side';
import { boxMean } from '../../../imaging/box-filter';
import { DEFAULT_MOTION, estimateBlockMotion, lumaPlane, poorlyMatchedShare, type BlockMotion, type MotionSettings } from '../../../imaging/block-motion';
import { applyGuidedUpsample, sparseGuidedCoefficients } from '../../../imaging/guided-filter';
import { createPlane, type Plane, type RgbaImage } from '../../../imaging/image';
import { hasSubject, minMaxNormalise } from '../../../imaging/mask';
import { toModelInput } from '../../../imaging/model-input';
import {
  blockCoverage,
  compose,
  DEFAULT_GLOBAL_MOTION,
  estimateGlobalMotion,
  IDENTITY,
  invert,
  refineByMask,
  scaleOf,
  similarityField,
  vectorAt,
  type GlobalMotionSettings,
  type Similarity,
} from '../../../imaging/global-motion';
import { enlargeFieldNearest, warpPlane, zeroField, type MotionField } from '../../../imaging/motion-field';
import { resizePlane, resizeRgbToPlanes, workingSize } from '../../../imaging/resize';
import { DEFAULT_TEMPORAL, localChange, smoothMask, type RgbPlanes, type TemporalSettings } from '../../../imaging/temporal-smoothing';
import type { StageTimer } from './stage-timer';
import { blendCarried, carriedMatch, disagreement, thickDifference, type Carried } from './two-way';

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
  /** The camera's fit, and the subject's (the same fit over the blocks the mask covers). */
  camera: GlobalMotionSettings;
  /** Luma difference (0–1) beyond which a pixel no longer matches the key frame brought to it by the motion (see edgeMismatch). */
  edgeDifference: number;
  /**
   * A new key frame once more than this share of the band around the
   * subject's edge (where a wrong motion would show) no longer matches.
   */
  maxEdgeMismatch: number;
  /** A block whose residual (mean absolute luma difference, 0–1) is above this matched badly. */
  poorMatch: number;
  /**
   * A new key frame when more than this share of blocks matched badly: a cut,
   * a flash, something that came in. Blocks whose match would lie outside the
   * previous frame (what a pan brings in at the border) do not count, nor do
   * blocks across the subject's outline (two motions meet there; the edge
   * test watches it).
   */
  maxPoorShare: number;
  /** A new key frame once more than this share of the frame came in at the border since the key frame (the model never saw it). */
  maxUnseen: number;
  /**
   * Between two key frames, the model runs again on the frame where the two
   * carried masks disagree the most with neither side's pixels deciding,
   * while that is more than this share of the subject's outline (see
   * two-way.ts's disagreement).
   */
  maxDisagreement: number;
  /**
   * When the earlier key frame's mask, carried all the way to the later key
   * frame, differs from the model's mask there by at most this much (see
   * two-way.ts's thickDifference), the motion explained the whole stretch:
   * the frames between keep the forward carry, and the backward pass is
   * not run.
   */
  maxArrivalError: number;
  /**
   * The clip's last frames end in one more key frame (so they are carried
   * back from it too) unless the last frame's edge mismatch (see
   * edgeMismatch) is below this: the earlier key frame's mask, carried
   * forward, still fits the outline there (0: always a last key frame).
   */
  maxEndMismatch: number;
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
  // At most 15 frames (half a second at 30 fps) from one model run to the
  // next. Chosen on the tuning half of the moving-camera clips (npm run
  // tune:video, 2026-11-26: pans, shakes, zooms, tracking shots, whips), where
  // the camera's motion carries the mask: 27 model runs in 360 frames against
  // 39 at 10 and 24 at 20, mean alpha MAE 0.0120 (0.0118 at 10; every frame
  // 0.0112), flicker 0.0056 (every frame 0.0055); at 20 a zoom's mask drifted
  // (0.0047 against 0.0033). The other thresholds fire on a cut, a disc that
  // turns into a square and a fast pan's new border; see the unit tests.
  keyFrames: {
    maxInterval: 15,
    motionSide: 256,
    motion: DEFAULT_MOTION,
    camera: DEFAULT_GLOBAL_MOTION,
    edgeDifference: 0.06,
    maxEdgeMismatch: 0.1,
    poorMatch: 0.04,
    maxPoorShare: 0.01,
    maxUnseen: 0.2,
    maxDisagreement: 0.2,
    maxArrivalError: 0.05,
    // Chosen on both tuning halves (npm run tune:video, 2026-11-29): model runs
    // 153 -> 148 of 384 turntable frames and 32 -> 27 of 360 camera frames,
    // alpha MAE, flicker and ghosts the same to four decimals (0.03 and 0.1
    // the same but for a run).
    maxEndMismatch: 0.06,
  },
};

/** A guided-filter tile whose mask spans less than this (one alpha level) is flat: only tiles at the subject's edge are fitted. */
const FLAT_MASK = 1 / 255;

/** The model's mask, 0–1; all zero when the model found no subject. */
export function frameMask(raw: Plane): Plane {
  return hasSubject(raw) ? minMaxNormalise(raw) : createPlane(raw.width, raw.height);
}

/** What happened to a frame: the model ran, the key frame's mask was reused as it was, or carried to it by motion. */
export type FrameKind = 'segmented' | 'reused' | 'propagated';

/** Why the model ran on a frame. */
export type KeyReason = 'first' | 'interval' | 'poor match' | 'edge' | 'unseen' | 'disagreement' | 'last';

/** What the last frame was, and the measures that chose it; for tests and diagnostics. */
export interface FrameReport {
  kind: FrameKind;
  /** See edgeMismatch (0 when no motion was estimated). */
  edgeMismatch: number;
  /** Share of blocks (of those whose match lies inside the previous frame) that matched it badly. */
  poorShare: number;
  /** Share of the frame that came in at the border since the key frame. */
  unseen: number;
  /** The camera's motion from the previous frame: its zoom (1: none), its pan (motion-plane pixels), and the weighted share of blocks that follow it. */
  camera: { scale: number; pan: number; support: number } | null;
  /** Why the model ran (null when it did not). */
  reason: KeyReason | null;
}

/** A frame the model ran on. */
interface KeyFrame {
  /** Its place in the clip. */
  index: number;
  guide: RgbPlanes;
  luma: Plane;
  /** Its (smoothed) mask at the guide's size, and at the luma's. */
  mask: Plane;
  smallMask: Plane;
  /** Frames since, and how many of them reused its mask as it was. */
  since: number;
  reused: number;
}

/**
 * The previous frame, and how it leads back to the key frame: where each of
 * its pixels was by the subject's motion (which carries the mask), where by
 * the camera's (which carries the backdrop), and the mask it got.
 */
interface Track {
  luma: Plane;
  maskToKey: MotionField;
  cameraToKey: Similarity;
  /** The subject's motion as a whole, straight back to the key frame, and its last step (none yet at a key frame). */
  subjectToKey: Similarity;
  subjectStep: Similarity | null;
  mask: Plane;
}

interface FollowedMotion extends Track {
  /** Per pixel: the subject's way back where the mask carried is the subject's, the camera's elsewhere (what the picture did). */
  pictureToKey: MotionField;
  edgeMismatch: number;
  poorShare: number;
  unseen: number;
  camera: NonNullable<FrameReport['camera']>;
}

/** The track of a key frame itself. */
function trackAt(key: Pick<KeyFrame, 'luma' | 'smallMask'>): Track {
  const { width, height } = key.luma;
  return { luma: key.luma, maskToKey: zeroField(width, height), cameraToKey: IDENTITY, subjectToKey: IDENTITY, subjectStep: null, mask: key.smallMask };
}

/** A frame whose matte is not yet written out: its mask once known, and the earlier key frame's mask carried to it meanwhile. */
interface Pending<Tag> {
  index: number;
  frame: RgbaImage;
  tag: Tag;
  guide: RgbPlanes;
  luma: Plane;
  /** Its mask at the guide's size: a key frame's, a still frame's; null while it waits for the next key frame. */
  mask: Plane | null;
  forward: Carried | null;
}

/** A frame with its alpha at full resolution (0–255), the final mask at the guide's size it was refined from (0–1), and what it was pushed with. */
export interface MattedFrame<Tag> {
  frame: RgbaImage;
  alpha: Uint8ClampedArray;
  mask: Plane;
  tag: Tag;
}

/** A frame's colour planes at the guide's size (long side `guideSide`), what its mask is fitted against. */
export function guidePlanes(frame: RgbaImage, guideSide: number): RgbPlanes {
  const size = workingSize(frame.width, frame.height, guideSide);
  return resizeRgbToPlanes(frame, size.width, size.height);
}

/** A frame's alpha at full resolution (0–255) from its final mask at the guide's size: the guided filter, fitted on the guide's tiles at the subject's edge. */
export function matteFromMask(frame: RgbaImage, guide: RgbPlanes, mask: Plane, settings: Pick<VideoMatteSettings, 'radius' | 'eps'>): Uint8ClampedArray {
  return applyGuidedUpsample(sparseGuidedCoefficients(guide, mask, settings.radius, settings.eps, FLAT_MASK), frame);
}

/** The model, told which pushed frame it runs on (for tests and benches that answer from a cache). */
export type FrameSegment<Tag> = (input: Float32Array, side: number, tag: Tag) => Promise<Plane>;

/** Bytes of buffered frames beyond which a key frame comes regardless: a 4K clip holds a few frames, not a second's worth. */
const BUFFER_BYTES = 256 * 1024 * 1024;

/**
 * A video's mattes, frames pushed in order. The model runs on key frames; a
 * frame between two key frames waits for the later one, and its matte blends
 * the earlier key frame's mask carried forward with the later one's carried
 * back (two-way.ts). Where the two disagree and neither side's pixels decide
 * (the subject turned more than the motion explains), the model runs on the
 * frame where that is worst, splitting the stretch, until the expected error
 * is small everywhere. Frames come back in order, as soon as their matte is
 * final; `flush` at the end gives the rest.
 */
export class VideoMatter<Tag = undefined> {
  private key: KeyFrame | null = null;
  private track: Track | null = null;
  private pending: Pending<Tag>[] = [];
  private index = 0;
  /** Frames the model was run on, frames that reused a still mask, and frames whose mask was carried by motion. */
  readonly counts = { segmented: 0, reused: 0, propagated: 0 };
  /** Why the model ran, counted. */
  readonly reasons: Partial<Record<KeyReason, number>> = {};
  lastFrame: FrameReport | null = null;
  /**
   * Block motion by the pair of luma planes it was estimated between: a
   * stretch split by a key frame in its middle is followed again from it,
   * over frame pairs whose blocks are already known.
   */
  private readonly blockCache = new WeakMap<Plane, { previous: Plane; blocks: BlockMotion }[]>();
  private readonly blocksBetween = (current: Plane, previous: Plane): BlockMotion => {
    const known = this.blockCache.get(current) ?? [];
    const hit = known.find((entry) => entry.previous === previous);
    if (hit) return hit.blocks;
    const blocks = estimateBlockMotion(current, previous, this.settings.keyFrames.motion);
    known.push({ previous, blocks });
    this.blockCache.set(current, known);
    return blocks;
  };

  constructor(
    private readonly segment: FrameSegment<Tag>,
    private readonly settings: VideoMatteSettings = VIDEO_MATTE,
    private readonly timer?: StageTimer,
  ) {}

  private time<T>(stage: string, work: () => T | Promise<T>): Promise<T> {
    return this.timer ? this.timer.time(stage, work) : Promise.resolve(work());
  }

  /** Takes the next frame; answers the frames whose mattes are now final, in order (often none, then several). */
  async push(frame: RgbaImage, tag: Tag): Promise<MattedFrame<Tag>[]> {
    const { guideSide, keyFrames } = this.settings;
    const guide = await this.time('refine', () => guidePlanes(frame, guideSide));
    const entry: Pending<Tag> = { index: this.index++, frame, tag, guide, luma: lumaOf(guide, keyFrames.motionSide), mask: null, forward: null };
    const { key, track } = this;
    if (key && (await this.time('still check', () => this.canReuse(guide, key)))) {
      key.since++;
      key.reused++;
      this.counts.reused++;
      this.track = trackAt(key);
      this.lastFrame = { kind: 'reused', edgeMismatch: 0, poorShare: 0, unseen: 0, camera: null, reason: null };
      entry.mask = key.mask;
      this.pending.push(entry);
      return this.ready();
    }
    // Estimated at key frames too: the fresh mask is smoothed with the key frame's carried by it.
    const motion = key && track ? await this.time('motion', () => follow(entry.luma, key, track, keyFrames, this.blocksBetween)) : null;
    const buffered = this.pending.length * frame.width * frame.height * 4;
    const reason = keyReason(key, motion, keyFrames) ?? (buffered > BUFFER_BYTES ? 'interval' : null);
    const measures = { edgeMismatch: motion?.edgeMismatch ?? 0, poorShare: motion?.poorShare ?? 0, unseen: motion?.unseen ?? 0, camera: motion?.camera ?? null };
    if (key && motion && !reason) {
      entry.forward = await this.time('motion', () => carry(entry, key, motion));
      key.since++;
      this.counts.propagated++;
      this.track = motion;
      this.lastFrame = { kind: 'propagated', ...measures, reason: null };
      this.pending.push(entry);
      return this.ready();
    }
    const next = await this.keyFrameAt(entry, key && motion ? { key, toKey: motion.pictureToKey } : null, reason ?? 'first');
    this.lastFrame = { kind: 'segmented', ...measures, reason };
    if (key) await this.settleFrom(key, this.pending, next, motion?.mask ?? null);
    this.pending.push(entry);
    this.key = next;
    this.track = trackAt(next);
    return this.ready();
  }

  /** The last frames: a stretch after the last key frame ends in one more. */
  async flush(): Promise<MattedFrame<Tag>[]> {
    const last = this.pending.at(-1);
    const fits = this.lastFrame?.kind === 'propagated' && this.lastFrame.edgeMismatch < this.settings.keyFrames.maxEndMismatch;
    if (this.key && last && !last.mask && !fits) {
      const key = this.key;
      const next = await this.keyFrameAt(last, last.forward ? { key, toKey: last.forward.toKey } : null, 'last');
      this.counts.propagated--;
      await this.settleFrom(key, this.pending.slice(0, -1), next, last.forward?.smallMask ?? null);
      this.key = next;
      this.track = trackAt(next);
    }
    for (const entry of this.pending) entry.mask ??= entry.forward?.mask ?? null;
    return this.ready();
  }

  /** Runs the model on a pending frame and makes it a key frame (its mask final). */
  private async keyFrameAt(entry: Pending<Tag>, prior: { key: KeyFrame; toKey: MotionField } | null, reason: KeyReason): Promise<KeyFrame> {
    const mask = await this.segmentFrame(entry, prior);
    entry.mask = mask;
    this.counts.segmented++;
    this.reasons[reason] = (this.reasons[reason] ?? 0) + 1;
    const { luma } = entry;
    return { index: entry.index, guide: entry.guide, luma, mask, smallMask: resizePlane(mask, luma.width, luma.height), since: 0, reused: 0 };
  }

  /**
   * The stretch since key frame `from` ends at key frame `to`, where `from`'s
   * mask arrived carried as `arrived`: where that is what the model drew,
   * the forward carry stands for the whole stretch; else it is settled both
   * ways.
   */
  private async settleFrom(from: KeyFrame, span: Pending<Tag>[], to: KeyFrame, arrived: Plane | null): Promise<void> {
    if (arrived && thickDifference(arrived, to.smallMask) <= this.settings.keyFrames.maxArrivalError) {
      for (const entry of span) entry.mask ??= entry.forward?.mask ?? null;
      return;
    }
    await this.settle(from, span, to, true);
  }

  /**
   * Every waiting frame of `span` (the frames between key frames `from` and
   * `to`) gets its final mask: `from`'s carried forward (known already, or
   * followed now) blended with `to`'s carried back; or, where the expected
   * error is too high, the model runs on the worst frame and each half is
   * settled in turn.
   */
  private async settle(from: KeyFrame, span: Pending<Tag>[], to: KeyFrame, forwardKnown: boolean): Promise<void> {
    if (!span.some((entry) => !entry.mask)) return;
    const { keyFrames } = this.settings;
    if (!forwardKnown) await this.time('motion', () => this.followForward(from, span));
    const backward = await this.time('motion back', () => this.followBack(to, span));
    let worst = -1;
    let worstError = keyFrames.maxDisagreement;
    span.forEach((entry, i) => {
      const back = backward[i];
      if (entry.mask || !entry.forward || !back) return;
      const error = disagreement(entry.forward, back);
      if (error > worstError) {
        worst = i;
        worstError = error;
      }
    });
    if (worst >= 0) {
      const entry = span[worst];
      const middle = await this.keyFrameAt(entry, entry.forward ? { key: from, toKey: entry.forward.toKey } : null, 'disagreement');
      this.counts.propagated--;
      await this.settle(from, span.slice(0, worst), middle, true);
      await this.settle(middle, span.slice(worst + 1), to, false);
      return;
    }
    await this.time('blend', () => {
      span.forEach((entry, i) => {
        const back = backward[i];
        if (entry.mask || !entry.forward) return;
        entry.mask = back ? blendCarried(entry.forward, back, (to.index - entry.index) / (to.index - from.index)) : entry.forward.mask;
      });
    });
  }

  /** `from`'s mask carried forward through `span`, frame after frame. */
  private followForward(from: KeyFrame, span: Pending<Tag>[]): void {
    let track = trackAt(from);
    for (const entry of span) {
      const motion = follow(entry.luma, from, track, this.settings.keyFrames, this.blocksBetween);
      if (!entry.mask) entry.forward = carry(entry, from, motion);
      track = motion;
    }
  }

  /** `to`'s mask carried back through `span`, from its last frame to its first. */
  private followBack(to: KeyFrame, span: Pending<Tag>[]): (Carried | null)[] {
    const carried: (Carried | null)[] = span.map(() => null);
    let track = trackAt(to);
    for (let i = span.length - 1; i >= 0; i--) {
      const entry = span[i];
      const motion = follow(entry.luma, to, track, this.settings.keyFrames, this.blocksBetween);
      if (!entry.mask) carried[i] = carry(entry, to, motion);
      track = motion;
    }
    return carried;
  }

  /** Writes out the leading frames whose masks are final, through the guided filter at full resolution. */
  private ready(): Promise<MattedFrame<Tag>[]> {
    let n = 0;
    while (n < this.pending.length && this.pending[n].mask) n++;
    const done = this.pending.splice(0, n);
    return this.time('refine', () => done.map(({ frame, tag, guide, mask }) => ({ frame, tag, mask: mask!, alpha: matteFromMask(frame, guide, mask!, this.settings) })));
  }

  /**
   * Runs the model. Where the picture matches the earlier key frame carried
   * here by the motion (`prior`; none: the frame as it is), the fresh mask is
   * blended with that frame's mask, carried the same way (so a still subject
   * does not flicker, and a mask that followed the camera does not jump when
   * the model runs again); compared with the key frame, not the previous
   * frame, so a mask carried by motion (and what it got wrong) never feeds
   * back into the model's.
   */
  private async segmentFrame(entry: Pending<Tag>, prior: { key: KeyFrame; toKey: MotionField } | null): Promise<Plane> {
    const { modelSide, temporal } = this.settings;
    const { guide, frame } = entry;
    const { width, height } = guide[0];
    const input = await this.time('model input', () => toModelInput(frame, modelSide));
    const raw = await this.time('segment', () => this.segment(input, modelSide, entry.tag));
    return this.time('refine', () => {
      const fresh = resizePlane(frameMask(raw), width, height);
      if (!prior) return fresh;
      const field = enlargeFieldNearest(prior.toKey, width, height);
      const carryPlane = (plane: Plane) => warpPlane(plane, field);
      const keyGuide = prior.key.guide.map(carryPlane) as RgbPlanes;
      return smoothMask(fresh, carryPlane(prior.key.mask), localChange(guide, keyGuide, temporal.radius), temporal);
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

/** A key frame's mask carried to a frame by the motion followed to it, and how well the frame matches the key frame brought there. */
function carry(entry: { guide: RgbPlanes; luma: Plane }, key: KeyFrame, motion: FollowedMotion): Carried {
  const { width, height } = entry.guide[0];
  // Nearest, not bilinear: a blend of the subject's and the backdrop's vectors would erode the edge the subject moves towards.
  return {
    mask: warpPlane(key.mask, enlargeFieldNearest(motion.maskToKey, width, height)),
    smallMask: motion.mask,
    match: carriedMatch(entry.luma, key, motion.pictureToKey, motion.mask),
    toKey: motion.pictureToKey,
  };
}

function lumaOf(guide: RgbPlanes, motionSide: number): Plane {
  const luma = lumaPlane(guide);
  const size = workingSize(luma.width, luma.height, motionSide);
  return size.width === luma.width && size.height === luma.height ? luma : resizePlane(luma, size.width, size.height);
}

/** Why this frame needs the model, or null when the key frame's mask can follow the motion to it. */
function keyReason(key: KeyFrame | null, motion: FollowedMotion | null, settings: KeyFrames): KeyReason | null {
  if (!key || !motion) return 'first';
  if (key.since + 1 >= settings.maxInterval) return 'interval';
  if (motion.poorShare > settings.maxPoorShare) return 'poor match';
  if (motion.edgeMismatch > settings.maxEdgeMismatch) return 'edge';
  if (motion.unseen > settings.maxUnseen) return 'unseen';
  return null;
}

/**
 * The motion from the previous frame, chained back to the key frame, in two
 * layers. The camera's: a similarity fitted to the blocks the mask did not
 * cover, composed frame after frame. The subject's: a similarity straight to
 * the key frame, found by matching the key frame's subject pixels in this
 * frame. The mask follows the subject's layer alone; a part that moves on its
 * own (a limb) shows as an edge mismatch, and the model runs again.
 */
function follow(
  luma: Plane,
  key: KeyFrame,
  track: Track,
  settings: KeyFrames,
  blocksBetween: (current: Plane, previous: Plane) => BlockMotion = (current, previous) => estimateBlockMotion(current, previous, settings.motion),
): FollowedMotion {
  const { width, height } = luma;
  const blocks = blocksBetween(luma, track.luma);
  const coverage = blockCoverage(blocks, track.mask);
  const camera = estimateGlobalMotion(blocks, luma, settings.camera, coverage.map((c) => 1 - c));
  const subjectFit = estimateGlobalMotion(blocks, luma, settings.camera, coverage.map((c) => (c >= 0.5 ? c : 0)));
  // Placed by its outline and its pixels, straight against the key frame (no error adds up from frame to frame). It zooms and
  // rolls with the camera (a subject's own blocks are too close together to tell its scale); where it went is searched around
  // where the camera went, where its blocks say, where it was going, and where it was (a camera that follows it).
  const at = centroid(track.mask);
  const steps = [camera.model, ...(subjectFit.support > 0 ? [subjectFit.model] : []), ...(track.subjectStep ? [track.subjectStep] : []), IDENTITY];
  const guesses = steps.map((step) => compose(withLinearPart(step, camera.model, at), track.subjectToKey));
  const subjectToKey = refineByMask(guesses, luma, key.luma, key.smallMask, 2);
  // The step it took, for the blocks and the next frame's guess.
  const subjectStep = compose(subjectToKey, invert(track.subjectToKey));
  const maskToKey = similarityField(subjectToKey, width, height);
  const cameraToKey = compose(camera.model, track.cameraToKey);
  const cameraField = similarityField(cameraToKey, width, height);
  const mask = warpPlane(key.smallMask, maskToKey);
  const pictureToKey = zeroField(width, height);
  for (let i = 0; i < mask.data.length; i++) {
    const field = mask.data[i] >= 0.5 ? maskToKey : cameraField;
    pictureToKey.dx[i] = field.dx[i];
    pictureToKey.dy[i] = field.dy[i];
  }
  const seen = seenInKey(cameraField);
  let unseen = 0;
  for (const s of seen) unseen += 1 - s;
  return {
    luma,
    maskToKey,
    cameraToKey,
    subjectToKey,
    subjectStep,
    mask,
    pictureToKey,
    // The backdrop's blocks only. Blocks across the subject's outline hold two motions, and no one vector matches them; the
    // subject's own change their look as it turns: the edge test's and the two key frames' business, not this one's.
    poorShare: poorlyMatchedShare(blocks, settings.poorMatch, camera.inside.map((inside, b) => (inside && coverage[b] < 0.1 ? 1 : 0))),
    edgeMismatch: edgeMismatch(luma, key, { mask, maskToKey, cameraField, seen }, settings.edgeDifference),
    unseen: unseen / seen.length,
    camera: { scale: scaleOf(camera.model), pan: Math.hypot(camera.model.tx, camera.model.ty), support: camera.support },
  };
}

/** `model`'s motion at `at`, with `linear`'s zoom and roll about it. */
function withLinearPart(model: Similarity, linear: Similarity, at: { x: number; y: number; width: number; height: number }): Similarity {
  const [vx, vy] = vectorAt(model, at.x, at.y, at.width, at.height);
  const [lx, ly] = vectorAt(linear, at.x, at.y, at.width, at.height);
  return { a: linear.a, b: linear.b, tx: linear.tx + vx - lx, ty: linear.ty + vy - ly };
}

/** The mask's centre of mass (the plane's centre when it is empty). */
function centroid(mask: Plane): { x: number; y: number; width: number; height: number } {
  const { width, height, data } = mask;
  let sum = 0;
  let sx = 0;
  let sy = 0;
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i++) {
      sum += data[i];
      sx += data[i] * x;
      sy += data[i] * y;
    }
  }
  return sum > 0 ? { x: sx / sum, y: sy / sum, width, height } : { x: (width - 1) / 2, y: (height - 1) / 2, width, height };
}

/** Per pixel, 1 when the field leads inside the key frame (the key frame showed it), 0 when it leads outside (it came in at the border since). */
export function seenInKey(toKey: MotionField): Uint8Array {
  const { width, height, dx, dy } = toKey;
  const seen = new Uint8Array(width * height);
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i++) {
      const sx = x + dx[i];
      const sy = y + dy[i];
      seen[i] = sx >= -0.5 && sy >= -0.5 && sx <= width - 0.5 && sy <= height - 0.5 ? 1 : 0;
    }
  }
  return seen;
}

/**
 * Share of the band around the subject's edge (where the mask carried here is
 * neither 0 nor 1 over a small window) where the frame does not match the key
 * frame brought to it by the motion: the subject's motion inside the carried
 * mask, the camera's outside it. Near 0 while the motion explains the
 * subject's outline, high once the subject turned or changed shape. Backdrop
 * the key frame could not show (the subject stood in front of it, or it came
 * in at the border) is left out, and a pixel matches when it lies within
 * `difference` (luma, 0–1) of the carried frame anywhere in its 3×3
 * neighbourhood, so a sub-pixel slip or a change of motion blur is not a
 * mismatch. A share, not a mean, so video noise spread over the whole band
 * does not add up to a false alarm.
 */
export function edgeMismatch(
  luma: Plane,
  key: { luma: Plane; smallMask: Plane },
  carried: { mask: Plane; maskToKey: MotionField; cameraField: MotionField; seen: Uint8Array },
  difference: number,
): number {
  const subjectLuma = warpPlane(key.luma, carried.maskToKey).data;
  const backdropLuma = warpPlane(key.luma, carried.cameraField).data;
  const keyMaskBehind = warpPlane(key.smallMask, carried.cameraField).data;
  const band = boxMean(carried.mask, 2).data;
  const { width, height } = luma;
  let mismatched = 0;
  let count = 0;
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i++) {
      if (band[i] < 0.02 || band[i] > 0.98) continue;
      const inside = carried.mask.data[i] >= 0.5;
      if (!inside && (keyMaskBehind[i] >= 0.5 || !carried.seen[i])) continue;
      const reference = inside ? subjectLuma : backdropLuma;
      count++;
      const v = luma.data[i];
      let low = Infinity;
      let high = -Infinity;
      for (let oy = Math.max(0, y - 1); oy <= Math.min(height - 1, y + 1); oy++) {
        for (let ox = Math.max(0, x - 1); ox <= Math.min(width - 1, x + 1); ox++) {
          const c = reference[oy * width + ox];
          if (c < low) low = c;
          if (c > high) high = c;
        }
      }
      if (v < low - difference || v > high + difference) mismatched++;
    }
  }
  return count ? mismatched / count : 0;
}
