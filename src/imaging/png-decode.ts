// Reads back the 8-bit RGBA PNGs we write (src/imaging/png-encode.ts), without a
// canvas: a canvas would premultiply alpha and lose faint edge colours.

/** Reverses PNG row filtering (types 0–4) of 8-bit RGBA rows. */
export function unfilterRows(raw: Uint8Array, width: number, height: number): Uint8ClampedArray {
  const stride = width * 4;
  const data = new Uint8ClampedArray(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const row = y * stride;
    for (let i = 0; i < stride; i++) {
      const x = raw[y * (stride + 1) + 1 + i];
      const a = i >= 4 ? data[row + i - 4] : 0;
      const b = y > 0 ? data[row - stride + i] : 0;
      const c = y > 0 && i >= 4 ? data[row - stride + i - 4] : 0;
      let predictor = 0;
      if (filter === 1) predictor = a;
      else if (filter === 2) predictor = b;
      else if (filter === 3) predictor = (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      data[row + i] = (x + predictor) & 0xff;
    }
  }
  return data;
}

export interface PngChunks {
  width: number;
  height: number;
  /** The concatenated, still compressed IDAT data. */
  compressed: Uint8Array;
}

/** Splits an 8-bit RGBA, non-interlaced PNG into its size and image data; null for any other PNG. */
export function readPngChunks(bytes: Uint8Array): PngChunks | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let pos = 8;
  let width = 0;
  let height = 0;
  const parts: Uint8Array[] = [];
  while (pos + 8 <= bytes.length) {
    const length = view.getUint32(pos);
    const type = String.fromCharCode(...bytes.subarray(pos + 4, pos + 8));
    const body = bytes.subarray(pos + 8, pos + 8 + length);
    if (type === 'IHDR') {
      width = view.getUint32(pos + 8);
      height = view.getUint32(pos + 12);
      if (body[8] !== 8 || body[9] !== 6 || body[12] !== 0) return null;
    } else if (type === 'IDAT') {
      parts.push(body);
    }
    pos += 12 + length;
  }
  const compressed = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    compressed.set(part, offset);
    offset += part.length;
  }
  return width > 0 ? { width, height, compressed } : null;
}

export async function decodeRgbaPng(bytes: Uint8Array): Promise<{ data: Uint8ClampedArray; width: number; height: number } | null> {
  const chunks = readPngChunks(bytes);
  if (!chunks) return null;
  const stream = new Blob([chunks.compressed as BlobPart]).stream().pipeThrough(new DecompressionStream('deflate'));
  const raw = new Uint8Array(await new Response(stream).arrayBuffer());
  return { data: unfilterRows(raw, chunks.width, chunks.height), width: chunks.width, height: chunks.height };
}
