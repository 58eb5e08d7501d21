// Mixed precision for ISNet: chosen Conv nodes replaced by dynamic 8-bit
// quantisation, the rest left byte for byte as they were. Whole-graph dynamic
// quantisation (the data package's quint8 model) is ~0.65× the time on WASM
// but speckles on faint textures (npm run eval:quint8); quantising only the
// convolutions where it is harmless (npm run bench:quant) is the idea.
//
// Each chosen Conv becomes the pattern onnxruntime's CPU kernels run (the same
// one the quint8 model uses):
//
//   x ─[Cast to float, if the graph is float16]─ DynamicQuantizeLinear ─┬─ x_q, x_zero_point
//                                                                       └─ x_scale
//   ConvInteger(x_q, W_q, x_zero_point, 128) ─ Cast to float ─ Mul(x_scale · w_scale[m]) ─ Add(bias)
//     ─[Cast back to float16]─ the Conv's output, under its old name
//
// ORT's ConvInteger takes uint8 activations and uint8 weights only, and one
// weight zero point per tensor ("Non per-tensor quantization is not supported
// now"). Weights are therefore quantised symmetrically, stored as uint8 with a
// zero point of 128 shared by every channel, and the scale is per output
// channel: the integer convolution does not need it, the float Mul after it
// applies it per channel. One DynamicQuantizeLinear serves every chosen Conv
// that reads the same activation.
import { readFloat16 } from '../../src/engine/onnx/float16';
import { AttributeProto, GraphProto, NodeProto, TensorProto, ValueInfoProto, dataTypeOf, graphOf, opTypeOf, withGraph } from '../../src/engine/onnx/onnx-graph';
import { bytesField, bytesOf, decodeMessage, encodeMessage, encodeString, first, messages, readInt64s, strings, varintField, varintOf, type ProtoField } from '../../src/engine/onnx/protobuf';

/** TensorProto.DataType values this rewrite writes or reads. */
const FLOAT = 1;
const UINT8 = 2;
const FLOAT16 = 10;
/** NodeProto.name, AttributeProto.type, TensorProto.dims; AttributeProto.AttributeType INT. */
const NODE_NAME = 3;
const ATTRIBUTE_TYPE = 20;
const TENSOR_DIMS = 1;
/** ModelProto.opset_import; OperatorSetIdProto is { domain: 1, version: 2 }. */
const MODEL_OPSET_IMPORT = 8;
const ATTRIBUTE_INT = 2n;
/** The shared weight zero point: symmetric int8 weights stored as uint8. */
const WEIGHT_ZERO_POINT = 128;

/** One Conv node of a graph, as a selection sees it. */
export interface ConvSummary {
  name: string;
  /** The value it writes (kept as it is when the Conv is quantised). */
  output: string;
  /** [out channels, in channels / group, kH, kW]. */
  weightDims: number[];
  /** ONNX element type of its weights: 1 float, 10 float16. */
  weightType: number;
}

export type ConvSelection = ReadonlySet<string> | ((conv: ConvSummary) => boolean);

export interface QuantiseOptions {
  /** One weight scale per output channel (default) or one per tensor. */
  granularity?: 'channel' | 'tensor';
}

export interface QuantiseReport {
  /** Names of the Conv nodes replaced, in graph order. */
  quantised: string[];
  /** Distinct activations given a DynamicQuantizeLinear. */
  activationsQuantised: number;
}

/** A float or float16 initializer's values as float32. */
function floatValues(tensor: ProtoField[]): Float32Array {
  const type = dataTypeOf(tensor);
  const raw = first(tensor, TensorProto.rawData);
  if (!raw) throw new Error(`onnx: initializer ${strings(tensor, TensorProto.name)[0]} has no raw_data`);
  // A copy, so the views start aligned.
  const bytes = new Uint8Array(bytesOf(raw));
  if (type === FLOAT) return new Float32Array(bytes.buffer);
  if (type === FLOAT16) return readFloat16(new Uint16Array(bytes.buffer));
  throw new Error(`onnx: initializer ${strings(tensor, TensorProto.name)[0]} is of type ${type}, not float or float16`);
}

function tensor(name: string, dataType: number, dims: number[], raw: Uint8Array): Uint8Array {
  return encodeMessage([
    ...dims.map((d) => varintField(TENSOR_DIMS, BigInt(d))),
    varintField(TensorProto.dataType, BigInt(dataType)),
    bytesField(TensorProto.name, encodeString(name)),
    bytesField(TensorProto.rawData, raw),
  ]);
}

const floatTensor = (name: string, dims: number[], values: Float32Array) => tensor(name, FLOAT, dims, new Uint8Array(values.buffer, values.byteOffset, values.byteLength));

function intAttribute(name: string, value: number): Uint8Array {
  return encodeMessage([bytesField(AttributeProto.name, encodeString(name)), varintField(AttributeProto.i, BigInt(value)), varintField(ATTRIBUTE_TYPE, ATTRIBUTE_INT)]);
}

