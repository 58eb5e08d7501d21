// Turning a graph stored and computed in float16 into float32. onnxruntime-web's
// CPU (WASM) kernels are float32, so a float16 graph there runs a Cast around
// its float16 islands; in float32 it runs without them (bench:model: 0.84× the
// time), for twice the weight memory. Not for WebGPU, which computes float16
// natively.
import {
  AttributeProto,
  DataType,
  GraphProto,
  NodeProto,
  TensorProto,
  TensorTypeProto,
  TypeProto,
  ValueInfoProto,
  dataTypeOf,
  graphOf,
  opTypeOf,
  withGraph,
} from './onnx-graph';
import { readFloat16 } from './float16';
import { bytesField, bytesOf, decodeMessage, editMessages, encodeMessage, first, strings, varintField, varintOf, type ProtoField } from './protobuf';

const isFloat16 = (f: ProtoField) => Number(varintOf(f)) === DataType.float16;
const FLOAT = BigInt(DataType.float);

/** A float16 TensorProto as float32; any other tensor unchanged. */
function widenTensor(tensorBytes: Uint8Array): Uint8Array {
  const tensor = decodeMessage(tensorBytes);
  if (dataTypeOf(tensor) !== DataType.float16) return tensorBytes;
  const raw = first(tensor, TensorProto.rawData);
  if (!raw) throw new Error('onnx: a float16 tensor without raw_data');
  // A copy, so the view starts aligned and spans only this tensor.
  const bits = new Uint16Array(new Uint8Array(bytesOf(raw)).buffer);
  const floats = readFloat16(bits);
  return encodeMessage(
    tensor.map((f) => {
      if (f.field === TensorProto.dataType) return varintField(f.field, FLOAT);
      if (f === raw) return bytesField(f.field, new Uint8Array(floats.buffer));
      return f;
    }),
  );
}

/** A graph input or output declared float16, declared float32. */
function widenValueInfo(infoBytes: Uint8Array): Uint8Array {
  return encodeMessage(
    editMessages(decodeMessage(infoBytes), ValueInfoProto.type, (type) =>
      editMessages(type, TypeProto.tensorType, (tensorType) =>
        tensorType.map((e) => (e.field === TensorTypeProto.elemType && isFloat16(e) ? varintField(e.field, FLOAT) : e)),
      ),
    ),
  );
}

/** A Cast to float16 made a Cast to float32, a float16 Constant widened; any other node unchanged. */
function widenNode(nodeBytes: Uint8Array): Uint8Array {
  const node = decodeMessage(nodeBytes);
  const op = opTypeOf(node);
  if (op !== 'Cast' && op !== 'Constant') return nodeBytes;
  return encodeMessage(
    node.map((f) => {
      if (f.field !== NodeProto.attribute) return f;
      const attr = decodeMessage(bytesOf(f));
      const name = strings(attr, AttributeProto.name)[0];
      if (op === 'Cast' && name === 'to') {
        return bytesField(f.field, encodeMessage(attr.map((a) => (a.field === AttributeProto.i && isFloat16(a) ? varintField(a.field, FLOAT) : a))));
      }
      if (op === 'Constant' && name === 'value') {
        return bytesField(f.field, encodeMessage(attr.map((a) => (a.field === AttributeProto.t ? bytesField(a.field, widenTensor(bytesOf(a))) : a))));
      }
      return f;
    }),
  );
}

/**
 * The model computed in float32: weights and constants widened, casts to
 * float16 made casts to float32, intermediate type hints dropped.
 */
export function widenToFloat32(modelBytes: Uint8Array): Uint8Array {
  const model = decodeMessage(modelBytes);
  const graph = graphOf(model)
    .filter((f) => f.field !== GraphProto.valueInfo)
    .map((f) => {
      if (f.field === GraphProto.initializer) return bytesField(f.field, widenTensor(bytesOf(f)));
      if (f.field === GraphProto.input || f.field === GraphProto.output) return bytesField(f.field, widenValueInfo(bytesOf(f)));
      if (f.field === GraphProto.node) return bytesField(f.field, widenNode(bytesOf(f)));
      return f;
    });
  return withGraph(model, graph);
}
