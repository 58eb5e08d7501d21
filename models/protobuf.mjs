// @ts-check
// A minimal protocol-buffers wire codec: enough to read an ONNX ModelProto as a
// tree of fields, change a few of them and write it back byte-exact elsewhere.
// We do not decode messages we do not touch; their bytes are kept as they are.

/** @typedef {{ field: number, wire: number, value: bigint | Uint8Array }} ProtoField */

/** @param {Uint8Array} bytes @param {number} pos */
function readVarint(bytes, pos) {
  let result = 0n;
  let shift = 0n;
  for (;;) {
    if (pos >= bytes.length) throw new Error('protobuf: truncated varint');
    const byte = bytes[pos++];
    result |= BigInt(byte & 0x7f) << shift;
    if ((byte & 0x80) === 0) return { value: result, pos };
    shift += 7n;
  }
}

/** @param {bigint} value @returns {number[]} */
function encodeVarint(value) {
  // Negative int64 values are written as their 64-bit two's complement.
  let v = value < 0n ? value + (1n << 64n) : value;
  const out = [];
  do {
    let byte = Number(v & 0x7fn);
    v >>= 7n;
    if (v > 0n) byte |= 0x80;
    out.push(byte);
  } while (v > 0n);
  return out;
}

/**
 * Splits one message into its top-level fields, in order.
 * @param {Uint8Array} bytes
 * @returns {ProtoField[]}
 */
export function decodeMessage(bytes) {
  /** @type {ProtoField[]} */
  const fields = [];
  let pos = 0;
  while (pos < bytes.length) {
    const key = readVarint(bytes, pos);
    pos = key.pos;
    const field = Number(key.value >> 3n);
    const wire = Number(key.value & 7n);
    if (wire === 0) {
      const v = readVarint(bytes, pos);
      pos = v.pos;
      fields.push({ field, wire, value: v.value });
    } else if (wire === 2) {
      const len = readVarint(bytes, pos);
      const start = len.pos;
      const end = start + Number(len.value);
      if (end > bytes.length) throw new Error('protobuf: truncated length-delimited field');
      fields.push({ field, wire, value: bytes.subarray(start, end) });
      pos = end;
    } else if (wire === 5 || wire === 1) {
      const size = wire === 5 ? 4 : 8;
      fields.push({ field, wire, value: bytes.subarray(pos, pos + size) });
      pos += size;
    } else {
      throw new Error(`protobuf: unsupported wire type ${wire}`);
    }
  }
  return fields;
}

/**
 * Writes fields back into one message.
 * @param {ProtoField[]} fields
 * @returns {Uint8Array}
 */
export function encodeMessage(fields) {
  /** @type {Uint8Array[]} */
  const parts = [];
  let total = 0;
  for (const f of fields) {
    const key = Uint8Array.from(encodeVarint(BigInt((f.field << 3) | f.wire)));
    parts.push(key);
    total += key.length;
    if (f.wire === 0) {
      const v = Uint8Array.from(encodeVarint(/** @type {bigint} */ (f.value)));
      parts.push(v);
      total += v.length;
    } else {
      const body = /** @type {Uint8Array} */ (f.value);
      if (f.wire === 2) {
        const len = Uint8Array.from(encodeVarint(BigInt(body.length)));
        parts.push(len);
        total += len.length;
      }
      parts.push(body);
      total += body.length;
    }
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

/** @param {Uint8Array} bytes */
export function decodeString(bytes) {
  return new TextDecoder().decode(bytes);
}

/** @param {string} text */
export function encodeString(text) {
  return new TextEncoder().encode(text);
}

/**
 * Reads a packed or unpacked repeated int64 field's values.
 * @param {ProtoField[]} fields @param {number} field
 * @returns {bigint[]}
 */
export function readInt64s(fields, field) {
  /** @type {bigint[]} */
  const out = [];
  for (const f of fields) {
    if (f.field !== field) continue;
    if (f.wire === 0) out.push(/** @type {bigint} */ (f.value));
    else if (f.wire === 2) {
      const bytes = /** @type {Uint8Array} */ (f.value);
      let pos = 0;
      while (pos < bytes.length) {
        const v = readVarint(bytes, pos);
        pos = v.pos;
        out.push(BigInt.asIntN(64, v.value));
      }
    }
  }
  return out.map((v) => BigInt.asIntN(64, v));
}
