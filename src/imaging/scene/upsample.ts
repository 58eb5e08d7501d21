// Bilinear enlargement of interleaved RGB floats, pixel centres aligned.

export function upsampleRgb(src: Float32Array, sw: number, sh: number, dw: number, dh: number): Float32Array {
  const out = new Float32Array(dw * dh * 3);
  const x0 = new Int32Array(dw);
  const x1 = new Int32Array(dw);
  const tx = new Float32Array(dw);
  for (let x = 0; x < dw; x++) {
    const f = Math.min(sw - 1, Math.max(0, ((x + 0.5) * sw) / dw - 0.5));
    x0[x] = Math.floor(f) * 3;
    x1[x] = Math.min(sw - 1, Math.floor(f) + 1) * 3;
    tx[x] = f - Math.floor(f);
  }
  for (let y = 0; y < dh; y++) {
    const f = Math.min(sh - 1, Math.max(0, ((y + 0.5) * sh) / dh - 0.5));
    const top = Math.floor(f) * sw * 3;
    const bottom = Math.min(sh - 1, Math.floor(f) + 1) * sw * 3;
    const ty = f - Math.floor(f);
    let o = y * dw * 3;
    for (let x = 0; x < dw; x++) {
      const t = tx[x];
      for (let c = 0; c < 3; c++) {
        const a = src[top + x0[x] + c] + (src[top + x1[x] + c] - src[top + x0[x] + c]) * t;
        const b = src[bottom + x0[x] + c] + (src[bottom + x1[x] + c] - src[bottom + x0[x] + c]) * t;
        out[o++] = a + (b - a) * ty;
      }
    }
  }
  return out;
}
