// Renders the try-on samples the app ships: three people and five garments
// (test/support/people.ts and garments.ts), 576 × 768 PNGs in
// public/samples/try-on. With `--preview DIR` it writes full-size 768 × 1024
// versions and a contact sheet of them all to DIR instead.
//
//   npx tsx scripts/make-try-on-samples.ts [--preview DIR]
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RgbaImage } from '../src/imaging/image';
import { encodePng } from '../src/imaging/png-encode';
import { GARMENT_IDS, renderGarment } from '../test/support/garments';
import { PERSON_IDS, renderPerson } from '../test/support/people';

const SAMPLE = { width: 576, height: 768 };
const PREVIEW = { width: 768, height: 1024 };
const SHEET_TILE = { width: 192, height: 256 };

async function writePng(path: string, image: RgbaImage): Promise<number> {
  const blob = await encodePng(image.data, image.width, image.height);
  const bytes = Buffer.from(await blob.arrayBuffer());
  writeFileSync(path, bytes);
  return bytes.length;
}

/** Averages whole blocks of pixels: a clean downscale by an integer factor (or near enough). */
function shrink(image: RgbaImage, width: number, height: number): RgbaImage {
  const data = new Uint8ClampedArray(width * height * 4);
  const fx = image.width / width;
  const fy = image.height / height;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const x0 = Math.floor(x * fx);
      const x1 = Math.max(x0 + 1, Math.floor((x + 1) * fx));
      const y0 = Math.floor(y * fy);
      const y1 = Math.max(y0 + 1, Math.floor((y + 1) * fy));
      const sum = [0, 0, 0, 0];
      for (let sy = y0; sy < y1; sy++) for (let sx = x0; sx < x1; sx++) for (let c = 0; c < 4; c++) sum[c] += image.data[(sy * image.width + sx) * 4 + c];
      const n = (x1 - x0) * (y1 - y0);
      for (let c = 0; c < 4; c++) data[(y * width + x) * 4 + c] = sum[c] / n;
    }
  }
  return { data, width, height };
}

/** All images side by side in one row, each shrunk to a tile. */
function contactSheet(images: RgbaImage[]): RgbaImage {
  const gap = 8;
  const width = images.length * (SHEET_TILE.width + gap) + gap;
  const height = SHEET_TILE.height + 2 * gap;
  const data = new Uint8ClampedArray(width * height * 4).fill(255);
  images.forEach((image, i) => {
    const tile = shrink(image, SHEET_TILE.width, SHEET_TILE.height);
    const left = gap + i * (SHEET_TILE.width + gap);
    for (let y = 0; y < tile.height; y++) {
      const from = y * tile.width * 4;
      data.set(tile.data.subarray(from, from + tile.width * 4), ((y + gap) * width + left) * 4);
    }
  });
  return { data, width, height };
}

/** Renders one image, timing it; logs the time and the PNG's size. */
async function renderAndWrite(name: string, render: () => RgbaImage, dir: string): Promise<RgbaImage> {
  const started = performance.now();
  const image = render();
  const seconds = (performance.now() - started) / 1000;
  const bytes = await writePng(join(dir, `${name}.png`), image);
  console.log(`${name}.png  ${image.width}×${image.height}  ${seconds.toFixed(1)} s  ${Math.round(bytes / 1024)} KB`);
  return image;
}

async function main(): Promise<void> {
  const previewAt = process.argv.indexOf('--preview');
  const previewDir = previewAt >= 0 ? process.argv[previewAt + 1] : undefined;
  if (previewAt >= 0 && !previewDir) throw new Error('--preview needs a directory');
  const dir = previewDir ?? 'public/samples/try-on';
  const size = previewDir ? PREVIEW : SAMPLE;
  mkdirSync(dir, { recursive: true });
  const images: RgbaImage[] = [];
  for (const id of PERSON_IDS) images.push(await renderAndWrite(`person-${id}`, () => renderPerson(id, size.width, size.height), dir));
  for (const id of GARMENT_IDS) images.push(await renderAndWrite(`garment-${id}`, () => renderGarment(id, size.width, size.height), dir));
  if (previewDir) await renderAndWrite('contact-sheet', () => contactSheet(images), dir);
}

await main();
