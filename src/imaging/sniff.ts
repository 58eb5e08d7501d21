// Reads an image's type, size and whether it can hold alpha from its first
// bytes, so limits are checked before anything is decoded.

export type ImageFormat = 'png' | 'jpeg' | 'webp' | 'gif' | 'bmp' | 'tiff' | 'ico' | 'avif' | 'heic' | 'svg';

export interface ImageHeader {
  format: ImageFormat;
  width: number;
  height: number;
  /** True when the file declares an alpha channel (or PNG transparency). */
  hasAlpha: boolean;
}

/** The formats we take as input; others decode in a browser but are refused. */
export const ACCEPTED_IMAGE_FORMATS: readonly ImageFormat[] = ['png', 'jpeg', 'webp'];

const ascii = (bytes: Uint8Array, start: number, length: number) =>
  String.fromCharCode(...bytes.subarray(start, start + length));

function u16be(b: Uint8Array, i: number) {
  return (b[i] << 8) | b[i + 1];
}
function u32be(b: Uint8Array, i: number) {
  return ((b[i] << 24) >>> 0) + (b[i + 1] << 16) + (b[i + 2] << 8) + b[i + 3];
}
function u16le(b: Uint8Array, i: number) {
  return b[i] | (b[i + 1] << 8);
}
function u24le(b: Uint8Array, i: number) {
  return b[i] | (b[i + 1] << 8) | (b[i + 2] << 16);
}

function sniffPng(b: Uint8Array): ImageHeader | null {
  if (b.length < 33 || ascii(b, 12, 4) !== 'IHDR') return null;
  const colourType = b[25];
  let hasAlpha = colourType === 4 || colourType === 6;
  // A tRNS chunk before the first IDAT gives palette or grey images transparency.
  let pos = 8;
  while (!hasAlpha && pos + 8 <= b.length) {
    const length = u32be(b, pos);
    const type = ascii(b, pos + 4, 4);
    if (type === 'tRNS') hasAlpha = true;
    if (type === 'IDAT' || type === 'IEND') break;
    pos += 12 + length;
  }
  return { format: 'png', width: u32be(b, 16), height: u32be(b, 20), hasAlpha };
}

function sniffJpeg(b: Uint8Array): ImageHeader | null {
  let pos = 2;
  while (pos + 9 < b.length) {
    if (b[pos] !== 0xff) return null;
    const marker = b[pos + 1];
    if (marker === 0xff) {
      pos++;
      continue;
    }
    const isStartOfFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isStartOfFrame) {
      return { format: 'jpeg', height: u16be(b, pos + 5), width: u16be(b, pos + 7), hasAlpha: false };
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      pos += 2;
      continue;
    }
    pos += 2 + u16be(b, pos + 2);
  }
  return null;
}

function sniffWebp(b: Uint8Array): ImageHeader | null {
  const chunk = ascii(b, 12, 4);
  if (chunk === 'VP8 ' && b.length >= 30) {
    return { format: 'webp', width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff, hasAlpha: false };
  }
  if (chunk === 'VP8L' && b.length >= 25) {
    const bits = b[21] | (b[22] << 8) | (b[23] << 16) | (b[24] << 24);
    return {
      format: 'webp',
      width: (bits & 0x3fff) + 1,
      height: ((bits >>> 14) & 0x3fff) + 1,
      hasAlpha: ((bits >>> 28) & 1) === 1,
    };
  }
  if (chunk === 'VP8X' && b.length >= 30) {
    return { format: 'webp', width: u24le(b, 24) + 1, height: u24le(b, 27) + 1, hasAlpha: (b[20] & 0x10) !== 0 };
  }
  return null;
}

/** Returns the header of a known image type, or null when the bytes are no image we recognise. */
export function sniffImage(bytes: Uint8Array): ImageHeader | null {
  const b = bytes;
  if (b.length >= 8 && b[0] === 0x89 && ascii(b, 1, 3) === 'PNG') return sniffPng(b);
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return sniffJpeg(b);
  if (b.length >= 16 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WEBP') return sniffWebp(b);
  if (b.length >= 10 && ascii(b, 0, 4) === 'GIF8') {
    return { format: 'gif', width: u16le(b, 6), height: u16le(b, 8), hasAlpha: true };
  }
  if (b.length >= 26 && ascii(b, 0, 2) === 'BM') {
    const height = b[22] | (b[23] << 8) | (b[24] << 16) | (b[25] << 24);
    return { format: 'bmp', width: b[18] | (b[19] << 8) | (b[20] << 16) | (b[21] << 24), height: Math.abs(height), hasAlpha: false };
  }
  if (b.length >= 4 && (ascii(b, 0, 4) === 'II*\0' || ascii(b, 0, 4) === 'MM\0*')) {
    return { format: 'tiff', width: 0, height: 0, hasAlpha: false };
  }
  if (b.length >= 4 && b[0] === 0 && b[1] === 0 && b[2] === 1 && b[3] === 0) {
    return { format: 'ico', width: b[6] || 256, height: b[7] || 256, hasAlpha: true };
  }
  if (b.length >= 12 && ascii(b, 4, 4) === 'ftyp') {
    const brand = ascii(b, 8, 4);
    if (brand === 'avif' || brand === 'avis') return { format: 'avif', width: 0, height: 0, hasAlpha: false };
    if (brand === 'heic' || brand === 'heix' || brand === 'mif1') return { format: 'heic', width: 0, height: 0, hasAlpha: false };
  }
  const head = ascii(b, 0, Math.min(b.length, 256)).trimStart();
  if (head.startsWith('<svg') || (head.startsWith('<?xml') && head.includes('<svg'))) {
    return { format: 'svg', width: 0, height: 0, hasAlpha: true };
  }
  return null;
}
