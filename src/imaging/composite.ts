// Compositing a cut-out onto a solid colour: C = α·F + (1 − α)·B, with F the
// estimated foreground colour (not the input's pixel, which still holds the
// old backdrop at soft edges).

/** Straight RGBA foreground over an opaque colour; returns opaque RGBA. */
export function compositeOverColor(foreground: Uint8ClampedArray, color: readonly [number, number, number]): Uint8ClampedArray {
  const out = new Uint8ClampedArray(foreground.length);
  const [r, g, b] = color;
  for (let p = 0; p < foreground.length; p += 4) {
    const a = foreground[p + 3] / 255;
    out[p] = foreground[p] * a + r * (1 - a);
    out[p + 1] = foreground[p + 1] * a + g * (1 - a);
    out[p + 2] = foreground[p + 2] * a + b * (1 - a);
    out[p + 3] = 255;
  }
  return out;
}
