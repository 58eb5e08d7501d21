// Test-only graph edits: expose intermediate values as graph outputs, so a
// session reports their shapes.
import { decodeMessage, decodeString, encodeMessage, encodeString } from '../../models/protobuf.mjs';

const MODEL_GRAPH = 7;
const GRAPH_NODE = 1;
const GRAPH_OUTPUT = 12;

type Field = { field: number; wire: number; value: bigint | Uint8Array };

function strings(fields: Field[], field: number): string[] {
  return fields.filter((f) => f.field === field).map((f) => decodeString(f.value as Uint8Array));
}

/** Inputs of every node with this op type. */
export function inputsOfOp(model: Uint8Array, opType: string): string[] {
  const graph = decodeMessage((decodeMessage(model).find((f) => f.field === MODEL_GRAPH)!.value as Uint8Array)) as Field[];
  return graph
    .filter((f) => f.field === GRAPH_NODE)
    .map((f) => decodeMessage(f.value as Uint8Array) as Field[])
    .filter((node) => strings(node, 4)[0] === opType)
    .map((node) => strings(node, 1)[0]);
}

/** Attribute values (ints) of one name on every node of an op type. */
export function intAttributesOfOp(model: Uint8Array, opType: string, name: string): number[] {
  const graph = decodeMessage((decodeMessage(model).find((f) => f.field === MODEL_GRAPH)!.value as Uint8Array)) as Field[];
  const values: number[] = [];
  for (const f of graph.filter((g) => g.field === GRAPH_NODE)) {
    const node = decodeMessage(f.value as Uint8Array) as Field[];
    if (strings(node, 4)[0] !== opType) continue;
    for (const a of node.filter((n) => n.field === 5)) {
      const attr = decodeMessage(a.value as Uint8Array) as Field[];
      if (strings(attr, 1)[0] === name) values.push(Number(attr.find((x) => x.field === 3)?.value ?? 0n));
    }
  }
  return values;
}

/** Adds graph outputs for the named values, with an element type and no shape. */
export function exposeOutputs(model: Uint8Array, names: string[], elemType: number): Uint8Array {
  const fields = decodeMessage(model) as Field[];
  return encodeMessage(
    fields.map((f) => {
      if (f.field !== MODEL_GRAPH) return f;
      const graph = decodeMessage(f.value as Uint8Array) as Field[];
      const extra = names.map((name) => ({
        field: GRAPH_OUTPUT,
        wire: 2,
        value: encodeMessage([
          { field: 1, wire: 2, value: encodeString(name) },
          {
            field: 2,
            wire: 2,
            value: encodeMessage([{ field: 1, wire: 2, value: encodeMessage([{ field: 1, wire: 0, value: BigInt(elemType) }]) }]),
          },
        ]),
      }));
      return { ...f, value: encodeMessage([...graph, ...extra]) };
    }),
  );
}
