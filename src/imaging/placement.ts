// Where a product lands on a canvas: `scale` 1 means its longest edge spans the
// canvas, and (x_center, y_center) are the canvas fractions of its box centre.
import type { Box } from './mask';

export interface Placement {
  scale: number;
  xCenter: number;
  yCenter: number;
}

/**
 * The product's box on the canvas in whole pixels. Its size keeps the
 * product's aspect ratio (at least 1 px a side); its centre is the requested
 * one to the pixel, so it may reach past the canvas edges.
 */
export function placementBox(product: { width: number; height: number }, placement: Placement, canvas: { width: number; height: number }): Box {
  const longest = Math.max(product.width, product.height);
  const span = placement.scale * Math.max(canvas.width, canvas.height);
  const width = Math.max(1, Math.round((product.width / longest) * span));
  const height = Math.max(1, Math.round((product.height / longest) * span));
  return {
    x: Math.round(placement.xCenter * canvas.width - width / 2),
    y: Math.round(placement.yCenter * canvas.height - height / 2),
    width,
    height,
  };
}
