// A minimal protocol-buffers wire codec: enough to read an ONNX ModelProto as a
// tree of fields, change a few of them and write it back byte-exact elsewhere.
// Messages we do not touch are never decoded; their bytes are kept as they are.

const WIRE_VARINT = 0;
const WIRE_FIXED64 = 1;
const WIRE_LENGTH_DELIMITED = 2;
const WIRE_FIXED32 = 5;

/** One top-level field of a message; fixed-width and length-delimited values stay raw bytes. */
export type ProtoField =
  | { field: number; wire: typeof WIRE_VARINT; value: bigint }
  | { field: number; wire: typeof WIRE_FIXED64 | typeof WIRE_LENGTH_DELIMITED | typeof WIRE_FIXED32; value: Uint8Array };

function readVarint(bytes: Uint8Array, start: number): { value: bigint; pos: number } {
  let result = 0n;
  let shift = 0n;
  let pos = start;
  for (;;) {
    if (pos >= bytes.length) throw new Error('protobuf: truncated varint');
    const byte = bytes[pos++];
    result |= BigInt(byte & 0x7f) << shift;
    if ((byte & 0x80) === 0) return { value: result, pos };
    shift += 7n;
  }
}

function encodeVarint(value: bigint): Uint8Array {
  // Negative int64 values are written as their 64-bit two's complement.
  let v = value < 0n ? value + (1n << 64n) : value;
  const out: number[] = [];
  do {
    let byte = Number(v & 0x7fn);
    v >>= 7n;
    if (v > 0n) byte |= 0x80;
    out.push(byte);
  } while (v > 0n);
  return Uint8Array.from(out);
}

/** Splits one message into its top-level fields, in order. */
export function decodeMessage(bytes: Uint8Array): ProtoField[] {
  const fields: ProtoField[] = [];
  let pos = 0;
  while (pos < bytes.length) {
    const key = readVarint(bytes, pos);
    pos = key.pos;
    const field = Number(key.value >> 3n);
    const wire = Number(key.value & 7n);
    if (wire === WIRE_VARINT) {
      const v = readVarint(bytes, pos);
      pos = v.pos;
      fields.push({ field, wire, value: v.value });
    } else if (wire === WIRE_LENGTH_DELIMITED) {
      const len = readVarint(bytes, pos);
      const end = len.pos + Number(len.value);
      if (end > bytes.length) throw new Error('protobuf: truncated length-delimited field');
      fields.push({ field, wire, value: bytes.subarray(len.pos, end) });
      pos = end;
    } else if (wire === WIRE_FIXED32 || wire === WIRE_FIXED64) {
      const size = wire === WIRE_FIXED32 ? 4 : 8;
      fields.push({ field, wire, value: bytes.subarray(pos, pos + size) });
      pos += size;
    } else {
      throw new Error(`protobuf: unsupported wire type ${wire}`);
    }
  }
  return fields;
}

/** Writes fields back into one message. */
export function encodeMessage(fields: ProtoField[]): Uint8Array {
  const parts: Uint8Array[] = [];
  let total = 0;
  const add = (part: Uint8Array) => {
    parts.push(part);
    total += part.length;
  };
  for (const f of fields) {
    add(encodeVarint(BigInt((f.field << 3) | f.wire)));
    if (f.wire === WIRE_VARINT) {
      add(encodeVarint(f.value));
      continue;
    }
    if (f.wire === WIRE_LENGTH_DELIMITED) add(encodeVarint(BigInt(f.value.length)));
    add(f.value);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

export function encodeString(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

export function varintField(field: number, value: bigint): ProtoField {
  return { field, wire: WIRE_VARINT, value };
}

export function bytesField(field: number, value: Uint8Array): ProtoField {
  return { field, wire: WIRE_LENGTH_DELIMITED, value };
}

/** The first occurrence of a field; ONNX writers emit a singular field once. */
export function first(fields: ProtoField[], field: number): ProtoField | undefined {
  return fields.find((f) => f.field === field);
}

/** A length-delimited field's bytes (a string, bytes or an embedded message). */
export function bytesOf(f: ProtoField): Uint8Array {
  if (f.wire !== WIRE_LENGTH_DELIMITED) throw new Error(`protobuf: field ${f.field} is not length-delimited`);
  return f.value;
}

/** A varint field's value. */
export function varintOf(f: ProtoField): bigint {
  if (f.wire !== WIRE_VARINT) throw new Error(`protobuf: field ${f.field} is not a varint`);
  return f.value;
}

/** The embedded message in a singular field, decoded one level. */
export function messageOf(fields: ProtoField[], field: number): ProtoField[] {
  const f = first(fields, field);
  if (!f) throw new Error(`protobuf: field ${field} is missing`);
  return decodeMessage(bytesOf(f));
}

/** Every embedded message of a repeated field, each decoded one level, in order. */
export function messages(fields: ProtoField[], field: number): ProtoField[][] {
  return fields.filter((f) => f.field === field).map((f) => decodeMessage(bytesOf(f)));
}

const utf8 = new TextDecoder();

/** Every value of a repeated string field, in order. */
export function strings(fields: ProtoField[], field: number): string[] {
  return fields.filter((f) => f.field === field).map((f) => utf8.decode(bytesOf(f)));
}

/** Every value of a repeated int64 field, packed or not. */
export function readInt64s(fields: ProtoField[], field: number): bigint[] {
  const out: bigint[] = [];
  for (const f of fields) {
    if (f.field !== field) continue;
    if (f.wire === WIRE_VARINT) out.push(f.value);
    else if (f.wire === WIRE_LENGTH_DELIMITED) {
      let pos = 0;
      while (pos < f.value.length) {
        const v = readVarint(f.value, pos);
        pos = v.pos;
        out.push(v.value);
      }
    }
  }
  // Varints carry int64 as unsigned 64-bit; negative values come back here.
  return out.map((v) => BigInt.asIntN(64, v));
}

/** Replaces each occurrence of an embedded-message field with an edited copy; other fields stay as they are. */
export function editMessages(fields: ProtoField[], field: number, edit: (message: ProtoField[]) => ProtoField[]): ProtoField[] {
  return fields.map((f) => (f.field === field ? bytesField(field, encodeMessage(edit(decodeMessage(bytesOf(f))))) : f));
}
