// The parts of TFLite's flatbuffer schema (tensorflow/compiler/mlir/lite/schema/
// schema.fbs, version 3) that the ONNX converter writes: enum values, and each
// table's field slots in declaration order. A union field takes two slots, its
// type tag then its value. Only what we write is listed; the numbers are the
// schema's, so they never change.

export const FILE_IDENTIFIER = 'TFL3';
export const SCHEMA_VERSION = 3;

/** enum TensorType : byte */
export const TensorType = { float32: 0, int32: 2, int8: 9 } as const;
export type TensorTypeValue = (typeof TensorType)[keyof typeof TensorType];

/** enum BuiltinOperator : int32 */
export const BuiltinOperator = {
  ADD: 0,
  CONCATENATION: 2,
  CONV_2D: 3,
  LOGISTIC: 14,
  MAX_POOL_2D: 17,
  RELU: 19,
  RESIZE_BILINEAR: 23,
  PAD: 34,
  TRANSPOSE: 39,
} as const;
export type BuiltinOperatorValue = (typeof BuiltinOperator)[keyof typeof BuiltinOperator];
/** Codes below this also go in OperatorCode.deprecated_builtin_code (a byte). */
export const PLACEHOLDER_FOR_GREATER_OP_CODES = 127;

/** union BuiltinOptions: the type tag of each options table (0 is NONE). */
export const BuiltinOptionsType = {
  NONE: 0,
  Conv2DOptions: 1,
  Pool2DOptions: 5,
  ConcatenationOptions: 10,
  AddOptions: 11,
  ResizeBilinearOptions: 15,
  PadOptions: 22,
  TransposeOptions: 26,
} as const;

/** enum Padding : byte */
export const Padding = { SAME: 0, VALID: 1 } as const;
export type PaddingValue = (typeof Padding)[keyof typeof Padding];

/** enum ActivationFunctionType : byte */
export const Activation = { NONE: 0, RELU: 1 } as const;
export type ActivationValue = (typeof Activation)[keyof typeof Activation];

// Field slots, table by table.
export const ModelField = { version: 0, operatorCodes: 1, subgraphs: 2, description: 3, buffers: 4, signatureDefs: 7 } as const;
export const MODEL_FIELD_COUNT = 8;
export const OperatorCodeField = { deprecatedBuiltinCode: 0, customCode: 1, version: 2, builtinCode: 3 } as const;
export const OPERATOR_CODE_FIELD_COUNT = 4;
export const SubGraphField = { tensors: 0, inputs: 1, outputs: 2, operators: 3, name: 4 } as const;
export const SUBGRAPH_FIELD_COUNT = 5;
export const BufferField = { data: 0 } as const;
export const BUFFER_FIELD_COUNT = 3;
/** Buffer.data is declared force_align: 16. */
export const BUFFER_DATA_ALIGNMENT = 16;
export const TensorField = { shape: 0, type: 1, buffer: 2, name: 3, quantization: 4 } as const;
export const TENSOR_FIELD_COUNT = 10;
/** Slot 4–5 is the QuantizationDetails union, which we never write. */
export const QuantizationField = { scale: 2, zeroPoint: 3, quantizedDimension: 6 } as const;
export const QUANTIZATION_FIELD_COUNT = 7;
export const OperatorField = { opcodeIndex: 0, inputs: 1, outputs: 2, builtinOptionsType: 3, builtinOptions: 4 } as const;
export const OPERATOR_FIELD_COUNT = 13;
export const SignatureDefField = { inputs: 0, outputs: 1, signatureKey: 2, subgraphIndex: 4 } as const;
export const SIGNATURE_DEF_FIELD_COUNT = 5;
export const TensorMapField = { name: 0, tensorIndex: 1 } as const;
export const TENSOR_MAP_FIELD_COUNT = 2;

// Options tables.
export const Conv2DOptionsField = { padding: 0, strideW: 1, strideH: 2, fusedActivation: 3, dilationW: 4, dilationH: 5 } as const;
export const CONV_2D_OPTIONS_FIELD_COUNT = 7;
export const Pool2DOptionsField = { padding: 0, strideW: 1, strideH: 2, filterWidth: 3, filterHeight: 4, fusedActivation: 5 } as const;
export const POOL_2D_OPTIONS_FIELD_COUNT = 6;
export const ConcatenationOptionsField = { axis: 0, fusedActivation: 1 } as const;
export const CONCATENATION_OPTIONS_FIELD_COUNT = 2;
export const AddOptionsField = { fusedActivation: 0 } as const;
export const ADD_OPTIONS_FIELD_COUNT = 2;
/** Slots 0 and 1 (new_height, new_width) are deprecated: the size is the op's second input. */
export const ResizeBilinearOptionsField = { alignCorners: 2, halfPixelCenters: 3 } as const;
export const RESIZE_BILINEAR_OPTIONS_FIELD_COUNT = 4;
