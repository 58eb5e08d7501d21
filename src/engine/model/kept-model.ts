// How a converted .tflite is kept: its weights once for every side, and each
// side's file without them (its "skeleton": the graph, the tables, the small
// constants, and holes where the weights go). The sides differ only in shapes
// and the resize sizes, so weights kept once serve them all; and ISNet's
// weights come as float16, so a float32 weight is kept as its float16 bits
// wherever that is exact (checked value by value), halving what is stored.
// The model host keeps ~85 MB of weights plus a few hundred KB per side, where
// a whole float32 file per side would be ~176 MB each.
//
// A hole is a buffer's data vector (force-aligned to 16 bytes in the file),
// of at least MIN_HOLE bytes. Holes are matched to kept weights by order (the
// converter writes weights in graph order, the same for every side) and
// checked by length and checksum; a buffer that does not match stays in its
// skeleton.
import { ByteBuffer } from 'flatbuffers';
import { BufferField, ModelField } from '../tflite/tflite-schema';

/** Smaller buffers (resize sizes, a bias here and there) stay in the skeleton. */
const MIN_HOLE = 4096;

export type WeightEncoding = 'f16' | 'raw';

export interface KeptWeight {
  encoding: WeightEncoding;
  /** Bytes it fills in the .tflite. */
  length: number;
  /** FNV-1a over the stored bytes, so a hole is only filled by its own weight. */
  checksum: number;
  /** The stored bytes: float16 bits for 'f16', the file's own for 'raw'. */
  data: Uint8Array;
}

export interface Hole {
  /** Byte offset in the .tflite. */
  at: number;
  length: number;
  weight: number;
}

export interface Skeleton {
  /** The .tflite's length. */
  size: number;
  holes: Hole[];
  /** The file with the holes cut out. */
  rest: Uint8Array;
}

/** Where each buffer's data lies in a .tflite. */
export function bufferRanges(tflite: Uint8Array): { at: number; length: number }[] {
  const bb = new ByteBuffer(tflite);
  const model = bb.readInt32(bb.position()) + bb.position();
  const field = (table: number, slot: number) => bb.__offset(table, 4 + 2 * slot);
  const buffers = field(model, ModelField.buffers);
  if (!buffers) return [];
  const start = bb.__vector(model + buffers);
  const ranges: { at: number; length: number }[] = [];
  for (let i = 0; i < bb.__vector_len(model + buffers); i++) {
    const buffer = bb.__indirect(start + 4 * i);
    const data = field(buffer, BufferField.data);
    if (data) ranges.push({ at: bb.__vector(buffer + data), length: bb.__vector_len(buffer + data) });
  }
  return ranges;
}

function fnv1a(bytes: Uint8Array): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) hash = Math.imul(hash ^ bytes[i], 0x01000193);
  return hash >>> 0;
}

/** float32 bit patterns as float16 bits, or null unless every value is exactly a float16. */
export function exactHalves(patterns: Uint32Array): Uint16Array | null {
  const halves = new Uint16Array(patterns.length);
  for (let i = 0; i < patterns.length; i++) {
    const bits = patterns[i];
    const sign = (bits >>> 16) & 0x8000;
    const exponent = ((bits >>> 23) & 0xff) - 127;
    const mantissa = bits & 0x7fffff;
    if ((bits & 0x7fffffff) === 0) {
      halves[i] = sign;
    } else if (exponent >= -14 && exponent <= 15) {
      if (mantissa & 0x1fff) return null;
      halves[i] = sign | ((exponent + 15) << 10) | (mantissa >>> 13);
    } else if (exponent >= -24 && exponent < -14) {
      // A float16 subnormal: m · 2^-24 with m < 1024.
      const significand = 0x800000 | mantissa;
      const shift = -exponent - 1;
      if (significand & ((1 << shift) - 1)) return null;
      halves[i] = sign | (significand >>> shift);
    } else {
      return null;
    }
  }
  return halves;
}

let halfTable: Uint32Array | null = null;

/** float16 bits → float32 bit patterns (a 256 KB table, made once). */
function widenInto(halves: Uint16Array, out: Uint32Array): void {
  if (!halfTable) {
    const values = new Float32Array(65536);
    for (let h = 0; h < 65536; h++) {
      const sign = h & 0x8000 ? -1 : 1;
      const exponent = (h >> 10) & 0x1f;
      const fraction = h & 0x3ff;
      values[h] =
        exponent === 0 ? sign * 2 ** -14 * (fraction / 1024) : exponent === 31 ? (fraction ? NaN : sign * Infinity) : sign * 2 ** (exponent - 15) * (1 + fraction / 1024);
    }
    halfTable = new Uint32Array(values.buffer);
  }
  for (let i = 0; i < halves.length; i++) out[i] = halfTable[halves[i]];
}

function keptWeight(region: Uint8Array): KeptWeight {
  const aligned = region.byteOffset % 4 === 0 ? region : region.slice();
  const halves = region.byteLength % 4 === 0 ? exactHalves(new Uint32Array(aligned.buffer, aligned.byteOffset, aligned.byteLength / 4)) : null;
  const data = halves ? new Uint8Array(halves.buffer) : region.slice();
  return { encoding: halves ? 'f16' : 'raw', length: region.byteLength, checksum: fnv1a(data), data };
}

/**
 * Splits a converted .tflite into its skeleton and weights. With `kept`
 * (another side's weights), holes are matched to them in order, and only
 * buffers that match become holes; without, its own weights are returned.
 */
