// The speed bench's inputs: photo-like JPEGs at three sizes, rendered with the
// e2e scene renderer (a fluentui-emoji subject on a lit, textured backdrop).
// They are written once to bench/out/inputs/ (gitignored) and reused while
// their spec is unchanged.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { outDir } from './support.mjs';

const ALL_SIZES = [
  { width: 1024, height: 1024 },
  { width: 2048, height: 1536 },
  { width: 4000, height: 3000 },
];
/** BENCH_SIZES=1024x1024,… picks some of them, for quick checks. */
const picked = process.env.BENCH_SIZES?.split(',');
export const SIZES = picked ? ALL_SIZES.filter((s) => picked.includes(`${s.width}x${s.height}`)) : ALL_SIZES;

// Everyday product-like subjects, varied in colour and outline.
const SUBJECTS = [
  { name: 'running-shoe', colors: ['#d9d4cc', '#a8a29a'] },
  { name: 'teapot', colors: ['#c9d6df', '#7d8f9c'] },
  { name: 'potted-plant', colors: ['#efe6d8', '#b9a88f'] },
  { name: 'backpack', colors: ['#e3e8e1', '#98a394'] },
  { name: 'guitar', colors: ['#f1ece4', '#a79a86'] },
  { name: 'teddy-bear', colors: ['#dfe3ea', '#8a93a3'] },
  { name: 'camera', colors: ['#eadfd6', '#a3897a'] },
  { name: 'dog', colors: ['#dfe8ee', '#90a6b3'] },
  { name: 'red-apple', colors: ['#e8e4dc', '#9d978c'] },
];

export const sizeLabel = (size) => `${size.width}×${size.height}`;

/** perSize inputs for each size, each a different subject and placement. */
export function benchInputSpecs(scene, perSize) {
  const specs = [];
  SIZES.forEach((size) => {
    for (let i = 0; i < perSize; i++) {
      // Subjects by the size's place in the full list, so picking sizes keeps each input the same.
      const subject = SUBJECTS[(ALL_SIZES.indexOf(size) * perSize + i) % SUBJECTS.length];
      const spec = {
        svg: scene.subjectSvg(subject.name),
        width: size.width,
        height: size.height,
        colors: subject.colors,
        subject: { x: 0.42 + 0.08 * i, y: 0.5 + 0.03 * ((i % 3) - 1), size: 0.55 + 0.1 * (i % 3) },
        format: 'image/jpeg',
        seed: 101 + ALL_SIZES.indexOf(size) * 10 + i,
      };
      const hash = createHash('sha256').update(JSON.stringify(spec)).digest('hex').slice(0, 8);
      specs.push({ name: `${size.width}x${size.height}-${subject.name}-${hash}.jpg`, size: sizeLabel(size), subject: subject.name, spec });
    }
  });
  return specs;
}

/** Renders missing inputs in a blank page; returns each input with its data URL. */
export async function ensureInputs(context, scene, specs) {
  const folder = join(outDir, 'inputs');
  mkdirSync(folder, { recursive: true });
  let page = null;
  const inputs = [];
  for (const input of specs) {
    const file = join(folder, input.name);
    if (!existsSync(file)) {
      page ??= await context.newPage();
      const { dataUrl } = await scene.renderScene(page, input.spec);
      writeFileSync(file, Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64'));
      console.error(`[bench] rendered ${input.name}`);
    }
    const bytes = readFileSync(file);
    inputs.push({ ...input, file, bytes: bytes.length, dataUrl: `data:image/jpeg;base64,${bytes.toString('base64')}` });
  }
  await page?.close();
  return inputs;
}

/**
 * bench:cold's photos: 800×800, subjects and placements no other bench or eval
 * uses, so no setting was tuned on them. The first is the photo sent right after
 * opening the app, the other five follow.
 */
export function coldInputSpecs(scene, count = 6) {
  const subjects = ['teapot', 'backpack', 'camera', 'dog', 'guitar', 'potted-plant'];
  return subjects.slice(0, count).map((name, i) => {
    const subject = SUBJECTS.find((s) => s.name === name);
    const spec = {
      svg: scene.subjectSvg(name),
      width: 800,
      height: 800,
      colors: subject.colors,
      subject: { x: 0.38 + 0.05 * i, y: 0.47 + 0.02 * (i % 3), size: 0.5 + 0.06 * (i % 4) },
      format: 'image/jpeg',
      seed: 901 + i,
    };
    const hash = createHash('sha256').update(JSON.stringify(spec)).digest('hex').slice(0, 8);
    return { name: `cold-800x800-${name}-${hash}.jpg`, size: '800×800', subject: name, spec };
  });
}
