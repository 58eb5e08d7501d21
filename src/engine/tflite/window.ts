// Sliding-window geometry (Conv, MaxPool) in ONNX's terms — explicit pads,
// auto_pad, ceil_mode — and how to say the same window in TFLite's: VALID,
// SAME, or VALID after an explicit PAD. SAME is chosen only where it reads
// exactly the cells ONNX reads: the same output size and the same padding
// before the first cell (TFLite SAME puts an odd pad cell at the end, ONNX's
// explicit pads may put it at the start, as ISNet's stride-2 Conv does).

export interface WindowDim {
  input: number;
  kernel: number;
  stride: number;
  dilation: number;
  padBefore: number;
  padAfter: number;
}

export interface WindowPlan {
  /** Output size per spatial dim, as ONNX computes it. */
  output: number[];
  padding: 'SAME' | 'VALID';
  /** [before, after] per spatial dim for a PAD op ahead of a VALID window; null when none is needed. */
  explicitPads: [number, number][] | null;
}

const effectiveKernel = (d: WindowDim) => (d.kernel - 1) * d.dilation + 1;

/** ONNX's output size; with ceil_mode, a last window that would start inside the end padding is dropped. */
export function onnxOutputSize(d: WindowDim, ceilMode: boolean): number {
  const span = d.input + d.padBefore + d.padAfter - effectiveKernel(d);
  if (span < 0) throw new Error(`onnx→tflite: a window of ${effectiveKernel(d)} does not fit an input of ${d.input}`);
  if (!ceilMode) return Math.floor(span / d.stride) + 1;
  let size = Math.ceil(span / d.stride) + 1;
  if ((size - 1) * d.stride >= d.input + d.padBefore) size--;
  return size;
}

/** TFLite SAME: the output size, and the padding it puts before the first cell. */
export function tfliteSame(d: WindowDim): { output: number; padBefore: number } {
  const output = Math.ceil(d.input / d.stride);
  const total = Math.max((output - 1) * d.stride + effectiveKernel(d) - d.input, 0);
  return { output, padBefore: Math.floor(total / 2) };
}

/** [before, after] pads for an ONNX auto_pad value other than NOTSET. */
export function autoPads(autoPad: string, input: number, kernel: number, stride: number, dilation: number): [number, number] {
  if (autoPad === 'VALID') return [0, 0];
  const output = Math.ceil(input / stride);
  const total = Math.max((output - 1) * stride + (kernel - 1) * dilation + 1 - input, 0);
  const small = Math.floor(total / 2);
  if (autoPad === 'SAME_UPPER') return [small, total - small];
  if (autoPad === 'SAME_LOWER') return [total - small, small];
  throw new Error(`onnx→tflite: unknown auto_pad ${autoPad}`);
}

/**
 * The TFLite form of an ONNX window. With ceil_mode, a size that needs an
 * uneven explicit pad has no exact form here (the padded cells would count);
 * it throws rather than guess.
 */
export function planWindow(dims: WindowDim[], ceilMode: boolean): WindowPlan {
  const output = dims.map((d) => onnxOutputSize(d, ceilMode));
  const noPads = dims.every((d) => d.padBefore === 0 && d.padAfter === 0);
  if (noPads && dims.every((d, i) => onnxOutputSize(d, false) === output[i])) return { output, padding: 'VALID', explicitPads: null };
  const same = dims.map(tfliteSame);
  if (same.every((s, i) => s.output === output[i] && s.padBefore === dims[i].padBefore)) return { output, padding: 'SAME', explicitPads: null };
  const floorOutput = dims.map((d) => onnxOutputSize(d, false));
  if (!output.every((o, i) => o === floorOutput[i])) {
    throw new Error('onnx→tflite: a ceil_mode window whose last cells need uneven padding has no exact TFLite form');
  }
  return { output, padding: 'VALID', explicitPads: dims.map((d) => [d.padBefore, d.padAfter]) };
}