function node(opType: string, name: string, inputs: string[], outputs: string[], attributes: Uint8Array[] = []): ProtoField[] {
  return [
    ...inputs.map((v) => bytesField(NodeProto.input, encodeString(v))),
    ...outputs.map((v) => bytesField(NodeProto.output, encodeString(v))),
    bytesField(NODE_NAME, encodeString(name)),
    bytesField(NodeProto.opType, encodeString(opType)),
    ...attributes.map((a) => bytesField(NodeProto.attribute, a)),
  ];
}

/** Symmetric 8-bit weights, stored as uint8 around 128, and their scales (one per channel or one in all). */
export function quantiseWeights(values: Float32Array, outChannels: number, granularity: 'channel' | 'tensor'): { quantised: Uint8Array; scales: Float32Array } {
  const perChannel = values.length / outChannels;
  const channelMax = new Float32Array(outChannels);
  for (let m = 0; m < outChannels; m++) {
    let max = 0;
    for (let i = m * perChannel; i < (m + 1) * perChannel; i++) max = Math.max(max, Math.abs(values[i]));
    channelMax[m] = max;
  }
  const tensorMax = channelMax.reduce((a, b) => Math.max(a, b), 0);
  const scales = new Float32Array(outChannels);
  for (let m = 0; m < outChannels; m++) {
    const max = granularity === 'channel' ? channelMax[m] : tensorMax;
    scales[m] = max > 0 ? max / 127 : 1;
  }
  const quantised = new Uint8Array(values.length);
  for (let m = 0; m < outChannels; m++) {
    const scale = scales[m];
    for (let i = m * perChannel; i < (m + 1) * perChannel; i++) {
      quantised[i] = WEIGHT_ZERO_POINT + Math.max(-127, Math.min(127, Math.round(values[i] / scale)));
    }
  }
  return { quantised, scales };
}

const nameOf = (n: ProtoField[]) => strings(n, NODE_NAME)[0] ?? '';

function initializersByName(graph: ProtoField[]): Map<string, ProtoField[]> {
  return new Map(messages(graph, GraphProto.initializer).map((t) => [strings(t, TensorProto.name)[0], t]));
}

function summarise(conv: ProtoField[], initializers: Map<string, ProtoField[]>): ConvSummary | null {
  const [, weightName] = strings(conv, NodeProto.input);
  const weight = initializers.get(weightName);
  // A Conv whose weights are computed at run time cannot be quantised ahead of it.
  if (!weight) return null;
  return {
    name: nameOf(conv),
    output: strings(conv, NodeProto.output)[0],
    weightDims: readInt64s(weight, TENSOR_DIMS).map(Number),
    weightType: dataTypeOf(weight),
  };
}

/** The version of the default ("" or "ai.onnx") operator set a model imports. */
function defaultOpset(model: ProtoField[]): number {
  for (const opset of messages(model, MODEL_OPSET_IMPORT)) {
    const domain = strings(opset, 1)[0] ?? '';
    const version = first(opset, 2);
    if ((domain === '' || domain === 'ai.onnx') && version) return Number(varintOf(version));
  }
  return 0;
}

/** Every Conv with initializer weights, in graph order. */
export function convsOf(modelBytes: Uint8Array): ConvSummary[] {
  const graph = graphOf(decodeMessage(modelBytes));
  const initializers = initializersByName(graph);
  return messages(graph, GraphProto.node)
    .filter((n) => opTypeOf(n) === 'Conv')
    .map((n) => summarise(n, initializers))
    .filter((c): c is ConvSummary => c !== null);
}

/**
 * The model with the selected Conv nodes computed in 8 bits (weights
 * quantised now, activations at run time). Every other node, initializer and
 * field keeps its bytes; the replaced Convs' weights and biases are dropped
 * when nothing else reads them.
 */
