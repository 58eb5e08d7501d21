// A material is a shader: a function from a point of the surface (u across,
// v along, in units of the product's distance) to a linear-light colour.
// `footprint` is how much of the surface one pixel covers; fine detail fades
// out as it grows, so far-off texture turns to its average rather than to moiré.
import type { Rgb } from './color';
import type { Noise } from './noise';

export type Shader = (u: number, v: number, footprint: number, out: Float32Array) => void;

export interface MaterialInputs {
  colors: readonly [Rgb, Rgb, Rgb];
  scale: number;
  noise: Noise;
  seed: number;
}

export function smoothstep(edge0: number, edge1: number, x: number): number {
  const t = Math.min(1, Math.max(0, (x - edge0) / (edge1 - edge0)));
  return t * t * (3 - 2 * t);
}

/** How much of a detail of size `period` survives at this footprint: 1 when it spans many pixels, 0 below one. */
export function detail(period: number, footprint: number): number {
  return 1 - smoothstep(0.25, 0.9, footprint / period);
}

/** Writes a·(1−t) + b·t, times `shade`, into out. */
export function writeMix(out: Float32Array, a: Rgb, b: Rgb, t: number, shade: number): void {
  out[0] = (a[0] + (b[0] - a[0]) * t) * shade;
  out[1] = (a[1] + (b[1] - a[1]) * t) * shade;
  out[2] = (a[2] + (b[2] - a[2]) * t) * shade;
}

/** Blends `c` into out by t. */
export function blendInto(out: Float32Array, c: Rgb, t: number): void {
  out[0] += (c[0] - out[0]) * t;
  out[1] += (c[1] - out[1]) * t;
  out[2] += (c[2] - out[2]) * t;
}