export function splitTflite(tflite: Uint8Array, kept?: readonly KeptWeight[], minHole = MIN_HOLE): { skeleton: Skeleton; weights: KeptWeight[] } {
  const ranges = bufferRanges(tflite).filter((range) => range.length >= minHole);
  const weights: KeptWeight[] = kept ? [...kept] : [];
  const holes: Hole[] = [];
  let next = 0;
  for (const range of ranges) {
    const weight = keptWeight(tflite.subarray(range.at, range.at + range.length));
    if (!kept) {
      holes.push({ ...range, weight: weights.push(weight) - 1 });
      continue;
    }
    const candidate = weights[next];
    if (candidate && candidate.length === weight.length && candidate.encoding === weight.encoding && candidate.checksum === weight.checksum) {
      holes.push({ ...range, weight: next++ });
    }
  }
  // Buffers are listed in index order; the builder wrote them back to front.
  holes.sort((a, b) => a.at - b.at);
  return { skeleton: { size: tflite.byteLength, holes, rest: cutHoles(tflite, holes) }, weights };
}

/** The file with the holes (in ascending order) cut out. */
function cutHoles(tflite: Uint8Array, holes: readonly Hole[]): Uint8Array {
  const rest = new Uint8Array(tflite.byteLength - holes.reduce((sum, hole) => sum + hole.length, 0));
  let from = 0;
  let to = 0;
  for (const hole of holes) {
    rest.set(tflite.subarray(from, hole.at), to);
    to += hole.at - from;
    from = hole.at + hole.length;
  }
  rest.set(tflite.subarray(from), to);
  return rest;
}

/**
 * The skeleton of a file laid out byte for byte as `skeleton`'s own (its
 * side made over in place, resize-tflite.ts): the same holes, and the file's
 * bytes between them. No weight is read or compared.
 */
export function withSameHoles(skeleton: Skeleton, tflite: Uint8Array): Skeleton {
  if (tflite.byteLength !== skeleton.size) throw new Error(`a ${tflite.byteLength}-byte file is not laid out as a ${skeleton.size}-byte skeleton`);
  return { size: skeleton.size, holes: skeleton.holes, rest: cutHoles(tflite, skeleton.holes) };
}

/** The .tflite with its holes left zero: all of it but the weights, to read or rewrite in place. */
export function layOutSkeleton(skeleton: Skeleton): Uint8Array {
  const out = new Uint8Array(skeleton.size);
  let from = 0;
  let to = 0;
  for (const hole of skeleton.holes) {
    out.set(skeleton.rest.subarray(from, from + (hole.at - to)), to);
    from += hole.at - to;
    to = hole.at + hole.length;
  }
  out.set(skeleton.rest.subarray(from), to);
  return out;
}

/** The .tflite again, from a skeleton and the weights it was split against. */
export function assembleTflite(skeleton: Skeleton, weights: readonly KeptWeight[]): Uint8Array {
  const out = layOutSkeleton(skeleton);
  for (const hole of skeleton.holes) {
    const weight = weights[hole.weight];
    if (!weight || weight.length !== hole.length) throw new Error(`the kept model has no weight ${hole.weight} of ${hole.length} bytes`);
    if (weight.encoding === 'raw') {
      out.set(weight.data, hole.at);
      continue;
    }
    const halves = new Uint16Array(weight.data.buffer, weight.data.byteOffset, weight.data.byteLength / 2);
    if (hole.at % 4 === 0) {
      widenInto(halves, new Uint32Array(out.buffer, hole.at, hole.length / 4));
    } else {
      const widened = new Uint32Array(hole.length / 4);
      widenInto(halves, widened);
      out.set(new Uint8Array(widened.buffer), hole.at);
    }
  }
  return out;
}

// The files: a little-endian uint32 header length, a JSON header, then the
// parts, each starting on a 4-byte boundary so float16 weights are read in place.

const padded = (length: number) => Math.ceil(length / 4) * 4;

/** The file as a list of pieces, so ~85 MB of weights are written without a copy of them all. */
function file(header: unknown, parts: readonly Uint8Array[]): Uint8Array[] {
  const json = new TextEncoder().encode(JSON.stringify(header));
  const head = new Uint8Array(padded(4 + json.byteLength)).fill(0x20);
  new DataView(head.buffer).setUint32(0, head.byteLength - 4, true);
  head.set(json, 4);
  const pieces: Uint8Array[] = [head];
  for (const part of parts) {
    pieces.push(part);
    if (part.byteLength % 4) pieces.push(new Uint8Array(4 - (part.byteLength % 4)));
  }
  return pieces;
}

function unfile<T>(bytes: Uint8Array): { header: T; body: Uint8Array } {
  const length = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0, true);
  return { header: JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + length))) as T, body: bytes.subarray(4 + length) };
}

type WeightHeader = Omit<KeptWeight, 'data'> & { stored: number };

export function weightsFile(weights: readonly KeptWeight[]): Uint8Array[] {
  return file(
    weights.map(({ encoding, length, checksum, data }): WeightHeader => ({ encoding, length, checksum, stored: data.byteLength })),
    weights.map((weight) => weight.data),
  );
}

export function readWeightsFile(bytes: Uint8Array): KeptWeight[] {
  const { header, body } = unfile<WeightHeader[]>(bytes);
  let at = 0;
  return header.map(({ stored, ...weight }) => {
    const data = body.subarray(at, at + stored);
    at += padded(stored);
    return { ...weight, data };
  });
}

export function skeletonFile(skeleton: Skeleton): Uint8Array[] {
  return file({ size: skeleton.size, holes: skeleton.holes }, [skeleton.rest]);
}

export function readSkeletonFile(bytes: Uint8Array): Skeleton {
  const { header, body } = unfile<Omit<Skeleton, 'rest'>>(bytes);
  const restLength = header.size - header.holes.reduce((sum, hole) => sum + hole.length, 0);
  return { ...header, rest: body.subarray(0, restLength) };
}
