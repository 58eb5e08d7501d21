// From where the pointer is on screen to where it is on the photo. The canvas
// holds the photo at full size and is scaled by CSS to fit, so its bounding
// rectangle maps linearly onto image pixels: pixel (i, j) covers
// [i, i+1) × [j, j+1), the brush maths' convention.
import type { BrushPoint } from '../../../../imaging/touch-up';

export interface ScreenRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The image point under client coordinates (it may lie outside the image). */
export function clientToImage(clientX: number, clientY: number, rect: ScreenRect, imageWidth: number, imageHeight: number): BrushPoint {
  return {
    x: ((clientX - rect.left) / rect.width) * imageWidth,
    y: ((clientY - rect.top) / rect.height) * imageHeight,
  };
}

/** The brush's radius in image pixels for a diameter of `size` CSS pixels on screen. */
export function brushRadiusInImage(size: number, rect: ScreenRect, imageWidth: number): number {
  return (size / 2) * (imageWidth / rect.width);
}
