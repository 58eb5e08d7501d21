// The Backgrounds view in a real browser: an RGBA product (no model run) is
// set on a set in four seeded variants; a new seed changes one tile only;
// dragging the product re-renders the selected variant; the download is a
// 1024×1024 JPEG.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Page } from 'playwright-core';
import { encodePng } from '../../src/imaging/png-encode';
import { openApp } from '../support/app';
import { launchBrowser, type Browser } from '../support/chromium';
import { tempFolder, writeDataUrl } from '../support/files';
import { ceramicMug } from '../support/products';
import { saveScreenshots } from '../support/screenshots';

const baseUrl = inject('baseUrl');
const RENDER_TIMEOUT = 60_000;
let browser: Browser;
let page: Page;
let mugFile: string;

/** Width and height from a JPEG's start-of-frame segment. */
function jpegSize(bytes: Uint8Array): { width: number; height: number } {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) throw new Error('not a JPEG');
  let at = 2;
  while (at < bytes.length) {
    const marker = bytes[at + 1];
    const length = (bytes[at + 2] << 8) | bytes[at + 3];
    if (marker >= 0xc0 && marker <= 0xc3) return { height: (bytes[at + 5] << 8) | bytes[at + 6], width: (bytes[at + 7] << 8) | bytes[at + 8] };
    at += 2 + length;
  }
  throw new Error('no frame in the JPEG');
}

/** Each tile's image URL ('' while it has none) and whether it is still rendering. */
function tiles(p: Page) {
  return p.getByTestId('bg-variant').evaluateAll((items) =>
    items.map((item) => ({
      src: item.querySelector<HTMLImageElement>('[data-testid="bg-variant-image"]')?.src ?? '',
      busy: item.querySelector('.bg-variant-busy') !== null,
    })),
  );
}

/** Waits until every tile has an image and none is rendering. */
async function settled(p: Page) {
  await p.waitForFunction(
    () => {
      const items = [...document.querySelectorAll('[data-testid="bg-variant"]')];
      return items.length === 4 && items.every((item) => item.querySelector('[data-testid="bg-variant-image"]') && !item.querySelector('.bg-variant-busy'));
    },
    null,
    { timeout: RENDER_TIMEOUT },
  );
  return tiles(p);
}

/** SHA-256 of what an image URL holds, read in the page. */
function digest(p: Page, url: string): Promise<string> {
  return p.evaluate(async (url) => {
    const bytes = await (await fetch(url)).arrayBuffer();
    return Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)), (b) => b.toString(16).padStart(2, '0')).join('');
  }, url);
}

beforeAll(async () => {
  browser = await launchBrowser();
  page = await openApp(browser.context, baseUrl, '/backgrounds');
  const mug = ceramicMug(256);
  const png = Buffer.from(await (await encodePng(mug.data, mug.width, mug.height)).arrayBuffer());
  mugFile = writeDataUrl(tempFolder(), 'teal-mug.png', `data:image/png;base64,${png.toString('base64')}`);
});

afterAll(() => browser?.close());

describe('backgrounds', () => {
  let first: { src: string }[];

  test('an RGBA product on a set gives four variants', async () => {
    await page.getByTestId('bg-file').setInputFiles(mugFile);
    await page.getByRole('radio', { name: 'Marble' }).check();
    first = await settled(page);
    const digests = await Promise.all(first.map((tile) => digest(page, tile.src)));
    // Four seeds, four different pictures.
    expect(new Set(digests).size).toBe(4);
  });

  test('a new seed changes that tile only', async () => {
    const before = await Promise.all(first.map((tile) => digest(page, tile.src)));
    await page.getByRole('button', { name: 'New seed for variant 3' }).click();
    await page.waitForFunction((src) => {
      const img = document.querySelectorAll<HTMLImageElement>('[data-testid="bg-variant-image"]')[2];
      return img && img.src !== src;
    }, first[2].src, { timeout: RENDER_TIMEOUT });
    const after = await settled(page);
    expect(after.map((tile) => tile.src).filter((src, i) => src !== first[i].src)).toEqual([after[2].src]);
    expect(await digest(page, after[2].src)).not.toBe(before[2]);
    first = after;
  });

  test('dragging the product moves it in the selected variant', async () => {
    const image = page.getByTestId('bg-selected-image');
    const before = await image.getAttribute('src');
    const beforeDigest = await digest(page, before!);
    const box = (await page.getByTestId('bg-product').boundingBox())!;
    const canvas = (await image.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - canvas.width * 0.2, box.y + box.height / 2 + canvas.height * 0.1, { steps: 5 });
    await page.mouse.up();
    await page.waitForFunction((src) => document.querySelector<HTMLImageElement>('[data-testid="bg-selected-image"]')?.src !== src, before, { timeout: RENDER_TIMEOUT });
    await settled(page);
    const after = await image.getAttribute('src');
    expect(await digest(page, after!)).not.toBe(beforeDigest);
    const moved = (await page.getByTestId('bg-product').boundingBox())!;
    expect(moved.x).toBeLessThan(box.x - canvas.width * 0.15);
    expect(moved.y).toBeGreaterThan(box.y + canvas.height * 0.05);
  });

  test('the download is a 1024×1024 JPEG', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('bg-download').click()]);
    expect(download.suggestedFilename()).toMatch(/^teal-mug-marble-\d+\.jpg$/);
    const bytes = new Uint8Array(readFileSync((await download.path())!));
    expect(jpegSize(bytes)).toEqual({ width: 1024, height: 1024 });
  });

  test('the arrow keys move the product back', async () => {
    const product = page.getByTestId('bg-product');
    const before = (await product.boundingBox())!;
    await product.focus();
    for (let i = 0; i < 4; i++) await page.keyboard.press('Shift+ArrowRight');
    for (let i = 0; i < 2; i++) await page.keyboard.press('Shift+ArrowUp');
    const after = (await product.boundingBox())!;
    expect(after.x).toBeGreaterThan(before.x);
    expect(after.y).toBeLessThan(before.y);
    await expect.poll(() => product.getAttribute('aria-label')).toContain('50% across and 50% down');
    await settled(page);
    // The screenshots show the box at rest, not focused.
    await product.blur();
  });

  test('screenshots', async () => {
    await saveScreenshots(page, 'backgrounds');
  });
});
