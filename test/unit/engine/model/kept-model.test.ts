// A converted model is kept as its weights (once, float16 where exact) and a
// skeleton per side: put together again, it is the converted file byte for byte.
import { describe, expect, test } from 'vitest';
import {
  assembleTflite,
  bufferRanges,
  exactHalves,
  layOutSkeleton,
  readSkeletonFile,
  readWeightsFile,
  skeletonFile,
  splitTflite,
  weightsFile,
  withSameHoles,
} from '../../../../src/engine/model/kept-model';
import { resizeTfliteInPlace } from '../../../../src/engine/tflite/resize-tflite';
import { onnxToTflite } from '../../../../src/engine/tflite/onnx-to-tflite';
import { buildOnnxModel, floatTensor } from '../tflite/onnx-builder';
import { smallModel } from '../tflite/small-model';

const patterns = (values: number[]) => new Uint32Array(new Float32Array(values).buffer);

/** A file's pieces as the bytes Cache Storage gives back. */
function joined(pieces: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(pieces.reduce((sum, piece) => sum + piece.byteLength, 0));
  let at = 0;
  for (const piece of pieces) {
    out.set(piece, at);
    at += piece.byteLength;
  }
  return out;
}

/** A conv whose weights are all float16 values (as ISNet's are), and one whose are not. */
function modelWithHalfWeights(): Uint8Array {
  const half = Float32Array.from({ length: 8 * 4 * 9 }, (_, i) => ((i % 37) - 18) / 64);
  const full = Float32Array.from({ length: 8 * 8 * 9 }, (_, i) => Math.sin(i) / 3);
  return buildOnnxModel({
    input: { name: 'input', dims: [1, 4, 8, 8] },
    output: { name: 'output', dims: [1, 8, 8, 8] },
    initializers: [floatTensor('w_half', [8, 4, 3, 3], half), floatTensor('w_full', [8, 8, 3, 3], full)],
    nodes: [
      { op: 'Conv', inputs: ['input', 'w_half'], outputs: ['a'], attributes: { kernel_shape: [3, 3], pads: [1, 1, 1, 1] } },
      { op: 'Conv', inputs: ['a', 'w_full'], outputs: ['output'], attributes: { kernel_shape: [3, 3], pads: [1, 1, 1, 1] } },
    ],
  });
}

describe('exactHalves', () => {
  test('float16 values come back as their bits; anything else is refused', () => {
    expect(Array.from(exactHalves(patterns([0, -0, 1, -2, 0.5, 65504, 2 ** -14, 2 ** -24, 3 * 2 ** -20]))!)).toEqual([
      0x0000, 0x8000, 0x3c00, 0xc000, 0x3800, 0x7bff, 0x0400, 0x0001, 0x0030,
    ]);
    expect(exactHalves(patterns([0.1]))).toBeNull();
    expect(exactHalves(patterns([1 + 2 ** -11]))).toBeNull();
    expect(exactHalves(patterns([2 ** -25]))).toBeNull();
    expect(exactHalves(patterns([65536]))).toBeNull();
  });
});

describe('splitTflite and assembleTflite', () => {
  test('the parts put together are the converted file, byte for byte', () => {
    const tflite = onnxToTflite(smallModel()).bytes;
    const { skeleton, weights } = splitTflite(tflite, undefined, 64);
    expect(skeleton.holes.length).toBeGreaterThan(0);
    expect(skeleton.rest.byteLength).toBeLessThan(tflite.byteLength);
    expect(assembleTflite(skeleton, weights)).toEqual(tflite);
  });

  test('float16 weights are kept at half their size, others as they are', () => {
    const tflite = onnxToTflite(modelWithHalfWeights()).bytes;
    const { skeleton, weights } = splitTflite(tflite, undefined, 64);
    expect(weights.map((w) => w.encoding).sort()).toEqual(['f16', 'raw']);
    for (const weight of weights) expect(weight.data.byteLength).toBe(weight.encoding === 'f16' ? weight.length / 2 : weight.length);
    expect(assembleTflite(skeleton, weights)).toEqual(tflite);
  });

  test('another conversion is split against the kept weights: its holes take them, nothing new is kept', () => {
    const first = onnxToTflite(smallModel()).bytes;
    const kept = splitTflite(first, undefined, 64).weights;
    const second = onnxToTflite(smallModel(), { inputLayout: 'nchw' }).bytes;
    const { skeleton, weights } = splitTflite(second, kept, 64);
    expect(weights).toHaveLength(kept.length);
    expect(skeleton.holes.map((h) => h.weight).sort()).toEqual(kept.map((_, i) => i));
    expect(assembleTflite(skeleton, weights)).toEqual(second);
  });

  test('a buffer that does not match the kept weights stays in the skeleton', () => {
    const kept = splitTflite(onnxToTflite(smallModel()).bytes, undefined, 64).weights;
    const other = onnxToTflite(modelWithHalfWeights()).bytes;
    const { skeleton } = splitTflite(other, kept, 64);
    expect(skeleton.holes).toEqual([]);
    expect(skeleton.rest).toEqual(other);
  });

  test('the files read back as written', () => {
    const tflite = onnxToTflite(modelWithHalfWeights()).bytes;
    const { skeleton, weights } = splitTflite(tflite, undefined, 64);
    const readWeights = readWeightsFile(joined(weightsFile(weights)));
    const readSkeleton = readSkeletonFile(joined(skeletonFile(skeleton)));
    expect(readSkeleton.holes).toEqual(skeleton.holes);
    expect(assembleTflite(readSkeleton, readWeights)).toEqual(tflite);
    expect(bufferRanges(tflite).every((range) => range.at % 16 === 0)).toBe(true);
  });
});

describe('a side made over from a kept skeleton', () => {
  test('the skeleton laid out without its weights, made over to 16² and kept with the same holes, puts together as the 16² conversion', () => {
    const { skeleton, weights } = splitTflite(onnxToTflite(smallModel(32)).bytes, undefined, 64);
    const laidOut = layOutSkeleton(skeleton);
    for (const hole of skeleton.holes) expect(laidOut.subarray(hole.at, hole.at + hole.length).every((b) => b === 0)).toBe(true);
    expect(resizeTfliteInPlace(laidOut, 32, 16)).toBe(true);
    const kept = withSameHoles(skeleton, laidOut);
    expect(kept.holes).toBe(skeleton.holes);
    expect(assembleTflite(kept, weights)).toEqual(onnxToTflite(smallModel(16)).bytes);
  });

  test('a file of another length is refused', () => {
    const { skeleton } = splitTflite(onnxToTflite(smallModel()).bytes, undefined, 64);
    expect(() => withSameHoles(skeleton, new Uint8Array(skeleton.size + 4))).toThrow(/not laid out/);
  });
});
