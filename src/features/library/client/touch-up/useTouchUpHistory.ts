// Commits, undoes and redoes alpha patches on the touch-up's buffers, keeping
// the undo stacks (touch-up-history.ts) and a running count of pixels that
// differ from the cut-out, so Save knows whether there is anything to save
// without comparing whole images. The buffers are mutated in place; `onChange`
// hears which box to redraw.
import { useCallback, useRef, useState } from 'react';
import type { Box } from '../../../../imaging/mask';
import { applyPatch, type AlphaPatch } from '../../../../imaging/touch-up';
import { EMPTY_HISTORY, recordPatch, redoStep, undoStep, type PatchHistory } from './touch-up-history';
import { differingDelta, writeAlpha, type TouchUpPixels } from './touch-up-images';

export interface TouchUpHistory {
  canUndo: boolean;
  canRedo: boolean;
  /** Some pixel's alpha differs from the cut-out's. */
  changed: boolean;
  commit(patch: AlphaPatch): void;
  undo(): void;
  redo(): void;
}

export function useTouchUpHistory(pixels: TouchUpPixels | null, onChange: (box: Box) => void): TouchUpHistory {
  const [history, setHistory] = useState<PatchHistory>(EMPTY_HISTORY);
  const [differing, setDiffering] = useState(0);
  // The latest values, for handlers that run between renders (two key presses in one frame).
  const historyRef = useRef(history);
  const differingRef = useRef(differing);

  const apply = useCallback(
    (patch: AlphaPatch, which: 'before' | 'after', next: PatchHistory) => {
      if (!pixels) return;
      differingRef.current += differingDelta(pixels.original, pixels.width, patch, which);
      applyPatch(pixels.alpha, pixels.width, patch, which);
      writeAlpha(pixels.composite, pixels.alpha, pixels.width, patch.box);
      historyRef.current = next;
      setHistory(next);
      setDiffering(differingRef.current);
      onChange(patch.box);
    },
    [pixels, onChange],
  );

  const commit = useCallback((patch: AlphaPatch) => apply(patch, 'after', recordPatch(historyRef.current, patch)), [apply]);

  const undo = useCallback(() => {
    const step = undoStep(historyRef.current);
    if (step.patch) apply(step.patch, 'before', step.history);
  }, [apply]);

  const redo = useCallback(() => {
    const step = redoStep(historyRef.current);
    if (step.patch) apply(step.patch, 'after', step.history);
  }, [apply]);

  return { canUndo: history.done.length > 0, canRedo: history.undone.length > 0, changed: differing > 0, commit, undo, redo };
}
