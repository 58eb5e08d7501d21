// The drawn garments' own colours (sRGB, named, none of them the rendered
// garments'), the pale backdrops they are photographed on, and the light
// arithmetic the photo is composed in (linear light).
import type { Rgb } from '../body';

export const FABRIC = {
  cobalt: [14, 71, 171],
  mustard: [222, 170, 28],
  terracotta: [196, 96, 68],
  sage: [150, 170, 128],
  blush: [231, 180, 172],
  navy: [30, 38, 78],
  ivory: [238, 230, 208],
  olive: [104, 108, 48],
  burgundy: [116, 30, 50],
  teal: [0, 118, 124],
  lilac: [180, 156, 204],
  camel: [190, 150, 104],
  coral: [242, 112, 96],
  charcoal: [56, 56, 62],
  denim: [72, 102, 146],
  forest: [36, 86, 58],
  rust: [166, 72, 36],
  powder: [166, 196, 224],
  lemon: [240, 222, 104],
  plum: [88, 40, 80],
  white: [246, 244, 240],
  black: [24, 24, 28],
} as const satisfies Record<string, Rgb>;

export type FabricName = keyof typeof FABRIC;
export const FABRIC_NAMES = Object.keys(FABRIC) as FabricName[];

/** Pale, textured grounds for the flat lay: linen, paper, pale concrete, sand, mist, shell. */
export const BACKDROPS: readonly { name: string; colour: Rgb; grain: 'linen' | 'paper' | 'concrete' }[] = [
  { name: 'linen', colour: [234, 228, 216], grain: 'linen' },
  { name: 'paper', colour: [243, 241, 236], grain: 'paper' },
  { name: 'concrete', colour: [222, 222, 220], grain: 'concrete' },
  { name: 'sand', colour: [238, 226, 206], grain: 'paper' },
  { name: 'mist', colour: [224, 230, 232], grain: 'linen' },
  { name: 'shell', colour: [240, 226, 222], grain: 'paper' },
];

/** A colour in linear light, 0..1 a channel. */
export type Lin = [number, number, number];

const LINEAR = new Float64Array(256).map((_, v) => {
  const c = v / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
});

export const toLin = (c: Rgb): Lin => [LINEAR[Math.round(c[0])], LINEAR[Math.round(c[1])], LINEAR[Math.round(c[2])]];

export function toByte(linear: number): number {
  const l = linear <= 0 ? 0 : linear >= 1 ? 1 : linear;
  const c = l <= 0.0031308 ? l * 12.92 : 1.055 * l ** (1 / 2.4) - 0.055;
  return Math.round(c * 255);
}

export const mixLin = (a: Lin, b: Lin, t: number): Lin => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
export const scaleLin = (a: Lin, k: number): Lin => [a[0] * k, a[1] * k, a[2] * k];

/** Relative luminance (linear). */
export const luminance = (c: Lin) => 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];

/** A rough perceptual distance between two sRGB colours (redmean). */
export function colourDistance(a: Rgb, b: Rgb): number {
  const r = (a[0] + b[0]) / 2;
  const dr = a[0] - b[0];
  const dg = a[1] - b[1];
  const db = a[2] - b[2];
  return Math.sqrt((2 + r / 256) * dr * dr + 4 * dg * dg + (2 + (255 - r) / 256) * db * db);
}
