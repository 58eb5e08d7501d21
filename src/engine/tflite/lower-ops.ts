// One function per ONNX op that becomes TFLite ops at run time: each reads its
// ONNX attributes, checks it can say them exactly in TFLite, and emits NHWC
// ops through the lowering context. Anything it cannot say exactly throws,
// naming the op and node, rather than convert into a different model.
import type { Constant } from './constant-folding';
import { nhwcAxis, oihwToOhwi } from './layout';
import type { OnnxAttribute, OnnxNode, OnnxTensor } from './onnx-model';
import { Activation, BuiltinOperator, Padding, type ActivationValue } from './tflite-schema';
import type { OperatorSpec } from './tflite-writer';
import { autoPads, planWindow, type WindowDim } from './window';

/** A tensor computed at run time; `dims` are its ONNX (NCHW) dims, the file holds it NHWC. */
export interface RuntimeValue {
  kind: 'runtime';
  tensor: number;
  dims: number[];
}
export type Value = RuntimeValue | { kind: 'constant'; constant: Constant };

export interface LoweringContext {
  /** A new run-time float32 tensor with these NCHW dims. */
  runtimeTensor(name: string, dims: number[]): RuntimeValue;
  /** Constant weights (float16 or float32 in the model), reordered, as a float32 tensor. */
  weightTensor(name: string, shape: number[], source: OnnxTensor, reorder?: (data: Float32Array) => Float32Array): number;
  /** A Conv's weights (output channel first): float32, or int8 per channel where the conversion asks for the node in 8 bits. */
  convWeightTensor(node: OnnxNode, name: string, shape: number[], source: OnnxTensor, reorder: (data: Float32Array) => Float32Array): number;
  floatConstant(name: string, shape: number[], values: Float32Array): number;
  int32Constant(name: string, shape: number[], values: Int32Array): number;
  emit(op: OperatorSpec): void;
}

export interface LoweringInput {
  node: OnnxNode;
  /** The node's inputs; undefined for an omitted optional one. */
  inputs: (Value | undefined)[];
  /** A Relu fused into this node's output (Conv and Add only). */
  activation: ActivationValue;
  /** The name its (possibly fused) output is known by. */
  outputName: string;
}

type Lowering = (ctx: LoweringContext, input: LoweringInput) => RuntimeValue;

function fail(node: OnnxNode, why: string): Error {
  return new Error(`onnx→tflite: ${node.op} ${node.name || '(unnamed)'}: ${why}`);
}

function runtimeInput(node: OnnxNode, value: Value | undefined, index = 0): RuntimeValue {
  if (!value) throw fail(node, `input #${index} is missing`);
  if (value.kind !== 'runtime') throw fail(node, `input #${index} is a constant; only run-time tensors are supported there`);
  return value;
}

function tensorInput(node: OnnxNode, value: Value | undefined, what: string): OnnxTensor {
  if (!value || value.kind !== 'constant' || value.constant.kind !== 'tensor') throw fail(node, `${what} must be a constant float tensor`);
  return value.constant.tensor;
}

const attr = (node: OnnxNode, name: string): OnnxAttribute | undefined => node.attributes.get(name);
const intAttr = (node: OnnxNode, name: string, fallback: number) => Number(attr(node, name)?.i ?? BigInt(fallback));
const intsAttr = (node: OnnxNode, name: string, fallback: number[]) => {
  const a = attr(node, name);
  return a && a.ints.length ? a.ints.map(Number) : fallback;
};
const stringAttr = (node: OnnxNode, name: string, fallback: string) => attr(node, name)?.s ?? fallback;

/** The two spatial (H, W) windows of a Conv or MaxPool, pads resolved from pads or auto_pad. */
function windowDims(node: OnnxNode, input: number[], kernel: number[]): WindowDim[] {
  const strides = intsAttr(node, 'strides', [1, 1]);
  const dilations = intsAttr(node, 'dilations', [1, 1]);
  const autoPad = stringAttr(node, 'auto_pad', 'NOTSET');
  const pads = intsAttr(node, 'pads', [0, 0, 0, 0]);
  if (kernel.length !== 2 || strides.length !== 2 || dilations.length !== 2 || pads.length !== 4) throw fail(node, 'only 2-D windows are supported');
  return [0, 1].map((axis) => {
    const size = input[2 + axis];
    const [padBefore, padAfter] =
      autoPad === 'NOTSET' ? [pads[axis], pads[axis + 2]] : autoPads(autoPad, size, kernel[axis], strides[axis], dilations[axis]);
    return { input: size, kernel: kernel[axis], stride: strides[axis], dilation: dilations[axis], padBefore, padAfter };
  });
}

/** PAD with zeros ahead of a VALID window. */
function padSpatial(ctx: LoweringContext, x: RuntimeValue, pads: [number, number][], name: string): RuntimeValue {
  const [[top, bottom], [left, right]] = pads;
  const paddings = ctx.int32Constant(`${name}/paddings`, [4, 2], Int32Array.from([0, 0, top, bottom, left, right, 0, 0]));
  const [n, c, h, w] = x.dims;
  const out = ctx.runtimeTensor(name, [n, c, h + top + bottom, w + left + right]);
  ctx.emit({ op: BuiltinOperator.PAD, inputs: [x.tensor, paddings], outputs: [out.tensor], options: { table: 'PadOptions' } });
  return out;
}

