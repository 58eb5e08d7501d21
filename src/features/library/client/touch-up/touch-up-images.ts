// The pixels the touch-up edits, as plain buffers: the photo (the brush's
// guide), the edited alpha, the alpha it started from, and the composite,
// which is what the canvas shows and, nearly, what is saved. The composite's
// colours are the cut-out's where it showed something and the photo's where
// it was clear, so what Keep brings back has the photo's real colours (a
// cut-out's clear pixels carry no colour). Pure functions, testable in Node.
import type { RgbaImage } from '../../../../imaging/image';
import type { Box } from '../../../../imaging/mask';
import type { AlphaPatch } from '../../../../imaging/touch-up';

export interface TouchUpPixels {
  width: number;
  height: number;
  /** The original photo, straight RGBA. */
  photo: RgbaImage;
  /** The alpha being edited, one byte a pixel. */
  alpha: Uint8ClampedArray;
  /** The cut-out's own alpha, for Reset and for telling whether anything changed. */
  original: Uint8ClampedArray;
  /** Straight RGBA: the colours described above, with `alpha` in its fourth channel. */
  composite: Uint8ClampedArray<ArrayBuffer>;
}

/** Builds the editable buffers from the photo and its cut-out (the same size). */
export function composeTouchUp(photo: RgbaImage, cutout: RgbaImage): TouchUpPixels {
  const { width, height } = cutout;
  if (photo.width !== width || photo.height !== height) {
    throw new Error(`the photo (${photo.width}×${photo.height}) and the cut-out (${width}×${height}) are not the same size`);
  }
  const count = width * height;
  const composite = new Uint8ClampedArray(count * 4);
  const alpha = new Uint8ClampedArray(count);
  for (let i = 0; i < count; i++) {
    const p = i * 4;
    const a = cutout.data[p + 3];
    const from = a > 0 ? cutout.data : photo.data;
    composite[p] = from[p];
    composite[p + 1] = from[p + 1];
    composite[p + 2] = from[p + 2];
    composite[p + 3] = a;
    alpha[i] = a;
  }
  return { width, height, photo, alpha, original: alpha.slice(), composite };
}

/** Copies `alpha` into the composite's fourth channel inside `box`. */
export function writeAlpha(composite: Uint8ClampedArray, alpha: Uint8ClampedArray, width: number, box: Box): void {
  for (let y = box.y; y < box.y + box.height; y++) {
    for (let x = box.x; x < box.x + box.width; x++) {
      const i = y * width + x;
      composite[i * 4 + 3] = alpha[i];
    }
  }
}

/**
 * How many more pixels differ from `original` once the patch's `which` side
 * replaces the other: an edit's running count of changed pixels stays exact
 * at the cost of the patch's area, not the image's.
 */
export function differingDelta(original: Uint8ClampedArray, width: number, patch: AlphaPatch, which: 'before' | 'after'): number {
  const { box } = patch;
  const incoming = patch[which];
  const outgoing = which === 'after' ? patch.before : patch.after;
  let delta = 0;
  for (let y = 0; y < box.height; y++) {
    for (let x = 0; x < box.width; x++) {
      const k = y * box.width + x;
      const reference = original[(box.y + y) * width + box.x + x];
      delta += Number(incoming[k] !== reference) - Number(outgoing[k] !== reference);
    }
  }
  return delta;
}

/** The patch that puts the original alpha back everywhere (Reset, itself undoable). */
export function resetPatch(pixels: TouchUpPixels): AlphaPatch {
  return { box: { x: 0, y: 0, width: pixels.width, height: pixels.height }, before: pixels.alpha.slice(), after: pixels.original.slice() };
}

/**
 * The RGBA to save: the composite, except that fully clear pixels are 0,0,0,0
 * as in the cut-outs the engine writes, so the photo's background does not
 * travel hidden under the transparency.
 */
export function finishedRgba(pixels: TouchUpPixels): Uint8ClampedArray<ArrayBuffer> {
  const out = pixels.composite.slice();
  for (let p = 3; p < out.length; p += 4) {
    if (out[p] === 0) {
      out[p - 3] = 0;
      out[p - 2] = 0;
      out[p - 1] = 0;
    }
  }
  return out;
}
