// Puts a rendered subject over its rendered backdrop, for the POV-Ray eval set
// (bench/lib/pov-cases.mjs). POV-Ray writes both passes sRGB-encoded and the
// subject's colour straight (not premultiplied by its alpha), and its alpha is
// linear coverage, so the two are mixed in linear light:
//   linear(out) = a · linear(subject) + (1 − a) · linear(backdrop)
// and the result is encoded back to 8-bit sRGB, with a little seeded sensor
// grain. The truth is the subject's alpha, rounded to 8 bits.

const srgbToLinear = (v) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
const linearToSrgb = (v) => (v <= 0.0031308 ? v * 12.92 : 1.055 * v ** (1 / 2.4) - 0.055);

/** sRGB sample (0–maxValue) → linear 0–1, as a table. */
function linearTable(maxValue) {
  const table = new Float32Array(maxValue + 1);
  for (let i = 0; i <= maxValue; i++) table[i] = srgbToLinear(i / maxValue);
  return table;
}

/** Seeded xorshift32 in [0, 1). */
function random(seed) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}

/**
 * subject: decoded RGBA PNG (readPng), backdrop: decoded RGB or RGBA PNG of
 * the same size and depth. grain: amplitude in 8-bit levels of a triangular
 * noise added to all three channels alike (0 for none).
 * Returns { rgba: Uint8ClampedArray (opaque), alpha: Uint8Array }.
 */
export function compositeOver(subject, backdrop, { grain = 0, seed = 1 } = {}) {
  const { width, height } = subject;
  if (subject.channels !== 4) throw new Error('the subject pass needs an alpha channel');
  if (backdrop.width !== width || backdrop.height !== height) throw new Error('the passes differ in size');
  if (backdrop.maxValue !== subject.maxValue) throw new Error('the passes differ in bit depth');
  const toLinear = linearTable(subject.maxValue);
  const noise = random(seed);
  const rgba = new Uint8ClampedArray(width * height * 4);
  const alpha = new Uint8Array(width * height);
  const scale = 1 / subject.maxValue;
  const s = subject.samples;
  const b = backdrop.samples;
  const bc = backdrop.channels;
  for (let i = 0; i < width * height; i++) {
    const a = s[i * 4 + 3] * scale;
    const n = grain ? (noise() + noise() - 1) * grain : 0;
    for (let c = 0; c < 3; c++) {
      const linear = a * toLinear[s[i * 4 + c]] + (1 - a) * toLinear[b[i * bc + c]];
      rgba[i * 4 + c] = Math.round(linearToSrgb(linear) * 255 + n);
    }
    rgba[i * 4 + 3] = 255;
    alpha[i] = Math.round(a * 255);
  }
  return { rgba, alpha };
}
