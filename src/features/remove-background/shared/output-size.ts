// The largest output remove-background makes (API.md): 8000×8000 px. Crop
// margins could ask for more than a browser can allocate, so a crop is bounded
// before the model runs from what is known then (the input's size and the
// margins: the subject is at most the whole input), and its exact size is
// checked again before its pixels are allocated (a shadow can reach past the
// input, and the studio finishes cut-outs without the route).
import { ApiError } from '../../../api/errors';
import { marginPixels } from '../../../api/margin';
import type { RemoveBackgroundOptions } from './meta';

export const MAX_OUTPUT_SIDE = 8000;

export interface Size {
  width: number;
  height: number;
}

/** The largest output `options` can give for an input of `input`'s size. */
export function largestOutput(input: Size, options: Pick<RemoveBackgroundOptions, 'crop' | 'margins'>): Size {
  if (!options.crop) return { width: input.width, height: input.height };
  const { top, right, bottom, left } = options.margins;
  return {
    width: input.width + marginPixels(left, input.width) + marginPixels(right, input.width),
    height: input.height + marginPixels(top, input.height) + marginPixels(bottom, input.height),
  };
}

/**
 * Refuses an output over the ceiling with invalid_parameter, naming its size.
 * @param bound the size is an upper bound, known before the model runs
 */
export function checkOutputSize(size: Size, bound = false): void {
  if (size.width <= MAX_OUTPUT_SIDE && size.height <= MAX_OUTPUT_SIDE) return;
  const what = `${bound ? 'up to ' : ''}${size.width}×${size.height} px`;
  throw new ApiError('invalid_parameter', `the crop margins would give an output of ${what}; the most is ${MAX_OUTPUT_SIDE}×${MAX_OUTPUT_SIDE} px`);
}
