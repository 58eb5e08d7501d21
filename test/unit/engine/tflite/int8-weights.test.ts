// Conv weights in 8 bits: one symmetric scale per output channel, and the
// converter writing them as int8 tensors that carry those scales.
import { describe, expect, test } from 'vitest';
import { int8PerChannel } from '../../../../src/engine/tflite/int8-weights';
import { ISNET_INT8_BLOCKS, isnetInt8Conv } from '../../../../src/engine/tflite/isnet-int8';
import { onnxToTflite } from '../../../../src/engine/tflite/onnx-to-tflite';
import { TensorType } from '../../../../src/engine/tflite/tflite-schema';
import { smallModel } from './small-model';
import { floatsOf, readTflite } from './tflite-reader';

describe('int8PerChannel', () => {
  test('each channel gets its own scale, its largest weight stored as ±127, every weight within half a step', () => {
    const values = Float32Array.from([0.5, -1, 0.25, 0.75, 0.002, -0.004, 0.001, 0.003]);
    const { values: stored, scales } = int8PerChannel(values, 2);
    expect(scales[0]).toBeCloseTo(1 / 127, 7);
    expect(scales[1]).toBeCloseTo(0.004 / 127, 9);
    expect([...stored.subarray(0, 4)]).toEqual([64, -127, 32, 95]);
    expect(Math.abs(stored[5])).toBe(127);
    for (let i = 0; i < values.length; i++) expect(Math.abs(stored[i] * scales[i < 4 ? 0 : 1] - values[i])).toBeLessThanOrEqual(scales[i < 4 ? 0 : 1] / 2 + 1e-9);
  });

  test('an all-zero channel keeps scale 1 and zeros; a length that does not split throws', () => {
    const { values, scales } = int8PerChannel(new Float32Array(6), 3);
    expect([...scales]).toEqual([1, 1, 1]);
    expect([...values]).toEqual([0, 0, 0, 0, 0, 0]);
    expect(() => int8PerChannel(new Float32Array(7), 2)).toThrow(/do not split/);
  });
});

describe('the converter with int8Convs', () => {
  const float = readTflite(onnxToTflite(smallModel()).bytes);
  const converted = onnxToTflite(smallModel(), { int8Convs: () => true });
  const file = readTflite(converted.bytes);
  const convWeights = (model: typeof file) => model.operators.filter((o) => o.op === 'CONV_2D').map((o) => model.tensors[o.inputs[1]]);

  test('writes every chosen Conv weight as int8 with one scale per output channel (dimension 0, zero points 0); biases stay float32', () => {
    expect(converted.int8Weights).toBe(4);
    for (const weight of convWeights(file)) {
      expect(weight.type).toBe(TensorType.int8);
      expect(weight.quantization?.dimension).toBe(0);
      expect(weight.quantization?.scales).toHaveLength(weight.shape[0]);
      expect(weight.quantization?.zeroPoints).toEqual(new Array(weight.shape[0]).fill(0));
      expect(file.buffers[weight.buffer].data.length).toBe(weight.shape.reduce((a, b) => a * b, 1));
    }
    for (const conv of file.operators.filter((o) => o.op === 'CONV_2D')) expect(file.tensors[conv.inputs[2]].type).toBe(TensorType.float32);
  });

  test('the stored weights times their scales give back the float file’s weights within half a step', () => {
    const floats = convWeights(float);
    for (const [k, weight] of convWeights(file).entries()) {
      const reference = floatsOf(float.buffers[floats[k].buffer].data);
      const stored = new Int8Array(new Uint8Array(file.buffers[weight.buffer].data).buffer);
      const per = stored.length / weight.shape[0];
      for (let i = 0; i < stored.length; i++) {
        const scale = weight.quantization!.scales[Math.floor(i / per)];
        expect(Math.abs(stored[i] * scale - reference[i])).toBeLessThanOrEqual(scale / 2 + 1e-7);
      }
    }
  });

  test('a Conv the choice leaves out keeps float32 weights and no quantization', () => {
    const none = onnxToTflite(smallModel(), { int8Convs: () => false });
    expect(none.int8Weights).toBe(0);
    for (const weight of convWeights(readTflite(none.bytes))) expect(weight).toMatchObject({ type: TensorType.float32 });
    expect(convWeights(readTflite(none.bytes)).some((w) => w.quantization)).toBe(false);
  });
});

describe('isnetInt8Conv', () => {
  test('picks a Conv by the block its node name starts with; the logits (side1) and unnamed nodes never', () => {
    for (const block of ISNET_INT8_BLOCKS) expect(isnetInt8Conv(`/${block}/rebnconv1/conv_s1/Conv`)).toBe(true);
    for (const block of ['conv_in', 'stage1', 'stage6', 'stage1d']) expect(isnetInt8Conv(`/${block}/rebnconv1/conv_s1/Conv`)).toBe(ISNET_INT8_BLOCKS.includes(block));
    expect(isnetInt8Conv('/side1/Conv')).toBe(false);
    expect(isnetInt8Conv('')).toBe(false);
  });
});
