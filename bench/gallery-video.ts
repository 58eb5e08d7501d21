// npm run gallery:video — a contact sheet of video mattes to look at: held-out
// clips (turntable products and a person turning, and the moving-camera set),
// each a row of frames spread over the clip, the subject as the app cuts it
// out (frame-matte.ts and the foreground colours, as shipped; the model's
// masks from onnxruntime-node, bench/lib/video-clip-sets.ts) over magenta, so
// a ghost of the backdrop or a fringe of its colour shows. Below each row, the
// same frames through the model on every frame, for comparison. Chromium only
// lays the tiles out and writes the labels. Writes bench/out/gallery-video.png
// (and docs/video-gallery.jpg with GALLERY_DOCS=1).
// Env: GALLERY_SET (turntable, camera or both; default turntable),
// GALLERY_SEEDS (default the held-out half: 8 turntable clips, 6 camera
// clips), GALLERY_FRAMES (frames per row, 6), GALLERY_EVERY=0 (no every-frame row).
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { VIDEO_MATTE, type VideoMatteSettings } from '../src/features/video/worker/frame-matte';
import { finishFrame } from '../src/features/video/worker/frame-finisher';
import { encodePng } from '../src/imaging/png-encode';
import { launchBrowser } from '../test/support/chromium';
import { CachedModel, clipSet, fpsOf, loadClip, matteClip, seedsIn, type ClipSet } from './lib/video-clip-sets';
import { matteQuality } from './lib/video-quality.mjs';

const WIDTH = 640;
const HEIGHT = 360;
const SETS: ClipSet[] = process.env.GALLERY_SET === 'both' ? ['turntable', 'camera'] : [clipSet(process.env.GALLERY_SET ?? 'turntable')];
const COLUMNS = Number(process.env.GALLERY_FRAMES ?? 6);
const EVERY = process.env.GALLERY_EVERY !== '0';
const TILE_W = 320;
const TILE_H = 180;
const LABEL = 24;
const GAP = 8;
const MAGENTA = [255, 0, 255] as const;

async function pngDataUrl(data: Uint8ClampedArray, width: number, height: number): Promise<string> {
  const bytes = Buffer.from(await (await encodePng(data, width, height)).arrayBuffer());
  return `data:image/png;base64,${bytes.toString('base64')}`;
}

interface Row {
  label: string;
  images: string[];
}

const rows: Row[] = [];
const every: VideoMatteSettings = { ...VIDEO_MATTE, keyFrames: { ...VIDEO_MATTE.keyFrames, maxInterval: 1 } };
for (const set of SETS) {
  const seeds = process.env.GALLERY_SEEDS?.split(',').map(Number) ?? seedsIn(set, 'held-out', set === 'turntable' ? 8 : 6);
  for (const seed of seeds) {
    const clip = await loadClip(set, seed, { width: WIDTH, height: HEIGHT, fps: fpsOf(set), seconds: 2 });
    const cached = new CachedModel(set, clip, VIDEO_MATTE.modelSide);
    const picks = Array.from({ length: COLUMNS }, (_, k) => Math.round(((k + 0.5) * clip.frames.length) / COLUMNS));
    const methods: [string, VideoMatteSettings][] = [['key frames', VIDEO_MATTE], ...(EVERY ? [['every frame', every] as [string, VideoMatteSettings]] : [])];
    for (const [name, settings] of methods) {
      const { alphas, matter } = await matteClip(clip, cached, settings);
      const quality = matteQuality(alphas, clip.truth, WIDTH * HEIGHT, WIDTH);
      const images: string[] = [];
      for (const f of picks) {
        const frame = clip.frames[f];
        const { pixels } = finishFrame({ image: { ...frame, data: frame.data.slice() }, alpha: alphas[f], fill: MAGENTA });
        images.push(await pngDataUrl(pixels, WIDTH, HEIGHT));
      }
      const what = `${set} ${seed}: ${clip.spec.kind ? `${clip.spec.kind}, ` : ''}${clip.spec.move}`;
      const label = `${what} · ${name}: model on ${matter.counts.segmented}/${clip.frames.length} · MAE ${quality.mae.toFixed(4)} · ghosts ${(100 * quality.ghost).toFixed(2)} % · frames ${picks.join(', ')}`;
      rows.push({ label, images });
      console.error(`[gallery:video] ${label}`);
    }
  }
}

const width = COLUMNS * (TILE_W + GAP) + GAP;
const height = rows.length * (TILE_H + LABEL + GAP) + GAP;
const browser = await launchBrowser();
try {
  const page = await browser.context.newPage();
  const sheet = await page.evaluate(
    async ({ rows, width, height, TILE_W, TILE_H, LABEL, GAP }) => {
      const canvas = new OffscreenCanvas(width, height);
      const ctx = canvas.getContext('2d')!;
      ctx.fillStyle = '#1d1f22';
      ctx.fillRect(0, 0, width, height);
      ctx.imageSmoothingQuality = 'high';
      for (let r = 0; r < rows.length; r++) {
        const y = GAP + r * (TILE_H + LABEL + GAP);
        ctx.fillStyle = '#e8e6e1';
        ctx.font = '14px sans-serif';
        ctx.fillText(rows[r].label, GAP + 2, y + 16);
        for (let k = 0; k < rows[r].images.length; k++) {
          const bitmap = await createImageBitmap(await (await fetch(rows[r].images[k])).blob());
          ctx.drawImage(bitmap, GAP + k * (TILE_W + GAP), y + LABEL, TILE_W, TILE_H);
        }
      }
      const bytes = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/png' })).arrayBuffer());
      let binary = '';
      for (const b of bytes) binary += String.fromCharCode(b);
      return btoa(binary);
    },
    { rows, width, height, TILE_W, TILE_H, LABEL, GAP },
  );
  const out = join(import.meta.dirname, 'out', 'gallery-video.png');
  mkdirSync(join(out, '..'), { recursive: true });
  writeFileSync(out, Buffer.from(sheet, 'base64'));
  console.log(`wrote ${out} (${width}×${height})`);
  if (process.env.GALLERY_DOCS === '1') {
    const docs = join(import.meta.dirname, '..', 'docs', 'video-gallery.jpg');
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', out, '-q:v', '3', docs]);
    console.log(`wrote ${docs}`);
  }
} finally {
  await browser.close();
}
