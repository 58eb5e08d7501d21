// npm run gallery:try-on: writes docs/try-on-gallery.png, a contact sheet of
// the try-on with the real models: each of our three drawn persons before, then
// wearing a top, trousers and a dress (and a sweater and a skirt), each under its
// garment. Build the test app first (npm run build:test).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RgbaImage } from '../src/imaging/image';
import { encodePng } from '../src/imaging/png-encode';
import { resizeRgba } from '../src/imaging/resize';
import { renderGarment, type GarmentId } from '../test/support/garments';
import { PERSON_IDS, renderPerson } from '../test/support/people';
import { openTryOnPage } from './lib/try-on-page';

const GARMENTS: GarmentId[] = ['tee', 'trousers', 'dress', 'sweater', 'skirt'];
const PHOTO = { width: 576, height: 768 };
const TILE = { width: 240, height: 320 };
const GAP = 8;
const BACKDROP = [246, 246, 244, 255];

function sheet(columns: number, rows: number): RgbaImage {
  const width = columns * TILE.width + (columns + 1) * GAP;
  const height = rows * TILE.height + (rows + 1) * GAP;
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < data.length; i += 4) data.set(BACKDROP, i);
  return { data, width, height };
}

function place(target: RgbaImage, tile: RgbaImage, column: number, row: number): void {
  const small = resizeRgba(tile, TILE.width, TILE.height);
  const x0 = GAP + column * (TILE.width + GAP);
  const y0 = GAP + row * (TILE.height + GAP);
  for (let y = 0; y < TILE.height; y++) {
    target.data.set(small.data.subarray(y * TILE.width * 4, (y + 1) * TILE.width * 4), ((y0 + y) * target.width + x0) * 4);
  }
}

/** Decodes a result in the page (JPEG) into straight RGBA. */
async function decode(session: Awaited<ReturnType<typeof openTryOnPage>>, bytes: Buffer, type: string): Promise<RgbaImage> {
  const decoded = await session.page.evaluate(
    async ({ base64, type }) => {
      const blob = new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], { type });
      const bitmap = await createImageBitmap(blob);
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d')!;
      context.drawImage(bitmap, 0, 0);
      const pixels = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
      let binary = '';
      for (let i = 0; i < pixels.length; i += 0x8000) binary += String.fromCharCode(...pixels.subarray(i, i + 0x8000));
      return { base64: btoa(binary), width: bitmap.width, height: bitmap.height };
    },
    { base64: bytes.toString('base64'), type },
  );
  return { data: new Uint8ClampedArray(Buffer.from(decoded.base64, 'base64')), width: decoded.width, height: decoded.height };
}

const session = await openTryOnPage();
try {
  const out = sheet(GARMENTS.length + 1, PERSON_IDS.length + 1);
  for (const [column, id] of GARMENTS.entries()) place(out, renderGarment(id, PHOTO.width, PHOTO.height), column + 1, 0);
  for (const [row, personId] of PERSON_IDS.entries()) {
    const person = renderPerson(personId, PHOTO.width, PHOTO.height);
    place(out, person, 0, row + 1);
    for (const [column, garmentId] of GARMENTS.entries()) {
      const result = await session.run(person, renderGarment(garmentId, PHOTO.width, PHOTO.height));
      console.error(`[gallery] ${personId} × ${garmentId}: ${result.garmentKind}, ${(result.ms / 1000).toFixed(1)} s`);
      place(out, await decode(session, result.bytes, result.contentType), column + 1, row + 1);
    }
  }
  const file = join(import.meta.dirname, '..', 'docs', 'try-on-gallery.png');
  writeFileSync(file, Buffer.from(await (await encodePng(out.data, out.width, out.height)).arrayBuffer()));
  console.log(`wrote ${file}`);
} finally {
  await session.close();
}
