// @ts-check
// Graph surgery on an ISNet ModelProto, kept to the few fields it must change.
// ONNX field numbers are from onnx/onnx.proto (ModelProto.graph = 7, and so on).
import { decodeMessage, encodeMessage, decodeString, readInt64s } from './protobuf.mjs';

const MODEL_GRAPH = 7;
const GRAPH_NODE = 1;
const GRAPH_INITIALIZER = 5;
const GRAPH_INPUT = 11;
const GRAPH_OUTPUT = 12;
const GRAPH_VALUE_INFO = 13;
const NODE_INPUT = 1;
const NODE_OUTPUT = 2;
const NODE_OP_TYPE = 4;
const NODE_ATTRIBUTE = 5;
const ATTR_NAME = 1;
const ATTR_I = 3;
const ATTR_T = 5;
const TENSOR_DATA_TYPE = 2;
const TENSOR_INT64_DATA = 7;
const TENSOR_NAME = 8;
const TENSOR_RAW_DATA = 9;
const VALUE_NAME = 1;
const VALUE_TYPE = 2;
const TYPE_TENSOR = 1;
const TENSOR_TYPE_SHAPE = 2;
const SHAPE_DIM = 1;
const DIM_VALUE = 1;
const INT64 = 7;

/** @typedef {import('./protobuf.mjs').ProtoField} ProtoField */

/** @param {ProtoField[]} fields @param {number} field */
const strings = (fields, field) =>
  fields.filter((f) => f.field === field).map((f) => decodeString(/** @type {Uint8Array} */ (f.value)));

/** @param {ProtoField[]} fields @param {number} field */
const first = (fields, field) => fields.find((f) => f.field === field);

/**
 * @typedef {object} PatchOptions
 * @property {string[]} keepOutputs  graph outputs to keep; nodes that feed only the others are dropped
 * @property {boolean} clearCeilMode set ceil_mode=0 on every MaxPool
 * @property {number} [inputSize]    square input side; scales every Resize target size by inputSize/1024
 */

/**
 * @typedef {object} PatchReport
 * @property {number} nodesBefore
 * @property {number} nodesAfter
 * @property {number} ceilModesCleared
 * @property {number} resizeSizesScaled
 */

/**
 * Returns a patched copy of an ISNet ONNX model.
 * @param {Uint8Array} modelBytes
 * @param {PatchOptions} options
 * @returns {{ bytes: Uint8Array, report: PatchReport }}
 */
