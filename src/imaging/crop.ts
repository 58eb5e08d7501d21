// Cropping to the subject with margins. The output is exactly the subject's box
// plus each side's margin; where that reaches past the image, the canvas grows
// with transparent pixels rather than the margin being cut.
import type { Box } from './mask';
import type { RgbaImage } from './image';

export interface SideMargins {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** The crop rectangle in image coordinates; it may reach outside the image. */
export function cropRectangle(subject: Box, margins: SideMargins): Box {
  return {
    x: subject.x - margins.left,
    y: subject.y - margins.top,
    width: subject.width + margins.left + margins.right,
    height: subject.height + margins.top + margins.bottom,
  };
}

/** Copies `rect` out of `image`; pixels outside the image are transparent. */
export function extractRectangle(image: RgbaImage, rect: Box): RgbaImage {
  const out = new Uint8ClampedArray(rect.width * rect.height * 4);
  const fromX = Math.max(0, rect.x);
  const toX = Math.min(image.width, rect.x + rect.width);
  if (toX > fromX) {
    for (let y = Math.max(0, rect.y); y < Math.min(image.height, rect.y + rect.height); y++) {
      const src = (y * image.width + fromX) * 4;
      const dst = ((y - rect.y) * rect.width + (fromX - rect.x)) * 4;
      out.set(image.data.subarray(src, src + (toX - fromX) * 4), dst);
    }
  }
  return { data: out, width: rect.width, height: rect.height };
}
