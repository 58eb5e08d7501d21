// npm run gallery:try-on: writes docs/try-on-gallery.png and
// docs/try-on-gallery-drawn.png, contact sheets of the eval's held-out half
// (bench/lib/try-on-eval/) for each garment source — the rendered garments
// and the drawn ones: for each pair the person, the garment photo and the
// result, under it a bar green where the eval passes the pair and red where
// it fails (grey: refused). The result is the try-on's own fit run on the
// real models' readings of both photos (made in the test build and cached,
// as eval:try-on does; EVAL_E2E=1 there checks the whole task in the
// browser gives the same). Build the test app first (npm run build:test).
// GALLERY_HALF=tuning draws another half; GALLERY_SOURCE=rendered or drawn
// only one source; GALLERY_DIR another folder than docs/.
import { join } from 'node:path';
import { gallerySheet, type GalleryEntry } from './lib/try-on-eval/gallery-sheet';
import { writePng } from './lib/try-on-eval/images';
import { halvesOf, loadPairs, sourcesOf } from './lib/try-on-eval/pairs';
import { readAll } from './lib/try-on-eval/readings';
import { loadFit, runCase } from './lib/try-on-eval/run';

const half = process.env.GALLERY_HALF ?? 'held-out';
const dir = process.env.GALLERY_DIR ?? join(import.meta.dirname, '..', 'docs');
const fit = await loadFit();
for (const source of sourcesOf(process.env.GALLERY_SOURCE ?? 'both')) {
  const pairs = await loadPairs([source], halvesOf(half));
  const readings = await readAll(pairs.flatMap((c) => [{ file: c.files.person, role: 'person' as const }, { file: c.files.garment, role: 'garment' as const }]), (l) => console.error(l));
  const entries: GalleryEntry[] = pairs.map((c, k) => {
    const run = runCase(fit, c, readings[2 * k], readings[2 * k + 1]);
    console.error(`[gallery] ${c.name}: ${run.kind ?? '-'}, ${run.refused ? `refused: ${run.refused}` : run.score!.pass ? 'pass' : run.score!.failures.join(', ')}`);
    return { person: c.personPhoto, garment: c.garmentPhoto, result: run.result, state: run.refused ? 'refused' : run.score!.pass ? 'pass' : 'fail' };
  });
  const file = join(dir, source === 'rendered' ? 'try-on-gallery.png' : 'try-on-gallery-drawn.png');
  await writePng(file, gallerySheet(entries));
  console.log(`wrote ${file}`);
}
