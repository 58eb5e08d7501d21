// Writes a one-subgraph TFLite model (.tflite flatbuffer) with the
// `flatbuffers` Builder. Constant data goes into the builder as soon as it is
// added, so a converter can hand over one weight at a time and let it go:
// the finished file is then the only full copy. Tensors and operators are kept
// as small records until finish() writes the tables that point at them.
import { Builder } from 'flatbuffers';
import {
  ADD_OPTIONS_FIELD_COUNT,
  Activation,
  AddOptionsField,
  BUFFER_DATA_ALIGNMENT,
  BUFFER_FIELD_COUNT,
  BufferField,
  BuiltinOptionsType,
  CONCATENATION_OPTIONS_FIELD_COUNT,
  CONV_2D_OPTIONS_FIELD_COUNT,
  ConcatenationOptionsField,
  Conv2DOptionsField,
  FILE_IDENTIFIER,
  MODEL_FIELD_COUNT,
  ModelField,
  OPERATOR_CODE_FIELD_COUNT,
  OPERATOR_FIELD_COUNT,
  OperatorCodeField,
  OperatorField,
  PLACEHOLDER_FOR_GREATER_OP_CODES,
  QUANTIZATION_FIELD_COUNT,
  QuantizationField,
  POOL_2D_OPTIONS_FIELD_COUNT,
  Pool2DOptionsField,
  RESIZE_BILINEAR_OPTIONS_FIELD_COUNT,
  ResizeBilinearOptionsField,
  SCHEMA_VERSION,
  SIGNATURE_DEF_FIELD_COUNT,
  SUBGRAPH_FIELD_COUNT,
  SignatureDefField,
  SubGraphField,
  TENSOR_FIELD_COUNT,
  TENSOR_MAP_FIELD_COUNT,
  TensorField,
  TensorMapField,
  type ActivationValue,
  type BuiltinOperatorValue,
  type PaddingValue,
  type TensorTypeValue,
} from './tflite-schema';

export interface TensorSpec {
  name: string;
  shape: readonly number[];
  type: TensorTypeValue;
  /** A buffer index from addBuffer; 0 (the empty buffer) for a tensor computed at run time. */
  buffer?: number;
  /** Symmetric 8-bit weights: one scale per slice along `dimension` (real = scale × stored; zero points all 0). */
  quantization?: { scales: Float32Array; dimension: number };
}

/** The builtin options an operator carries, by the options table it needs. */
export type OperatorOptions =
  | {
      table: 'Conv2DOptions';
      padding: PaddingValue;
      strideW: number;
      strideH: number;
      dilationW: number;
      dilationH: number;
      activation: ActivationValue;
    }
  | {
      table: 'Pool2DOptions';
      padding: PaddingValue;
      strideW: number;
      strideH: number;
      filterWidth: number;
      filterHeight: number;
      activation: ActivationValue;
    }
  | { table: 'ConcatenationOptions'; axis: number; activation: ActivationValue }
  | { table: 'AddOptions'; activation: ActivationValue }
  | { table: 'ResizeBilinearOptions'; alignCorners: boolean; halfPixelCenters: boolean }
  | { table: 'PadOptions' }
  | { table: 'TransposeOptions' };

export interface OperatorSpec {
  op: BuiltinOperatorValue;
  inputs: readonly number[];
  outputs: readonly number[];
  options?: OperatorOptions;
}

export interface Signature {
  key: string;
  /** Each graph input and output under the name a caller knows it by. */
  inputs: { name: string; tensor: number }[];
  outputs: { name: string; tensor: number }[];
}

export interface FinishSpec {
  inputs: readonly number[];
  outputs: readonly number[];
  signature: Signature;
  description: string;
}

export class TfliteWriter {
  private readonly builder: Builder;
  /** Offsets of the data vectors; index 0 is the empty buffer every schema-3 model starts with. */
  private readonly bufferData: (number | null)[] = [null];
  private readonly tensors: TensorSpec[] = [];
  private readonly operators: OperatorSpec[] = [];

  /** @param sizeHint bytes to reserve up front (the weights' size), so the builder rarely regrows */
  constructor(sizeHint = 1 << 20) {
    this.builder = new Builder(sizeHint);
  }

  /** Copies constant data into the file now; returns its buffer index. */
  addBuffer(data: Uint8Array): number {
    // Align the data's first byte; the vector's length word sits just before it.
    this.builder.prep(BUFFER_DATA_ALIGNMENT, data.length);
    this.bufferData.push(this.builder.createByteVector(data));
    return this.bufferData.length - 1;
  }

  addTensor(spec: TensorSpec): number {
    if (spec.buffer !== undefined && (spec.buffer < 0 || spec.buffer >= this.bufferData.length)) {
      throw new Error(`tflite: tensor ${spec.name} names buffer ${spec.buffer}, which does not exist`);
    }
    this.tensors.push(spec);
    return this.tensors.length - 1;
  }

