// A model's graph inputs and outputs with their dims, for checks and tests.
import { DimensionProto, GraphProto, TensorShapeProto, TensorTypeProto, TypeProto, ValueInfoProto, graphOf } from './onnx-graph';
import { bytesOf, decodeMessage, first, messageOf, messages, strings, varintOf, type ProtoField } from './protobuf';

interface ValueDescription {
  name: string;
  /** -1 for a dim without a fixed value (a named or unknown dim). */
  dims: number[];
}

export interface IoDescription {
  inputs: ValueDescription[];
  outputs: ValueDescription[];
  nodes: number;
}

function describeValue(info: ProtoField[]): ValueDescription {
  const tensorType = messageOf(messageOf(info, ValueInfoProto.type), TypeProto.tensorType);
  const shape = first(tensorType, TensorTypeProto.shape);
  const dims = shape
    ? messages(decodeMessage(bytesOf(shape)), TensorShapeProto.dim).map((dim) => {
        const value = first(dim, DimensionProto.dimValue);
        return value ? Number(varintOf(value)) : -1;
      })
    : [];
  return { name: strings(info, ValueInfoProto.name)[0], dims };
}

export function describeIo(modelBytes: Uint8Array): IoDescription {
  const graph = graphOf(decodeMessage(modelBytes));
  return {
    inputs: messages(graph, GraphProto.input).map(describeValue),
    outputs: messages(graph, GraphProto.output).map(describeValue),
    nodes: graph.filter((f) => f.field === GraphProto.node).length,
  };
}