export function quantiseConvs(modelBytes: Uint8Array, selection: ConvSelection, options: QuantiseOptions = {}): { bytes: Uint8Array; report: QuantiseReport } {
  const granularity = options.granularity ?? 'channel';
  const selected = typeof selection === 'function' ? selection : (conv: ConvSummary) => selection.has(conv.name);
  const model = decodeMessage(modelBytes);
  const opset = defaultOpset(model);
  if (opset < 11) throw new Error(`onnx: DynamicQuantizeLinear needs opset 11, the model imports ${opset}`);
  const graph = graphOf(model);
  const initializers = initializersByName(graph);

  const newInitializers: Uint8Array[] = [];
  const replacedInitializers = new Set<string>();
  /** activation name → the DynamicQuantizeLinear outputs made for it */
  const quantisedActivations = new Map<string, { q: string; scale: string; zeroPoint: string }>();
  const report: QuantiseReport = { quantised: [], activationsQuantised: 0 };

  /** The nodes that replace one Conv. */
  const rewrite = (conv: ProtoField[], summary: ConvSummary): ProtoField[][] => {
    const [x, weightName, biasName] = strings(conv, NodeProto.input);
    const name = summary.name || summary.output;
    const isHalf = summary.weightType === FLOAT16;
    const out: ProtoField[][] = [];

    let activation = quantisedActivations.get(x);
    if (!activation) {
      let floatX = x;
      if (isHalf) {
        floatX = `${x}_float`;
        out.push(node('Cast', `${x}_to_float`, [x], [floatX], [intAttribute('to', FLOAT)]));
      }
      activation = { q: `${x}_quantized`, scale: `${x}_scale`, zeroPoint: `${x}_zero_point` };
      out.push(node('DynamicQuantizeLinear', `${x}_QuantizeLinear`, [floatX], [activation.q, activation.scale, activation.zeroPoint]));
      quantisedActivations.set(x, activation);
      report.activationsQuantised++;
    }

    const outChannels = summary.weightDims[0];
    const channelShape = [1, outChannels, 1, 1];
    const weights = quantiseWeights(floatValues(initializers.get(weightName)!), outChannels, granularity);
    const weightQ = `${name}_weight_quantized`;
    const weightScale = `${name}_weight_scale`;
    const weightZeroPoint = `${name}_weight_zero_point`;
    newInitializers.push(
      tensor(weightQ, UINT8, summary.weightDims, weights.quantised),
      floatTensor(weightScale, channelShape, weights.scales),
      tensor(weightZeroPoint, UINT8, [], Uint8Array.of(WEIGHT_ZERO_POINT)),
    );
    replacedInitializers.add(weightName);

    const scale = `${name}_output_scale`;
    const integer = `${name}_integer_output`;
    const asFloat = `${name}_integer_output_float`;
    const scaled = `${name}_scaled_output`;
    const floatOut = isHalf ? `${summary.output}_float` : summary.output;
    const attributes = messages(conv, NodeProto.attribute).map((a) => encodeMessage(a));
    out.push(
      node('Mul', `${name}_scales_mul`, [activation.scale, weightScale], [scale]),
      node('ConvInteger', `${name}_quant`, [activation.q, weightQ, activation.zeroPoint, weightZeroPoint], [integer], attributes),
      node('Cast', `${name}_integer_output_cast`, [integer], [asFloat], [intAttribute('to', FLOAT)]),
    );
    if (biasName) {
      const bias = `${name}_bias_float`;
      newInitializers.push(floatTensor(bias, channelShape, floatValues(initializers.get(biasName)!)));
      replacedInitializers.add(biasName);
      out.push(node('Mul', `${name}_output_scale_mul`, [asFloat, scale], [scaled]), node('Add', `${name}_bias_add`, [scaled, bias], [floatOut]));
    } else {
      out.push(node('Mul', `${name}_output_scale_mul`, [asFloat, scale], [floatOut]));
    }
    if (isHalf) out.push(node('Cast', `${name}_output_to_float16`, [floatOut], [summary.output], [intAttribute('to', FLOAT16)]));
    report.quantised.push(summary.name);
    return out;
  };

  const nodeFields: ProtoField[] = [];
  const rewritten = new Map<ProtoField, ProtoField[]>();
  for (const f of graph) {
    if (f.field !== GraphProto.node) continue;
    const n = decodeMessage(bytesOf(f));
    if (opTypeOf(n) !== 'Conv') continue;
    const summary = summarise(n, initializers);
    if (!summary || !selected(summary)) continue;
    if (summary.weightType !== FLOAT && summary.weightType !== FLOAT16) throw new Error(`onnx: Conv ${summary.name} has weights of type ${summary.weightType}`);
    rewritten.set(f, rewrite(n, summary).map((m) => bytesField(GraphProto.node, encodeMessage(m))));
  }
  for (const f of graph) if (f.field === GraphProto.node) nodeFields.push(...(rewritten.get(f) ?? [f]));

  // Initializers the replaced Convs read that no node reads any more.
  const stillRead = new Set(nodeFields.flatMap((f) => strings(decodeMessage(bytesOf(f)), NodeProto.input)));
  const dropped = new Set([...replacedInitializers].filter((n) => !stillRead.has(n)));

  const newGraph: ProtoField[] = [];
  let nodesWritten = false;
  for (const f of graph) {
    if (f.field === GraphProto.node) {
      // Nodes are written where the first node stood, in their original order.
      if (!nodesWritten) newGraph.push(...nodeFields);
      nodesWritten = true;
      continue;
    }
    if (f.field === GraphProto.initializer && dropped.has(strings(decodeMessage(bytesOf(f)), TensorProto.name)[0])) continue;
    // Older exports list initializers among the inputs too.
    if (f.field === GraphProto.input && dropped.has(strings(decodeMessage(bytesOf(f)), ValueInfoProto.name)[0])) continue;
    newGraph.push(f);
  }
  newGraph.push(...newInitializers.map((t) => bytesField(GraphProto.initializer, t)));
  return { bytes: withGraph(model, newGraph), report };
}