export function patchIsnet(modelBytes, options) {
  const model = decodeMessage(modelBytes);
  const graphField = first(model, MODEL_GRAPH);
  if (!graphField) throw new Error('onnx: model has no graph');
  const graph = decodeMessage(/** @type {Uint8Array} */ (graphField.value));
  const scale = options.inputSize ? options.inputSize / 1024 : 1;
  if (options.inputSize && (options.inputSize % 32 !== 0 || options.inputSize < 64)) {
    throw new Error('onnx: input size must be a multiple of 32, at least 64');
  }

  const nodes = graph.filter((f) => f.field === GRAPH_NODE).map((f) => decodeMessage(/** @type {Uint8Array} */ (f.value)));
  const producers = new Map();
  nodes.forEach((node, index) => strings(node, NODE_OUTPUT).forEach((name) => producers.set(name, index)));

  const live = liveNodes(nodes, producers, options.keepOutputs);
  const report = { nodesBefore: nodes.length, nodesAfter: live.size, ceilModesCleared: 0, resizeSizesScaled: 0 };

  const initializers = graph
    .filter((f) => f.field === GRAPH_INITIALIZER)
    .map((f) => decodeMessage(/** @type {Uint8Array} */ (f.value)));
  const initializerByName = new Map(initializers.map((t) => [strings(t, TENSOR_NAME)[0], t]));

  /** @type {Set<string>} names of 2-element int64 tensors that give a Resize its spatial size */
  const sizeTensors = new Set();
  if (scale !== 1) {
    for (const index of live) {
      const node = nodes[index];
      if (strings(node, NODE_OP_TYPE)[0] !== 'Resize') continue;
      const sizesName = strings(node, NODE_INPUT)[3];
      if (initializerByName.has(sizesName)) {
        // A folded [N, C, H, W] size: only its spatial half scales.
        sizeTensors.add(sizesName);
        continue;
      }
      const concat = nodes[producers.get(sizesName)];
      if (!concat || strings(concat, NODE_OP_TYPE)[0] !== 'Concat') {
        throw new Error(`onnx: Resize sizes ${sizesName} come from neither a Concat nor an initializer`);
      }
      for (const name of strings(concat, NODE_INPUT)) {
        if (!name.includes('Slice')) sizeTensors.add(name);
      }
    }
  }

  const newNodes = [...live].sort((a, b) => a - b).map((index) => {
    const node = nodes[index];
    const op = strings(node, NODE_OP_TYPE)[0];
    if (op === 'MaxPool' && options.clearCeilMode) {
      return node.map((f) => {
        if (f.field !== NODE_ATTRIBUTE) return f;
        const attr = decodeMessage(/** @type {Uint8Array} */ (f.value));
        if (strings(attr, ATTR_NAME)[0] !== 'ceil_mode') return f;
        report.ceilModesCleared++;
        return { ...f, value: encodeMessage(attr.map((a) => (a.field === ATTR_I ? { ...a, value: 0n } : a))) };
      });
    }
    if (op === 'Constant' && strings(node, NODE_OUTPUT).some((n) => sizeTensors.has(n))) {
      report.resizeSizesScaled++;
      return node.map((f) => {
        if (f.field !== NODE_ATTRIBUTE) return f;
        const attr = decodeMessage(/** @type {Uint8Array} */ (f.value));
        return {
          ...f,
          value: encodeMessage(
            attr.map((a) =>
              a.field === ATTR_T ? { ...a, value: scaleInt64Tensor(/** @type {Uint8Array} */ (a.value), scale) } : a,
            ),
          ),
        };
      });
    }
    return node;
  });

  const usedNames = new Set(newNodes.flatMap((n) => strings(n, NODE_INPUT)));
  let nodeCursor = 0;
  /** @type {ProtoField[]} */
  const newGraph = [];
  for (const f of graph) {
    if (f.field === GRAPH_NODE) {
      // Nodes are written where the first node stood, in their original order.
      if (nodeCursor === 0) newGraph.push(...newNodes.map((n) => ({ field: GRAPH_NODE, wire: 2, value: encodeMessage(n) })));
      nodeCursor++;
      continue;
    }
    if (f.field === GRAPH_INITIALIZER) {
      const tensor = decodeMessage(/** @type {Uint8Array} */ (f.value));
      const name = strings(tensor, TENSOR_NAME)[0];
      if (!usedNames.has(name)) continue;
      if (sizeTensors.has(name)) {
        report.resizeSizesScaled++;
        newGraph.push({ ...f, value: scaleInt64Tensor(/** @type {Uint8Array} */ (f.value), scale) });
        continue;
      }
      newGraph.push(f);
      continue;
    }
    if (f.field === GRAPH_OUTPUT) {
      const info = decodeMessage(/** @type {Uint8Array} */ (f.value));
      if (!options.keepOutputs.includes(strings(info, VALUE_NAME)[0])) continue;
      newGraph.push(scale === 1 ? f : { ...f, value: scaleValueInfo(info, scale) });
      continue;
    }
    if (f.field === GRAPH_INPUT) {
      const info = decodeMessage(/** @type {Uint8Array} */ (f.value));
      if (initializerByName.has(strings(info, VALUE_NAME)[0])) {
        newGraph.push(f);
        continue;
      }
      newGraph.push(scale === 1 ? f : { ...f, value: scaleValueInfo(info, scale) });
      continue;
    }
    if (f.field === GRAPH_VALUE_INFO) {
      // Intermediate shapes are hints only; they would be wrong at another size.
      if (scale !== 1) continue;
    }
    newGraph.push(f);
  }

  const newModel = model.map((f) => (f.field === MODEL_GRAPH ? { ...f, value: encodeMessage(newGraph) } : f));
  return { bytes: encodeMessage(newModel), report };
}

/**
 * Indices of the nodes that some kept output depends on.
 * @param {ProtoField[][]} nodes @param {Map<string, number>} producers @param {string[]} outputs
 */
function liveNodes(nodes, producers, outputs) {
  /** @type {Set<number>} */
  const live = new Set();
  const stack = outputs.map((name) => {
    if (!producers.has(name)) throw new Error(`onnx: no node produces ${name}`);
    return producers.get(name);
  });
  while (stack.length) {
    const index = /** @type {number} */ (stack.pop());
    if (live.has(index)) continue;
    live.add(index);
    for (const name of strings(nodes[index], NODE_INPUT)) {
      if (producers.has(name)) stack.push(producers.get(name));
    }
  }
  return live;
}

