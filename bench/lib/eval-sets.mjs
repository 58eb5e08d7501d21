// Every ground-truth set the project has, as decoded images in Node, for the
// evals that run the model outside the browser (eval:sides, bench:int8):
//   emoji   — eval:image's 21 fluentui-emoji cases (eval-cases.mjs);
//   small   — 16 more emoji cases, each subject 10–30 % of the shorter side
//             near an edge of a large photo (eval-cases.mjs: SMALL_CASES);
//   pov     — eval:image's 12 POV-Ray scenes (pov-cases.mjs; needs POV-Ray);
//   texture — eval:quint8's ball before a faintly textured wall, in eight
//             versions (texture-scene.mjs: seeds 0–7, amplitudes 0–0.03).
// Each set is split once into a tuning half and a held-out half (splitHalves):
// thresholds and layer lists are chosen on the first, reported on the second.
// The browser renders and decodes the emoji and pov inputs exactly as the
// app would receive them (JPEG or PNG, decoded by Chromium); they are cached
// under bench/out/eval-images/ by a hash of what made them.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { evalCases, smallCases } from './eval-cases.mjs';
import { guardNetwork, OFFLINE_ARGS } from './network-guard.mjs';
import { loadPovCases, renderPovSet } from './pov-cases.mjs';
import { decodeInPage } from './quant-scenes.mjs';
import { loadSupport, outDir } from './support.mjs';
import { TEXTURE_SIDE, textureScene } from './texture-scene.mjs';

const CACHE = join(outDir, 'eval-images');
/** The seed of the one split every eval here uses. */
const SPLIT_SEED = 'cutout-eval-split-1';
/** Texture versions: seed → wall texture amplitude (seed 0 is eval:quint8's own scene). */
const TEXTURE_VERSIONS = [0, 0.01, 0.03, 0.02, 0.01, 0.03, 0.02, 0];

const digest = (text) => createHash('sha256').update(text).digest('hex').slice(0, 12);

/**
 * Each set's cases split once into halves by a seeded hash of their names:
 * the lower half of the order tunes, the upper half is held out.
 */
export function splitHalves(cases) {
  const out = new Map();
  for (const set of new Set(cases.map((c) => c.set))) {
    const ordered = cases.filter((c) => c.set === set).sort((a, b) => (digest(`${SPLIT_SEED}/${a.name}`) < digest(`${SPLIT_SEED}/${b.name}`) ? -1 : 1));
    ordered.forEach((c, i) => out.set(c.name, i < Math.ceil(ordered.length / 2) ? 'tune' : 'held-out'));
  }
  return cases.map((c) => ({ ...c, half: out.get(c.name) }));
}

function cached(key) {
  const base = join(CACHE, key);
  if (!existsSync(`${base}.json`)) return null;
  const meta = JSON.parse(readFileSync(`${base}.json`, 'utf8'));
  const rgba = readFileSync(`${base}.rgba`);
  return {
    ...meta,
    image: { data: new Uint8ClampedArray(rgba.buffer, rgba.byteOffset, rgba.length), width: meta.width, height: meta.height },
    truth: new Uint8Array(readFileSync(`${base}.truth`)),
  };
}

function store(key, meta, rgba, truth) {
  const base = join(CACHE, key);
  writeFileSync(`${base}.rgba`, rgba);
  writeFileSync(`${base}.truth`, truth);
  writeFileSync(`${base}.json`, JSON.stringify(meta));
}

/** The emoji and pov cases, rendered and decoded in one Chromium for whatever is not cached. */
async function imageCases(sets, log) {
  mkdirSync(CACHE, { recursive: true });
  const pov = sets.has('pov') ? await renderPovSet() : { skipped: null, cases: [] };
  if (pov.skipped) log(`the pov set is skipped: ${pov.skipped}`);
  const support = await loadSupport();
  const browser = await support.chromium.launchBrowser({ extraArgs: OFFLINE_ARGS });
  const network = guardNetwork(browser.context);
  const cases = [];
  try {
    const page = await browser.context.newPage();
    const decode = async (key, meta, dataUrl, truth) => {
      const decoded = await page.evaluate(decodeInPage, dataUrl);
      store(key, { ...meta, width: decoded.width, height: decoded.height }, Buffer.from(decoded.rgba, 'base64'), truth);
      log(`decoded ${meta.name} (${decoded.width}×${decoded.height})`);
      return cached(key);
    };
    for (const [set, make] of [['emoji', evalCases], ['small', smallCases]]) {
      if (!sets.has(set)) continue;
      for (const c of await make(page, support.scene)) {
        const key = `${c.name}-${digest(JSON.stringify(c.spec))}`;
        let found = cached(key);
        if (!found) {
          const { dataUrl, alpha } = await support.scene.renderScene(page, c.spec, true);
          found = await decode(key, { set, name: c.name, hard: c.hard }, dataUrl, Uint8Array.from(alpha));
        }
        cases.push(found);
      }
    }
    const missing = pov.cases.filter((c) => !cached(`${c.name}-${c.key}`));
    const loaded = new Map((await loadPovCases(browser.context, missing)).map((c) => [c.name, c]));
    for (const c of pov.cases) {
      const key = `${c.name}-${c.key}`;
      const fresh = loaded.get(c.name);
      cases.push(cached(key) ?? (await decode(key, { set: 'pov', name: c.name, hard: c.hard }, fresh.dataUrl, fresh.truth)));
    }
  } finally {
    await browser.close();
  }
  network.assertOffline();
  return cases;
}

/** eval:quint8's scene as an RGBA image (the wall's texture survives 8 bits: its amplitude is ≥ 2.5 levels or 0). */
function textureCase(seed) {
  const amplitude = TEXTURE_VERSIONS[seed];
  const { input, truth } = textureScene(amplitude, seed);
  const side = TEXTURE_SIDE;
  const plane = side * side;
  const data = new Uint8ClampedArray(plane * 4);
  for (let i = 0; i < plane; i++) {
    for (let c = 0; c < 3; c++) data[i * 4 + c] = Math.round((input[c * plane + i] + 0.5) * 255);
    data[i * 4 + 3] = 255;
  }
  return { set: 'texture', name: `t${seed}-amplitude-${amplitude}`, hard: amplitude > 0 ? `wall texture ${(amplitude * 255).toFixed(1)} grey levels` : '', image: { data, width: side, height: side }, truth, modelInput: input };
}

/**
 * The cases of the named sets (default all three), each with its half:
 * { set, name, hard, half, image: RgbaImage, truth: Uint8Array (0–255) }.
 * Texture cases also carry modelInput: the exact 1024² input eval:quint8 feeds the model.
 */
export async function loadEvalSets({ sets = ['emoji', 'small', 'pov', 'texture'], log = console.error } = {}) {
  const wanted = new Set(sets);
  const images = ['emoji', 'small', 'pov'].some((s) => wanted.has(s)) ? await imageCases(wanted, log) : [];
  const textures = wanted.has('texture') ? TEXTURE_VERSIONS.map((_, seed) => textureCase(seed)) : [];
  return splitHalves([...images, ...textures]);
}
