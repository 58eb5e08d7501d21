// Test-only: reads a .tflite file back with the flatbuffers ByteBuffer, table
// by table, into plain objects the converter's tests can assert on.
import { ByteBuffer } from 'flatbuffers';
import {
  BufferField,
  BuiltinOperator,
  ModelField,
  OperatorCodeField,
  OperatorField,
  QuantizationField,
  SignatureDefField,
  SubGraphField,
  TensorField,
  TensorMapField,
} from '../../../../src/engine/tflite/tflite-schema';

export interface ReadTensor {
  name: string;
  shape: number[];
  type: number;
  buffer: number;
  /** Present on 8-bit weights: a scale and a zero point per slice along `dimension`. */
  quantization?: { scales: number[]; zeroPoints: number[]; dimension: number };
}

export interface ReadOperator {
  op: string;
  inputs: number[];
  outputs: number[];
  optionsType: number;
  /** The options table's fields by slot: ints read as int32, bytes as int8. */
  int32(slot: number, fallback?: number): number;
  int8(slot: number, fallback?: number): number;
}

export interface ReadModel {
  version: number;
  identifier: string;
  tensors: ReadTensor[];
  operators: ReadOperator[];
  inputs: number[];
  outputs: number[];
  /** Each buffer's data and its offset in the file. */
  buffers: { data: Uint8Array; offset: number }[];
  signature: { key: string; inputs: [string, number][]; outputs: [string, number][] };
}

const OP_NAMES = Object.fromEntries(Object.entries(BuiltinOperator).map(([name, code]) => [code, name]));

export function readTflite(bytes: Uint8Array): ReadModel {
  const bb = new ByteBuffer(bytes);
  const slot = (table: number, s: number) => bb.__offset(table, 4 + 2 * s);
  const int32 = (table: number, s: number, fallback = 0) => (slot(table, s) ? bb.readInt32(table + slot(table, s)) : fallback);
  const int8 = (table: number, s: number, fallback = 0) => (slot(table, s) ? bb.readInt8(table + slot(table, s)) : fallback);
  const str = (table: number, s: number) => (slot(table, s) ? (bb.__string(table + slot(table, s)) as string) : '');
  const vector = (table: number, s: number) => (slot(table, s) ? { start: bb.__vector(table + slot(table, s)), length: bb.__vector_len(table + slot(table, s)) } : { start: 0, length: 0 });
  const tables = (table: number, s: number) => {
    const v = vector(table, s);
    return Array.from({ length: v.length }, (_, i) => bb.__indirect(v.start + 4 * i));
  };
  const ints = (table: number, s: number) => {
    const v = vector(table, s);
    return Array.from({ length: v.length }, (_, i) => bb.readInt32(v.start + 4 * i));
  };

  const quantization = (q: number) => {
    const scales = vector(q, QuantizationField.scale);
    const zeros = vector(q, QuantizationField.zeroPoint);
    return {
      scales: Array.from({ length: scales.length }, (_, i) => bb.readFloat32(scales.start + 4 * i)),
      zeroPoints: Array.from({ length: zeros.length }, (_, i) => Number(bb.readInt64(zeros.start + 8 * i))),
      dimension: int32(q, QuantizationField.quantizedDimension),
    };
  };

  const model = bb.readInt32(bb.position()) + bb.position();
  const codes = tables(model, ModelField.operatorCodes).map((c) => int32(c, OperatorCodeField.builtinCode));
  const [subgraph] = tables(model, ModelField.subgraphs);
  const tensors = tables(subgraph, SubGraphField.tensors).map((t) => ({
    name: str(t, TensorField.name),
    shape: ints(t, TensorField.shape),
    type: int8(t, TensorField.type),
    buffer: int32(t, TensorField.buffer),
    ...(slot(t, TensorField.quantization) ? { quantization: quantization(bb.__indirect(t + slot(t, TensorField.quantization))) } : {}),
  }));
  const operators = tables(subgraph, SubGraphField.operators).map((o): ReadOperator => {
    const options = slot(o, OperatorField.builtinOptions) ? bb.__indirect(o + slot(o, OperatorField.builtinOptions)) : 0;
    return {
      op: OP_NAMES[codes[int32(o, OperatorField.opcodeIndex)]] ?? `#${codes[int32(o, OperatorField.opcodeIndex)]}`,
      inputs: ints(o, OperatorField.inputs),
      outputs: ints(o, OperatorField.outputs),
      optionsType: int8(o, OperatorField.builtinOptionsType),
      int32: (s, fallback = 0) => (options ? int32(options, s, fallback) : fallback),
      int8: (s, fallback = 0) => (options ? int8(options, s, fallback) : fallback),
    };
  });
  const buffers = tables(model, ModelField.buffers).map((b) => {
    const v = vector(b, BufferField.data);
    return { data: bytes.subarray(v.start, v.start + v.length), offset: v.start };
  });
  const [signature] = tables(model, ModelField.signatureDefs);
  const maps = (s: number) => tables(signature, s).map((m): [string, number] => [str(m, TensorMapField.name), int32(m, TensorMapField.tensorIndex)]);
  return {
    version: int32(model, ModelField.version),
    identifier: new TextDecoder().decode(bytes.subarray(4, 8)),
    tensors,
    operators,
    inputs: ints(subgraph, SubGraphField.inputs),
    outputs: ints(subgraph, SubGraphField.outputs),
    buffers,
    signature: { key: str(signature, SignatureDefField.signatureKey), inputs: maps(SignatureDefField.inputs), outputs: maps(SignatureDefField.outputs) },
  };
}

/** A buffer's bytes as float32 or int32 values (copied, so alignment does not matter). */
export const floatsOf = (data: Uint8Array) => new Float32Array(new Uint8Array(data).buffer);
export const int32sOf = (data: Uint8Array) => new Int32Array(new Uint8Array(data).buffer);
