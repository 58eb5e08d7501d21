// A video's mattes when the job may have run before: the leading frames whose
// final masks an earlier attempt stored (shared/matte-checkpoints.ts) take
// their alpha from those masks (the guided filter at full resolution, as
// VideoMatter's own frames do; no model, no motion), and the first frame
// without one hands over to VideoMatter, whose first frame is then a key
// frame. Every mask VideoMatter settles is stored in turn. A stored frame that
// is not the decoded one (another timestamp, another size) means the
// checkpoints belong to other frames: they are discarded and the job runs on
// as if it had none. Pure apart from the checkpoints and the model it is
// given, so it runs in Node tests.
import type { RgbaImage } from '../../../imaging/image';
import type { JobCheckpoints } from '../shared/matte-checkpoints';
import { guidePlanes, matteFromMask, type MattedFrame, type VideoMatter, type VideoMatteSettings } from './frame-matte';
import type { StageTimer } from './stage-timer';

/** Where a frame sits in the clip: its place in decode order and its timestamp (seconds). */
export interface FramePlace {
  index: number;
  timestamp: number;
}

/** Timestamps of the same frame from the same file are the same number; this only absorbs a rounding. */
const SAME_TIME_S = 1e-6;

export class ResumableMatter<Tag extends FramePlace> {
  /** Frames whose alpha came from a stored mask. */
  resumed = 0;
  private resuming: boolean;

  constructor(
    private readonly matter: Pick<VideoMatter<Tag>, 'push' | 'flush'>,
    private readonly checkpoints: JobCheckpoints | null,
    private readonly settings: Pick<VideoMatteSettings, 'guideSide' | 'radius' | 'eps'>,
    private readonly timer?: StageTimer,
  ) {
    this.resuming = (checkpoints?.stored ?? 0) > 0;
  }

  /** Leading frames stored when the job opened its checkpoints: where it resumes (0: from the start). */
  get resumeAt(): number {
    return this.checkpoints?.stored ?? 0;
  }

  /** Whether frames still come from stored masks. */
  get isResuming(): boolean {
    return this.resuming;
  }

  private time<T>(stage: string, work: () => T | Promise<T>): Promise<T> {
    return this.timer ? this.timer.time(stage, work) : Promise.resolve(work());
  }

  /** Takes the next decoded frame (in order, `tag.index` counting from 0); answers the frames now matted, in order. */
  async push(frame: RgbaImage, tag: Tag): Promise<MattedFrame<Tag>[]> {
    if (this.resuming && this.checkpoints) {
      const stored = await this.time('resume read', () => this.checkpoints!.read(tag.index));
      if (stored) {
        const guide = await this.time('refine', () => guidePlanes(frame, this.settings.guideSide));
        const { mask } = stored;
        if (Math.abs(stored.timestamp - tag.timestamp) <= SAME_TIME_S && mask.width === guide[0].width && mask.height === guide[0].height) {
          this.resumed++;
          const alpha = await this.time('refine', () => matteFromMask(frame, guide, mask, this.settings));
          return [{ frame, alpha, mask, tag }];
        }
        await this.checkpoints.discard();
      }
      this.resuming = false;
    }
    return this.store(await this.matter.push(frame, tag));
  }

  /** The last frames. */
  async flush(): Promise<MattedFrame<Tag>[]> {
    return this.store(await this.matter.flush());
  }

  private async store(matted: MattedFrame<Tag>[]): Promise<MattedFrame<Tag>[]> {
    for (const { tag, mask } of matted) await this.checkpoints?.write(tag.index, tag.timestamp, mask);
    return matted;
  }
}
