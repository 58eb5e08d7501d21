// ONNX lays images out NCHW and convolution weights OIHW; TFLite's builtin ops
// want NHWC and OHWI. These are the index maps between the two, pure so they
// are checked in Node.

/** Where each NCHW axis lands in NHWC: N→0, C→3, H→1, W→2. */
const NHWC_AXIS_OF_NCHW = [0, 3, 1, 2] as const;

function expectRank4(dims: readonly number[], what: string): void {
  if (dims.length !== 4) throw new Error(`onnx→tflite: ${what} has rank ${dims.length}; only 4-D (NCHW) tensors are supported`);
}

/** An NCHW shape as NHWC. */
export function nhwcShape(nchw: readonly number[]): number[] {
  expectRank4(nchw, 'a tensor');
  const [n, c, h, w] = nchw;
  return [n, h, w, c];
}

/** An ONNX axis of a 4-D NCHW tensor (negative counts from the end) as the NHWC axis. */
export function nhwcAxis(axis: number, rank: number): number {
  if (rank !== 4) throw new Error(`onnx→tflite: an axis of a rank-${rank} tensor; only 4-D (NCHW) tensors are supported`);
  const normal = axis < 0 ? axis + rank : axis;
  if (normal < 0 || normal >= rank) throw new Error(`onnx→tflite: axis ${axis} is out of range for rank ${rank}`);
  return NHWC_AXIS_OF_NCHW[normal];
}

/** Convolution weights [O, I, kH, kW] reordered to [O, kH, kW, I]. */
export function oihwToOhwi(data: Float32Array, dims: readonly number[]): Float32Array {
  expectRank4(dims, 'a convolution weight');
  const [o, i, kh, kw] = dims;
  if (data.length !== o * i * kh * kw) throw new Error(`onnx→tflite: weight has ${data.length} values, its dims say ${o * i * kh * kw}`);
  const out = new Float32Array(data.length);
  const spatial = kh * kw;
  for (let oc = 0; oc < o; oc++) {
    for (let ic = 0; ic < i; ic++) {
      const from = (oc * i + ic) * spatial;
      for (let s = 0; s < spatial; s++) out[(oc * spatial + s) * i + ic] = data[from + s];
    }
  }
  return out;
}

/** One image [C, H, W] (batch 1) reordered to [H, W, C]; `out` is reused when given. */
export function chwToHwc(data: Float32Array, channels: number, height: number, width: number, out = new Float32Array(data.length)): Float32Array {
  const plane = height * width;
  if (data.length !== channels * plane || out.length !== data.length) throw new Error('chwToHwc: wrong length');
  for (let c = 0; c < channels; c++) {
    const from = c * plane;
    for (let p = 0; p < plane; p++) out[p * channels + c] = data[from + p];
  }
  return out;
}
