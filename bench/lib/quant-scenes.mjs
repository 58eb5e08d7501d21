// The inputs bench:quant judges a graph on:
// (a) eval:quint8's scene (texture-scene.mjs) at its three texture amplitudes.
// (b) a few of eval:image's ground-truth cases (bench/lib/eval-cases.mjs),
//     rendered once in Chromium, decoded there to RGBA and cached under
//     bench/out/quant/cases/, so later runs need no browser.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { evalCases } from './eval-cases.mjs';
import { guardNetwork, OFFLINE_ARGS } from './network-guard.mjs';
import { loadSupport, outDir } from './support.mjs';

export { TEXTURE_AMPLITUDES, TEXTURE_SIDE, textureScene } from './texture-scene.mjs';

/** eval:image cases used by default: easy, close colours, mane, thin legs, stalks, wispy hair. */
export const DEFAULT_CASES = ['01', '06', '09', '11', '14', '20'];

/** Runs in the page: a data: URL decoded to RGBA, returned as base64 (smaller than a number array). */
export async function decodeInPage(dataUrl) {
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
