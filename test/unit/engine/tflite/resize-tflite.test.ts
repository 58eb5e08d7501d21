// A converted file made over for another input side in place: byte for byte
// what converting the graph at that side writes, or left alone when a size
// would not scale to a whole number.
import { describe, expect, test } from 'vitest';
import { onnxToTflite } from '../../../../src/engine/tflite/onnx-to-tflite';
import { resizeTfliteInPlace } from '../../../../src/engine/tflite/resize-tflite';
import { smallModel } from './small-model';
import { readTflite } from './tflite-reader';

describe('resizeTfliteInPlace', () => {
  test('32² made over to 16² is the 16² conversion, byte for byte: activations, the PAD before a stride-2 conv and the resize size', () => {
    const large = onnxToTflite(smallModel(32)).bytes;
    const small = onnxToTflite(smallModel(16)).bytes;
    expect(large).not.toEqual(small);
    expect(resizeTfliteInPlace(large, 32, 16)).toBe(true);
    expect(large).toEqual(small);
  });

  test('and up again, 16² to 32²', () => {
    const small = onnxToTflite(smallModel(16)).bytes;
    expect(resizeTfliteInPlace(small, 16, 32)).toBe(true);
    expect(small).toEqual(onnxToTflite(smallModel(32)).bytes);
  });

  test('the pad keeps its padding: its output is the new input plus 2, not the old output halved', () => {
    const file = onnxToTflite(smallModel(32)).bytes;
    resizeTfliteInPlace(file, 32, 16);
    const model = readTflite(file);
    const pad = model.operators.find((o) => o.op === 'PAD')!;
    expect(model.tensors[pad.inputs[0]].shape.slice(1, 3)).toEqual([16, 16]);
    expect(model.tensors[pad.outputs[0]].shape.slice(1, 3)).toEqual([18, 18]);
  });

  test('a side some size does not scale to (16² to 9²: the pooled 8 would be 4.5) leaves the file as it was', () => {
    const file = onnxToTflite(smallModel(16)).bytes;
    const before = file.slice();
    expect(resizeTfliteInPlace(file, 16, 9)).toBe(false);
    expect(file).toEqual(before);
  });
});
