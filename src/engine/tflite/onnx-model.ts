// An ONNX model read into plain records for the TFLite converter: nodes with
// their attributes, initializers with lazily decoded values, and the graph's
// inputs and outputs with their dims. Built on the engine's own protobuf codec;
// the extra ONNX field numbers it needs are listed here (onnx/onnx.proto).
import { readFloat16 } from '../onnx/float16';
import { DataType, GraphProto, TensorProto, graphOf } from '../onnx/onnx-graph';
import { describeIo } from '../onnx/describe-io';
import { bytesOf, decodeMessage, first, messages, readInt64s, strings, varintOf, type ProtoField } from '../onnx/protobuf';

/** Fields of ModelProto, NodeProto, AttributeProto and TensorProto beyond those in onnx-graph.ts. */
const ModelField = { opsetImport: 8 } as const;
const OperatorSetIdField = { domain: 1, version: 2 } as const;
const NodeField = { input: 1, output: 2, name: 3, opType: 4, attribute: 5, domain: 7 } as const;
const AttributeField = { name: 1, f: 2, i: 3, s: 4, t: 5, floats: 7, ints: 8 } as const;
const TensorField = { dims: 1, floatData: 4, int32Data: 5, dataLocation: 14 } as const;
/** TensorProto.DataType INT32 (onnx-graph.ts lists float, int64 and float16). */
const INT32 = 6;
const WIRE_LENGTH_DELIMITED = 2;
const WIRE_FIXED32 = 5;

export interface OnnxTensor {
  name: string;
  /** TensorProto.DataType */
  dataType: number;
  dims: number[];
  /** float and float16 values as float32. */
  floats(): Float32Array;
  /** int64 (and int32) values. */
  ints(): bigint[];
}

export interface OnnxAttribute {
  name: string;
  i?: bigint;
  f?: number;
  s?: string;
  t?: OnnxTensor;
  ints: bigint[];
  floats: number[];
}

export interface OnnxNode {
  name: string;
  op: string;
  domain: string;
  inputs: string[];
  outputs: string[];
  attributes: Map<string, OnnxAttribute>;
}

export interface OnnxValue {
  name: string;
  /** -1 for a dim without a fixed value. */
  dims: number[];
}

export interface OnnxGraph {
  /** The default ("ai.onnx") domain's opset version. */
  opset: number;
  nodes: OnnxNode[];
  initializers: Map<string, OnnxTensor>;
  /** Graph inputs that are not initializers. */
  inputs: OnnxValue[];
  outputs: OnnxValue[];
}

/** A view of little-endian bytes as T when aligned, else a copy (an aligned view needs its own buffer). */
function alignedBytes(bytes: Uint8Array, elementSize: number): Uint8Array {
  return bytes.byteOffset % elementSize === 0 ? bytes : new Uint8Array(bytes);
}

function floatsOf(fields: ProtoField[], field: number): number[] {
  const out: number[] = [];
  for (const f of fields) {
    if (f.field !== field) continue;
    if (f.wire !== WIRE_LENGTH_DELIMITED && f.wire !== WIRE_FIXED32) throw new Error(`onnx: field ${field} is not a float`);
    const bytes = alignedBytes(f.value, 4);
    out.push(...new Float32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4));
  }
  return out;
}

export function readTensor(tensor: ProtoField[]): OnnxTensor {
  const name = strings(tensor, TensorProto.name)[0] ?? '';
  const type = first(tensor, TensorProto.dataType);
  const dataType = type ? Number(varintOf(type)) : 0;
  const dims = readInt64s(tensor, TensorField.dims).map(Number);
  const location = first(tensor, TensorField.dataLocation);
  if (location && varintOf(location) !== 0n) throw new Error(`onnx: tensor ${name} keeps its data outside the model`);
  const raw = first(tensor, TensorProto.rawData);
  const rawBytes = raw ? bytesOf(raw) : null;
  const wrongType = (want: string) => new Error(`onnx: tensor ${name} (type ${dataType}) read as ${want}`);

  const float16Bits = (): Uint16Array => {
    if (dataType !== DataType.float16) throw wrongType('float16');
    if (rawBytes) {
      const bytes = alignedBytes(rawBytes, 2);
      return new Uint16Array(bytes.buffer, bytes.byteOffset, bytes.length / 2);
    }
    // Without raw_data, float16 bit patterns travel in int32_data.
    return Uint16Array.from(readInt64s(tensor, TensorField.int32Data), Number);
  };
  return {
    name,
    dataType,
    dims,
    floats() {
      if (dataType === DataType.float16) return readFloat16(float16Bits());
      if (dataType !== DataType.float) throw wrongType('float');
      if (rawBytes) {
        const bytes = alignedBytes(rawBytes, 4);
        return new Float32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4);
      }
      return Float32Array.from(floatsOf(tensor, TensorField.floatData));
    },
    ints() {
      if (dataType === DataType.int64) {
        if (!rawBytes) return readInt64s(tensor, TensorProto.int64Data);
        const bytes = alignedBytes(rawBytes, 8);
        return [...new BigInt64Array(bytes.buffer, bytes.byteOffset, bytes.length / 8)];
      }
      if (dataType === INT32) {
        if (!rawBytes) return readInt64s(tensor, TensorField.int32Data).map((v) => BigInt.asIntN(32, v));
        const bytes = alignedBytes(rawBytes, 4);
        return [...new Int32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4)].map(BigInt);
      }
      throw wrongType('integers');
    },
  };
}

function readAttribute(attr: ProtoField[]): OnnxAttribute {
  const i = first(attr, AttributeField.i);
  const s = first(attr, AttributeField.s);
  const t = first(attr, AttributeField.t);
  const f = floatsOf(attr, AttributeField.f);
  return {
    name: strings(attr, AttributeField.name)[0],
    i: i ? BigInt.asIntN(64, varintOf(i)) : undefined,
    f: f[0],
    s: s ? new TextDecoder().decode(bytesOf(s)) : undefined,
    t: t ? readTensor(decodeMessage(bytesOf(t))) : undefined,
    ints: readInt64s(attr, AttributeField.ints),
    floats: floatsOf(attr, AttributeField.floats),
  };
}

function readNode(node: ProtoField[]): OnnxNode {
  return {
    name: strings(node, NodeField.name)[0] ?? '',
    op: strings(node, NodeField.opType)[0],
    domain: strings(node, NodeField.domain)[0] ?? '',
    inputs: strings(node, NodeField.input),
    outputs: strings(node, NodeField.output),
    attributes: new Map(messages(node, NodeField.attribute).map((a) => readAttribute(a)).map((a) => [a.name, a])),
  };
}

export function readOnnxGraph(modelBytes: Uint8Array): OnnxGraph {
  const model = decodeMessage(modelBytes);
  const graph = graphOf(model);
  const opsets = messages(model, ModelField.opsetImport).filter((o) => ['', 'ai.onnx'].includes(strings(o, OperatorSetIdField.domain)[0] ?? ''));
  const version = opsets.length ? first(opsets[0], OperatorSetIdField.version) : undefined;
  if (!version) throw new Error('onnx: the model names no opset for the default domain');
  const initializers = new Map(messages(graph, GraphProto.initializer).map((t) => readTensor(t)).map((t) => [t.name, t]));
  const io = describeIo(modelBytes);
  return {
    opset: Number(varintOf(version)),
    nodes: messages(graph, GraphProto.node).map(readNode),
    initializers,
    inputs: io.inputs.filter((v) => !initializers.has(v.name)),
    outputs: io.outputs,
  };
}
