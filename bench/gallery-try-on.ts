// npm run gallery:try-on: writes docs/try-on-gallery.png, a contact sheet of
// the eval's held-out half (bench/lib/try-on-eval/): for each pair the person,
// the garment photo and the result, under it a bar green where the eval
// passes the pair and red where it fails (grey: refused). The result is the
// try-on's own fit run on the real models' readings of both photos (made in
// the test build and cached, as eval:try-on does; EVAL_E2E=1 there checks
// the whole task in the browser gives the same). Build the test app first
// (npm run build:test). GALLERY_HALF=tuning draws the other half.
import { join } from 'node:path';
import type { RgbaImage } from '../src/imaging/image';
import { resizeRgba } from '../src/imaging/resize';
import { evalCases } from './lib/try-on-eval/cases';
import { writePng } from './lib/try-on-eval/images';
import { readAll } from './lib/try-on-eval/readings';
import { renderCase } from './lib/try-on-eval/rendered';
import { loadFit, runCase } from './lib/try-on-eval/run';

const TILE = { width: 150, height: 200 };
const GAP = 6;
const GROUPS_PER_ROW = 4;
const BAR = 6;
const BACKDROP = [246, 246, 244, 255];

const half = process.env.GALLERY_HALF ?? 'held-out';
const cases = [];
for (const spec of evalCases().filter((c) => c.half === half)) cases.push(await renderCase(spec));
const readings = await readAll(cases.flatMap((c) => [{ file: c.files.person, role: 'person' as const }, { file: c.files.garment, role: 'garment' as const }]), (l) => console.error(l));
const fit = await loadFit();

const groupWidth = 3 * TILE.width + 2 * 2 + GAP;
const rows = Math.ceil(cases.length / GROUPS_PER_ROW);
const sheet: RgbaImage = {
  data: new Uint8ClampedArray((GROUPS_PER_ROW * groupWidth + GAP) * (rows * (TILE.height + BAR + GAP) + GAP) * 4),
  width: GROUPS_PER_ROW * groupWidth + GAP,
  height: rows * (TILE.height + BAR + GAP) + GAP,
};
for (let i = 0; i < sheet.data.length; i += 4) sheet.data.set(BACKDROP, i);

function place(tile: RgbaImage, x0: number, y0: number): void {
  const small = resizeRgba(tile, TILE.width, TILE.height);
  for (let y = 0; y < TILE.height; y++) sheet.data.set(small.data.subarray(y * TILE.width * 4, (y + 1) * TILE.width * 4), ((y0 + y) * sheet.width + x0) * 4);
}

function bar(x0: number, y0: number, width: number, colour: readonly number[]): void {
  for (let y = y0; y < y0 + BAR - 2; y++) for (let x = x0; x < x0 + width; x++) sheet.data.set([...colour, 255], (y * sheet.width + x) * 4);
}

for (const [k, c] of cases.entries()) {
  const x0 = GAP + (k % GROUPS_PER_ROW) * groupWidth;
  const y0 = GAP + Math.floor(k / GROUPS_PER_ROW) * (TILE.height + BAR + GAP);
  place(c.personPhoto, x0, y0);
  place(c.garmentPhoto, x0 + TILE.width + 2, y0);
  const run = runCase(fit, c, readings[2 * k], readings[2 * k + 1]);
  console.error(`[gallery] ${c.spec.name}: ${run.kind ?? '-'}, ${run.refused ? `refused: ${run.refused}` : run.score!.pass ? 'pass' : run.score!.failures.join(', ')}`);
  place(run.result ?? c.personPhoto, x0 + 2 * (TILE.width + 2), y0);
  bar(x0, y0 + TILE.height + 1, 3 * TILE.width + 4, run.refused ? [150, 150, 150] : run.score!.pass ? [60, 170, 80] : [210, 60, 50]);
}
const file = join(import.meta.dirname, '..', 'docs', 'try-on-gallery.png');
await writePng(file, sheet);
console.log(`wrote ${file}`);
