// Nodes in an order where each comes after the nodes it reads from. ONNX asks
// for that order, but tools that insert nodes (ISNet's float16 export appends
// its input and output Casts at the end) do not always keep it.
import type { OnnxNode } from './onnx-model';

/** A stable topological order: among the nodes ready to run, the earliest listed goes first. */
export function topologicalOrder(nodes: readonly OnnxNode[], available: Iterable<string>): OnnxNode[] {
  const producer = new Map<string, number>();
  nodes.forEach((node, index) => node.outputs.forEach((name) => name && producer.set(name, index)));
  const known = new Set(available);
  const waitingOn = nodes.map((node) => new Set(node.inputs.filter((name) => name && !known.has(name) && producer.has(name)).map((name) => producer.get(name)!)));
  const readers = nodes.map(() => [] as number[]);
  waitingOn.forEach((deps, index) => deps.forEach((dep) => readers[dep].push(index)));
  // Ready nodes by index; a sorted array is enough for graphs of a few thousand nodes.
  const ready = waitingOn.flatMap((deps, index) => (deps.size === 0 ? [index] : []));
  const order: OnnxNode[] = [];
  while (ready.length) {
    const index = ready.shift()!;
    order.push(nodes[index]);
    for (const reader of readers[index]) {
      const deps = waitingOn[reader];
      deps.delete(index);
      if (deps.size === 0) {
        const at = ready.findIndex((i) => i > reader);
        ready.splice(at === -1 ? ready.length : at, 0, reader);
      }
    }
  }
  if (order.length !== nodes.length) throw new Error('onnx→tflite: the graph has a cycle');
  return order;
}
