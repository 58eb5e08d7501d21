// Test-only: small ONNX models written with the engine's protobuf helpers, so
// the converter is checked on graphs whose every op and attribute we chose.
import { bytesField, encodeMessage, encodeString, varintField, type ProtoField } from '../../../../src/engine/onnx/protobuf';

const Model = { irVersion: 1, graph: 7, opsetImport: 8 } as const;
const OpsetId = { domain: 1, version: 2 } as const;
const Graph = { node: 1, name: 2, initializer: 5, input: 11, output: 12 } as const;
const Node = { input: 1, output: 2, name: 3, opType: 4, attribute: 5 } as const;
const Attribute = { name: 1, i: 3, s: 4, t: 5, ints: 8, type: 20 } as const;
const AttributeType = { INT: 2, STRING: 3, TENSOR: 4, INTS: 7 } as const;
const Tensor = { dims: 1, dataType: 2, name: 8, rawData: 9 } as const;
const ValueInfo = { name: 1, type: 2 } as const;
export const ElemType = { float: 1, int64: 7, float16: 10 } as const;

export type AttributeValue = number | number[] | string | { tensor: Uint8Array };

export interface NodeSpec {
  op: string;
  inputs: string[];
  outputs: string[];
  name?: string;
  attributes?: Record<string, AttributeValue>;
}

export function tensorProto(name: string, elemType: number, dims: number[], raw: ArrayBufferView): Uint8Array {
  return encodeMessage([
    ...dims.map((d) => varintField(Tensor.dims, BigInt(d))),
    varintField(Tensor.dataType, BigInt(elemType)),
    bytesField(Tensor.name, encodeString(name)),
    bytesField(Tensor.rawData, new Uint8Array(raw.buffer, raw.byteOffset, raw.byteLength)),
  ]);
}

export const floatTensor = (name: string, dims: number[], values: Float32Array) => tensorProto(name, ElemType.float, dims, values);
export const int64Tensor = (name: string, values: number[]) => tensorProto(name, ElemType.int64, [values.length], BigInt64Array.from(values.map(BigInt)));

function attribute(name: string, value: AttributeValue): Uint8Array {
  const fields: ProtoField[] = [bytesField(Attribute.name, encodeString(name))];
  if (typeof value === 'number') fields.push(varintField(Attribute.type, BigInt(AttributeType.INT)), varintField(Attribute.i, BigInt(value)));
  else if (typeof value === 'string') fields.push(varintField(Attribute.type, BigInt(AttributeType.STRING)), bytesField(Attribute.s, encodeString(value)));
  else if (Array.isArray(value)) fields.push(varintField(Attribute.type, BigInt(AttributeType.INTS)), ...value.map((v) => varintField(Attribute.ints, BigInt(v))));
  else fields.push(varintField(Attribute.type, BigInt(AttributeType.TENSOR)), bytesField(Attribute.t, value.tensor));
  return encodeMessage(fields);
}

function nodeProto(spec: NodeSpec): Uint8Array {
  return encodeMessage([
    ...spec.inputs.map((name) => bytesField(Node.input, encodeString(name))),
    ...spec.outputs.map((name) => bytesField(Node.output, encodeString(name))),
    bytesField(Node.name, encodeString(spec.name ?? spec.outputs[0])),
    bytesField(Node.opType, encodeString(spec.op)),
    ...Object.entries(spec.attributes ?? {}).map(([name, value]) => bytesField(Node.attribute, attribute(name, value))),
  ]);
}

function valueInfo(name: string, dims: number[]): Uint8Array {
  const shape = encodeMessage(dims.map((d) => bytesField(1, encodeMessage([varintField(1, BigInt(d))]))));
  const tensorType = encodeMessage([varintField(1, BigInt(ElemType.float)), bytesField(2, shape)]);
  return encodeMessage([bytesField(ValueInfo.name, encodeString(name)), bytesField(ValueInfo.type, encodeMessage([bytesField(1, tensorType)]))]);
}

export interface ModelSpec {
  input: { name: string; dims: number[] };
  output: { name: string; dims: number[] };
  nodes: NodeSpec[];
  /** TensorProto bytes (floatTensor, int64Tensor, tensorProto). */
  initializers: Uint8Array[];
  opset?: number;
}

export function buildOnnxModel(spec: ModelSpec): Uint8Array {
  const graph = encodeMessage([
    ...spec.nodes.map((n) => bytesField(Graph.node, nodeProto(n))),
    bytesField(Graph.name, encodeString('test')),
    ...spec.initializers.map((t) => bytesField(Graph.initializer, t)),
    bytesField(Graph.input, valueInfo(spec.input.name, spec.input.dims)),
    bytesField(Graph.output, valueInfo(spec.output.name, spec.output.dims)),
  ]);
  return encodeMessage([
    varintField(Model.irVersion, 8n),
    bytesField(Model.graph, graph),
    bytesField(Model.opsetImport, encodeMessage([bytesField(OpsetId.domain, encodeString('')), varintField(OpsetId.version, BigInt(spec.opset ?? 17))])),
  ]);
}

/** Deterministic values in [-scale, scale). */
export function pseudoRandom(count: number, seed: number, scale = 0.5): Float32Array {
  const out = new Float32Array(count);
  let state = seed >>> 0 || 1;
  for (let i = 0; i < count; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    out[i] = ((state >>> 0) / 2 ** 32 - 0.5) * 2 * scale;
  }
  return out;
}