  addOperator(spec: OperatorSpec): void {
    for (const index of [...spec.inputs, ...spec.outputs]) {
      if (index < -1 || index >= this.tensors.length) throw new Error(`tflite: operator ${spec.op} names tensor ${index}, which does not exist`);
    }
    this.operators.push(spec);
  }

  get tensorCount(): number {
    return this.tensors.length;
  }

  /** Writes every table and returns the file's bytes (a view into the builder's buffer). */
  finish(spec: FinishSpec): Uint8Array {
    const b = this.builder;
    const opCodes = [...new Set(this.operators.map((o) => o.op))];
    const opCodeOffsets = opCodes.map((code) => writeOperatorCode(b, code));
    const tensorOffsets = this.tensors.map((t) => writeTensor(b, t));
    const operatorOffsets = this.operators.map((o) => writeOperator(b, o, opCodes.indexOf(o.op)));

    const tensorsVector = offsetVector(b, tensorOffsets);
    const inputsVector = int32Vector(b, spec.inputs);
    const outputsVector = int32Vector(b, spec.outputs);
    const operatorsVector = offsetVector(b, operatorOffsets);
    const subgraphName = b.createString('main');
    b.startObject(SUBGRAPH_FIELD_COUNT);
    b.addFieldOffset(SubGraphField.tensors, tensorsVector, 0);
    b.addFieldOffset(SubGraphField.inputs, inputsVector, 0);
    b.addFieldOffset(SubGraphField.outputs, outputsVector, 0);
    b.addFieldOffset(SubGraphField.operators, operatorsVector, 0);
    b.addFieldOffset(SubGraphField.name, subgraphName, 0);
    const subgraph = b.endObject();

    const bufferOffsets = this.bufferData.map((data) => {
      b.startObject(BUFFER_FIELD_COUNT);
      if (data !== null) b.addFieldOffset(BufferField.data, data, 0);
      return b.endObject();
    });
    const signature = writeSignature(b, spec.signature);

    const operatorCodesVector = offsetVector(b, opCodeOffsets);
    const subgraphsVector = offsetVector(b, [subgraph]);
    const description = b.createString(spec.description);
    const buffersVector = offsetVector(b, bufferOffsets);
    const signaturesVector = offsetVector(b, [signature]);
    b.startObject(MODEL_FIELD_COUNT);
    b.addFieldInt32(ModelField.version, SCHEMA_VERSION, 0);
    b.addFieldOffset(ModelField.operatorCodes, operatorCodesVector, 0);
    b.addFieldOffset(ModelField.subgraphs, subgraphsVector, 0);
    b.addFieldOffset(ModelField.description, description, 0);
    b.addFieldOffset(ModelField.buffers, buffersVector, 0);
    b.addFieldOffset(ModelField.signatureDefs, signaturesVector, 0);
    b.finish(b.endObject(), FILE_IDENTIFIER);
    return b.asUint8Array();
  }
}

function offsetVector(b: Builder, offsets: readonly number[]): number {
  b.startVector(4, offsets.length, 4);
  for (let i = offsets.length - 1; i >= 0; i--) b.addOffset(offsets[i]);
  return b.endVector();
}

function int32Vector(b: Builder, values: readonly number[]): number {
  b.startVector(4, values.length, 4);
  for (let i = values.length - 1; i >= 0; i--) b.addInt32(values[i]);
  return b.endVector();
}

function writeOperatorCode(b: Builder, code: BuiltinOperatorValue): number {
  b.startObject(OPERATOR_CODE_FIELD_COUNT);
  b.addFieldInt8(OperatorCodeField.deprecatedBuiltinCode, Math.min(code, PLACEHOLDER_FOR_GREATER_OP_CODES), 0);
  b.addFieldInt32(OperatorCodeField.version, 1, 1);
  b.addFieldInt32(OperatorCodeField.builtinCode, code, 0);
  return b.endObject();
}

function writeTensor(b: Builder, t: TensorSpec): number {
  const shape = int32Vector(b, t.shape);
  const name = b.createString(t.name);
  const quantization = t.quantization ? writeQuantization(b, t.quantization) : 0;
  b.startObject(TENSOR_FIELD_COUNT);
  b.addFieldOffset(TensorField.shape, shape, 0);
  b.addFieldInt8(TensorField.type, t.type, 0);
  b.addFieldInt32(TensorField.buffer, t.buffer ?? 0, 0);
  b.addFieldOffset(TensorField.name, name, 0);
  if (t.quantization) b.addFieldOffset(TensorField.quantization, quantization, 0);
  return b.endObject();
}

function writeQuantization(b: Builder, q: NonNullable<TensorSpec['quantization']>): number {
  b.startVector(4, q.scales.length, 4);
  for (let i = q.scales.length - 1; i >= 0; i--) b.addFloat32(q.scales[i]);
  const scales = b.endVector();
  b.startVector(8, q.scales.length, 8);
  for (let i = q.scales.length - 1; i >= 0; i--) b.addInt64(0n);
  const zeroPoints = b.endVector();
  b.startObject(QUANTIZATION_FIELD_COUNT);
  b.addFieldOffset(QuantizationField.scale, scales, 0);
  b.addFieldOffset(QuantizationField.zeroPoint, zeroPoints, 0);
  b.addFieldInt32(QuantizationField.quantizedDimension, q.dimension, 0);
  return b.endObject();
}

