// Test-only graph edits: expose intermediate values as graph outputs, so a
// session reports their shapes.
import {
  AttributeProto,
  GraphProto,
  ModelProto,
  NodeProto,
  TensorTypeProto,
  TypeProto,
  ValueInfoProto,
  graphOf,
  opTypeOf,
} from '../../src/engine/onnx/onnx-graph';
import {
  bytesField,
  decodeMessage,
  editMessages,
  encodeMessage,
  encodeString,
  first,
  messages,
  strings,
  varintField,
  varintOf,
} from '../../src/engine/onnx/protobuf';

const nodesOfOp = (model: Uint8Array, opType: string) =>
  messages(graphOf(decodeMessage(model)), GraphProto.node).filter((node) => opTypeOf(node) === opType);

/** The first input of every node with this op type. */
export function inputsOfOp(model: Uint8Array, opType: string): string[] {
  return nodesOfOp(model, opType).map((node) => strings(node, NodeProto.input)[0]);
}

/** Attribute values (ints) of one name on every node of an op type. */
export function intAttributesOfOp(model: Uint8Array, opType: string, name: string): number[] {
  const values: number[] = [];
  for (const node of nodesOfOp(model, opType)) {
    for (const attr of messages(node, NodeProto.attribute)) {
      if (strings(attr, AttributeProto.name)[0] !== name) continue;
      const value = first(attr, AttributeProto.i);
      values.push(value ? Number(varintOf(value)) : 0);
    }
  }
  return values;
}

/** Adds graph outputs for the named values, with an element type and no shape. */
export function exposeOutputs(model: Uint8Array, names: string[], elemType: number): Uint8Array {
  const valueInfo = (name: string) =>
    encodeMessage([
      bytesField(ValueInfoProto.name, encodeString(name)),
      bytesField(
        ValueInfoProto.type,
        encodeMessage([bytesField(TypeProto.tensorType, encodeMessage([varintField(TensorTypeProto.elemType, BigInt(elemType))]))]),
      ),
    ]);
  return encodeMessage(
    editMessages(decodeMessage(model), ModelProto.graph, (graph) => [
      ...graph,
      ...names.map((name) => bytesField(GraphProto.output, valueInfo(name))),
    ]),
  );
}