/** @param {Uint8Array} tensorBytes @param {number} scale */
function scaleInt64Tensor(tensorBytes, scale) {
  const tensor = decodeMessage(tensorBytes);
  const type = Number(first(tensor, TENSOR_DATA_TYPE)?.value);
  if (type !== INT64) throw new Error('onnx: Resize size tensor is not int64');
  const raw = first(tensor, TENSOR_RAW_DATA);
  if (raw) {
    const values = new BigInt64Array(/** @type {Uint8Array} */ (raw.value).slice().buffer);
    const scaled = values.map((v, i) => (i < values.length - 2 ? v : scaleSize(v, scale)));
    return encodeMessage(tensor.map((f) => (f === raw ? { ...f, value: new Uint8Array(scaled.buffer) } : f)));
  }
  const all = readInt64s(tensor, TENSOR_INT64_DATA);
  const values = all.map((v, i) => (i < all.length - 2 ? v : scaleSize(v, scale)));
  const rest = tensor.filter((f) => f.field !== TENSOR_INT64_DATA);
  return encodeMessage([...rest, ...values.map((v) => ({ field: TENSOR_INT64_DATA, wire: 0, value: v }))]);
}

/** @param {bigint} size @param {number} scale */
function scaleSize(size, scale) {
  const scaled = Number(size) * scale;
  if (!Number.isInteger(scaled)) throw new Error(`onnx: size ${size} does not scale to an integer`);
  return BigInt(scaled);
}

/**
 * Scales the last two (spatial) dims of a graph input or output.
 * @param {ProtoField[]} info @param {number} scale
 */
function scaleValueInfo(info, scale) {
  return encodeMessage(
    info.map((f) => {
      if (f.field !== VALUE_TYPE) return f;
      const type = decodeMessage(/** @type {Uint8Array} */ (f.value));
      return {
        ...f,
        value: encodeMessage(
          type.map((t) => {
            if (t.field !== TYPE_TENSOR) return t;
            const tensorType = decodeMessage(/** @type {Uint8Array} */ (t.value));
            return {
              ...t,
              value: encodeMessage(
                tensorType.map((s) => {
                  if (s.field !== TENSOR_TYPE_SHAPE) return s;
                  const dims = decodeMessage(/** @type {Uint8Array} */ (s.value));
                  const count = dims.filter((d) => d.field === SHAPE_DIM).length;
                  let seen = 0;
                  return {
                    ...s,
                    value: encodeMessage(
                      dims.map((d) => {
                        if (d.field !== SHAPE_DIM) return d;
                        seen++;
                        if (seen <= count - 2) return d;
                        const dim = decodeMessage(/** @type {Uint8Array} */ (d.value));
                        return {
                          ...d,
                          value: encodeMessage(
                            dim.map((v) => (v.field === DIM_VALUE ? { ...v, value: scaleSize(/** @type {bigint} */ (v.value), scale) } : v)),
                          ),
                        };
                      }),
                    ),
                  };
                }),
              ),
            };
          }),
        ),
      };
    }),
  );
}

/**
 * Lists a model's graph inputs and outputs with their dims, for checks and tests.
 * @param {Uint8Array} modelBytes
 */
export function describeIo(modelBytes) {
  const graph = decodeMessage(/** @type {Uint8Array} */ (first(decodeMessage(modelBytes), MODEL_GRAPH)?.value));
  /** @param {ProtoField} f */
  const describe = (f) => {
    const info = decodeMessage(/** @type {Uint8Array} */ (f.value));
    const name = strings(info, VALUE_NAME)[0];
    const type = decodeMessage(/** @type {Uint8Array} */ (first(info, VALUE_TYPE)?.value));
    const tensorType = decodeMessage(/** @type {Uint8Array} */ (first(type, TYPE_TENSOR)?.value));
    const shape = first(tensorType, TENSOR_TYPE_SHAPE);
    const dims = shape
      ? decodeMessage(/** @type {Uint8Array} */ (shape.value))
          .filter((d) => d.field === SHAPE_DIM)
          .map((d) => Number(first(decodeMessage(/** @type {Uint8Array} */ (d.value)), DIM_VALUE)?.value ?? -1))
      : [];
    return { name, dims };
  };
  return {
    inputs: graph.filter((f) => f.field === GRAPH_INPUT).map(describe),
    outputs: graph.filter((f) => f.field === GRAPH_OUTPUT).map(describe),
    nodes: graph.filter((f) => f.field === GRAPH_NODE).length,
  };
}


const FLOAT = 1;
const FLOAT16 = 10;
const TENSOR_ELEM_TYPE = 1;

/** float16 bit patterns → float32, built once. */
let halfTable = /** @type {Float32Array | null} */ (null);
function halves() {
  if (halfTable) return halfTable;
  const table = new Float32Array(65536);
  for (let h = 0; h < 65536; h++) {
    const sign = h & 0x8000 ? -1 : 1;
    const exponent = (h >> 10) & 0x1f;
    const fraction = h & 0x3ff;
    table[h] =
      exponent === 0 ? sign * 2 ** -14 * (fraction / 1024) : exponent === 31 ? (fraction ? NaN : sign * Infinity) : sign * 2 ** (exponent - 15) * (1 + fraction / 1024);
  }
  halfTable = table;
  return table;
}

