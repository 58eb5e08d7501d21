// A PNG encoder for straight 8-bit RGBA. We write PNGs ourselves rather than
// through a canvas because canvases premultiply alpha, which loses the colour
// of faint edge pixels. Deflate comes from CompressionStream (browser and Node).

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(parts: Uint8Array[]): number {
  let crc = 0xffffffff;
  for (const bytes of parts) for (const b of bytes) crc = CRC_TABLE[(crc ^ b) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, body: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + body.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, body.length);
  const typeBytes = new TextEncoder().encode(type);
  out.set(typeBytes, 4);
  out.set(body, 8);
  view.setUint32(8 + body.length, crc32([typeBytes, body]));
  return out;
}

/**
 * Paeth-filters each row (filter type 4, which suits photos with soft
 * edges), each row prefixed by its filter byte. The first row and each row's
 * first pixel are split off, so the inner loop has no edge tests.
 */
export function filterRows(rgba: Uint8ClampedArray | Uint8Array, width: number, height: number): Uint8Array {
  const out = new Uint8Array((width * 4 + 1) * height);
  filterRowsInto(rgba, width, 0, height, out);
  return out;
}

/**
 * Rows [from, to) of filterRows into `out` (which holds those rows only).
 * Row y reads rows y and y − 1 of `rgba`, so a band can be filtered as soon as
 * it and the row above it are final.
 */
function filterRowsInto(rgba: Uint8ClampedArray | Uint8Array, width: number, from: number, to: number, out: Uint8Array): void {
  const stride = width * 4;
  for (let y = from; y < to; y++) {
    const row = y * stride;
    const o = (y - from) * (stride + 1) + 1;
    out[o - 1] = 4;
    if (y === 0) {
      // No row above: Paeth predicts from the left neighbour alone.
      for (let i = 0; i < 4 && i < stride; i++) out[o + i] = rgba[row + i];
      for (let i = 4; i < stride; i++) out[o + i] = (rgba[row + i] - rgba[row + i - 4]) & 0xff;
      continue;
    }
    const prev = row - stride;
    // No pixel to the left: Paeth predicts from the one above.
    for (let i = 0; i < 4 && i < stride; i++) out[o + i] = (rgba[row + i] - rgba[prev + i]) & 0xff;
    for (let i = 4; i < stride; i++) {
      const a = rgba[row + i - 4];
      const b = rgba[prev + i];
      const c = rgba[prev + i - 4];
      // Distances of p = a + b − c to a, b and c.
      const pa = b > c ? b - c : c - b;
      const pb = a > c ? a - c : c - a;
      const twice = a + b - c - c;
      const pc = twice < 0 ? -twice : twice;
      const predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      out[o + i] = (rgba[row + i] - predictor) & 0xff;
    }
  }
}

function pngFile(width: number, height: number, idat: Uint8Array): Blob {
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type: RGBA
  const signature = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const parts = [signature, chunk('IHDR', header), chunk('IDAT', idat), chunk('IEND', new Uint8Array(0))];
  return new Blob(parts as BlobPart[], { type: 'image/png' });
}

export async function encodePng(rgba: Uint8ClampedArray | Uint8Array, width: number, height: number): Promise<Blob> {
  const encoder = new PngEncoder(rgba, width, height);
  encoder.rowsReady(height);
  return encoder.finish();
}

/**
 * A PNG written while its pixels are still being made: each time more rows of
 * `rgba` are final (top to bottom), they are filtered and handed to deflate,
 * so the encoding of the top of an image overlaps the work on its bottom.
 */
export class PngEncoder {
  private readonly writer: WritableStreamDefaultWriter<BufferSource>;
  private readonly compressed: Promise<ArrayBuffer>;
  private done = 0;

  constructor(
    private readonly rgba: Uint8ClampedArray | Uint8Array,
    private readonly width: number,
    private readonly height: number,
  ) {
    const deflate = new CompressionStream('deflate');
    this.writer = deflate.writable.getWriter();
    this.compressed = new Response(deflate.readable).arrayBuffer();
    // A write that fails is reported by finish(); unawaited writes must not reject unseen.
    this.compressed.catch(() => {});
  }

  /** Rows [0, upTo) of `rgba` are final. */
  rowsReady(upTo: number): void {
    const to = Math.min(upTo, this.height);
    if (to <= this.done) return;
    const filtered = new Uint8Array((this.width * 4 + 1) * (to - this.done));
    filterRowsInto(this.rgba, this.width, this.done, to, filtered);
    this.done = to;
    this.writer.write(filtered).catch(() => {});
  }

  async finish(): Promise<Blob> {
    if (this.done < this.height) throw new Error(`the PNG has ${this.done} of its ${this.height} rows`);
    await this.writer.close();
    return pngFile(this.width, this.height, new Uint8Array(await this.compressed));
  }
}
