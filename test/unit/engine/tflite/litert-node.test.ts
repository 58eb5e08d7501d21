// The converted small graph runs on LiteRT.js (its compat WebAssembly build,
// in Node) and gives onnxruntime-node's output for the same input: the
// converter's layouts, pads, resize and fusions are not just well-formed but
// compute the same thing.
import * as ort from 'onnxruntime-node';
import { describe, expect, test } from 'vitest';
import { chwToHwc } from '../../../../src/engine/tflite/layout';
import { onnxToTflite } from '../../../../src/engine/tflite/onnx-to-tflite';
import { loadLiteRtInNode } from './litert-node';
import { SIDE, smallInput, smallModel } from './small-model';

async function onOrt(model: Uint8Array, input: Float32Array, dims: number[]): Promise<Float32Array> {
  const session = await ort.InferenceSession.create(model);
  try {
    const results = await session.run({ input: new ort.Tensor('float32', input, dims) });
    return results.output.data as Float32Array;
  } finally {
    await session.release();
  }
}

async function onLiteRt(tflite: Uint8Array, nhwcInput: Float32Array, shape: number[]): Promise<Float32Array> {
  const liteRt = await loadLiteRtInNode();
  const model = await liteRt.loadAndCompile(tflite, { accelerator: 'wasm', cpuOptions: { numThreads: 1 } });
  const tensor = new liteRt.Tensor(nhwcInput, shape);
  try {
    const [output] = await model.run([tensor]);
    const data = output.toTypedArray() as Float32Array;
    output.delete();
    return data;
  } finally {
    tensor.delete();
    model.delete();
  }
}

const maxDifference = (a: Float32Array, b: Float32Array) => a.reduce((max, v, i) => Math.max(max, Math.abs(v - b[i])), 0);

describe('LiteRT.js in Node', () => {
  test('runs the converted 16×16 graph as onnxruntime-node runs the ONNX one (within 1e-5)', async () => {
    const onnx = smallModel();
    const input = smallInput();
    const expected = await onOrt(onnx, input, [1, 3, SIDE, SIDE]);
    const got = await onLiteRt(onnxToTflite(onnx).bytes, chwToHwc(input, 3, SIDE, SIDE), [1, SIDE, SIDE, 3]);
    expect(got.length).toBe(expected.length);
    // Not a constant output: the comparison means something.
    expect(Math.max(...expected) - Math.min(...expected)).toBeGreaterThan(0.1);
    expect(maxDifference(got, expected)).toBeLessThanOrEqual(1e-5);
  });

  test('runs a file whose Conv weights are int8 (dynamic-range kernels): near the float output, not equal to it', async () => {
    const onnx = smallModel();
    const input = smallInput();
    const expected = await onOrt(onnx, input, [1, 3, SIDE, SIDE]);
    const got = await onLiteRt(onnxToTflite(onnx, { int8Convs: () => true }).bytes, chwToHwc(input, 3, SIDE, SIDE), [1, SIDE, SIDE, 3]);
    const range = Math.max(...expected) - Math.min(...expected);
    expect(maxDifference(got, expected)).toBeGreaterThan(1e-5);
    expect(maxDifference(got, expected)).toBeLessThanOrEqual(0.05 * range);
  });

  test('takes NCHW input through a leading TRANSPOSE when asked', async () => {
    const onnx = smallModel();
    const input = smallInput();
    const converted = onnxToTflite(onnx, { inputLayout: 'nchw' });
    expect(converted.input.shape).toEqual([1, 3, SIDE, SIDE]);
    const got = await onLiteRt(converted.bytes, input, [1, 3, SIDE, SIDE]);
    expect(maxDifference(got, await onOrt(onnx, input, [1, 3, SIDE, SIDE]))).toBeLessThanOrEqual(1e-5);
  });
});
