// The ONNX messages we read or rewrite, by their field numbers in onnx/onnx.proto,
// and the walks over a model's graph that more than one rewrite needs.
import { bytesField, bytesOf, decodeMessage, encodeMessage, first, strings, varintOf, type ProtoField } from './protobuf';

export const ModelProto = { graph: 7 } as const;
export const GraphProto = { node: 1, initializer: 5, input: 11, output: 12, valueInfo: 13 } as const;
export const NodeProto = { input: 1, output: 2, opType: 4, attribute: 5 } as const;
export const AttributeProto = { name: 1, i: 3, t: 5 } as const;
export const TensorProto = { dataType: 2, int64Data: 7, name: 8, rawData: 9 } as const;
export const ValueInfoProto = { name: 1, type: 2 } as const;
export const TypeProto = { tensorType: 1 } as const;
/** TypeProto.Tensor */
export const TensorTypeProto = { elemType: 1, shape: 2 } as const;
export const TensorShapeProto = { dim: 1 } as const;
/** TensorShapeProto.Dimension */
export const DimensionProto = { dimValue: 1 } as const;
/** TensorProto.DataType, the element types a tensor or a Cast names. */
export const DataType = { float: 1, int64: 7, float16: 10 } as const;

/** A model's graph, decoded one level. */
export function graphOf(model: ProtoField[]): ProtoField[] {
  const graph = first(model, ModelProto.graph);
  if (!graph) throw new Error('onnx: model has no graph');
  return decodeMessage(bytesOf(graph));
}

/** The model with its graph replaced; every other field keeps its bytes. */
export function withGraph(model: ProtoField[], graph: ProtoField[]): Uint8Array {
  return encodeMessage(model.map((f) => (f.field === ModelProto.graph ? bytesField(f.field, encodeMessage(graph)) : f)));
}

export function opTypeOf(node: ProtoField[]): string {
  return strings(node, NodeProto.opType)[0];
}

/** A TensorProto's element type; 0 (UNDEFINED) when it names none. */
export function dataTypeOf(tensor: ProtoField[]): number {
  const type = first(tensor, TensorProto.dataType);
  return type ? Number(varintOf(type)) : 0;
}

/** For each value name, the index of the node that produces it. */
export function producersOf(nodes: ProtoField[][]): Map<string, number> {
  const producers = new Map<string, number>();
  nodes.forEach((node, index) => strings(node, NodeProto.output).forEach((name) => producers.set(name, index)));
  return producers;
}

/** Indices of the nodes that some of the named values depend on. */
export function nodesFeeding(nodes: ProtoField[][], producers: Map<string, number>, outputs: string[]): Set<number> {
  const live = new Set<number>();
  const stack = outputs.map((name) => {
    const index = producers.get(name);
    if (index === undefined) throw new Error(`onnx: no node produces ${name}`);
    return index;
  });
  for (let index = stack.pop(); index !== undefined; index = stack.pop()) {
    if (live.has(index)) continue;
    live.add(index);
    for (const name of strings(nodes[index], NodeProto.input)) {
      const producer = producers.get(name);
      if (producer !== undefined) stack.push(producer);
    }
  }
  return live;
}
