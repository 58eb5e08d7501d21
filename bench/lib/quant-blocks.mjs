// ISNet's convolutions grouped into blocks for bench:quant, with each block's
// share of the model's multiply-accumulates (MACs). A block is the first part
// of the Conv's node name: conv_in, the encoder's RSU stages stage1–stage6,
// the decoder's stage5d–stage1d, and side1 (the only side output the patched
// graph keeps). With split, each RSU stage is cut in two: its way down
// (rebnconvin, rebnconv1…N) and its way up (rebnconvNd…1d).
import { decodeMessage, first, messages, strings, varintOf } from '../../src/engine/onnx/protobuf.ts';
import { GraphProto, ValueInfoProto, graphOf } from '../../src/engine/onnx/onnx-graph.ts';
import { convsOf } from './quantise-convs.ts';

/** Value name → dims, from a graph's value_info (the shipped fp16 graph carries it). */
function valueDims(modelBytes) {
  const dims = new Map();
  for (const info of messages(graphOf(decodeMessage(modelBytes)), GraphProto.valueInfo)) {
    const [type] = messages(info, ValueInfoProto.type);
    const [tensor] = type ? messages(type, 1) : [];
    const [shape] = tensor ? messages(tensor, 2) : [];
    if (!shape) continue;
    // TensorShapeProto.dim → Dimension.dim_value (a dim_param has no value: unknown).
    const values = messages(shape, 1).map((d) => {
      const v = first(d, 1);
      return v ? Number(varintOf(v)) : NaN;
    });
    dims.set(strings(info, ValueInfoProto.name)[0], values);
  }
  return dims;
}

/** "/stage1/rebnconv6d/conv_s1/Conv" → { block: "stage1", layer: "6d" }. */
function placeOf(convName, split) {
  const parts = convName.split('/').filter(Boolean);
  const [block] = parts;
  // "/conv_in/Conv" is a block of one conv with no layer name of its own.
  const layer = parts.length > 2 ? parts[1] : '';
  const short = layer.replace(/^rebnconv/, '');
  if (!split || !layer.startsWith('rebnconv')) return { block, layer: short };
  return { block: `${block} ${/\d+d$/.test(short) ? 'up' : 'down'}`, layer: short };
}

/**
 * @param shapedModel a graph with value_info (the shipped fp16 file), for MACs
 * @returns blocks in graph order: { name, convs (node names), layers, macs, share,
 *   largestSide (of its convs' outputs, at a 1024² input) }
 */
export function isnetBlocks(shapedModel, { split = false } = {}) {
  const dims = valueDims(shapedModel);
  const blocks = new Map();
  let total = 0;
  for (const conv of convsOf(shapedModel)) {
    const out = dims.get(conv.output);
    if (!out || out.length !== 4 || out.some((d) => !Number.isFinite(d))) throw new Error(`no output shape for ${conv.name}`);
    const [, channels, height, width] = out;
    const [, perGroup, kh, kw] = conv.weightDims;
    const macs = channels * height * width * perGroup * kh * kw;
    total += macs;
    const { block, layer } = placeOf(conv.name, split);
    const entry = blocks.get(block) ?? { name: block, convs: [], layers: [], macs: 0, largestSide: 0 };
    entry.convs.push(conv.name);
    entry.largestSide = Math.max(entry.largestSide, height, width);
    if (layer) entry.layers.push(layer);
    entry.macs += macs;
    blocks.set(block, entry);
  }
  return { totalMacs: total, blocks: [...blocks.values()].map((b) => ({ ...b, share: b.macs / total })) };
}

/** Every Conv name of the named blocks. */
export function convsOfBlocks(blocks, names) {
  const picked = new Set(names);
  return new Set(blocks.filter((b) => picked.has(b.name)).flatMap((b) => b.convs));
}
