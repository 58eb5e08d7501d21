// The touch-up's undo and redo, as pure data: two stacks of alpha patches.
// The patches themselves are applied by the caller (useTouchUpHistory); this
// only says which one and keeps the stacks within a step and memory budget,
// since a stroke across a 12-megapixel photo holds tens of megabytes.
import type { AlphaPatch } from '../../../../imaging/touch-up';
import { patchBytes } from '../../../../imaging/touch-up';

export interface PatchHistory {
  /** Applied patches, oldest first; undo takes the last. */
  readonly done: readonly AlphaPatch[];
  /** Undone patches, most recently undone last; redo takes the last. */
  readonly undone: readonly AlphaPatch[];
  /** Bytes held by both stacks. */
  readonly bytes: number;
}

export interface HistoryLimits {
  steps: number;
  bytes: number;
}

export const HISTORY_LIMITS: HistoryLimits = { steps: 50, bytes: 160 * 1024 * 1024 };

export const EMPTY_HISTORY: PatchHistory = { done: [], undone: [], bytes: 0 };

const total = (patches: readonly AlphaPatch[]) => patches.reduce((sum, patch) => sum + patchBytes(patch), 0);

/** Records an applied patch: what was undone can no longer be redone, and the oldest steps go past the limits. */
export function recordPatch(history: PatchHistory, patch: AlphaPatch, limits: HistoryLimits = HISTORY_LIMITS): PatchHistory {
  const done = [...history.done, patch];
  let bytes = total(done);
  let first = 0;
  // The newest step always stays, however big.
  while (done.length - first > 1 && (done.length - first > limits.steps || bytes > limits.bytes)) {
    bytes -= patchBytes(done[first]);
    first++;
  }
  return { done: done.slice(first), undone: [], bytes };
}

/** The patch to apply with 'before', and the history after undoing it; null when there is nothing to undo. */
export function undoStep(history: PatchHistory): { history: PatchHistory; patch: AlphaPatch | null } {
  const patch = history.done[history.done.length - 1];
  if (!patch) return { history, patch: null };
  return { history: { done: history.done.slice(0, -1), undone: [...history.undone, patch], bytes: history.bytes }, patch };
}

/** The patch to apply with 'after', and the history after redoing it; null when there is nothing to redo. */
export function redoStep(history: PatchHistory): { history: PatchHistory; patch: AlphaPatch | null } {
  const patch = history.undone[history.undone.length - 1];
  if (!patch) return { history, patch: null };
  return { history: { done: [...history.done, patch], undone: history.undone.slice(0, -1), bytes: history.bytes }, patch };
}
