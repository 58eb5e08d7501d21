// quantiseConvs on small graphs built here: the chosen Convs become
// DynamicQuantizeLinear + ConvInteger + Cast + Mul + Add, the result runs in
// onnxruntime-node, stays within the error 8-bit activations and weights can
// cause, and every Conv not chosen keeps its node and weights byte for byte.
import * as ort from 'onnxruntime-node';
import { describe, expect, test } from 'vitest';
import { GraphProto, TensorProto, graphOf, opTypeOf } from '../../../src/engine/onnx/onnx-graph';
import { bytesField, bytesOf, decodeMessage, encodeMessage, encodeString, messages, strings, varintField, type ProtoField } from '../../../src/engine/onnx/protobuf';
import { convsOf, quantiseConvs, quantiseWeights } from '../../../bench/lib/quantise-convs';

const FLOAT = 1;
const FLOAT16 = 10;
const SIDE = 12;

/** A seeded generator in [-1, 1). */
function noise(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 31 - 1;
  };
}

/** Weights whose output channels differ in size by up to 50×, as trained convolutions' do. */
function weights(out: number, inputs: number, k: number, seed: number): Float32Array {
  const random = noise(seed);
  const w = new Float32Array(out * inputs * k * k);
  const per = inputs * k * k;
  for (let m = 0; m < out; m++) for (let i = 0; i < per; i++) w[m * per + i] = random() * 0.02 * (1 + 49 * (m / Math.max(1, out - 1)));
  return w;
}

function floatToHalf(value: number): number {
  const f = new Float32Array([value]);
  const bits = new Uint32Array(f.buffer)[0];
  const sign = (bits >>> 16) & 0x8000;
  const exponent = ((bits >>> 23) & 0xff) - 127 + 15;
  const mantissa = bits & 0x7fffff;
  if (exponent <= 0) return sign | Math.round((mantissa | 0x800000) / 2 ** (14 - exponent));
  return sign | (exponent << 10) | Math.round(mantissa / 8192);
}

function tensor(name: string, dims: number[], values: Float32Array, type: number): Uint8Array {
  const raw = type === FLOAT16 ? new Uint8Array(Uint16Array.from(values, floatToHalf).buffer) : new Uint8Array(values.buffer.slice(0));
  return encodeMessage([
    ...dims.map((d) => varintField(1, BigInt(d))),
    varintField(TensorProto.dataType, BigInt(type)),
    bytesField(TensorProto.name, encodeString(name)),
    bytesField(TensorProto.rawData, raw),
  ]);
}

function valueInfo(name: string, dims: number[]): Uint8Array {
  const shape = encodeMessage(dims.map((d) => bytesField(1, encodeMessage([varintField(1, BigInt(d))]))));
  const tensorType = encodeMessage([varintField(1, BigInt(FLOAT)), bytesField(2, shape)]);
  return encodeMessage([bytesField(1, encodeString(name)), bytesField(2, encodeMessage([bytesField(1, tensorType)]))]);
}

function attribute(name: string, value: number | number[]): Uint8Array {
  const fields = [bytesField(1, encodeString(name))];
  if (Array.isArray(value)) fields.push(...value.map((v) => varintField(8, BigInt(v))), varintField(20, 7n));
  else fields.push(varintField(3, BigInt(value)), varintField(20, 2n));
  return encodeMessage(fields);
}

function node(op: string, name: string, inputs: string[], outputs: string[], attributes: Uint8Array[] = []): Uint8Array {
  return encodeMessage([
    ...inputs.map((v) => bytesField(1, encodeString(v))),
    ...outputs.map((v) => bytesField(2, encodeString(v))),
    bytesField(3, encodeString(name)),
    bytesField(4, encodeString(op)),
    ...attributes.map((a) => bytesField(5, a)),
  ]);
}

interface ConvSpec {
  name: string;
  input: string;
  output: string;
  out: number;
  inputs: number;
  k: number;
  bias: boolean;
  seed: number;
}

const convAttributes = (k: number) => [attribute('kernel_shape', [k, k]), attribute('pads', new Array(4).fill((k - 1) / 2)), attribute('strides', [1, 1])];

/**
 * A model: input (float, 1×3×SIDE²) → the convs (and any extra nodes) → outputs.
 * With float16 weights the graph computes in float16 between two Casts, as
 * the shipped ISNet does.
 */
