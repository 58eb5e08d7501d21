// The second ground-truth set for eval:image: product-like objects rendered
// with POV-Ray from bench/scenes/*.pov. Each scene is rendered twice (see
// bench/scenes/studio.inc): the subject alone with an alpha channel — its
// antialiased coverage is the truth — and the backdrop alone, which carries
// the subject's shadow (the subject is there but invisible, so it only casts
// it), so the truth leaves shadows out. The two are composited in linear
// light (composite.mjs) and encoded by Chromium's encoders, as the emoji set
// is. Renders and inputs are cached in bench/out/pov/ under a hash of what
// made them, so only a changed scene is rendered again (a few minutes each).
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compositeOver } from './composite.mjs';
import { grayPng } from './gray-png.mjs';
import { readPng } from './png-read.mjs';
import { outDir, root } from './support.mjs';

const SCENES = join(root, 'bench', 'scenes');
const CACHE = join(outDir, 'pov');

// hard: what makes the case hard ('' for none). Every third is a PNG, the rest JPEG.
const CASES = [
  { scene: '01-sneaker', size: [1024, 768], hard: 'dark sole on a dark grey floor, in its shadow' },
  { scene: '02-gift-box', size: [1200, 900], hard: 'printed wrap, mostly the backdrop’s off-white' },
  { scene: '03-bottle', size: [900, 1200], hard: '' },
  { scene: '04-mug', size: [1280, 960], hard: '' },
  { scene: '05-chair', size: [1024, 1024], hard: 'thin legs and spindles, holes' },
  { scene: '06-grass-plant', size: [900, 1200], hard: 'tapering blades, tips < 1 px' },
  { scene: '07-tote-bag', size: [1280, 960], hard: 'strap loops; bag the backdrop’s colour' },
  { scene: '08-desk-lamp', size: [1280, 720], hard: 'thin twin-rod arm' },
  { scene: '09-headphones', size: [1024, 1024], hard: 'thin band over a hole; dark on dark' },
  { scene: '10-wire-bicycle', size: [1600, 1200], hard: '1–2 px spokes, 3 px wire, mostly holes' },
  { scene: '11-white-vase', size: [800, 800], hard: 'white on white' },
  { scene: '12-chrome-kettle', size: [1200, 900], hard: 'chrome mirrors the backdrop' },
];

// Both passes: 16 bits a channel, sRGB-encoded, adaptive jittered
// antialiasing. The subject pass goes one level deeper (up to 81 samples a
// pixel where it is needed), which gives its alpha ~200 distinct steps; its
// edges are always supersampled, whatever the threshold, since alpha differs.
const COMMON_ARGS = ['-D', '-V', '+FN16', 'File_Gamma=sRGB', '+AM2', '+A0.1', '+J', `+L${SCENES}`];
const PASS_ARGS = {
  subject: ['+UA', '+R4', 'Declare=Pass=1'],
  backdrop: ['-UA', '+R3', 'Declare=Pass=2'],
};
// Sensor grain added to the composite, in 8-bit levels (triangular noise).
const GRAIN = 2;
const JPEG_QUALITY = 0.92;

const INSTALL_HINT = 'apt-get install povray';

/** POV-Ray's version, or null when it is not installed. */
export function povrayVersion() {
  const result = spawnSync('povray', ['--version'], { encoding: 'utf8' });
  if (result.error) return null;
  return /POV-Ray (\S+)/.exec(`${result.stdout}${result.stderr}`)?.[1] ?? 'unknown';
}

const hash = (...parts) => createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 10);
const read = (path) => readFileSync(path, 'utf8');

function runPovray(args) {
  return new Promise((resolve, reject) => {
    const child = spawn('povray', args, { cwd: SCENES, stdio: ['ignore', 'ignore', 'pipe'] });
    let log = '';
    child.stderr.on('data', (chunk) => {
      log = (log + chunk).slice(-4000);
    });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`povray ${args.join(' ')} exited ${code}:\n${log}`))));
  });
}

