// The try-on gallery's contact sheet, shared by both sources' galleries: for
// each pair the person, the garment photo and the result side by side,
// under them a bar green where the eval passes the pair, red where it fails
// and grey where the fit refused; four pairs a row.
import type { RgbaImage } from '../../../src/imaging/image';
import { resizeRgba } from '../../../src/imaging/resize';

const TILE = { width: 150, height: 200 };
const GAP = 6;
const GROUPS_PER_ROW = 4;
const BAR = 6;
const BACKDROP = [246, 246, 244, 255];

export interface GalleryEntry {
  person: RgbaImage;
  garment: RgbaImage;
  /** The try-on's result (null: refused, the person is shown again). */
  result: RgbaImage | null;
  state: 'pass' | 'fail' | 'refused';
}

export function gallerySheet(entries: readonly GalleryEntry[]): RgbaImage {
  const groupWidth = 3 * TILE.width + 2 * 2 + GAP;
  const rows = Math.ceil(entries.length / GROUPS_PER_ROW);
  const sheet: RgbaImage = {
    data: new Uint8ClampedArray((GROUPS_PER_ROW * groupWidth + GAP) * (rows * (TILE.height + BAR + GAP) + GAP) * 4),
    width: GROUPS_PER_ROW * groupWidth + GAP,
    height: rows * (TILE.height + BAR + GAP) + GAP,
  };
  for (let i = 0; i < sheet.data.length; i += 4) sheet.data.set(BACKDROP, i);
  const place = (tile: RgbaImage, x0: number, y0: number) => {
    const small = resizeRgba(tile, TILE.width, TILE.height);
    for (let y = 0; y < TILE.height; y++) sheet.data.set(small.data.subarray(y * TILE.width * 4, (y + 1) * TILE.width * 4), ((y0 + y) * sheet.width + x0) * 4);
  };
  const bar = (x0: number, y0: number, width: number, colour: readonly number[]) => {
    for (let y = y0; y < y0 + BAR - 2; y++) for (let x = x0; x < x0 + width; x++) sheet.data.set([...colour, 255], (y * sheet.width + x) * 4);
  };
  for (const [k, entry] of entries.entries()) {
    const x0 = GAP + (k % GROUPS_PER_ROW) * groupWidth;
    const y0 = GAP + Math.floor(k / GROUPS_PER_ROW) * (TILE.height + BAR + GAP);
    place(entry.person, x0, y0);
    place(entry.garment, x0 + TILE.width + 2, y0);
    place(entry.result ?? entry.person, x0 + 2 * (TILE.width + 2), y0);
    bar(x0, y0 + TILE.height + 1, 3 * TILE.width + 4, entry.state === 'refused' ? [150, 150, 150] : entry.state === 'pass' ? [60, 170, 80] : [210, 60, 50]);
  }
  return sheet;
}
