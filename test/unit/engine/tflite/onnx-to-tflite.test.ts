// The ONNX → TFLite converter on a small graph with every op kind ISNet uses,
// read back from the flatbuffer: the ops it wrote, NHWC shapes, weights
// reordered OIHW → OHWI, pads made exact (SAME, or PAD + VALID), a half-pixel
// bilinear resize, a channel concat on NHWC's axis 3; and loud failures.
import { describe, expect, test } from 'vitest';
import { onnxToTflite } from '../../../../src/engine/tflite/onnx-to-tflite';
import { Activation, BuiltinOptionsType, Conv2DOptionsField, ConcatenationOptionsField, Padding, ResizeBilinearOptionsField, TensorType } from '../../../../src/engine/tflite/tflite-schema';
import { buildOnnxModel, ElemType, floatTensor, pseudoRandom, tensorProto } from './onnx-builder';
import { SIDE, smallModel, weights } from './small-model';
import { floatsOf, int32sOf, readTflite, type ReadModel, type ReadOperator } from './tflite-reader';

const converted = onnxToTflite(smallModel());
const file = readTflite(converted.bytes);

const tensorNamed = (model: ReadModel, name: string) => {
  const index = model.tensors.findIndex((t) => t.name === name);
  if (index < 0) throw new Error(`no tensor ${name}`);
  return index;
};
const producerOf = (model: ReadModel, name: string): ReadOperator => {
  const index = tensorNamed(model, name);
  const op = model.operators.find((o) => o.outputs.includes(index));
  if (!op) throw new Error(`nothing produces ${name}`);
  return op;
};
const dataOf = (model: ReadModel, tensor: number) => model.buffers[model.tensors[tensor].buffer].data;