/** One pass of one case, rendered unless cached; returns its file. */
async function renderPass(c, pass, version) {
  const [width, height] = c.size;
  const args = [...COMMON_ARGS, ...PASS_ARGS[pass], `+W${width}`, `+H${height}`];
  const key = hash(version, read(join(SCENES, `${c.scene}.pov`)), read(join(SCENES, 'studio.inc')), args.join(' '));
  const file = join(CACHE, `${c.scene}-${pass}-${key}.png`);
  if (existsSync(file)) return { file, key };
  const started = Date.now();
  const partial = join(CACHE, `${c.scene}-${pass}-${key}.partial.png`);
  await runPovray([`+I${c.scene}.pov`, `+O${partial}`, ...args]);
  renameSync(partial, file);
  console.error(`[eval] rendered ${c.scene} ${pass} pass, ${width}×${height} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  return { file, key };
}

/**
 * Renders what is missing with POV-Ray (no browser needed). `only`: name
 * prefixes to keep (EVAL_CASES), or undefined for all. Returns
 * { skipped: reason | null, cases }.
 */
export async function renderPovSet(only) {
  const version = povrayVersion();
  if (!version) return { skipped: `POV-Ray is not installed (\`${INSTALL_HINT}\`)`, cases: [] };
  mkdirSync(CACHE, { recursive: true });
  const cases = [];
  for (const [index, c] of CASES.entries()) {
    const name = `p${c.scene}`;
    if (only && !only.some((prefix) => name.startsWith(prefix))) continue;
    const subject = await renderPass(c, 'subject', version);
    const backdrop = await renderPass(c, 'backdrop', version);
    const format = index % 3 === 2 ? 'image/png' : 'image/jpeg';
    const key = hash(subject.key, backdrop.key, format, GRAIN, JPEG_QUALITY, read(join(import.meta.dirname, 'composite.mjs')));
    cases.push({ name, hard: c.hard, scene: c.scene, width: c.size[0], height: c.size[1], format, subject: subject.file, backdrop: backdrop.file, key });
  }
  return { skipped: null, cases };
}

/** Runs in the page: RGBA pixels (base64) → an encoded image as a data URL. */
async function encodeInPage({ rgba, width, height, format, quality }) {
  const bytes = Uint8ClampedArray.from(atob(rgba), (ch) => ch.charCodeAt(0));
  const canvas = new OffscreenCanvas(width, height);
  canvas.getContext('2d').putImageData(new ImageData(bytes, width, height), 0, 0);
  const blob = await canvas.convertToBlob({ type: format, quality });
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result);
    reader.readAsDataURL(blob);
  });
}

/**
 * Composites and encodes the rendered cases (cached), in a page of `context`.
 * Returns them as eval cases: { name, hard, spec, dataUrl, truth }.
 */
export async function loadPovCases(context, rendered) {
  let page = null;
  const cases = [];
  for (const c of rendered) {
    const extension = c.format === 'image/png' ? 'png' : 'jpg';
    const inputFile = join(CACHE, `${c.scene}-${c.key}-input.${extension}`);
    const truthFile = join(CACHE, `${c.scene}-${c.key}-truth.png`);
    if (!existsSync(inputFile) || !existsSync(truthFile)) {
      const { rgba, alpha } = compositeOver(readPng(readFileSync(c.subject)), readPng(readFileSync(c.backdrop)), { grain: GRAIN, seed: 5000 + Number.parseInt(c.scene, 10) });
      page ??= await context.newPage();
      const dataUrl = await page.evaluate(encodeInPage, { rgba: Buffer.from(rgba.buffer).toString('base64'), width: c.width, height: c.height, format: c.format, quality: JPEG_QUALITY });
      writeFileSync(truthFile, grayPng(alpha, c.width, c.height));
      writeFileSync(inputFile, Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64'));
    }
    const truth = readPng(readFileSync(truthFile)).samples;
    cases.push({
      name: c.name,
      hard: c.hard,
      spec: { width: c.width, height: c.height, format: c.format, scene: `bench/scenes/${c.scene}.pov` },
      dataUrl: `data:${c.format};base64,${readFileSync(inputFile).toString('base64')}`,
      truth: Uint8Array.from(truth),
    });
  }
  await page?.close();
  return cases;
}
