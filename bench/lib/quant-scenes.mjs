// The inputs bench:quant judges a graph on:
// (a) eval:quint8's scene — a lit ball and its soft shadow on a wall with a
//     faint periodic texture, exact truth — at its three texture amplitudes.
//     bench/eval-quint8.mjs keeps its scene to itself, so it is drawn here by
//     the same formulas; keep the two in step.
// (b) a few of eval:image's ground-truth cases (bench/lib/eval-cases.mjs),
//     rendered once in Chromium, decoded there to RGBA and cached under
//     bench/out/quant/cases/, so later runs need no browser.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { evalCases } from './eval-cases.mjs';
import { guardNetwork, OFFLINE_ARGS } from './network-guard.mjs';
import { loadSupport, outDir } from './support.mjs';

export const TEXTURE_SIDE = 1024;
/** Texture amplitudes, as a share of the full 0–1 range (0.01 ≈ 2.5 grey levels). */
export const TEXTURE_AMPLITUDES = [0, 0.01, 0.03];
const BALL = { x: 0.5 * TEXTURE_SIDE, y: 0.52 * TEXTURE_SIDE, r: 0.26 * TEXTURE_SIDE };

/** eval:quint8's scene as the model's input (x/255 − 0.5, planar RGB) and its true alpha (0–255). */
export function textureScene(amplitude) {
  const side = TEXTURE_SIDE;
  const input = new Float32Array(3 * side * side);
  const truth = new Uint8Array(side * side);
  const ballColour = [0.85, 0.25, 0.2];
  const wallTint = [0.95, 0.9, 0.8];
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const dx = (x - BALL.x) / BALL.r;
      const dy = (y - BALL.y) / BALL.r;
      const d2 = dx * dx + dy * dy;
      let rgb;
      if (d2 < 1) {
        const light = Math.max(0, -0.4 * dx - 0.5 * dy + 0.77 * Math.sqrt(1 - d2));
        rgb = ballColour.map((c) => Math.min(1, c * (0.25 + 0.75 * light) + 0.6 * light ** 30));
        truth[y * side + x] = 255;
      } else {
        const wall = 0.78 - 0.25 * (y / side);
        const shadow = Math.exp(-(((x - BALL.x - 30) / (BALL.r * 1.1)) ** 2 + ((y - BALL.y - BALL.r * 0.95) / (BALL.r * 0.25)) ** 2));
        const texture = amplitude * Math.sin(x * 0.11 + Math.sin(y * 0.05)) * Math.cos(y * 0.07);
        rgb = wallTint.map((tint) => (wall * tint + texture) * (1 - 0.5 * shadow));
      }
      for (let c = 0; c < 3; c++) input[c * side * side + y * side + x] = rgb[c] - 0.5;
    }
  }
  return { name: `texture ${amplitude} (${(amplitude * 255).toFixed(1)} grey levels)`, amplitude, input, truth };
}

/** eval:image cases used by default: easy, close colours, mane, thin legs, stalks, wispy hair. */
export const DEFAULT_CASES = ['01', '06', '09', '11', '14', '20'];

/** Runs in the page: a data: URL decoded to RGBA, returned as base64 (smaller than a number array). */
async function decodeInPage(dataUrl) {
  const bitmap = await createImageBitmap(await (await fetch(dataUrl)).blob());
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext('2d');
  context.drawImage(bitmap, 0, 0);
  const data = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
  let binary = '';
  for (let i = 0; i < data.length; i += 0x8000) binary += String.fromCharCode.apply(null, data.subarray(i, i + 0x8000));
  return { width: bitmap.width, height: bitmap.height, rgba: btoa(binary) };
}

async function renderCases(prefixes, folder) {
  const support = await loadSupport();
  const browser = await support.chromium.launchBrowser({ extraArgs: OFFLINE_ARGS });
  const network = guardNetwork(browser.context);
  try {
    const page = await browser.context.newPage();
    const cases = (await evalCases(page, support.scene)).filter((c) => prefixes.some((p) => c.name.startsWith(p)));
    for (const c of cases) {
      const { dataUrl, alpha } = await support.scene.renderScene(page, c.spec, true);
      const decoded = await page.evaluate(decodeInPage, dataUrl);
      writeFileSync(join(folder, `${c.name}.rgba`), Buffer.from(decoded.rgba, 'base64'));
      writeFileSync(join(folder, `${c.name}.truth`), Uint8Array.from(alpha));
      writeFileSync(join(folder, `${c.name}.json`), JSON.stringify({ name: c.name, hard: c.hard, width: decoded.width, height: decoded.height }));
      console.error(`[bench:quant] rendered ${c.name} (${decoded.width}×${decoded.height})`);
    }
  } finally {
    await browser.close();
  }
  network.assertOffline();
}

/** The picked eval:image cases as { name, hard, image: RgbaImage, truth: Uint8Array }, rendered on first use. */
export async function evalImages(prefixes = DEFAULT_CASES) {
  const folder = join(outDir, 'quant', 'cases');
  mkdirSync(folder, { recursive: true });
  const described = (prefix) => readdirSync(folder).filter((f) => f.startsWith(prefix) && f.endsWith('.json'));
  const missing = prefixes.filter((p) => described(p).length === 0);
  if (missing.length) await renderCases(missing, folder);
  return prefixes.flatMap(described).map((file) => {
    const { name, hard, width, height } = JSON.parse(readFileSync(join(folder, file), 'utf8'));
    const rgba = readFileSync(join(folder, `${name}.rgba`));
    return {
      name,
      hard,
      image: { data: new Uint8ClampedArray(rgba.buffer, rgba.byteOffset, rgba.length), width, height },
      truth: new Uint8Array(readFileSync(join(folder, `${name}.truth`))),
    };
  });
}
