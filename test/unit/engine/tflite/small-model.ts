// Test-only: a 16×16 ONNX graph with every op kind ISNet uses, each in the
// form that needs care in TFLite: padded and dilated convs that are SAME, a
// stride-2 and an asymmetric conv that need a PAD, Relus that fuse and one
// that cannot, a size computed by Shape → Slice → Concat for a half-pixel
// Resize, a channel Concat, an input Cast listed last (out of order, as in
// ISNet's float16 export), and a Sigmoid output.
import { buildOnnxModel, floatTensor, int64Tensor, pseudoRandom } from './onnx-builder';

export const SIDE = 16;

export const weights = {
  a: { dims: [4, 3, 3, 3], values: pseudoRandom(4 * 3 * 9, 1) },
  b: { dims: [4, 4, 3, 3], values: pseudoRandom(4 * 4 * 9, 2) },
  c: { dims: [4, 4, 3, 3], values: pseudoRandom(4 * 4 * 9, 3) },
  d: { dims: [1, 8, 3, 3], values: pseudoRandom(8 * 9, 4) },
};
const bias = (name: string, count: number, seed: number) => floatTensor(name, [count], pseudoRandom(count, seed, 0.1));

/** The graph at input side `side` (a multiple of 4; the weights are the same at every side). */
export function smallModel(side = SIDE): Uint8Array {
  return buildOnnxModel({
    input: { name: 'input', dims: [1, 3, side, side] },
    output: { name: 'output', dims: [1, 1, side, side] },
    initializers: [
      ...Object.entries(weights).map(([name, w]) => floatTensor(`w_${name}`, w.dims, w.values)),
      bias('b_a', 4, 11),
      bias('b_b', 4, 12),
      bias('b_c', 4, 13),
      bias('b_d', 1, 14),
      int64Tensor('slice_starts', [0]),
      int64Tensor('slice_ends', [2]),
      int64Tensor('size_hw', [side, side]),
    ],
    nodes: [
      { op: 'Conv', inputs: ['x', 'w_a', 'b_a'], outputs: ['a_conv'], attributes: { kernel_shape: [3, 3], pads: [1, 1, 1, 1] } },
      { op: 'Relu', inputs: ['a_conv'], outputs: ['a'] },
      { op: 'Conv', inputs: ['a', 'w_b', 'b_b'], outputs: ['b_conv'], attributes: { dilations: [2, 2], pads: [2, 2, 2, 2] } },
      { op: 'Relu', inputs: ['b_conv'], outputs: ['b'] },
      { op: 'Conv', inputs: ['a', 'w_c', 'b_c'], outputs: ['c'], attributes: { strides: [2, 2], pads: [1, 1, 1, 1] } },
      { op: 'MaxPool', inputs: ['b'], outputs: ['p'], attributes: { kernel_shape: [2, 2], strides: [2, 2], ceil_mode: 0 } },
      { op: 'Add', inputs: ['c', 'p'], outputs: ['s'] },
      { op: 'Shape', inputs: ['s'], outputs: ['s_shape'] },
      { op: 'Slice', inputs: ['s_shape', 'slice_starts', 'slice_ends'], outputs: ['s_nc'] },
      { op: 'Concat', inputs: ['s_nc', 'size_hw'], outputs: ['sizes'], attributes: { axis: 0 } },
      {
        op: 'Resize',
        inputs: ['s', '', '', 'sizes'],
        outputs: ['r'],
        attributes: { mode: 'linear', coordinate_transformation_mode: 'half_pixel', nearest_mode: 'floor' },
      },
      { op: 'Concat', inputs: ['r', 'a'], outputs: ['cat'], attributes: { axis: 1 } },
      { op: 'Relu', inputs: ['cat'], outputs: ['cat_relu'] },
      { op: 'Conv', inputs: ['cat_relu', 'w_d', 'b_d'], outputs: ['d'], attributes: { pads: [1, 0, 1, 2] } },
      { op: 'Sigmoid', inputs: ['d'], outputs: ['output'] },
      { op: 'Cast', inputs: ['input'], outputs: ['x'], attributes: { to: 1 } },
    ],
  });
}

/** An NCHW input with some structure. */
export function smallInput(): Float32Array {
  return pseudoRandom(3 * SIDE * SIDE, 99, 1);
}
