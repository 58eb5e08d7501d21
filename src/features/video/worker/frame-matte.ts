// A video's alpha mattes, frame after frame: the image pipeline's pieces
// (model input, min-max normalisation, guided upsampling) with two changes for
// video. A frame without a subject is simply transparent (no unknown_foreground
// mid-clip), and the mask is smoothed over time where the picture holds still,
// so a still subject does not flicker. Pure apart from the segmentation it is
// given, so it runs in Node tests.
import type { Segment } from '../../remove-background/worker/pipeline';
import { applyGuidedUpsample, guidedCoefficients } from '../../../imaging/guided-filter';
import { createPlane, type Plane, type RgbaImage } from '../../../imaging/image';
import { hasSubject, minMaxNormalise } from '../../../imaging/mask';
import { toModelInput } from '../../../imaging/model-input';
import { resizePlane, resizeRgbToPlanes, workingSize } from '../../../imaging/resize';
import { DEFAULT_TEMPORAL, localChange, smoothMask, type RgbPlanes, type TemporalSettings } from '../../../imaging/temporal-smoothing';
import type { StageTimer } from './stage-timer';

export interface VideoMatteSettings {
  /** Square side the model runs at. */
  modelSide: number;
  /** Long side at which the guided filter fits (and the temporal smoothing runs). */
  guideSide: number;
  radius: number;
  eps: number;
  temporal: TemporalSettings;
}

/**
 * 512² holds the 1024² model's quality at about a quarter of the time: on
 * rendered frames with known alpha (npm run bench:video, 2026-11-22) the
 * alpha MAE was 0.0035 at 512² against 0.0034 at 1024², but 0.064 at 320²,
 * where the model loses the subject and picks up backdrop texture.
 */
export const VIDEO_MATTE: VideoMatteSettings = { modelSide: 512, guideSide: 512, radius: 3, eps: 1e-3, temporal: DEFAULT_TEMPORAL };

/** The model's mask, 0–1; all zero when the model found no subject. */
export function frameMask(raw: Plane): Plane {
  return hasSubject(raw) ? minMaxNormalise(raw) : createPlane(raw.width, raw.height);
}

export class VideoMatter {
  private previous: { guide: RgbPlanes; mask: Plane } | null = null;

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
    const input = await this.time('model input', () => toModelInput(frame, modelSide));
    const raw = await this.time('segment', () => this.segment(input, modelSide));
    return this.time('refine', () => {
      const size = workingSize(frame.width, frame.height, guideSide);
      const guide = resizeRgbToPlanes(frame, size.width, size.height);
      let mask = resizePlane(frameMask(raw), size.width, size.height);
      if (this.previous) mask = smoothMask(mask, this.previous.mask, localChange(guide, this.previous.guide, temporal.radius), temporal);
      this.previous = { guide, mask };
      return applyGuidedUpsample(guidedCoefficients(guide, mask, radius, eps), frame);
    });
  }
}