function writeOperator(b: Builder, o: OperatorSpec, opcodeIndex: number): number {
  const inputs = int32Vector(b, o.inputs);
  const outputs = int32Vector(b, o.outputs);
  const options = o.options ? writeOptions(b, o.options) : 0;
  b.startObject(OPERATOR_FIELD_COUNT);
  b.addFieldInt32(OperatorField.opcodeIndex, opcodeIndex, 0);
  b.addFieldOffset(OperatorField.inputs, inputs, 0);
  b.addFieldOffset(OperatorField.outputs, outputs, 0);
  if (o.options) {
    b.addFieldInt8(OperatorField.builtinOptionsType, BuiltinOptionsType[o.options.table], BuiltinOptionsType.NONE);
    b.addFieldOffset(OperatorField.builtinOptions, options, 0);
  }
  return b.endObject();
}

/** One options table; a field equal to its schema default is left out, as flatbuffers does. */
function writeOptions(b: Builder, o: OperatorOptions): number {
  switch (o.table) {
    case 'Conv2DOptions':
      b.startObject(CONV_2D_OPTIONS_FIELD_COUNT);
      b.addFieldInt8(Conv2DOptionsField.padding, o.padding, 0);
      b.addFieldInt32(Conv2DOptionsField.strideW, o.strideW, 0);
      b.addFieldInt32(Conv2DOptionsField.strideH, o.strideH, 0);
      b.addFieldInt8(Conv2DOptionsField.fusedActivation, o.activation, Activation.NONE);
      b.addFieldInt32(Conv2DOptionsField.dilationW, o.dilationW, 1);
      b.addFieldInt32(Conv2DOptionsField.dilationH, o.dilationH, 1);
      return b.endObject();
    case 'Pool2DOptions':
      b.startObject(POOL_2D_OPTIONS_FIELD_COUNT);
      b.addFieldInt8(Pool2DOptionsField.padding, o.padding, 0);
      b.addFieldInt32(Pool2DOptionsField.strideW, o.strideW, 0);
      b.addFieldInt32(Pool2DOptionsField.strideH, o.strideH, 0);
      b.addFieldInt32(Pool2DOptionsField.filterWidth, o.filterWidth, 0);
      b.addFieldInt32(Pool2DOptionsField.filterHeight, o.filterHeight, 0);
      b.addFieldInt8(Pool2DOptionsField.fusedActivation, o.activation, Activation.NONE);
      return b.endObject();
    case 'ConcatenationOptions':
      b.startObject(CONCATENATION_OPTIONS_FIELD_COUNT);
      b.addFieldInt32(ConcatenationOptionsField.axis, o.axis, 0);
      b.addFieldInt8(ConcatenationOptionsField.fusedActivation, o.activation, Activation.NONE);
      return b.endObject();
    case 'AddOptions':
      b.startObject(ADD_OPTIONS_FIELD_COUNT);
      b.addFieldInt8(AddOptionsField.fusedActivation, o.activation, Activation.NONE);
      return b.endObject();
    case 'ResizeBilinearOptions':
      b.startObject(RESIZE_BILINEAR_OPTIONS_FIELD_COUNT);
      b.addFieldInt8(ResizeBilinearOptionsField.alignCorners, o.alignCorners ? 1 : 0, 0);
      b.addFieldInt8(ResizeBilinearOptionsField.halfPixelCenters, o.halfPixelCenters ? 1 : 0, 0);
      return b.endObject();
    case 'PadOptions':
    case 'TransposeOptions':
      b.startObject(0);
      return b.endObject();
  }
}

function writeSignature(b: Builder, s: Signature): number {
  const tensorMaps = (entries: Signature['inputs']) =>
    offsetVector(
      b,
      entries.map((e) => {
        const name = b.createString(e.name);
        b.startObject(TENSOR_MAP_FIELD_COUNT);
        b.addFieldOffset(TensorMapField.name, name, 0);
        b.addFieldInt32(TensorMapField.tensorIndex, e.tensor, 0);
        return b.endObject();
      }),
    );
  const inputs = tensorMaps(s.inputs);
  const outputs = tensorMaps(s.outputs);
  const key = b.createString(s.key);
  b.startObject(SIGNATURE_DEF_FIELD_COUNT);
  b.addFieldOffset(SignatureDefField.inputs, inputs, 0);
  b.addFieldOffset(SignatureDefField.outputs, outputs, 0);
  b.addFieldOffset(SignatureDefField.signatureKey, key, 0);
  b.addFieldInt32(SignatureDefField.subgraphIndex, 0, 0);
  return b.endObject();
}
