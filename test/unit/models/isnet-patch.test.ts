// The ISNet files models/ builds: assembled from the data package and checked
// by sha256, then patched to return only `output` with every MaxPool's
// ceil_mode cleared. Both claims behind the patch are checked on the real model:
// every pooled size is even at 1024 (so ceil and floor agree), and the patched
// model gives the original's output on WASM.
import * as ortNode from 'onnxruntime-node';
import * as ortWeb from 'onnxruntime-web';
import { beforeAll, describe, expect, test } from 'vitest';
import { buildModel, manifest } from '../../../models/assemble';
import { describeIo } from '../../../src/engine/onnx/describe-io';
import { patchIsnet } from '../../../src/engine/onnx/isnet-patch';
import { widenToFloat32 } from '../../../src/engine/onnx/widen-float32';
import { onnxToTflite } from '../../../src/engine/tflite/onnx-to-tflite';
import { resizeTfliteInPlace } from '../../../src/engine/tflite/resize-tflite';
import { probeInput } from '../../../src/engine/model/probe-input';
import { exposeOutputs, inputsOfOp, intAttributesOfOp } from '../../support/onnx';

const model = manifest.models[0];
let source: Uint8Array;
let patched: Uint8Array;

beforeAll(() => {
  const built = buildModel(model);
  source = built.source;
  patched = built.bytes;
});

describe('the patched ISNet', () => {
  test('has one output, `output`, and the original has twelve', () => {
    expect(describeIo(source).outputs).toHaveLength(12);
    expect(describeIo(patched)).toMatchObject({
      inputs: [{ name: 'input', dims: [1, 3, 1024, 1024] }],
      outputs: [{ name: 'output', dims: [1, 1, 1024, 1024] }],
    });
  });

  test('has no MaxPool with ceil_mode=1 left (the original has 33)', () => {
    expect(intAttributesOfOp(source, 'MaxPool', 'ceil_mode')).toEqual(new Array(33).fill(1));
    expect(intAttributesOfOp(patched, 'MaxPool', 'ceil_mode')).toEqual(new Array(33).fill(0));
  });

  test('every MaxPool input is even-sized at 1024, so ceil_mode changes nothing', async () => {
    const pooled = inputsOfOp(source, 'MaxPool');
    // The fp16 graph computes in float16 after its input Cast (ONNX type 10).
    const probe = exposeOutputs(patched, pooled, 10);
    const session = await ortNode.InferenceSession.create(probe, { intraOpNumThreads: 2 });
    const results = await session.run({ input: new ortNode.Tensor('float32', probeInput(1024), [1, 3, 1024, 1024]) }, pooled);
    const sizes = pooled.map((name) => results[name].dims.slice(2));
    expect(sizes).toHaveLength(33);
    for (const [h, w] of sizes) {
      expect(h % 2).toBe(0);
      expect(w % 2).toBe(0);
    }
    await session.release();
  });

  test('gives the same output as the original on WASM', async () => {
    ortWeb.env.wasm.numThreads = 2;
    const run = async (bytes: Uint8Array) => {
      const session = await ortWeb.InferenceSession.create(bytes);
      const input = new ortWeb.Tensor('float32', probeInput(1024), [1, 3, 1024, 1024]);
      const out = await session.run({ input }, ['output']);
      const data = out.output.data as Float32Array;
      await session.release();
      return data;
    };
    const original = await run(source);
    const ours = await run(patched);
    let maxDiff = 0;
    let foreground = 0;
    for (let i = 0; i < original.length; i++) {
      maxDiff = Math.max(maxDiff, Math.abs(original[i] - ours[i]));
      if (ours[i] > 0.5) foreground++;
    }
    expect(maxDiff).toBeLessThan(2e-3);
    // The disc is found: a meaningful share of the frame is foreground.
    expect(foreground / original.length).toBeGreaterThan(0.1);
  }, 240_000);

  test('scaling the Resize sizes gives a working 512 model', async () => {
    const { bytes, report } = patchIsnet(patched, { keepOutputs: ['output'], clearCeilMode: true, inputSize: 512 });
    expect(report.resizeSizesScaled).toBe(34);
    const session = await ortNode.InferenceSession.create(bytes, { intraOpNumThreads: 2 });
    const out = await session.run({ input: new ortNode.Tensor('float32', probeInput(512), [1, 3, 512, 512]) });
    expect(out.output.dims).toEqual([1, 1, 512, 512]);
    await session.release();
  });

  test('converted to .tflite at 1024 and made over to 512 in place, it is the 512 conversion byte for byte (so the app need not convert twice)', () => {
    const made = onnxToTflite(patched).bytes;
    expect(resizeTfliteInPlace(made, 1024, 512)).toBe(true);
    const converted = onnxToTflite(patchIsnet(patched, { keepOutputs: ['output'], clearCeilMode: true, inputSize: 512 }).bytes).bytes;
    expect(made.byteLength).toBe(converted.byteLength);
    let differing = 0;
    for (let i = 0; i < made.length; i++) if (made[i] !== converted[i]) differing++;
    expect(differing).toBe(0);
  }, 60_000);

  test('widened to float32 (as the WASM backend runs it): no float16 left, the same mask', async () => {
    const widened = widenToFloat32(patched);
    expect(intAttributesOfOp(patched, 'Cast', 'to')).toContain(10);
    expect(intAttributesOfOp(widened, 'Cast', 'to')).not.toContain(10);
    expect(describeIo(widened)).toEqual(describeIo(patched));
    const run = async (bytes: Uint8Array) => {
      const session = await ortNode.InferenceSession.create(bytes, { intraOpNumThreads: 2 });
      const out = await session.run({ input: new ortNode.Tensor('float32', probeInput(1024), [1, 3, 1024, 1024]) });
      await session.release();
      return out.output.data as Float32Array;
    };
    const half = await run(patched);
    const full = await run(widened);
    let maxDiff = 0;
    let sumDiff = 0;
    for (let i = 0; i < half.length; i++) {
      const d = Math.abs(half[i] - full[i]);
      maxDiff = Math.max(maxDiff, d);
      sumDiff += d;
    }
    console.info(`float16 vs float32 output: max diff ${maxDiff.toFixed(5)}, mean ${(sumDiff / half.length).toExponential(2)}`);
    // float32 only removes float16 rounding (measured: max 4e-4, mean 2e-7): well under a grey level.
    expect(sumDiff / half.length).toBeLessThan(1e-5);
    expect(maxDiff).toBeLessThan(0.004);
  }, 120_000);
});
