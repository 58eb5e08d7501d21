// The engine task try-on runs, declared for both sides.
import type { TaskFn } from '../../../api/tasks';
import type { TryOnOptions } from './meta';
import type { TryOnPoses } from './pose';

export interface TryOnArgs {
  person: Blob;
  garment: Blob;
  options: Pick<TryOnOptions, 'garmentMode' | 'preprocessGarment' | 'removeBackground'>;
  /** Both photos' landmarks, when the window found them (its worker has no WebGL for the pose model). */
  poses?: TryOnPoses;
}

export interface TryOnOutput {
  blob: Blob;
  contentType: string;
  width: number;
  height: number;
  /** The garment's kind as dressed: the mode asked for, or the one `auto` found. */
  garmentKind: 'upper' | 'lower' | 'full';
  /** Milliseconds per step: decode, pose, masks, warp, composite, encode. */
  timings: Record<string, number>;
}

/** A photo for the models alone (test builds: the eval caches what they read). */
export interface TryOnReadingsArgs {
  image: Blob;
  role: 'person' | 'garment';
}

export interface TryOnReadings {
  /** MediaPipe Pose's 33 landmarks (fractions of the image), or null. */
  landmarks: { x: number; y: number; z: number; visibility?: number }[] | null;
  /** The person's matte, or the garment cut-out's alpha. */
  alpha: Uint8ClampedArray;
  width: number;
  height: number;
}

declare module '../../../api/tasks' {
  interface TaskRegistry {
    tryOn: TaskFn<TryOnArgs, TryOnOutput>;
    tryOnReadings: TaskFn<TryOnReadingsArgs, TryOnReadings>;
  }
}

export {};
