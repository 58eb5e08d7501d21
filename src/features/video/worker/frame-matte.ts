// A video's alpha mattes, frame after frame: the image pipeline's pieces
// (model input, min-max normalisation, guided upsampling) with two changes for
// video. A frame without a subject is simply transparent (no unknown_foreground
// mid-clip), and the mask is smoothed over time where the picture holds still,
// so a still subject does not flicker. Pure apart from the segmentation it is
// given, so it runs in Node tests.
import type { Segment } from '../../../engine/matte';
import { applyGuidedUpsample, guidedCoefficients } from '../../../imaging/guided-filter';
import { createPlane, type Plane, type RgbaImage } from '../../../imaging/image';
import { hasSubject, minMaxNormalise } from '../../../imaging/mask';
import { toModelInput } from '../../../imaging/model-input';
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

export interface VideoMatteSettings {
  /** Square side the model runs at. */
  modelSide: number;
  /** Long side at which the guided filter fits (and the temporal smoothing runs). */
  guideSide: number;
  radius: number;
  eps: number;
  temporal: TemporalSettings;
  still: StillReuse;
}

/**
 * 512² stays close to the 1024² model's quality at about a quarter of the
 * time: on rendered frames with known alpha (npm run bench:video, 2026-11-22)
 * the alpha MAE was 0.0081 at 512² against 0.0033 at 1024² (8 frames; 0.0035
 * against 0.0034 on 4), but 0.064 at 320², where the model loses the subject
 * and picks up backdrop texture.
 */
export const VIDEO_MATTE: VideoMatteSettings = {
  modelSide: 512,
  guideSide: 512,
  radius: 3,
  eps: 1e-3,
  temporal: DEFAULT_TEMPORAL,
  // 0.02 ≈ 5 grey levels averaged over a 5×5 window: above video noise, below
  // an edge that moved by a pixel. 15 frames: half a second at 30 fps.
  still: { maxFrames: 15, maxChange: 0.02 },
};

/** The model's mask, 0–1; all zero when the model found no subject. */
export function frameMask(raw: Plane): Plane {
  return hasSubject(raw) ? minMaxNormalise(raw) : createPlane(raw.width, raw.height);
}

export class VideoMatter {
  private previous: { guide: RgbPlanes; mask: Plane } | null = null;
  /** The guide of the last frame the model saw, and how many frames have reused its mask since. */
  private segmented: { guide: RgbPlanes; reusedSince: number } | null = null;
  /** Frames the model was run on, and frames that reused a mask. */
  readonly counts = { segmented: 0, reused: 0 };

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
    const { modelSide, guideSide, radius, eps, temporal } = this.settings;
    const size = workingSize(frame.width, frame.height, guideSide);
    const guide = await this.time('refine', () => resizeRgbToPlanes(frame, size.width, size.height));
    let mask: Plane;
    if (this.previous && (await this.time('still check', () => this.canReuse(guide)))) {
      mask = this.previous.mask;
      this.counts.reused++;
    } else {
      const input = await this.time('model input', () => toModelInput(frame, modelSide));
      const raw = await this.time('segment', () => this.segment(input, modelSide));
      mask = await this.time('refine', () => {
        const fresh = resizePlane(frameMask(raw), size.width, size.height);
        return this.previous ? smoothMask(fresh, this.previous.mask, localChange(guide, this.previous.guide, temporal.radius), temporal) : fresh;
      });
      this.segmented = { guide, reusedSince: 0 };
      this.counts.segmented++;
    }
    this.previous = { guide, mask };
    return this.time('refine', () => applyGuidedUpsample(guidedCoefficients(guide, mask, radius, eps), frame));
  }

  private canReuse(guide: RgbPlanes): boolean {
    const { still, temporal } = this.settings;
    if (!this.segmented || this.segmented.reusedSince >= still.maxFrames) return false;
    const change = localChange(guide, this.segmented.guide, temporal.radius).data;
    for (let i = 0; i < change.length; i++) if (change[i] > still.maxChange) return false;
    this.segmented.reusedSince++;
    return true;
  }
}
