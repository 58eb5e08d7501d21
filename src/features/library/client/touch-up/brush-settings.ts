// The brush the user holds: keep or erase, its size on screen and its
// hardness, with their ranges and the steps the [ and ] keys take.
import type { BrushMode } from '../../../../imaging/touch-up';

export interface BrushSettings {
  mode: BrushMode;
  /** Diameter in CSS pixels on screen, whatever the zoom of the photo. */
  size: number;
  /** 0–1: how much of the brush is firm rather than soft. */
  hardness: number;
}

export const SIZE_RANGE = { min: 4, max: 240 } as const;

export const DEFAULT_BRUSH: BrushSettings = { mode: 'keep', size: 40, hardness: 0.5 };

/** The next size up (direction 1) or down (-1): about a sixth bigger or smaller, at least a pixel, within range. */
export function stepSize(size: number, direction: 1 | -1): number {
  const step = Math.max(1, Math.round(size / 6));
  return Math.min(SIZE_RANGE.max, Math.max(SIZE_RANGE.min, size + direction * step));
}
