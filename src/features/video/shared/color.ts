// The background a cut-out video is composited onto.
import type { BackgroundColor } from './meta';

export type Rgb = readonly [number, number, number];

/** The colour to fill behind the subject, or null to keep the background transparent. */
export function backgroundFill(color: BackgroundColor): Rgb | null {
  if (color === 'transparent') return null;
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color);
  // request.ts normalises to #rrggbb; anything else reaching the worker is a bug upstream.
  if (!match) throw new Error(`background colour must be "transparent" or #rrggbb; got "${color}"`);
  return [parseInt(match[1], 16), parseInt(match[2], 16), parseInt(match[3], 16)];
}