function model(convs: ConvSpec[], extra: Uint8Array[], outputs: { name: string; channels: number }[], type = FLOAT): Uint8Array {
  const nodes: Uint8Array[] = [];
  const initializers: Uint8Array[] = [];
  const half = type === FLOAT16;
  const rename = (v: string) => (half && v === 'input' ? 'input_half' : half && outputs.some((o) => o.name === v) ? `${v}_half` : v);
  if (half) nodes.push(node('Cast', 'input_cast', ['input'], ['input_half'], [attribute('to', FLOAT16)]));
  for (const c of convs) {
    const inputs = [rename(c.input), `${c.name}.weight`];
    initializers.push(tensor(`${c.name}.weight`, [c.out, c.inputs, c.k, c.k], weights(c.out, c.inputs, c.k, c.seed), type));
    if (c.bias) {
      inputs.push(`${c.name}.bias`);
      initializers.push(tensor(`${c.name}.bias`, [c.out], Float32Array.from({ length: c.out }, (_, i) => 0.1 * Math.sin(i + c.seed)), type));
    }
    nodes.push(node('Conv', c.name, inputs, [rename(c.output)], convAttributes(c.k)));
  }
  nodes.push(...extra);
  if (half) for (const o of outputs) nodes.push(node('Cast', `${o.name}_cast`, [`${o.name}_half`], [o.name], [attribute('to', FLOAT)]));
  const graph = encodeMessage([
    ...nodes.map((n) => bytesField(GraphProto.node, n)),
    bytesField(2, encodeString('test')),
    ...initializers.map((t) => bytesField(GraphProto.initializer, t)),
    bytesField(GraphProto.input, valueInfo('input', [1, 3, SIDE, SIDE])),
    ...outputs.map((o) => bytesField(GraphProto.output, valueInfo(o.name, [1, o.channels, SIDE, SIDE]))),
  ]);
  const opset = encodeMessage([bytesField(1, encodeString('')), varintField(2, 15n)]);
  return encodeMessage([varintField(1, 8n), bytesField(7, graph), bytesField(8, opset)]);
}

/** An image-like input in the model's range (x/255 − 0.5). */
const input = Float32Array.from({ length: 3 * SIDE * SIDE }, (_, i) => 0.4 * Math.sin(i / 7) * Math.cos(i / 31) - 0.05);

async function run(bytes: Uint8Array): Promise<Record<string, Float32Array>> {
  const session = await ort.InferenceSession.create(bytes, { intraOpNumThreads: 1 });
  const results = await session.run({ input: new ort.Tensor('float32', input, [1, 3, SIDE, SIDE]) });
  await session.release();
  return Object.fromEntries(Object.entries(results).map(([name, value]) => [name, value.data as Float32Array]));
}

/**
 * The worst error 8-bit rounding can cause in each output of a 3×3 conv
 * (padding 1) of `x` by `w`: every product x·w with x off by up to one input
 * step and w off by half its channel's step.
 */
function errorBound(x: Float32Array, w: Float32Array, out: number, channels: number, weightSteps: Float32Array): Float32Array {
  const inputStep = (Math.max(0, ...x) - Math.min(0, ...x)) / 255;
  const bound = new Float32Array(out * SIDE * SIDE);
  for (let m = 0; m < out; m++) {
    for (let y = 0; y < SIDE; y++) {
      for (let xx = 0; xx < SIDE; xx++) {
        let sum = 0;
        for (let c = 0; c < channels; c++) {
          for (let ky = 0; ky < 3; ky++) {
            for (let kx = 0; kx < 3; kx++) {
              const sy = y + ky - 1;
              const sx = xx + kx - 1;
              const xv = sy < 0 || sx < 0 || sy >= SIDE || sx >= SIDE ? 0 : x[c * SIDE * SIDE + sy * SIDE + sx];
              const wv = w[((m * channels + c) * 3 + ky) * 3 + kx];
              sum += Math.abs(wv) * inputStep + (Math.abs(xv) + inputStep) * weightSteps[m] / 2;
            }
          }
        }
        bound[m * SIDE * SIDE + y * SIDE + xx] = sum;
      }
    }
  }
  return bound;
}

