// Scaling the spatial (last two) entries of a size or a shape by S/1024, for
// running a graph built for 1024² at S²; batch and channel entries stay.
import { DataType, DimensionProto, TensorProto, TensorShapeProto, TensorTypeProto, TypeProto, ValueInfoProto, dataTypeOf } from './onnx-graph';
import {
  bytesField,
  bytesOf,
  decodeMessage,
  editMessages,
  encodeMessage,
  first,
  readInt64s,
  varintField,
  varintOf,
  type ProtoField,
} from './protobuf';

function scaleSize(size: bigint, scale: number): bigint {
  const scaled = Number(size) * scale;
  if (!Number.isInteger(scaled)) throw new Error(`onnx: size ${size} does not scale to an integer`);
  return BigInt(scaled);
}

function scaleLastTwo(values: bigint[], scale: number): bigint[] {
  return values.map((v, i) => (i < values.length - 2 ? v : scaleSize(v, scale)));
}

/** An int64 TensorProto of sizes (a Resize target: [H, W] or [N, C, H, W]) with H and W scaled. */
export function scaleSizeTensor(tensorBytes: Uint8Array, scale: number): Uint8Array {
  const tensor = decodeMessage(tensorBytes);
  if (dataTypeOf(tensor) !== DataType.int64) throw new Error('onnx: Resize size tensor is not int64');
  const raw = first(tensor, TensorProto.rawData);
  if (raw) {
    // A copy, so the view starts aligned and spans only this tensor.
    const values = new BigInt64Array(new Uint8Array(bytesOf(raw)).buffer);
    const scaled = BigInt64Array.from(scaleLastTwo([...values], scale));
    return encodeMessage(tensor.map((f) => (f === raw ? bytesField(f.field, new Uint8Array(scaled.buffer)) : f)));
  }
  const scaled = scaleLastTwo(readInt64s(tensor, TensorProto.int64Data), scale);
  const rest = tensor.filter((f) => f.field !== TensorProto.int64Data);
  return encodeMessage([...rest, ...scaled.map((v) => varintField(TensorProto.int64Data, v))]);
}

/** A graph input's or output's ValueInfoProto with the last two dims of its shape scaled. */
export function scaleSpatialDims(info: ProtoField[], scale: number): Uint8Array {
  const scaleShape = (shape: ProtoField[]): ProtoField[] => {
    const count = shape.filter((d) => d.field === TensorShapeProto.dim).length;
    let seen = 0;
    return shape.map((d) => {
      if (d.field !== TensorShapeProto.dim) return d;
      seen++;
      if (seen <= count - 2) return d;
      const dim = decodeMessage(bytesOf(d));
      return bytesField(
        d.field,
        encodeMessage(dim.map((v) => (v.field === DimensionProto.dimValue ? varintField(v.field, scaleSize(varintOf(v), scale)) : v))),
      );
    });
  };
  return encodeMessage(
    editMessages(info, ValueInfoProto.type, (type) =>
      editMessages(type, TypeProto.tensorType, (tensorType) => editMessages(tensorType, TensorTypeProto.shape, scaleShape)),
    ),
  );
}