describe('the converted file', () => {
  test('is a schema-3 TFLite file with one NHWC input and output under their ONNX names', () => {
    expect(file.identifier).toBe('TFL3');
    expect(file.version).toBe(3);
    expect(file.inputs.map((i) => file.tensors[i])).toMatchObject([{ name: 'input', shape: [1, SIDE, SIDE, 3], type: TensorType.float32, buffer: 0 }]);
    expect(file.outputs.map((i) => file.tensors[i])).toMatchObject([{ name: 'output', shape: [1, SIDE, SIDE, 1], type: TensorType.float32, buffer: 0 }]);
    expect(file.signature).toEqual({ key: 'serving_default', inputs: [['input', file.inputs[0]]], outputs: [['output', file.outputs[0]]] });
    expect(converted.input).toEqual({ name: 'input', shape: [1, SIDE, SIDE, 3] });
  });

  test('runs the 7 ISNet op kinds as TFLite builtins, the size sub-graph and casts gone, two Relus fused', () => {
    const counts: Record<string, number> = {};
    for (const o of file.operators) counts[o.op] = (counts[o.op] ?? 0) + 1;
    expect(counts).toEqual({ CONV_2D: 4, PAD: 2, RELU: 1, MAX_POOL_2D: 1, ADD: 1, RESIZE_BILINEAR: 1, CONCATENATION: 1, LOGISTIC: 1 });
    expect(converted.tfliteOps).toEqual(counts);
    expect(converted.onnxOps).toMatchObject({ Conv: 4, Relu: 3, Shape: 1, Slice: 1, Concat: 2, Cast: 1 });
  });

  test('every run-time tensor is NHWC', () => {
    const shapes = Object.fromEntries(['a', 'b', 'c', 'p', 's', 'r', 'cat', 'cat_relu', 'd'].map((name) => [name, file.tensors[tensorNamed(file, name)].shape]));
    expect(shapes).toEqual({
      a: [1, 16, 16, 4],
      b: [1, 16, 16, 4],
      c: [1, 8, 8, 4],
      p: [1, 8, 8, 4],
      s: [1, 8, 8, 4],
      r: [1, 16, 16, 4],
      cat: [1, 16, 16, 8],
      cat_relu: [1, 16, 16, 8],
      d: [1, 16, 16, 1],
    });
  });

  test('convolution weights are reordered OIHW → OHWI', () => {
    const conv = producerOf(file, 'a');
    const weight = file.tensors[conv.inputs[1]];
    expect(weight.shape).toEqual([4, 3, 3, 3]);
    const ohwi = floatsOf(dataOf(file, conv.inputs[1]));
    const { values } = weights.a;
    for (let o = 0; o < 4; o++)
      for (let i = 0; i < 3; i++)
        for (let y = 0; y < 3; y++) for (let x = 0; x < 3; x++) expect(ohwi[((o * 3 + y) * 3 + x) * 3 + i]).toBe(values[((o * 3 + i) * 3 + y) * 3 + x]);
    expect(file.tensors[conv.inputs[2]].shape).toEqual([4]);
  });

  test('symmetric pads that SAME reproduces become SAME, with the Relu fused', () => {
    const a = producerOf(file, 'a');
    const b = producerOf(file, 'b');
    expect(a.inputs[0]).toBe(file.inputs[0]);
    for (const conv of [a, b]) {
      expect(conv.optionsType).toBe(BuiltinOptionsType.Conv2DOptions);
      expect(conv.int8(Conv2DOptionsField.padding)).toBe(Padding.SAME);
      expect(conv.int8(Conv2DOptionsField.fusedActivation)).toBe(Activation.RELU);
    }
    expect([b.int32(Conv2DOptionsField.dilationH, 1), b.int32(Conv2DOptionsField.dilationW, 1)]).toEqual([2, 2]);
    expect(b.inputs[0]).toBe(tensorNamed(file, 'a'));
  });

  test('a stride-2 conv padded 1 all round, and an asymmetric one, get an exact PAD and VALID', () => {
    for (const [name, paddings] of [
      ['c', [0, 0, 1, 1, 1, 1, 0, 0]],
      ['d', [0, 0, 1, 1, 0, 2, 0, 0]],
    ] as const) {
      const conv = producerOf(file, name);
      expect(conv.int8(Conv2DOptionsField.padding)).toBe(Padding.VALID);
      expect(conv.int8(Conv2DOptionsField.fusedActivation)).toBe(Activation.NONE);
      const pad = file.operators.find((o) => o.outputs[0] === conv.inputs[0])!;
      expect(pad.op).toBe('PAD');
      expect([...int32sOf(dataOf(file, pad.inputs[1]))]).toEqual([...paddings]);
    }
    expect(producerOf(file, 'c').int32(Conv2DOptionsField.strideH)).toBe(2);
  });

  test('the resize is half-pixel bilinear to the folded size, the concat joins channels (axis 3)', () => {
    const resize = producerOf(file, 'r');
    expect(resize.op).toBe('RESIZE_BILINEAR');
    expect(resize.int8(ResizeBilinearOptionsField.halfPixelCenters)).toBe(1);
    expect(resize.int8(ResizeBilinearOptionsField.alignCorners)).toBe(0);
    expect(file.tensors[resize.inputs[1]]).toMatchObject({ shape: [2], type: TensorType.int32 });
    expect([...int32sOf(dataOf(file, resize.inputs[1]))]).toEqual([16, 16]);
    const concat = producerOf(file, 'cat');
    expect(concat.inputs).toEqual([tensorNamed(file, 'r'), tensorNamed(file, 'a')]);
    expect(concat.int32(ConcatenationOptionsField.axis)).toBe(3);
    expect(producerOf(file, 'cat_relu').op).toBe('RELU');
  });

  test('constant data starts 16-byte aligned, as Buffer.data asks', () => {
    const offsets = file.buffers.filter((b) => b.data.length > 0).map((b) => b.offset % 16);
    expect(offsets.length).toBeGreaterThan(10);
    expect(new Set(offsets)).toEqual(new Set([0]));
  });
});