const conv = (spec: Partial<ConvSpec> & Pick<ConvSpec, 'name' | 'input' | 'output' | 'out' | 'inputs'>): ConvSpec => ({ k: 3, bias: true, seed: spec.name.length * 17 + 3, ...spec });

/** input → a (8 ch) → relu → b (4 ch) = y; relu → c (2 ch, 1×1, no bias) = z. */
const chain = (type = FLOAT) =>
  model(
    [
      conv({ name: 'a', input: 'input', output: 'a_out', out: 8, inputs: 3 }),
      conv({ name: 'b', input: 'relu', output: 'y', out: 4, inputs: 8 }),
      conv({ name: 'c', input: 'relu', output: 'z', out: 2, inputs: 8, k: 1, bias: false, seed: 11 }),
    ],
    [node('Relu', 'relu', ['a_out'], ['relu'])],
    [
      { name: 'y', channels: 4 },
      { name: 'z', channels: 2 },
    ],
    type,
  );

const nodesByName = (bytes: Uint8Array) => new Map(messages(graphOf(decodeMessage(bytes)), GraphProto.node).map((n) => [strings(n, 3)[0], encodeMessage(n)]));
const initializerBytes = (bytes: Uint8Array) =>
  new Map(
    graphOf(decodeMessage(bytes))
      .filter((f) => f.field === GraphProto.initializer)
      .map((f) => [strings(decodeMessage(bytesOf(f)), TensorProto.name)[0], bytesOf(f)]),
  );
const opTypes = (bytes: Uint8Array) => messages(graphOf(decodeMessage(bytes)), GraphProto.node).map(opTypeOf);

function maxAbs(a: Float32Array, b: Float32Array): number {
  let max = 0;
  for (let i = 0; i < a.length; i++) max = Math.max(max, Math.abs(a[i] - b[i]));
  return max;
}

describe('quantiseWeights', () => {
  test('rounds each channel to 127 steps of its own largest weight, stored around 128', () => {
    const { quantised, scales } = quantiseWeights(Float32Array.of(0.5, -1, 0.25, 0.011, -0.02, 0), 2, 'channel');
    expect([...scales]).toEqual([Math.fround(1 / 127), Math.fround(0.02 / 127)]);
    expect([...quantised]).toEqual([128 + 64, 1, 128 + 32, 128 + 70, 1, 128]);
  });

  test('per tensor, small channels get few levels', () => {
    const { quantised, scales } = quantiseWeights(Float32Array.of(0.5, -1, 0.25, 0.011, -0.02, 0), 2, 'tensor');
    expect([...scales]).toEqual([Math.fround(1 / 127), Math.fround(1 / 127)]);
    expect([...quantised.slice(3)]).toEqual([129, 125, 128]);
  });

  test('an all-zero channel quantises to the zero point', () => {
    const { quantised, scales } = quantiseWeights(new Float32Array(4), 2, 'channel');
    expect([...quantised]).toEqual([128, 128, 128, 128]);
    expect([...scales]).toEqual([1, 1]);
  });
});

