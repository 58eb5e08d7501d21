// Margin strings of remove-background: "N%" (0 ≤ N ≤ 49) or "Npx" (N ≥ 0).
import { ApiError } from './errors';

export type Margin = { unit: '%'; value: number } | { unit: 'px'; value: number };

export interface Margins {
  top: Margin;
  right: Margin;
  bottom: Margin;
  left: Margin;
}

export const ZERO_MARGIN: Margin = { unit: 'px', value: 0 };

const MARGIN_PATTERN = /^(\d+(?:\.\d+)?)(%|px)$/;

export function parseMargin(text: string, name: string): Margin {
  const match = MARGIN_PATTERN.exec(text);
  if (!match) {
    throw new ApiError('invalid_parameter', `${name} must look like "10%" or "24px"; got "${text}"`);
  }
  const value = Number(match[1]);
  if (match[2] === '%') {
    if (value > 49) throw new ApiError('invalid_parameter', `${name} must be at most 49%; got "${text}"`);
    return { unit: '%', value };
  }
  return { unit: 'px', value };
}

/** Pixels of one side: percentages are of the input's width (left/right) or height (top/bottom). */
export function marginPixels(margin: Margin, inputExtent: number): number {
  return Math.round(margin.unit === 'px' ? margin.value : (margin.value / 100) * inputExtent);
}
