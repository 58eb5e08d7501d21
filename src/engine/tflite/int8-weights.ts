// Weights stored in 8 bits for LiteRT's dynamic-range kernels: a float32
// input, int8 weights with one scale per output channel (symmetric, zero
// point 0), a float32 output. XNNPACK quantises the activations to 8 bits per
// run and accumulates in int32, which is where the time is won.

export interface Int8Weights {
  values: Int8Array;
  /** One per output channel: real weight = scale × stored value. */
  scales: Float32Array;
}

/** `values` laid out output channel first (OHWI or OIHW), `channels` of them. */
export function int8PerChannel(values: Float32Array, channels: number): Int8Weights {
  if (channels <= 0 || values.length % channels !== 0) throw new Error(`int8 weights: ${values.length} values do not split into ${channels} channels`);
  const per = values.length / channels;
  const out = new Int8Array(values.length);
  const scales = new Float32Array(channels);
  for (let c = 0; c < channels; c++) {
    let largest = 0;
    for (let i = c * per; i < (c + 1) * per; i++) largest = Math.max(largest, Math.abs(values[i]));
    // An all-zero channel keeps a scale of 1 (its values are 0 either way).
    const scale = largest > 0 ? largest / 127 : 1;
    scales[c] = scale;
    for (let i = c * per; i < (c + 1) * per; i++) out[i] = Math.max(-127, Math.min(127, Math.round(values[i] / scale)));
  }
  return { values: out, scales };
}