const conv: Lowering = (ctx, { node, inputs, activation, outputName }) => {
  const x = runtimeInput(node, inputs[0]);
  const weight = tensorInput(node, inputs[1], 'the weight');
  if (intAttr(node, 'group', 1) !== 1) throw fail(node, 'grouped or depthwise convolution is not supported');
  const [outChannels, inChannels, kh, kw] = weight.dims;
  if (weight.dims.length !== 4 || inChannels !== x.dims[1]) throw fail(node, `weight dims ${weight.dims} do not fit input dims ${x.dims}`);
  const kernel = intsAttr(node, 'kernel_shape', [kh, kw]);
  if (kernel[0] !== kh || kernel[1] !== kw) throw fail(node, 'kernel_shape disagrees with the weight');
  const dims = windowDims(node, x.dims, kernel);
  const plan = planWindow(dims, false);
  const padded = plan.explicitPads ? padSpatial(ctx, x, plan.explicitPads, `${outputName}/pad`) : x;
  const weights = ctx.convWeightTensor(node, weight.name || `${outputName}/weight`, [outChannels, kh, kw, inChannels], weight, (data) => oihwToOhwi(data, weight.dims));
  const biasSource = inputs[2] ? tensorInput(node, inputs[2], 'the bias') : null;
  const biasValues = biasSource ? biasSource.floats() : new Float32Array(outChannels);
  if (biasValues.length !== outChannels) throw fail(node, 'the bias does not have one value per output channel');
  const bias = ctx.floatConstant(biasSource?.name || `${outputName}/bias`, [outChannels], biasValues);
  const out = ctx.runtimeTensor(outputName, [x.dims[0], outChannels, plan.output[0], plan.output[1]]);
  ctx.emit({
    op: BuiltinOperator.CONV_2D,
    inputs: [padded.tensor, weights, bias],
    outputs: [out.tensor],
    options: {
      table: 'Conv2DOptions',
      padding: Padding[plan.padding],
      strideH: dims[0].stride,
      strideW: dims[1].stride,
      dilationH: dims[0].dilation,
      dilationW: dims[1].dilation,
      activation,
    },
  });
  return out;
};

const maxPool: Lowering = (ctx, { node, inputs, outputName }) => {
  const x = runtimeInput(node, inputs[0]);
  if (node.outputs.length > 1 && node.outputs[1] !== '') throw fail(node, 'the Indices output is not supported');
  if (intAttr(node, 'storage_order', 0) !== 0) throw fail(node, 'storage_order=1 is not supported');
  const kernel = intsAttr(node, 'kernel_shape', []);
  const dims = windowDims(node, x.dims, kernel);
  if (dims.some((d) => d.dilation !== 1)) throw fail(node, 'dilated pooling is not supported');
  const plan = planWindow(dims, intAttr(node, 'ceil_mode', 0) === 1);
  // Zero padding would count in a max; only windows TFLite can pad itself (SAME) are exact.
  if (plan.explicitPads) throw fail(node, 'its pads have no exact TFLite form (SAME differs)');
  const out = ctx.runtimeTensor(outputName, [x.dims[0], x.dims[1], plan.output[0], plan.output[1]]);
  ctx.emit({
    op: BuiltinOperator.MAX_POOL_2D,
    inputs: [x.tensor],
    outputs: [out.tensor],
    options: {
      table: 'Pool2DOptions',
      padding: Padding[plan.padding],
      strideH: dims[0].stride,
      strideW: dims[1].stride,
      filterHeight: dims[0].kernel,
      filterWidth: dims[1].kernel,
      activation: Activation.NONE,
    },
  });
  return out;
};

/** ONNX coordinate_transformation_mode → TFLite's two flags, where they mean the same sampling. */
function resizeFlags(node: OnnxNode, mode: string, outH: number, outW: number): { alignCorners: boolean; halfPixelCenters: boolean } {
  switch (mode) {
    case 'half_pixel':
      return { alignCorners: false, halfPixelCenters: true };
    case 'pytorch_half_pixel':
      // Differs from half_pixel only for an output of one pixel.
      if (outH > 1 && outW > 1) return { alignCorners: false, halfPixelCenters: true };
      throw fail(node, 'pytorch_half_pixel to a size of 1 is not supported');
    case 'align_corners':
      return { alignCorners: true, halfPixelCenters: false };
    case 'asymmetric':
      return { alignCorners: false, halfPixelCenters: false };
    default:
      throw fail(node, `coordinate_transformation_mode ${mode} is not supported`);
  }
}

