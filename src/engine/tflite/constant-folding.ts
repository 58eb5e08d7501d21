// Compile-time evaluation of the small integer sub-graphs an exported model
// computes sizes with — Shape → Slice → Concat (→ Cast) feeding Resize in
// ISNet. Every shape is static once the input side is fixed, so these become
// constants and no integer op reaches the TFLite file.
import type { OnnxAttribute, OnnxNode, OnnxTensor } from './onnx-model';
import { DataType } from '../onnx/onnx-graph';

/** A value known when converting: integers (a shape, sizes) or a float tensor kept as read. */
export type Constant = { kind: 'ints'; dims: number[]; values: bigint[] } | { kind: 'tensor'; tensor: OnnxTensor };

/** The ONNX ops this module evaluates when all their inputs are constants. */
export const FOLDABLE_OPS = new Set(['Constant', 'Shape', 'Slice', 'Concat', 'Cast', 'Identity']);

const INTEGER_TYPES = new Set<number>([DataType.int64, 6 /* int32 */]);

export function constantOf(tensor: OnnxTensor): Constant {
  return INTEGER_TYPES.has(tensor.dataType) ? { kind: 'ints', dims: tensor.dims, values: tensor.ints() } : { kind: 'tensor', tensor };
}

function intsOf(value: Constant | undefined, what: string, node: OnnxNode): bigint[] {
  if (!value) throw new Error(`onnx→tflite: ${node.op} ${node.name} needs its ${what} input`);
  if (value.kind !== 'ints') throw new Error(`onnx→tflite: ${node.op} ${node.name}: ${what} is not an integer constant`);
  return value.values;
}

function attribute(node: OnnxNode, name: string): OnnxAttribute | undefined {
  return node.attributes.get(name);
}

function clampIndex(index: bigint, length: number, step: bigint): number {
  let i = Number(index);
  if (i < 0) i += length;
  // Ends past either side clamp to the last reachable position for the direction.
  return step > 0n ? Math.min(Math.max(i, 0), length) : Math.min(Math.max(i, -1), length - 1);
}

function slice1d(values: bigint[], starts: bigint[], ends: bigint[], axes: bigint[] | undefined, steps: bigint[] | undefined, node: OnnxNode): bigint[] {
  if (starts.length !== 1 || (axes && (axes.length !== 1 || !(axes[0] === 0n || axes[0] === -1n)))) {
    throw new Error(`onnx→tflite: Slice ${node.name} on a 1-D constant must slice axis 0`);
  }
  const step = steps?.[0] ?? 1n;
  if (step === 0n) throw new Error(`onnx→tflite: Slice ${node.name} has step 0`);
  const start = clampIndex(starts[0], values.length, step);
  const end = clampIndex(ends[0], values.length, step);
  const out: bigint[] = [];
  for (let i = start; step > 0n ? i < end : i > end; i += Number(step)) out.push(values[i]);
  return out;
}

/**
 * The node's outputs computed now. `inputs` are the node's inputs (undefined for
 * an omitted optional one); `shapeOf` gives a run-time tensor's static dims.
 */
export function foldNode(node: OnnxNode, inputs: (Constant | undefined)[], shapeOf: (name: string) => number[] | undefined): Constant {
  switch (node.op) {
    case 'Constant': {
      const t = attribute(node, 'value')?.t;
      if (t) return constantOf(t);
      const ints = attribute(node, 'value_ints');
      if (ints) return { kind: 'ints', dims: [ints.ints.length], values: ints.ints };
      const int = attribute(node, 'value_int');
      if (int?.i !== undefined) return { kind: 'ints', dims: [], values: [int.i] };
      throw new Error(`onnx→tflite: Constant ${node.name} holds a kind of value this converter does not read`);
    }
    case 'Shape': {
      const dims = shapeOf(node.inputs[0]);
      if (!dims || dims.some((d) => d < 0)) throw new Error(`onnx→tflite: Shape ${node.name} of a tensor without a static shape`);
      const start = Number(attribute(node, 'start')?.i ?? 0n);
      const endAttr = attribute(node, 'end')?.i;
      const end = endAttr === undefined ? dims.length : Number(endAttr);
      const picked = dims.slice(start < 0 ? start + dims.length : start, end < 0 ? end + dims.length : end).map(BigInt);
      return { kind: 'ints', dims: [picked.length], values: picked };
    }
    case 'Slice': {
      const data = intsOf(inputs[0], 'data', node);
      const out = slice1d(
        data,
        intsOf(inputs[1], 'starts', node),
        intsOf(inputs[2], 'ends', node),
        inputs[3] ? intsOf(inputs[3], 'axes', node) : undefined,
        inputs[4] ? intsOf(inputs[4], 'steps', node) : undefined,
        node,
      );
      return { kind: 'ints', dims: [out.length], values: out };
    }
    case 'Concat': {
      const parts = inputs.map((v, i) => intsOf(v, `#${i}`, node));
      const values = parts.flat();
      return { kind: 'ints', dims: [values.length], values };
    }
    case 'Cast': {
      const to = Number(attribute(node, 'to')?.i ?? 0n);
      const value = inputs[0];
      if (value?.kind === 'ints' && INTEGER_TYPES.has(to)) return value;
      throw new Error(`onnx→tflite: Cast ${node.name} of a constant to type ${to} is not supported`);
    }
    case 'Identity': {
      const value = inputs[0];
      if (!value) throw new Error(`onnx→tflite: Identity ${node.name} needs its input`);
      return value;
    }
    default:
      throw new Error(`onnx→tflite: ${node.op} ${node.name} cannot be computed at conversion time`);
  }
}
