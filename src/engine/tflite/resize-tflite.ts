// A converted .tflite made over for another input side, without converting
// the ONNX graph again. For a fully convolutional graph whose every size
// scales with the input (ISNet at sides that are multiples of 64), the files
// the converter writes for two sides differ only in the activations' heights
// and widths (a PAD's output: its input's plus the padding) and in
// RESIZE_BILINEAR's output sizes. Those are rewritten in place; the weights,
// which are most of the file, are not touched. Where a size would not scale
// to a whole number, nothing is changed and the caller converts. The unit
// tests hold it to the converter's own output, byte for byte, on ISNet too.
import { ByteBuffer } from 'flatbuffers';
import { BufferField, BuiltinOperator, ModelField, OperatorCodeField, OperatorField, SubGraphField, TensorField } from './tflite-schema';

/**
 * Rescales `tflite` (converted at input side `from`) to side `to`, in place.
 * Returns false, changing nothing, when a height, width or resize size does
 * not scale to a whole number.
 */
export function resizeTfliteInPlace(tflite: Uint8Array, from: number, to: number): boolean {
  const bb = new ByteBuffer(tflite);
  const slot = (table: number, s: number) => bb.__offset(table, 4 + 2 * s);
  const int32 = (table: number, s: number) => (slot(table, s) ? bb.readInt32(table + slot(table, s)) : 0);
  const vector = (table: number, s: number) => (slot(table, s) ? { start: bb.__vector(table + slot(table, s)), length: bb.__vector_len(table + slot(table, s)) } : { start: 0, length: 0 });
  const tables = (table: number, s: number) => {
    const v = vector(table, s);
    return Array.from({ length: v.length }, (_, i) => bb.__indirect(v.start + 4 * i));
  };
  const ints = (table: number, s: number) => {
    const v = vector(table, s);
    return Array.from({ length: v.length }, (_, i) => v.start + 4 * i);
  };

  const model = bb.readInt32(bb.position()) + bb.position();
  const buffers = tables(model, ModelField.buffers);
  // As TFLite reads an operator code: the larger of the old byte field and the int32 one.
  const deprecated = (code: number) => (slot(code, OperatorCodeField.deprecatedBuiltinCode) ? bb.readInt8(code + slot(code, OperatorCodeField.deprecatedBuiltinCode)) : 0);
  const opCodes = tables(model, ModelField.operatorCodes).map((code) => Math.max(int32(code, OperatorCodeField.builtinCode), deprecated(code)));
  const hasData = (buffer: number) => buffer > 0 && vector(buffers[buffer], BufferField.data).length > 0;

  // Every int32 to rewrite, as (byte offset, new value); written only once all of them scale.
  const writes = new Map<number, number>();
  const scaled = (at: number) => {
    const value = (bb.readInt32(at) * to) / from;
    if (!Number.isInteger(value) || value < 1) return false;
    writes.set(at, value);
    return true;
  };
  for (const subgraph of tables(model, ModelField.subgraphs)) {
    const tensors = tables(subgraph, SubGraphField.tensors);
    const operators = tables(subgraph, SubGraphField.operators).map((operator) => ({
      op: opCodes[int32(operator, OperatorField.opcodeIndex)],
      inputs: ints(operator, OperatorField.inputs).map((at) => tensors[bb.readInt32(at)]),
      outputs: ints(operator, OperatorField.outputs).map((at) => tensors[bb.readInt32(at)]),
    }));
    const dataOf = (tensor: number) => vector(buffers[int32(tensor, TensorField.buffer)], BufferField.data);
    const padded = new Set(operators.filter((o) => o.op === BuiltinOperator.PAD).map((o) => o.outputs[0]));
    // Activations (tensors with no data) are NHWC: height and width scale…
    for (const tensor of tensors) {
      if (hasData(int32(tensor, TensorField.buffer)) || padded.has(tensor)) continue;
      const shape = ints(tensor, TensorField.shape);
      if (shape.length !== 4) return false;
      if (!scaled(shape[1]) || !scaled(shape[2])) return false;
    }
    for (const { op, inputs, outputs } of operators) {
      if (op === BuiltinOperator.PAD) {
        // …but a pad's output is its input plus the padding, which stays.
        const inShape = ints(inputs[0], TensorField.shape);
        const outShape = ints(outputs[0], TensorField.shape);
        const paddings = dataOf(inputs[1]);
        if (inShape.length !== 4 || outShape.length !== 4 || paddings.length !== 32) return false;
        for (const axis of [1, 2]) {
          const added = bb.readInt32(paddings.start + 8 * axis) + bb.readInt32(paddings.start + 8 * axis + 4);
          writes.set(outShape[axis], (writes.get(inShape[axis]) ?? bb.readInt32(inShape[axis])) + added);
        }
      } else if (op === BuiltinOperator.RESIZE_BILINEAR) {
        // A resize's second input is its output's height and width.
        const size = dataOf(inputs[1]);
        if (size.length !== 8 || !scaled(size.start) || !scaled(size.start + 4)) return false;
      }
    }
  }
  for (const [at, value] of writes) bb.writeInt32(at, value);
  return true;
}