function resizeTarget(node: OnnxNode, x: RuntimeValue, scales: Value | undefined, sizes: Value | undefined): [number, number] {
  if (sizes) {
    if (sizes.kind !== 'constant' || sizes.constant.kind !== 'ints') throw fail(node, 'sizes must be known at conversion time');
    const values = sizes.constant.values.map(Number);
    if (values.length !== 4 || values[0] !== x.dims[0] || values[1] !== x.dims[1]) throw fail(node, `sizes ${values} must keep batch and channels`);
    return [values[2], values[3]];
  }
  if (!scales || scales.kind !== 'constant' || scales.constant.kind !== 'tensor') throw fail(node, 'needs constant scales or sizes');
  const factors = [...scales.constant.tensor.floats()];
  if (factors.length !== 4 || factors[0] !== 1 || factors[1] !== 1) throw fail(node, `scales ${factors} must keep batch and channels`);
  const out = [x.dims[2] * factors[2], x.dims[3] * factors[3]];
  // ONNX samples with the given scale, TFLite with in/out: equal only for whole sizes.
  if (!out.every(Number.isInteger)) throw fail(node, `scales ${factors} do not give a whole size`);
  return [out[0], out[1]];
}

const resize: Lowering = (ctx, { node, inputs, outputName }) => {
  const x = runtimeInput(node, inputs[0]);
  const mode = stringAttr(node, 'mode', 'nearest');
  if (mode !== 'linear') throw fail(node, `mode ${mode} is not supported (only linear)`);
  if (intAttr(node, 'antialias', 0) !== 0) throw fail(node, 'antialias is not supported');
  if (attr(node, 'axes')) throw fail(node, 'the axes attribute is not supported');
  if (stringAttr(node, 'keep_aspect_ratio_policy', 'stretch') !== 'stretch') throw fail(node, 'keep_aspect_ratio_policy other than stretch is not supported');
  const [outH, outW] = resizeTarget(node, x, inputs[2], inputs[3]);
  const flags = resizeFlags(node, stringAttr(node, 'coordinate_transformation_mode', 'half_pixel'), outH, outW);
  const size = ctx.int32Constant(`${outputName}/size`, [2], Int32Array.from([outH, outW]));
  const out = ctx.runtimeTensor(outputName, [x.dims[0], x.dims[1], outH, outW]);
  ctx.emit({ op: BuiltinOperator.RESIZE_BILINEAR, inputs: [x.tensor, size], outputs: [out.tensor], options: { table: 'ResizeBilinearOptions', ...flags } });
  return out;
};

const concat: Lowering = (ctx, { node, inputs, outputName }) => {
  const parts = inputs.map((v, i) => runtimeInput(node, v, i));
  const axis = intAttr(node, 'axis', 1);
  const rank = parts[0].dims.length;
  const normal = axis < 0 ? axis + rank : axis;
  const dims = [...parts[0].dims];
  for (const p of parts.slice(1)) {
    if (p.dims.some((d, i) => i !== normal && d !== dims[i])) throw fail(node, `inputs ${p.dims} and ${parts[0].dims} differ off the axis`);
    dims[normal] += p.dims[normal];
  }
  const out = ctx.runtimeTensor(outputName, dims);
  ctx.emit({
    op: BuiltinOperator.CONCATENATION,
    inputs: parts.map((p) => p.tensor),
    outputs: [out.tensor],
    options: { table: 'ConcatenationOptions', axis: nhwcAxis(axis, rank), activation: Activation.NONE },
  });
  return out;
};

const add: Lowering = (ctx, { node, inputs, activation, outputName }) => {
  const a = runtimeInput(node, inputs[0], 0);
  const b = runtimeInput(node, inputs[1], 1);
  if (a.dims.some((d, i) => d !== b.dims[i])) throw fail(node, `broadcasting (${a.dims} + ${b.dims}) is not supported`);
  const out = ctx.runtimeTensor(outputName, a.dims);
  ctx.emit({ op: BuiltinOperator.ADD, inputs: [a.tensor, b.tensor], outputs: [out.tensor], options: { table: 'AddOptions', activation } });
  return out;
};

const unary =
  (op: typeof BuiltinOperator.RELU | typeof BuiltinOperator.LOGISTIC): Lowering =>
  (ctx, { node, inputs, outputName }) => {
    const x = runtimeInput(node, inputs[0]);
    const out = ctx.runtimeTensor(outputName, x.dims);
    ctx.emit({ op, inputs: [x.tensor], outputs: [out.tensor] });
    return out;
  };

/** A Cast between float types (or Identity) on a run-time tensor: the file computes in float32 throughout. */
const passThrough: Lowering = (_ctx, { node, inputs }) => {
  const to = intAttr(node, 'to', 1);
  if (node.op === 'Cast' && to !== 1 && to !== 10) throw fail(node, `a run-time cast to type ${to} is not supported`);
  return runtimeInput(node, inputs[0]);
};

export const LOWERINGS: Record<string, Lowering> = {
  Conv: conv,
  MaxPool: maxPool,
  Resize: resize,
  Concat: concat,
  Add: add,
  Relu: unary(BuiltinOperator.RELU),
  Sigmoid: unary(BuiltinOperator.LOGISTIC),
  Cast: passThrough,
  Identity: passThrough,
};

/** ONNX ops whose output can take a fused Relu. */
export const TAKES_FUSED_RELU = new Set(['Conv', 'Add']);
