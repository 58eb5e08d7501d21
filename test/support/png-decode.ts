// Decodes 8-bit RGBA PNGs synchronously in Node, to read back what our encoder wrote.
import { inflateSync } from 'node:zlib';
import { readPngChunks, unfilterRows } from '../../src/imaging/png-decode';

export function decodePng(bytes: Uint8Array): { width: number; height: number; data: Uint8ClampedArray } {
  const chunks = readPngChunks(bytes);
  if (!chunks) throw new Error('only 8-bit RGBA PNGs');
  const raw = new Uint8Array(inflateSync(chunks.compressed));
  return { width: chunks.width, height: chunks.height, data: unfilterRows(raw, chunks.width, chunks.height) };
}
