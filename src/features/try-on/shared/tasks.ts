// The engine tasks try-on runs, declared for both sides.
import type { TaskFn } from '../../../api/tasks';
import type { GarmentKind, TryOnOptions } from './meta';
import type { PoseLandmark, TryOnPoses } from './pose';

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
  garmentKind: GarmentKind;
  /** Milliseconds per step: decode, pose, masks, warp, composite, encode. */
  timings: Record<string, number>;
}

/** A garment photo whose kind the page shows before a try-on runs. */
export interface GarmentKindArgs {
  garment: Blob;
  options: Pick<TryOnOptions, 'preprocessGarment'>;
  /** The photo's landmarks, when the window found them (its worker has no WebGL for the pose model), as `tryOn` takes `poses`. */
  pose?: PoseLandmark[] | null;
}

/** The kind `auto` would dress a garment as, read as `tryOn` reads it, and why. */
export interface GarmentKindReading {
  kind: GarmentKind;
  /** What it saw, in words: "two legs below a waistband". */
  reason: string;
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
    tryOnGarmentKind: TaskFn<GarmentKindArgs, GarmentKindReading>;
    tryOnReadings: TaskFn<TryOnReadingsArgs, TryOnReadings>;
  }
}

export {};
