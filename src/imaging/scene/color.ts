// Colour in the scene renderer: linear-light RGB floats, because light adds
// and blurs in linear light (a blurred bright spot stays bright, as in a lens).
// Conversions to and from 8-bit sRGB go through lookup tables.

/** Linear-light RGB, 0–1 (lights may exceed 1 before tone mapping). */
export type Rgb = readonly [number, number, number];

export function srgbToLinear(v: number): number {
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
}

export function linearToSrgb(v: number): number {
  return v <= 0.0031308 ? v * 12.92 : 1.055 * v ** (1 / 2.4) - 0.055;
}

/** 8-bit sRGB → linear, indexed by the byte. */
export const SRGB_TO_LINEAR = Float32Array.from({ length: 256 }, (_, i) => srgbToLinear(i / 255));

const ENCODE_STEPS = 4096;
const ENCODE_TABLE = Float32Array.from({ length: ENCODE_STEPS + 1 }, (_, i) => linearToSrgb(i / ENCODE_STEPS) * 255);

/** Linear 0–1 → sRGB 0–255 as a float (the caller adds dither and rounds). */
export function encodeSrgb(v: number): number {
  if (!(v > 0)) return 0;
  if (v >= 1) return 255;
  const f = v * ENCODE_STEPS;
  const i = f | 0;
  return ENCODE_TABLE[i] + (ENCODE_TABLE[i + 1] - ENCODE_TABLE[i]) * (f - i);
}

/** '#rrggbb' (sRGB) → linear RGB. */
export function hexToLinear(hex: string): Rgb {
  const n = parseInt(hex.slice(1), 16);
  return [srgbToLinear(((n >> 16) & 255) / 255), srgbToLinear(((n >> 8) & 255) / 255), srgbToLinear((n & 255) / 255)];
}

export function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

export function scaleRgb(a: Rgb, k: number): Rgb {
  return [a[0] * k, a[1] * k, a[2] * k];
}

export function luminance(c: Rgb): number {
  return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
}

/** Hue in degrees (0–360) and saturation (0–1) of a linear colour, judged in sRGB. */
export function hueSaturation(c: Rgb): { hue: number; saturation: number; lightness: number } {
  const [r, g, b] = c.map(linearToSrgb);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const lightness = (max + min) / 2;
  const d = max - min;
  if (d < 1e-6) return { hue: 0, saturation: 0, lightness };
  const saturation = d / (1 - Math.abs(2 * lightness - 1));
  let hue = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  hue *= 60;
  if (hue < 0) hue += 360;
  return { hue, saturation, lightness };
}

/**
 * Whether a colour reads as the named one: for a chromatic name, any visible
 * tint of that hue family ("no pink" rules out blush too); for white, grey or
 * black, a neutral of about that lightness.
 */
export function resembles(colour: Rgb, named: Rgb): boolean {
  const a = hueSaturation(named);
  const c = hueSaturation(colour);
  if (a.saturation > 0.2) {
    const gap = Math.min(Math.abs(a.hue - c.hue), 360 - Math.abs(a.hue - c.hue));
    return c.saturation > 0.08 && gap < 35;
  }
  return c.saturation < 0.2 && Math.abs(c.lightness - a.lightness) < 0.2;
}
