// npm run gallery: the contact sheet docs/generate-gallery.png — the six sets
// and eight prompts, each with a glass bottle and an opaque mug. The scenes
// are composed in Node with the same code the worker runs; Chromium only lays
// the tiles out and writes the labels.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { encodePng } from '../src/imaging/png-encode';
import { composeScene } from '../src/imaging/scene/compose';
import { trimToAlpha } from '../src/imaging/trim';
import { sceneRecipe } from '../src/features/generate-background/worker/recipe';
import { SCENES } from '../src/features/generate-background/shared/meta';
import { launchBrowser } from '../test/support/chromium';
import { ceramicMug, glassBottle } from '../test/support/products';
import { GALLERY_PROMPTS } from './gallery-prompts';


const TILE = 240;
const PAIRS_PER_ROW = 4;
const LABEL = 26;
const GAP = 12;

const products = [
  { image: trimToAlpha(glassBottle(420))!, placement: { scale: 0.5, xCenter: 0.5, yCenter: 0.6 } },
  { image: trimToAlpha(ceramicMug(300))!, placement: { scale: 0.42, xCenter: 0.48, yCenter: 0.66 } },
];

const entries = [
  ...SCENES.map((scene, i) => ({ label: scene, options: { scene, negativePrompt: [] }, seed: 11 + i })),
  ...GALLERY_PROMPTS.map((prompt, i) => ({ label: `“${prompt}”`, options: { prompt, negativePrompt: [] }, seed: 21 + i })),
];

async function pngDataUrl(data: Uint8ClampedArray, width: number, height: number): Promise<string> {
  const bytes = Buffer.from(await (await encodePng(data, width, height)).arrayBuffer());
  return `data:image/png;base64,${bytes.toString('base64')}`;
}

const tiles: { label: string; images: string[] }[] = [];
for (const entry of entries) {
  const { recipe } = sceneRecipe(entry.options, entry.seed);
  const images = [];
  for (const product of products) {
    const scene = composeScene(recipe, product.image, product.placement);
    images.push(await pngDataUrl(scene.data, scene.width, scene.height));
  }
  tiles.push({ label: `${entry.label} · seed ${entry.seed}`, images });
  process.stdout.write('.');
}

const rows = Math.ceil(tiles.length / PAIRS_PER_ROW);
const width = PAIRS_PER_ROW * (2 * TILE + GAP) + GAP;
const height = rows * (TILE + LABEL + GAP) + GAP;
const browser = await launchBrowser();
try {
  const page = await browser.context.newPage();
  const sheet = await page.evaluate(
    async ({ tiles, width, height, TILE, LABEL, GAP, PAIRS_PER_ROW }) => {
      const canvas = new OffscreenCanvas(width, height);
      const ctx = canvas.getContext('2d')!;
      ctx.fillStyle = '#1d1f22';
      ctx.fillRect(0, 0, width, height);
      ctx.imageSmoothingQuality = 'high';
      for (let i = 0; i < tiles.length; i++) {
        const x = GAP + (i % PAIRS_PER_ROW) * (2 * TILE + GAP);
        const y = GAP + Math.floor(i / PAIRS_PER_ROW) * (TILE + LABEL + GAP);
        ctx.fillStyle = '#e8e6e1';
        ctx.font = '15px sans-serif';
        ctx.fillText(tiles[i].label, x + 2, y + 17);
        for (let k = 0; k < 2; k++) {
          const bitmap = await createImageBitmap(await (await fetch(tiles[i].images[k])).blob());
          ctx.drawImage(bitmap, x + k * TILE, y + LABEL, TILE, TILE);
        }
      }
      const blob = await canvas.convertToBlob({ type: 'image/png' });
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (const b of bytes) binary += String.fromCharCode(b);
      return btoa(binary);
    },
    { tiles, width, height, TILE, LABEL, GAP, PAIRS_PER_ROW },
  );
  const out = join(import.meta.dirname, '..', 'docs', 'generate-gallery.png');
  writeFileSync(out, Buffer.from(sheet, 'base64'));
  console.log(`\nwrote ${out} (${width}×${height})`);
} finally {
  await browser.close();
}