/** A float16 TensorProto as float32; any other tensor unchanged. @param {Uint8Array} tensorBytes */
function widenTensor(tensorBytes) {
  const tensor = decodeMessage(tensorBytes);
  if (Number(first(tensor, TENSOR_DATA_TYPE)?.value) !== FLOAT16) return tensorBytes;
  const raw = first(tensor, TENSOR_RAW_DATA);
  if (!raw) throw new Error('onnx: a float16 tensor without raw_data');
  const bytes = /** @type {Uint8Array} */ (raw.value);
  const bits = new Uint16Array(bytes.slice().buffer);
  const table = halves();
  const floats = new Float32Array(bits.length);
  for (let i = 0; i < bits.length; i++) floats[i] = table[bits[i]];
  return encodeMessage(
    tensor.map((f) => {
      if (f.field === TENSOR_DATA_TYPE) return { ...f, value: BigInt(FLOAT) };
      if (f === raw) return { ...f, value: new Uint8Array(floats.buffer) };
      return f;
    }),
  );
}

/** A graph input or output declared float16, declared float32. @param {Uint8Array} infoBytes */
function widenValueInfo(infoBytes) {
  const info = decodeMessage(infoBytes);
  return encodeMessage(
    info.map((f) => {
      if (f.field !== VALUE_TYPE) return f;
      const type = decodeMessage(/** @type {Uint8Array} */ (f.value));
      return {
        ...f,
        value: encodeMessage(
          type.map((t) => {
            if (t.field !== TYPE_TENSOR) return t;
            const tensorType = decodeMessage(/** @type {Uint8Array} */ (t.value));
            return {
              ...t,
              value: encodeMessage(
                tensorType.map((e) => (e.field === TENSOR_ELEM_TYPE && Number(e.value) === FLOAT16 ? { ...e, value: BigInt(FLOAT) } : e)),
              ),
            };
          }),
        ),
      };
    }),
  );
}

/**
 * Turns a graph stored and computed in float16 into float32: weights and
 * constants widened, casts to float16 made casts to float32, intermediate type
 * hints dropped. onnxruntime-web's CPU (WASM) kernels are float32, so a float16
 * graph there runs a Cast around its float16 islands; in float32 it runs
 * without them (bench:model: 0.84× the time), for twice the weight memory.
 * Not for WebGPU, which computes float16 natively.
 * @param {Uint8Array} modelBytes
 * @returns {Uint8Array}
 */
export function widenToFloat32(modelBytes) {
  const model = decodeMessage(modelBytes);
  const graph = decodeMessage(/** @type {Uint8Array} */ (first(model, MODEL_GRAPH)?.value));
  const newGraph = graph
    .filter((f) => f.field !== GRAPH_VALUE_INFO)
    .map((f) => {
      if (f.field === GRAPH_INITIALIZER) return { ...f, value: widenTensor(/** @type {Uint8Array} */ (f.value)) };
      if (f.field === GRAPH_INPUT || f.field === GRAPH_OUTPUT) return { ...f, value: widenValueInfo(/** @type {Uint8Array} */ (f.value)) };
      if (f.field !== GRAPH_NODE) return f;
      const node = decodeMessage(/** @type {Uint8Array} */ (f.value));
      const op = strings(node, NODE_OP_TYPE)[0];
      if (op !== 'Cast' && op !== 'Constant') return f;
      return {
        ...f,
        value: encodeMessage(
          node.map((n) => {
            if (n.field !== NODE_ATTRIBUTE) return n;
            const attr = decodeMessage(/** @type {Uint8Array} */ (n.value));
            const name = strings(attr, ATTR_NAME)[0];
            if (op === 'Cast' && name === 'to') {
              return { ...n, value: encodeMessage(attr.map((a) => (a.field === ATTR_I && Number(a.value) === FLOAT16 ? { ...a, value: BigInt(FLOAT) } : a))) };
            }
            if (op === 'Constant' && name === 'value') {
              return { ...n, value: encodeMessage(attr.map((a) => (a.field === ATTR_T ? { ...a, value: widenTensor(/** @type {Uint8Array} */ (a.value)) } : a))) };
            }
            return n;
          }),
        ),
      };
    });
  return encodeMessage(model.map((f) => (f.field === MODEL_GRAPH ? { ...f, value: encodeMessage(newGraph) } : f)));
}
