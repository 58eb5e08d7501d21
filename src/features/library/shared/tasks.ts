// The engine task the library runs, declared for both sides: a small picture
// of a result for lists, made once when the result is kept.
import type { TaskFn } from '../../../api/tasks';

export interface ThumbnailArgs {
  input: Blob;
  /** Longest side of the thumbnail, in pixels. */
  side: number;
  /** The input's size when known, which spares decoding it once just to measure it. */
  size?: { width: number; height: number };
}

declare module '../../../api/tasks' {
  interface TaskRegistry {
    thumbnail: TaskFn<ThumbnailArgs, Blob>;
  }
}

export {};
