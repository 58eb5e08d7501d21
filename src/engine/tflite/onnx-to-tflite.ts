// ONNX (as the app patches ISNet: float16 or widened float32 weights, static
// input side) → a .tflite file for LiteRT's XNNPACK CPU path. Walks the nodes
// in order: integer size sub-graphs fold to constants (constant-folding.ts),
// every other node becomes NHWC TFLite ops (lower-ops.ts), a Relu that is a
// Conv's or Add's only reader fuses into it, float casts vanish (the file
// computes in float32). What it cannot convert exactly, it throws on.
import { FOLDABLE_OPS, constantOf, foldNode } from './constant-folding';
import { topologicalOrder } from './graph-order';
import { nhwcShape } from './layout';
import { LOWERINGS, TAKES_FUSED_RELU, type LoweringContext, type RuntimeValue, type Value } from './lower-ops';
import { readOnnxGraph, type OnnxGraph, type OnnxNode } from './onnx-model';
import { int8PerChannel } from './int8-weights';
import { Activation, BuiltinOperator, TensorType } from './tflite-schema';
import { TfliteWriter } from './tflite-writer';

export interface OnnxToTfliteOptions {
  /**
   * 'nhwc' (default): the file's input is [N, H, W, C], the caller reorders.
   * 'nchw': the file takes the ONNX layout and starts with a TRANSPOSE.
   */
  inputLayout?: 'nhwc' | 'nchw';
  /** Conv nodes whose weights are stored in 8 bits (./int8-weights.ts); every other weight stays float32. */
  int8Convs?: (nodeName: string) => boolean;
}

export interface TfliteConversion {
  bytes: Uint8Array;
  input: { name: string; shape: number[] };
  /** Its memory order is ONNX's (a 1-channel NHWC tensor is laid out as NCHW). */
  output: { name: string; shape: number[] };
  /** How many of each ONNX op the graph had (folded and fused ones included). */
  onnxOps: Record<string, number>;
  /** How many of each TFLite op the file runs. */
  tfliteOps: Record<string, number>;
  /** How many Conv weights were stored in 8 bits. */
  int8Weights: number;
}

const OP_NAMES = Object.fromEntries(Object.entries(BuiltinOperator).map(([name, code]) => [code, name])) as Record<number, string>;

/** Bytes of a typed array, for a buffer. */
const bytesOf = (values: Float32Array | Int32Array | Int8Array) => new Uint8Array(values.buffer, values.byteOffset, values.byteLength);

/** Nodes whose only reader is a Relu, mapped to that Relu: the Relu fuses into them. */
function fusableRelus(graph: OnnxGraph): Map<OnnxNode, OnnxNode> {
  const readers = new Map<string, OnnxNode[]>();
  for (const node of graph.nodes) for (const name of node.inputs) readers.set(name, [...(readers.get(name) ?? []), node]);
  const graphOutputs = new Set(graph.outputs.map((o) => o.name));
  const fused = new Map<OnnxNode, OnnxNode>();
  for (const node of graph.nodes) {
    if (!TAKES_FUSED_RELU.has(node.op) || node.outputs.length !== 1) continue;
    const output = node.outputs[0];
    const reader = readers.get(output);
    if (graphOutputs.has(output) || reader?.length !== 1 || reader[0].op !== 'Relu') continue;
    fused.set(node, reader[0]);
  }
  return fused;
}

/** Bytes of every weight as float32, plus room for the tables. */
function fileSizeHint(graph: OnnxGraph): number {
  let elements = 0;
  for (const t of graph.initializers.values()) elements += t.dims.reduce((a, b) => a * b, 1);
  return elements * 4 + (1 << 20);
}

