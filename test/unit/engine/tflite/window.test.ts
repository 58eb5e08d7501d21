// Window geometry: when ONNX pads are exactly TFLite's SAME or VALID, and when
// they need an explicit PAD (ISNet's stride-2 input conv pads 1 before and
// after; TFLite SAME would pad 0 before and 1 after).
import { describe, expect, test } from 'vitest';
import { autoPads, onnxOutputSize, planWindow, tfliteSame, type WindowDim } from '../../../../src/engine/tflite/window';

const dim = (input: number, kernel: number, stride: number, dilation: number, padBefore: number, padAfter: number): WindowDim => ({
  input,
  kernel,
  stride,
  dilation,
  padBefore,
  padAfter,
});
const square = (d: WindowDim) => [d, d];

describe('planWindow', () => {
  test('no pads: VALID', () => {
    expect(planWindow(square(dim(1024, 2, 2, 1, 0, 0)), false)).toEqual({ output: [512, 512], padding: 'VALID', explicitPads: null });
  });

  test("ISNet's 3×3 convs, padded by their dilation at stride 1: SAME, at every size down to 4", () => {
    for (const d of [1, 2, 4, 8]) {
      for (const input of [4, 8, 32, 1024]) expect(planWindow(square(dim(input, 3, 1, d, d, d)), false)).toMatchObject({ output: [input, input], padding: 'SAME' });
    }
  });

  test('a stride-2 3×3 conv padded 1 all round: PAD 1/1, then VALID', () => {
    expect(tfliteSame(dim(1024, 3, 2, 1, 1, 1))).toEqual({ output: 512, padBefore: 0 });
    expect(planWindow(square(dim(1024, 3, 2, 1, 1, 1)), false)).toEqual({ output: [512, 512], padding: 'VALID', explicitPads: [[1, 1], [1, 1]] });
  });

  test('asymmetric pads: PAD as given', () => {
    expect(planWindow([dim(16, 3, 1, 1, 1, 1), dim(16, 3, 1, 1, 0, 2)], false)).toEqual({
      output: [16, 16],
      padding: 'VALID',
      explicitPads: [[1, 1], [0, 2]],
    });
  });

  test('ceil_mode on an even input changes nothing; on an odd one it is SAME', () => {
    expect(planWindow(square(dim(64, 2, 2, 1, 0, 0)), true)).toMatchObject({ output: [32, 32], padding: 'VALID' });
    expect(planWindow(square(dim(63, 2, 2, 1, 0, 0)), true)).toMatchObject({ output: [32, 32], padding: 'SAME', explicitPads: null });
  });

  test('ceil_mode that would need uneven padding throws', () => {
    expect(() => planWindow(square(dim(8, 3, 2, 1, 1, 1)), true)).toThrow(/ceil_mode/);
  });
});

describe('ONNX sizes', () => {
  test('ceil_mode drops a last window that would start in the end padding', () => {
    expect(onnxOutputSize(dim(5, 2, 2, 1, 0, 0), true)).toBe(3);
    expect(onnxOutputSize(dim(4, 2, 2, 1, 0, 1), true)).toBe(2);
  });

  test('auto_pad SAME_UPPER puts the odd cell last, SAME_LOWER first', () => {
    expect(autoPads('SAME_UPPER', 8, 2, 1, 1)).toEqual([0, 1]);
    expect(autoPads('SAME_LOWER', 8, 2, 1, 1)).toEqual([1, 0]);
    expect(autoPads('VALID', 8, 3, 1, 1)).toEqual([0, 0]);
  });
});
