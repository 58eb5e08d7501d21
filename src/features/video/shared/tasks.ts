// The engine tasks video runs, declared for the engine's registry.
import type { TaskFn } from '../../../api/tasks';
import type { WebCodecsCodec } from './encoder-plan';
import type { VideoOptions } from './meta';
import type { VideoOutput, VideoProbe } from './output';

/** Bench and test hooks. */
export interface VideoTuning {
  /** Run the model at another input size. */
  modelSide?: number;
  /** Use only these WebCodecs encoders, as if the browser offered no others (to exercise the fallbacks). */
  webCodecs?: WebCodecsCodec[];
  /** At most this many frames between model runs (1: every frame through the model), for bench:video. */
  keyInterval?: number;
}

export interface RemoveVideoBackgroundArgs {
  input: Blob;
  options: VideoOptions;
  tuning?: VideoTuning;
  /**
   * The job's id, when it may be started again: every frame's final mask is
   * stored under it as it is settled, and a later start with the same key
   * takes the stored frames as they are and goes on from the first missing
   * one (shared/matte-checkpoints.ts).
   */
  resumeKey?: string;
}

declare module '../../../api/tasks' {
  interface TaskRegistry {
    probeVideo: TaskFn<{ input: Blob }, VideoProbe>;
    removeVideoBackground: TaskFn<RemoveVideoBackgroundArgs, VideoOutput>;
  }
}
