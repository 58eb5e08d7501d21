// Dense motion fields and the backward warp they drive. A field says, for each
// pixel of the current frame, where that pixel's content was in an earlier
// frame (a displacement in pixels); warping pulls: each output pixel samples
// the earlier plane there, bilinearly. Pixel (i, j)'s centre is at (i, j).
// Samples that fall outside the earlier plane take its nearest edge pixel
// (content that came in from outside looks like the border it came through).
import { createPlane, type Plane } from './image';

/** Per pixel, where its content was in an earlier frame: earlier(x + dx, y + dy) ≈ current(x, y). */
export interface MotionField {
  dx: Float32Array;
  dy: Float32Array;
  width: number;
  height: number;
}

export function zeroField(width: number, height: number): MotionField {
  return { dx: new Float32Array(width * height), dy: new Float32Array(width * height), width, height };
}

/** The plane sampled bilinearly at (x, y), clamped to its edges. */
export function sampleBilinear(plane: Plane, x: number, y: number): number {
  const { data, width, height } = plane;
  const cx = Math.min(width - 1, Math.max(0, x));
  const cy = Math.min(height - 1, Math.max(0, y));
  const x0 = Math.floor(cx);
  const y0 = Math.floor(cy);
  const x1 = Math.min(width - 1, x0 + 1);
  const y1 = Math.min(height - 1, y0 + 1);
  const tx = cx - x0;
  const ty = cy - y0;
  const top = data[y0 * width + x0] * (1 - tx) + data[y0 * width + x1] * tx;
  const bottom = data[y1 * width + x0] * (1 - tx) + data[y1 * width + x1] * tx;
  return top * (1 - ty) + bottom * ty;
}

/** Backward warp: out(p) = source(p + field(p)), bilinear. The source and the field are the same size. */
export function warpPlane(source: Plane, field: MotionField): Plane {
  const { width, height } = field;
  if (source.width !== width || source.height !== height) throw new Error('warpPlane: the field and the plane differ in size');
  const out = createPlane(width, height);
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i++) out.data[i] = sampleBilinear(source, x + field.dx[i], y + field.dy[i]);
  }
  return out;
}

/**
 * The field at a larger size, each pixel taking the vector of the nearest
 * pixel of the smaller field (scaled), so a sharp edge between two motions
 * stays sharp instead of blending into vectors neither side has.
 */
export function enlargeFieldNearest(field: MotionField, width: number, height: number): MotionField {
  const out = zeroField(width, height);
  const sx = field.width / width;
  const sy = field.height / height;
  for (let y = 0, i = 0; y < height; y++) {
    const row = Math.min(field.height - 1, Math.floor((y + 0.5) * sy)) * field.width;
    for (let x = 0; x < width; x++, i++) {
      const j = row + Math.min(field.width - 1, Math.floor((x + 0.5) * sx));
      out.dx[i] = field.dx[j] / sx;
      out.dy[i] = field.dy[j] / sy;
    }
  }
  return out;
}
