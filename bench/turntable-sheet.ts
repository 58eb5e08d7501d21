// A contact sheet of turntable clips, to look at: one row per seed, six frames
// spread over the clip, each as rendered with, below it, the subject cut out
// by its true alpha over magenta (so any colour the alpha misses or takes from
// the backdrop shows). Rendered in Node (not encoded), written to
// bench/out/turntable-sheet.png.
//   npx tsx bench/turntable-sheet.ts [seeds, e.g. 1-8 or 1,4,9] [width height frames fps]
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { RgbaImage } from '../src/imaging/image';
import { renderTurntableClip, turntableClipSpec, turntableHalf } from '../test/support/turntable-clip';
import { writeRgbaPng } from './lib/camera-clips';

function parseSeeds(arg: string | undefined): number[] {
  if (!arg) return [1, 2, 3, 4, 5, 6, 7, 8];
  return arg.split(',').flatMap((part) => {
    const [a, b] = part.split('-').map(Number);
    return b ? Array.from({ length: b - a + 1 }, (_, i) => a + i) : [a];
  });
}

const [seedArg, w, h, n, r] = process.argv.slice(2);
const seeds = parseSeeds(seedArg);
const width = Number(w ?? 640);
const height = Number(h ?? 360);
const frames = Number(n ?? 48);
const fps = Number(r ?? 24);
const COLUMNS = 6;
/** Each cell at half size, so a sheet of eight seeds stays readable. */
const CELL = 2;
const GAP = 4;
const cw = Math.floor(width / CELL);
const ch = Math.floor(height / CELL);
const sheet: RgbaImage = {
  width: COLUMNS * (cw + GAP) + GAP,
  height: seeds.length * (2 * ch + 3 * GAP) + GAP,
  data: new Uint8ClampedArray((COLUMNS * (cw + GAP) + GAP) * (seeds.length * (2 * ch + 3 * GAP) + GAP) * 4).fill(255),
};

/** Box-downsamples a region of the frame (and optionally mixes it over magenta by alpha) into the sheet at (left, top). */
function paste(image: RgbaImage, alpha: Uint8Array | undefined, left: number, top: number): void {
  for (let y = 0; y < ch; y++) {
    for (let x = 0; x < cw; x++) {
      const sum = [0, 0, 0];
      for (let dy = 0; dy < CELL; dy++) {
        for (let dx = 0; dx < CELL; dx++) {
          const i = (y * CELL + dy) * image.width + (x * CELL + dx);
          const a = alpha ? alpha[i] / 255 : 1;
          const magenta = [255, 0, 255];
          for (let c = 0; c < 3; c++) sum[c] += image.data[i * 4 + c] * a + magenta[c] * (1 - a);
        }
      }
      const o = ((top + y) * sheet.width + left + x) * 4;
      for (let c = 0; c < 3; c++) sheet.data[o + c] = sum[c] / (CELL * CELL);
      sheet.data[o + 3] = 255;
    }
  }
}

for (const [row, seed] of seeds.entries()) {
  const spec = turntableClipSpec(seed, { width, height, fps, frames });
  const shown = Array.from({ length: COLUMNS }, (_, k) => Math.round((k * (frames - 1)) / (COLUMNS - 1)));
  const started = performance.now();
  const clip = renderTurntableClip(spec, { only: shown });
  const seconds = (performance.now() - started) / 1000;
  const top = GAP + row * (2 * ch + 3 * GAP);
  for (let k = 0; k < COLUMNS; k++) {
    const left = GAP + k * (cw + GAP);
    paste(clip.frames[k], undefined, left, top);
    paste(clip.frames[k], clip.truth[k], left, top + ch + GAP);
  }
  const look = spec.look;
  const finish = 'glossy' in look ? (look.glossy ? ' glossy' : ' matte') : '';
  console.log(`seed ${seed} (${turntableHalf(seed)}): ${spec.kind}${finish}, ${spec.move}, ${spec.backdrop.wall} over ${spec.backdrop.floor}, ${Math.round((spec.subject.yaw.turn * 180) / Math.PI)}° turn, ${COLUMNS} frames rendered in ${seconds.toFixed(1)} s`);
}

const out = join(import.meta.dirname, 'out');
mkdirSync(out, { recursive: true });
writeRgbaPng(join(out, 'turntable-sheet.png'), sheet);
console.log(`wrote ${join(out, 'turntable-sheet.png')}`);
