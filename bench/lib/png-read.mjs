// Reads PNG files in Node, for the rendered eval set: POV-Ray writes 16-bit
// RGBA (and the cache keeps 8-bit greyscale truths), and the project has no PNG
// decoder outside the browser. Non-interlaced only, bit depth 8 or 16, any
// colour type but palette.
import { inflateSync } from 'node:zlib';

const SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];
const CHANNELS = { 0: 1, 2: 3, 4: 2, 6: 4 }; // grey, RGB, grey+alpha, RGBA

function paeth(left, up, upLeft) {
  const p = left + up - upLeft;
  const pa = Math.abs(p - left);
  const pb = Math.abs(p - up);
  const pc = Math.abs(p - upLeft);
  return pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
}

/** Undoes the per-row filters in place; `stride` is the bytes per pixel. */
function unfilter(raw, rowBytes, height, stride) {
  const out = new Uint8Array(rowBytes * height);
  for (let y = 0; y < height; y++) {
    const type = raw[y * (rowBytes + 1)];
    const from = y * (rowBytes + 1) + 1;
    const row = y * rowBytes;
    for (let x = 0; x < rowBytes; x++) {
      const left = x >= stride ? out[row + x - stride] : 0;
      const up = y > 0 ? out[row - rowBytes + x] : 0;
      const upLeft = y > 0 && x >= stride ? out[row - rowBytes + x - stride] : 0;
      const predictor = type === 0 ? 0 : type === 1 ? left : type === 2 ? up : type === 3 ? (left + up) >> 1 : type === 4 ? paeth(left, up, upLeft) : NaN;
      if (Number.isNaN(predictor)) throw new Error(`PNG: unknown filter type ${type} on row ${y}`);
      out[row + x] = (raw[from + x] + predictor) & 0xff;
    }
  }
  return out;
}

/**
 * Decodes a PNG. `samples` holds width × height × channels values, row-major,
 * interleaved, in 0–maxValue (255 or 65535).
 */
export function readPng(bytes) {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (!SIGNATURE.every((b, i) => buffer[i] === b)) throw new Error('not a PNG');
  let offset = 8;
  let header = null;
  const data = [];
  while (offset < buffer.length) {
    const length = buffer.readUInt32BE(offset);
    const type = buffer.toString('ascii', offset + 4, offset + 8);
    const body = buffer.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      header = { width: body.readUInt32BE(0), height: body.readUInt32BE(4), depth: body[8], colourType: body[9], interlace: body[12] };
    } else if (type === 'IDAT') data.push(body);
    else if (type === 'IEND') break;
    offset += 12 + length;
  }
  if (!header) throw new Error('PNG: no IHDR');
  const { width, height, depth, colourType, interlace } = header;
  const channels = CHANNELS[colourType];
  if (!channels || (depth !== 8 && depth !== 16) || interlace !== 0) {
    throw new Error(`PNG: unsupported colour type ${colourType}, depth ${depth}, interlace ${interlace}`);
  }
  const bytesPerSample = depth / 8;
  const stride = channels * bytesPerSample;
  const pixels = unfilter(inflateSync(Buffer.concat(data)), width * stride, height, stride);
  let samples = pixels;
  if (depth === 16) {
    samples = new Uint16Array(width * height * channels);
    for (let i = 0; i < samples.length; i++) samples[i] = (pixels[2 * i] << 8) | pixels[2 * i + 1];
  }
  return { width, height, channels, maxValue: depth === 16 ? 65535 : 255, samples };
}
