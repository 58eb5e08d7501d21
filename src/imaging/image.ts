// The pixel containers the imaging functions pass around.

/** Straight (not premultiplied) 8-bit RGBA, row-major. */
export interface RgbaImage {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/** One float channel, row-major. */
export interface Plane {
  data: Float32Array;
  width: number;
  height: number;
}

export function createPlane(width: number, height: number): Plane {
  return { data: new Float32Array(width * height), width, height };
}
