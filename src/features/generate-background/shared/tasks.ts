// The engine task generate-background runs, declared for both sides.
import type { TaskFn } from '../../../api/tasks';
import type { GenerateBackgroundOptions } from './meta';

export interface GenerateBackgroundArgs {
  input: Blob;
  options: GenerateBackgroundOptions;
}

export interface GenerateBackgroundOutput {
  blob: Blob;
  contentType: string;
  width: number;
  height: number;
  /** The seed used: the one asked for, or the one drawn when none was. */
  seed: number;
  /** Prompt words that were not understood. */
  unusedWords: string[];
  timings: Record<string, number>;
}

declare module '../../../api/tasks' {
  interface TaskRegistry {
    generateBackground: TaskFn<GenerateBackgroundArgs, GenerateBackgroundOutput>;
  }
}

export {};
