// The engine task try-on runs, declared for both sides.
import type { TaskFn } from '../../../api/tasks';
import type { TryOnOptions } from './meta';

export interface TryOnArgs {
  person: Blob;
  garment: Blob;
  options: Pick<TryOnOptions, 'garmentMode' | 'preprocessGarment' | 'removeBackground'>;
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

declare module '../../../api/tasks' {
  interface TaskRegistry {
    tryOn: TaskFn<TryOnArgs, TryOnOutput>;
  }
}

export {};
