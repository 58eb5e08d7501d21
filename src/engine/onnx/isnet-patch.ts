// Graph surgery on an ISNet ModelProto, kept to the few fields it must change.
import {
  AttributeProto,
  GraphProto,
  NodeProto,
  TensorProto,
  ValueInfoProto,
  graphOf,
  nodesFeeding,
  opTypeOf,
  producersOf,
  withGraph,
} from './onnx-graph';
import { bytesField, bytesOf, decodeMessage, editMessages, encodeMessage, messages, strings, varintField, type ProtoField } from './protobuf';
import { scaleSizeTensor, scaleSpatialDims } from './spatial-scale';

export interface PatchOptions {
  /** Graph outputs to keep; nodes that feed only the others are dropped. */
  keepOutputs: string[];
  /** Set ceil_mode=0 on every MaxPool: onnxruntime-web's WebGPU MaxPool refuses ceil_mode=1. */
  clearCeilMode: boolean;
  /** Square input side; scales every Resize target size by inputSize/1024. */
  inputSize?: number;
}

export interface PatchReport {
  nodesBefore: number;
  nodesAfter: number;
  ceilModesCleared: number;
  resizeSizesScaled: number;
}

/** Returns a patched copy of an ISNet ONNX model. */
export function patchIsnet(modelBytes: Uint8Array, options: PatchOptions): { bytes: Uint8Array; report: PatchReport } {
  const model = decodeMessage(modelBytes);
  const graph = graphOf(model);
  const scale = options.inputSize ? options.inputSize / 1024 : 1;
  if (options.inputSize && (options.inputSize % 32 !== 0 || options.inputSize < 64)) {
    throw new Error('onnx: input size must be a multiple of 32, at least 64');
  }

  const nodes = messages(graph, GraphProto.node);
  const producers = producersOf(nodes);
  const live = nodesFeeding(nodes, producers, options.keepOutputs);
  const report: PatchReport = { nodesBefore: nodes.length, nodesAfter: live.size, ceilModesCleared: 0, resizeSizesScaled: 0 };
  const initializerNames = new Set(messages(graph, GraphProto.initializer).map((t) => strings(t, TensorProto.name)[0]));
  const sizeTensors = scale === 1 ? new Set<string>() : resizeSizeTensors(nodes, live, producers, initializerNames);

  const newNodes = [...live]
    .sort((a, b) => a - b)
    .map((index) => {
      const node = nodes[index];
      const op = opTypeOf(node);
      if (op === 'MaxPool' && options.clearCeilMode) {
        return node.map((f) => {
          if (f.field !== NodeProto.attribute) return f;
          const attr = decodeMessage(bytesOf(f));
          if (strings(attr, AttributeProto.name)[0] !== 'ceil_mode') return f;
          report.ceilModesCleared++;
          return bytesField(f.field, encodeMessage(attr.map((a) => (a.field === AttributeProto.i ? varintField(a.field, 0n) : a))));
        });
      }
      if (op === 'Constant' && strings(node, NodeProto.output).some((name) => sizeTensors.has(name))) {
        report.resizeSizesScaled++;
        return editMessages(node, NodeProto.attribute, (attr) =>
          attr.map((a) => (a.field === AttributeProto.t ? bytesField(a.field, scaleSizeTensor(bytesOf(a), scale)) : a)),
        );
      }
      return node;
    });

  const usedNames = new Set(newNodes.flatMap((node) => strings(node, NodeProto.input)));
  let nodesWritten = false;
  const newGraph: ProtoField[] = [];
  for (const f of graph) {
    if (f.field === GraphProto.node) {
      // Nodes are written where the first node stood, in their original order.
      if (!nodesWritten) newGraph.push(...newNodes.map((node) => bytesField(GraphProto.node, encodeMessage(node))));
      nodesWritten = true;
      continue;
    }
    if (f.field === GraphProto.initializer) {
      const name = strings(decodeMessage(bytesOf(f)), TensorProto.name)[0];
      if (!usedNames.has(name)) continue;
      if (sizeTensors.has(name)) {
        report.resizeSizesScaled++;
        newGraph.push(bytesField(f.field, scaleSizeTensor(bytesOf(f), scale)));
        continue;
      }
      newGraph.push(f);
      continue;
    }
    if (f.field === GraphProto.output) {
      const info = decodeMessage(bytesOf(f));
      if (!options.keepOutputs.includes(strings(info, ValueInfoProto.name)[0])) continue;
      newGraph.push(scale === 1 ? f : bytesField(f.field, scaleSpatialDims(info, scale)));
      continue;
    }
    if (f.field === GraphProto.input) {
      const info = decodeMessage(bytesOf(f));
      // Older exports list initializers among the inputs too; those keep their shapes.
      const isInitializer = initializerNames.has(strings(info, ValueInfoProto.name)[0]);
      newGraph.push(scale === 1 || isInitializer ? f : bytesField(f.field, scaleSpatialDims(info, scale)));
      continue;
    }
    // Intermediate shapes are hints only; they would be wrong at another size.
    if (f.field === GraphProto.valueInfo && scale !== 1) continue;
    newGraph.push(f);
  }

  return { bytes: withGraph(model, newGraph), report };
}

/**
 * Names of the int64 tensors that give the live Resize nodes their target
 * size: a folded [N, C, H, W] initializer, or the constant [H, W] half of a
 * Concat whose [N, C] half is sliced from the input's runtime shape.
 */
function resizeSizeTensors(
  nodes: ProtoField[][],
  live: Set<number>,
  producers: Map<string, number>,
  initializerNames: Set<string>,
): Set<string> {
  const names = new Set<string>();
  for (const index of live) {
    const node = nodes[index];
    if (opTypeOf(node) !== 'Resize') continue;
    const sizesName = strings(node, NodeProto.input)[3];
    if (initializerNames.has(sizesName)) {
      names.add(sizesName);
      continue;
    }
    const producer = producers.get(sizesName);
    const concat = producer === undefined ? undefined : nodes[producer];
    if (!concat || opTypeOf(concat) !== 'Concat') {
      throw new Error(`onnx: Resize sizes ${sizesName} come from neither a Concat nor an initializer`);
    }
    for (const name of strings(concat, NodeProto.input)) {
      if (!name.includes('Slice')) names.add(name);
    }
  }
  return names;
}