describe('quantiseConvs', () => {
  test('lists the convs a selection can pick from', () => {
    expect(convsOf(chain()).map(({ name, weightDims, weightType }) => ({ name, weightDims, weightType }))).toEqual([
      { name: 'a', weightDims: [8, 3, 3, 3], weightType: FLOAT },
      { name: 'b', weightDims: [4, 8, 3, 3], weightType: FLOAT },
      { name: 'c', weightDims: [2, 8, 1, 1], weightType: FLOAT },
    ]);
  });

  test('one conv: within the 8-bit error bound of the float result, per channel and per tensor', async () => {
    const single = model([conv({ name: 'a', input: 'input', output: 'y', out: 8, inputs: 3 })], [], [{ name: 'y', channels: 8 }]);
    const reference = (await run(single)).y;
    const w = weights(8, 3, 3, 'a'.length * 17 + 3);
    for (const granularity of ['channel', 'tensor'] as const) {
      const { bytes, report } = quantiseConvs(single, new Set(['a']), { granularity });
      expect(report).toEqual({ quantised: ['a'], activationsQuantised: 1 });
      expect(opTypes(bytes)).toEqual(['DynamicQuantizeLinear', 'Mul', 'ConvInteger', 'Cast', 'Mul', 'Add']);
      const got = (await run(bytes)).y;
      const bound = errorBound(input, w, 8, 3, quantiseWeights(w, 8, granularity).scales);
      for (let i = 0; i < got.length; i++) expect(Math.abs(got[i] - reference[i])).toBeLessThanOrEqual(bound[i] + 1e-6);
      // Far from free, far from the bound's worst case: the errors mostly cancel.
      expect(maxAbs(got, reference)).toBeGreaterThan(0);
    }
  });

  test('per-channel scales keep small channels accurate where one scale per tensor does not', async () => {
    const single = model([conv({ name: 'a', input: 'input', output: 'y', out: 8, inputs: 3 })], [], [{ name: 'y', channels: 8 }]);
    const reference = (await run(single)).y;
    const smallChannel = (data: Float32Array) => data.subarray(0, SIDE * SIDE);
    const errorOf = async (granularity: 'channel' | 'tensor') =>
      maxAbs(smallChannel((await run(quantiseConvs(single, () => true, { granularity }).bytes)).y), smallChannel(reference));
    expect(await errorOf('channel')).toBeLessThan((await errorOf('tensor')) / 3);
  });

  test('convs not chosen keep their nodes and weights byte for byte; replaced weights are dropped', async () => {
    const float = chain();
    const { bytes, report } = quantiseConvs(float, (c) => c.name === 'a');
    expect(report.quantised).toEqual(['a']);
    const before = nodesByName(float);
    const after = nodesByName(bytes);
    for (const name of ['b', 'c', 'relu']) expect(after.get(name)).toEqual(before.get(name));
    expect(after.has('a')).toBe(false);
    const weightsBefore = initializerBytes(float);
    const weightsAfter = initializerBytes(bytes);
    for (const name of ['b.weight', 'b.bias', 'c.weight']) expect(weightsAfter.get(name)).toEqual(weightsBefore.get(name));
    expect(weightsAfter.has('a.weight')).toBe(false);
    expect(weightsAfter.has('a.bias')).toBe(false);
    const reference = await run(float);
    const got = await run(bytes);
    // Relative to the outputs' size: a few 8-bit steps at most.
    for (const name of ['y', 'z']) expect(maxAbs(got[name], reference[name])).toBeLessThan(0.02 * Math.max(...reference[name].map(Math.abs)));
  });

  test('convs reading one activation share its DynamicQuantizeLinear; a conv without bias ends on the Mul', async () => {
    const float = chain();
    const { bytes, report } = quantiseConvs(float, new Set(['b', 'c']));
    expect(report).toEqual({ quantised: ['b', 'c'], activationsQuantised: 1 });
    expect(opTypes(bytes).filter((op) => op === 'DynamicQuantizeLinear')).toHaveLength(1);
    expect(opTypes(bytes).filter((op) => op === 'Add')).toHaveLength(1);
    const reference = await run(float);
    const got = await run(bytes);
    for (const name of ['y', 'z']) expect(maxAbs(got[name], reference[name])).toBeLessThan(0.02 * Math.max(...reference[name].map(Math.abs)));
  });

  test('a float16 graph: quantised between Casts, float16 again after', async () => {
    const half = chain(FLOAT16);
    const { bytes, report } = quantiseConvs(half, () => true);
    expect(report).toEqual({ quantised: ['a', 'b', 'c'], activationsQuantised: 2 });
    const ops = opTypes(bytes);
    expect(ops.filter((op) => op === 'ConvInteger')).toHaveLength(3);
    expect(ops.filter((op) => op === 'Conv')).toHaveLength(0);
    const reference = await run(chain());
    const got = await run(bytes);
    for (const name of ['y', 'z']) expect(maxAbs(got[name], reference[name])).toBeLessThan(0.03 * Math.max(...reference[name].map(Math.abs)));
  });

  test('nothing chosen: the model comes back byte for byte', () => {
    const float = chain();
    expect(quantiseConvs(float, new Set()).bytes).toEqual(float);
  });

  test('refuses an opset without DynamicQuantizeLinear', () => {
    const old = decodeMessage(chain()).map((f): ProtoField => (f.field === 8 ? bytesField(8, encodeMessage([bytesField(1, encodeString('')), varintField(2, 10n)])) : f));
    expect(() => quantiseConvs(encodeMessage(old), () => true)).toThrow(/opset 11/);
  });
});