export function onnxToTflite(onnxBytes: Uint8Array, options: OnnxToTfliteOptions = {}): TfliteConversion {
  const inputLayout = options.inputLayout ?? 'nhwc';
  const graph = readOnnxGraph(onnxBytes);
  if (graph.opset < 11) throw new Error(`onnx→tflite: opset ${graph.opset} is older than 11 (Resize differs there)`);
  if (graph.inputs.length !== 1 || graph.outputs.length !== 1) throw new Error('onnx→tflite: only a graph with one input and one output is supported');
  const writer = new TfliteWriter(fileSizeHint(graph));
  const tfliteOps: Record<string, number> = {};
  const onnxOps: Record<string, number> = {};
  let int8Weights = 0;

  const ctx: LoweringContext = {
    runtimeTensor(name, dims) {
      if (dims.some((d) => !Number.isInteger(d) || d <= 0)) throw new Error(`onnx→tflite: ${name} has no static shape (${dims})`);
      return { kind: 'runtime', tensor: writer.addTensor({ name, shape: nhwcShape(dims), type: TensorType.float32 }), dims };
    },
    weightTensor(name, shape, source, reorder = (d) => d) {
      return ctx.floatConstant(name, shape, reorder(source.floats()));
    },
    convWeightTensor(node, name, shape, source, reorder) {
      if (!options.int8Convs?.(node.name)) return ctx.weightTensor(name, shape, source, reorder);
      const { values, scales } = int8PerChannel(reorder(source.floats()), shape[0]);
      int8Weights++;
      return writer.addTensor({ name, shape, type: TensorType.int8, buffer: writer.addBuffer(bytesOf(values)), quantization: { scales, dimension: 0 } });
    },
    floatConstant(name, shape, values) {
      return writer.addTensor({ name, shape, type: TensorType.float32, buffer: writer.addBuffer(bytesOf(values)) });
    },
    int32Constant(name, shape, values) {
      return writer.addTensor({ name, shape, type: TensorType.int32, buffer: writer.addBuffer(bytesOf(values)) });
    },
    emit(op) {
      writer.addOperator(op);
      tfliteOps[OP_NAMES[op.op]] = (tfliteOps[OP_NAMES[op.op]] ?? 0) + 1;
    },
  };

  const values = new Map<string, Value>();
  for (const [name, tensor] of graph.initializers) values.set(name, { kind: 'constant', constant: constantOf(tensor) });

  const [graphInput] = graph.inputs;
  const inputDims = graphInput.dims;
  if (inputDims.length !== 4 || inputDims.some((d) => d <= 0)) throw new Error(`onnx→tflite: input ${graphInput.name} needs a static 4-D shape, not ${inputDims}`);
  let fileInput: number;
  if (inputLayout === 'nchw') {
    fileInput = writer.addTensor({ name: graphInput.name, shape: inputDims, type: TensorType.float32 });
    const perm = ctx.int32Constant(`${graphInput.name}/perm`, [4], Int32Array.from([0, 2, 3, 1]));
    const nhwc = ctx.runtimeTensor(`${graphInput.name}/nhwc`, inputDims);
    ctx.emit({ op: BuiltinOperator.TRANSPOSE, inputs: [fileInput, perm], outputs: [nhwc.tensor], options: { table: 'TransposeOptions' } });
    values.set(graphInput.name, nhwc);
  } else {
    const input = ctx.runtimeTensor(graphInput.name, inputDims);
    fileInput = input.tensor;
    values.set(graphInput.name, input);
  }

  const fused = fusableRelus(graph);
  const fusedRelus = new Set(fused.values());
  const shapeOf = (name: string) => {
    const v = values.get(name);
    return v?.kind === 'runtime' ? v.dims : undefined;
  };
  for (const node of topologicalOrder(graph.nodes, values.keys())) {
    onnxOps[node.op] = (onnxOps[node.op] ?? 0) + 1;
    if (fusedRelus.has(node)) continue;
    if (node.domain !== '' && node.domain !== 'ai.onnx') throw new Error(`onnx→tflite: op ${node.domain}.${node.op} (node ${node.name}) is not supported`);
    const inputs = node.inputs.map((name) => {
      if (name === '') return undefined;
      const value = values.get(name);
      if (!value) throw new Error(`onnx→tflite: ${node.op} ${node.name} reads ${name}, which nothing produced before it`);
      return value;
    });
    const allConstant = inputs.every((v) => v === undefined || v.kind === 'constant');
    if (FOLDABLE_OPS.has(node.op) && (node.op === 'Shape' || allConstant)) {
      const constants = inputs.map((v) => (v?.kind === 'constant' ? v.constant : undefined));
      values.set(node.outputs[0], { kind: 'constant', constant: foldNode(node, constants, shapeOf) });
      continue;
    }
    const lower = LOWERINGS[node.op];
    if (!lower) throw new Error(`onnx→tflite: unsupported op ${node.op} (node ${node.name || 'unnamed'})`);
    const relu = fused.get(node);
    const outputName = relu ? relu.outputs[0] : node.outputs[0];
    const result = lower(ctx, { node, inputs, activation: relu ? Activation.RELU : Activation.NONE, outputName });
    values.set(outputName, result);
  }

  const [graphOutput] = graph.outputs;
  const result = values.get(graphOutput.name);
  if (!result || result.kind !== 'runtime') throw new Error(`onnx→tflite: output ${graphOutput.name} is not computed at run time`);
  const fileOutput = outputInOnnxOrder(ctx, writer, result, graphOutput.name);
  const inputShape = inputLayout === 'nchw' ? inputDims : nhwcShape(inputDims);
  const bytes = writer.finish({
    inputs: [fileInput],
    outputs: [fileOutput.tensor],
    signature: { key: 'serving_default', inputs: [{ name: graphInput.name, tensor: fileInput }], outputs: [{ name: graphOutput.name, tensor: fileOutput.tensor }] },
    description: 'converted from ONNX by cutout-studio onnx-to-tflite',
  });
  return {
    bytes,
    input: { name: graphInput.name, shape: inputShape },
    output: { name: graphOutput.name, shape: fileOutput.shape },
    onnxOps,
    tfliteOps,
    int8Weights,
  };
}

/** The output as a tensor whose memory order is NCHW: free for one channel, a TRANSPOSE otherwise. */
function outputInOnnxOrder(ctx: LoweringContext, writer: TfliteWriter, value: RuntimeValue, name: string): { tensor: number; shape: number[] } {
  const [n, c, h, w] = value.dims;
  if (c === 1) return { tensor: value.tensor, shape: [n, h, w, c] };
  const perm = ctx.int32Constant(`${name}/perm`, [4], Int32Array.from([0, 3, 1, 2]));
  const out = writer.addTensor({ name: `${name}/nchw`, shape: [n, c, h, w], type: TensorType.float32 });
  ctx.emit({ op: BuiltinOperator.TRANSPOSE, inputs: [value.tensor, perm], outputs: [out], options: { table: 'TransposeOptions' } });
  return { tensor: out, shape: [n, c, h, w] };
}
