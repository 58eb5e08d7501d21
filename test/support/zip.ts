// Reads a ZIP from its central directory, as an unzip tool would: each entry's
// name and bytes. Enough for the store-only ZIPs the app writes (client-zip
// does not deflate); a deflated entry is reported, not inflated.
export interface ZipFile {
  name: string;
  method: number;
  data: Uint8Array;
}

export function readZip(bytes: Uint8Array): ZipFile[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = bytes.length - 22;
  while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end--;
  if (end < 0) throw new Error('no end of central directory: not a ZIP');
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const files: ZipFile[] = [];
  const decoder = new TextDecoder();
  for (let i = 0; i < count; i++) {
    if (view.getUint32(at, true) !== 0x02014b50) throw new Error(`central directory entry ${i} is broken`);
    const method = view.getUint16(at + 10, true);
    let size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    let local = view.getUint32(at + 42, true);
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    // ZIP64: sizes and offset of 0xffffffff live in the extra field.
    const extra = at + 46 + nameLength;
    for (let e = extra; e < extra + extraLength; ) {
      const id = view.getUint16(e, true);
      const length = view.getUint16(e + 2, true);
      if (id === 0x0001) {
        let field = e + 4;
        if (view.getUint32(at + 24, true) === 0xffffffff) field += 8;
        if (size === 0xffffffff) {
          size = Number(view.getBigUint64(field, true));
          field += 8;
        }
        if (local === 0xffffffff) local = Number(view.getBigUint64(field, true));
      }
      e += 4 + length;
    }
    if (view.getUint32(local, true) !== 0x04034b50) throw new Error(`local header of ${name} is broken`);
    const dataStart = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    files.push({ name, method, data: bytes.subarray(dataStart, dataStart + size) });
    at = extra + extraLength + commentLength;
  }
  return files;
}
