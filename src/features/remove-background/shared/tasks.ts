// The engine tasks remove-background runs, declared for the engine's registry.
import type { TaskFn } from '../../../api/tasks';
import type { RemoveBackgroundOptions } from './meta';

export interface RemoveBackgroundArgs {
  input: Blob;
  options: RemoveBackgroundOptions;
}

export interface ComposeCutoutArgs {
  /** A cut-out PNG the engine already made. */
  input: Blob;
  options: RemoveBackgroundOptions;
  /** Preview size: the cut-out is shrunk so its long side is at most this. */
  maxSide?: number;
  /** The original input's size, which percent margins refer to. */
  inputSize?: { width: number; height: number };
}

declare module '../../../api/tasks' {
  interface TaskRegistry {
    removeBackground: TaskFn<RemoveBackgroundArgs, ImageOutput>;
    /** Re-finishes a cut-out (shadow, crop) without the model: the studio's previews and exports. */
    composeCutout: TaskFn<ComposeCutoutArgs, ImageOutput>;
  }
}
