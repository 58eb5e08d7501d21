// Files for tests that drive file inputs: data URLs written to a temp folder,
// and the size of a PNG read from its header.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function tempFolder(): string {
  return mkdtempSync(join(tmpdir(), 'cutout-files-'));
}

export function writeDataUrl(folder: string, name: string, dataUrl: string): string {
  const path = join(folder, name);
  writeFileSync(path, Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64'));
  return path;
}

/** Width and height from a PNG's IHDR; throws on anything else. */
export function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (!signature.every((b, i) => bytes[i] === b)) throw new Error('not a PNG');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}
