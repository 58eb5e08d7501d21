// The eval's end-to-end check: the whole tryOn task in the test build (both
// models, the fit, JPEG) on each case's photos, compared with the fit run in
// Node on the cached readings. They should differ by JPEG's error only.
import type { RgbaImage } from '../../../src/imaging/image';
import { openTryOnPage, type TryOnPage } from '../try-on-page';
import type { RenderedCase } from './rendered';

/** Decodes an encoded image in the page into straight RGBA. */
export async function decodeInPage(session: TryOnPage, bytes: Buffer, type: string): Promise<RgbaImage> {
  const decoded = await session.page.evaluate(
    async ({ base64, type }) => {
      const blob = new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], { type });
      const bitmap = await createImageBitmap(blob);
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d')!;
      context.drawImage(bitmap, 0, 0);
      const pixels = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
      let binary = '';
      for (let i = 0; i < pixels.length; i += 0x8000) binary += String.fromCharCode(...pixels.subarray(i, i + 0x8000));
      return { base64: btoa(binary), width: bitmap.width, height: bitmap.height };
    },
    { base64: bytes.toString('base64'), type },
  );
  return { data: new Uint8ClampedArray(Buffer.from(decoded.base64, 'base64')), width: decoded.width, height: decoded.height };
}

export async function endToEnd(pairs: { c: Pick<RenderedCase, 'personPhoto' | 'garmentPhoto'> & { name: string }; node: RgbaImage | null }[], log: (line: string) => void): Promise<{ summary: string }> {
  const session = await openTryOnPage();
  const differences: number[] = [];
  const seconds: number[] = [];
  let agreedRefusals = 0;
  let disagreements = 0;
  try {
    for (const { c, node } of pairs) {
      let bytes: Buffer | null = null;
      let type = '';
      try {
        const run = await session.run(c.personPhoto, c.garmentPhoto);
        bytes = run.bytes;
        type = run.contentType;
        seconds.push(run.ms / 1000);
      } catch (error) {
        if (!node && /invalid_parameter|garment_image|person_image/.test(String(error))) agreedRefusals++;
        else disagreements++;
        log(`[e2e] ${c.name}: ${String(error).slice(0, 120)}`);
        continue;
      }
      if (!node) {
        disagreements++;
        continue;
      }
      const browser = await decodeInPage(session, bytes, type);
      let sum = 0;
      for (let i = 0; i < browser.data.length; i += 4) for (let k = 0; k < 3; k++) sum += Math.abs(browser.data[i + k] - node.data[i + k]);
      differences.push(sum / ((browser.data.length / 4) * 3));
      log(`[e2e] ${c.name}: mean |browser − node| ${differences.at(-1)!.toFixed(2)} levels, ${seconds.at(-1)!.toFixed(1)} s`);
    }
  } finally {
    await session.close();
  }
  const sorted = [...seconds].sort((a, b) => a - b);
  return {
    summary: `${differences.length} results, mean |browser − Node| per pixel ${Math.min(...differences).toFixed(2)}–${Math.max(...differences).toFixed(2)} 8-bit levels; ${agreedRefusals} refused by both; ${disagreements} disagreements; task median ${sorted[Math.floor(sorted.length / 2)]?.toFixed(1)} s at ${pairs[0]?.c.personPhoto.width}×${pairs[0]?.c.personPhoto.height}`,
  };
}