describe('float16 weights (as ISNet ships them)', () => {
  test('are widened to float32 in the file', () => {
    const values = pseudoRandom(2 * 3 * 9, 7);
    const half = Uint16Array.from(values, (v) => float16Bits(v));
    const model = buildOnnxModel({
      input: { name: 'input', dims: [1, 3, 4, 4] },
      output: { name: 'output', dims: [1, 2, 4, 4] },
      initializers: [tensorProto('w', ElemType.float16, [2, 3, 3, 3], half)],
      nodes: [{ op: 'Conv', inputs: ['input', 'w'], outputs: ['output'], attributes: { pads: [1, 1, 1, 1] } }],
    });
    const read = readTflite(onnxToTflite(model).bytes);
    const conv = read.operators.find((o) => o.op === 'CONV_2D')!;
    const ohwi = floatsOf(dataOf(read, conv.inputs[1]));
    // Weight [o=1, i=2, y=0, x=1] sits at OHWI [1, 0, 1, 2].
    expect(ohwi[((1 * 3 + 0) * 3 + 1) * 3 + 2]).toBeCloseTo(values[((1 * 3 + 2) * 3 + 0) * 3 + 1], 3);
    // No bias in the model: zeros in the file. The 2-channel output leaves through a TRANSPOSE to NCHW.
    expect([...floatsOf(dataOf(read, conv.inputs[2]))]).toEqual([0, 0]);
    expect(read.operators.at(-1)!.op).toBe('TRANSPOSE');
    expect(read.tensors[read.outputs[0]].shape).toEqual([1, 2, 4, 4]);
  });
});

describe('what it refuses, naming the op', () => {
  const oneNode = (node: Parameters<typeof buildOnnxModel>[0]['nodes'][0], initializers: Uint8Array[] = []) =>
    buildOnnxModel({ input: { name: 'input', dims: [1, 2, 8, 8] }, output: { name: 'output', dims: [1, 2, 8, 8] }, nodes: [node], initializers });

  test('an op it has no lowering for', () => {
    expect(() => onnxToTflite(oneNode({ op: 'Softmax', inputs: ['input'], outputs: ['output'], name: 'soft' }))).toThrow(/unsupported op Softmax \(node soft\)/);
  });

  test('a grouped convolution', () => {
    const w = floatTensor('w', [2, 1, 3, 3], pseudoRandom(18, 5));
    expect(() => onnxToTflite(oneNode({ op: 'Conv', inputs: ['input', 'w'], outputs: ['output'], attributes: { group: 2, pads: [1, 1, 1, 1] } }, [w]))).toThrow(
      /Conv .*grouped/,
    );
  });

  test('a nearest-neighbour resize', () => {
    const scales = floatTensor('scales', [4], Float32Array.from([1, 1, 1, 1]));
    expect(() => onnxToTflite(oneNode({ op: 'Resize', inputs: ['input', '', 'scales'], outputs: ['output'], attributes: { mode: 'nearest' } }, [scales]))).toThrow(
      /Resize .*mode nearest/,
    );
  });

  test('a MaxPool whose padding would count zeros in the max', () => {
    expect(() =>
      onnxToTflite(oneNode({ op: 'MaxPool', inputs: ['input'], outputs: ['output'], attributes: { kernel_shape: [3, 3], strides: [2, 2], pads: [1, 1, 1, 1] } })),
    ).toThrow(/MaxPool .*no exact TFLite form/);
  });
});

/** float32 → IEEE half bits (round to nearest; normal range only, enough for test weights). */
function float16Bits(value: number): number {
  const f = new Float32Array([value]);
  const bits = new Uint32Array(f.buffer)[0];
  const sign = (bits >>> 16) & 0x8000;
  const exponent = ((bits >>> 23) & 0xff) - 127 + 15;
  if (exponent <= 0) return sign;
  const mantissa = bits & 0x7fffff;
  return (sign | ((exponent << 10) + Math.round(mantissa / 8192))) & 0xffff;
}
