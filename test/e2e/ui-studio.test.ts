// The studio and History in a real browser: a batch dropped on the file input
// is cut out one image after another, crop and shadow update the preview
// without running the model again, the download is a PNG of the right size,
// and History lists the results that expire with a live countdown and deletes
// them (the studio's own are kept in the Library: see ui-batch.test.ts).
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Page } from 'playwright-core';
import { openApp } from '../support/app';
import { launchBrowser, type Browser } from '../support/chromium';
import { pngSize, tempFolder, writeDataUrl } from '../support/files';
import { renderScene, subjectSvg, testScene } from '../support/scene';
import { putStored, readStore } from '../support/idb';
import { saveScreenshots } from '../support/screenshots';

const baseUrl = inject('baseUrl');
const MODEL_TIMEOUT = 180_000;
let browser: Browser;
let page: Page;
let files: string[];

/** Counts the engine tasks the page starts, by task. */
function countTasks(p: Page): Promise<void> {
  return p.evaluate(() => {
    const engine = (window as unknown as { cutoutEngine: { run: (task: { fn: string }, ...rest: unknown[]) => Promise<unknown> } }).cutoutEngine;
    const counts: Record<string, number> = {};
    (window as unknown as { taskCounts: Record<string, number> }).taskCounts = counts;
    const run = engine.run.bind(engine);
    engine.run = (task, ...rest) => {
      counts[task.fn] = (counts[task.fn] ?? 0) + 1;
      return run(task, ...rest);
    };
  });
}

const taskCounts = (p: Page) => p.evaluate(() => ({ ...(window as unknown as { taskCounts: Record<string, number> }).taskCounts }));

function resultImage(p: Page) {
  return p.getByTestId('studio-result');
}

async function resultState(p: Page): Promise<{ src: string; width: number; height: number }> {
  return resultImage(p).evaluate(async (img: HTMLImageElement) => {
    await img.decode();
    return { src: img.src, width: img.naturalWidth, height: img.naturalHeight };
  });
}

/** Waits for the preview to show another image than `before`, and returns it. */
async function nextPreview(p: Page, before: string) {
  await p.waitForFunction(
    (src) => {
      const img = document.querySelector<HTMLImageElement>('[data-testid="studio-result"]');
      return img !== null && img.src !== src && img.complete && img.naturalWidth > 0;
    },
    before,
    { timeout: 30_000 },
  );
  return resultState(p);
}

/**
 * Results the studio does not make, as the service worker stores them: one from
 * an API call with a named key, about to expire, and a video.
 */
async function storeOtherResults(p: Page): Promise<void> {
  const [plant] = (await readStore<{ id: string; ext: string; label: string }>(p, 'results')).filter((r) => r.label === 'potted-plant');
  const now = Date.now();
  await putStored(p, [
    {
      store: 'keys',
      record: { id: 'ui-test-key', hash: 'ui-test-hash', name: 'Shop importer', hint: 'cs_ab12…yz89', createdAt: now, revokedAt: null, budget: null, spent: 1, ratePerSecond: null },
    },
    {
      store: 'results',
      record: {
        id: 'uitestapiresult000000000', keyId: 'ui-test-key', contentType: 'image/png', ext: 'png', route: '/v1/remove-background',
        createdAt: now - 57 * 60_000, expiresAt: now + 3 * 60_000, width: 240, height: 240, label: 'catalogue-042',
      },
      body: `/v1/results/${plant.id}.${plant.ext}`,
    },
    {
      store: 'results',
      record: {
        id: 'uitestvideoresult0000000', keyId: null, contentType: 'video/mp4', ext: 'mp4', route: 'video',
        createdAt: now - 60_000, expiresAt: now + 24 * 3600_000 - 60_000, width: 320, height: 240, label: 'product-spin',
      },
      body: '/samples/clip.mp4',
    },
  ]);
}

beforeAll(async () => {
  browser = await launchBrowser();
  page = await openApp(browser.context, baseUrl, '/');
  const folder = tempFolder();
  const scene = (name: string, spec: Parameters<typeof testScene>[0]) => renderScene(page, testScene(spec)).then((s) => writeDataUrl(folder, name, s.dataUrl));
  files = [
    await scene('red-sneaker.jpg', {}),
    await scene('potted-plant.png', { svg: subjectSvg('potted-plant'), width: 240, height: 240, format: 'image/png', colors: ['#cfd8dc', '#90a4ae'] }),
    await scene('handbag.jpg', { svg: subjectSvg('handbag'), width: 200, height: 160 }),
  ];
});

afterAll(() => browser?.close());

describe('studio', () => {
  test('a batch is queued visibly and cut out one image after another; cancelling drops an image', async () => {
    await page.getByTestId('studio-file').setInputFiles(files);
    const rows = page.getByTestId('studio-queue').locator('li');
    await expect.poll(() => rows.count()).toBe(3);
    await page.getByRole('button', { name: 'Cancel handbag.jpg' }).click();
    await expect.poll(() => rows.count()).toBe(2);

    await resultImage(page).waitFor({ timeout: MODEL_TIMEOUT });
    const first = await resultState(page);
    expect([first.width, first.height]).toEqual([320, 240]);
    await page.getByText('2 of 2 done').waitFor({ timeout: MODEL_TIMEOUT });
  });

  test('crop and shadow update the live preview without running the model again', async () => {
    await countTasks(page);
    const plain = await resultState(page);

    await page.getByRole('switch', { name: 'Crop to the subject' }).check();
    const cropped = await nextPreview(page, plain.src);
    expect(cropped.width).toBeLessThan(320);
    expect(cropped.height).toBeLessThan(240);

    await page.getByRole('switch', { name: 'Shadow' }).check();
    const shadowed = await nextPreview(page, cropped.src);
    const direction = page.getByRole('slider', { name: 'Light direction' });
    await direction.focus();
    await direction.press('PageUp');
    await nextPreview(page, shadowed.src);

    const counts = await taskCounts(page);
    expect(counts.removeBackground ?? 0).toBe(0);
    expect(counts.composeCutout).toBeGreaterThanOrEqual(3);
  });

  test('downloads a PNG of the previewed size, and a JPEG', async () => {
    const shown = await resultState(page);
    await expect.poll(() => page.getByTestId('studio-export-size').textContent()).toContain(`${shown.width} × ${shown.height} px`);
    const [png] = await Promise.all([page.waitForEvent('download'), page.getByTestId('studio-download').click()]);
    expect(png.suggestedFilename()).toBe('red-sneaker-cutout.png');
    expect(pngSize(readFileSync(await png.path()))).toEqual({ width: shown.width, height: shown.height });

    await page.getByRole('radio', { name: 'JPEG' }).check();
    const [jpeg] = await Promise.all([page.waitForEvent('download'), page.getByTestId('studio-download').click()]);
    expect(jpeg.suggestedFilename()).toBe('red-sneaker-cutout.jpg');
    expect([...readFileSync(await jpeg.path()).subarray(0, 2)]).toEqual([0xff, 0xd8]);
    await page.getByRole('radio', { name: 'PNG' }).check();
  });

  test('screenshots', async () => {
    await page.getByRole('switch', { name: 'Crop to the subject' }).uncheck();
    await page.getByRole('button', { name: 'Background #e8edf4' }).click();
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid="studio-result"]');
      return img !== null && img.naturalWidth === 320 && !document.querySelector('.stage-chip');
    });
    await saveScreenshots(page, 'studio');
  });
});

describe('history', () => {
  test('lists the results that expire with a live countdown; the studio keeps its own in the Library', async () => {
    await storeOtherResults(page);
    await page.getByRole('link', { name: 'History', exact: true }).click();
    const items = page.getByTestId('history-item');
    await expect.poll(() => items.count(), { timeout: 10_000 }).toBe(2);
    expect(await items.filter({ hasText: 'red-sneaker' }).count()).toBe(0);
    const api = items.filter({ hasText: 'catalogue-042.png' });
    const countdown = api.getByTestId('history-countdown');
    const before = await countdown.textContent();
    expect(before).toMatch(/^[23]:\d\d$/);
    await expect.poll(() => countdown.textContent(), { timeout: 5000 }).not.toBe(before);
    const thumbnail = await api.locator('img').evaluate(async (img: HTMLImageElement) => {
      await img.decode();
      return img.naturalWidth;
    });
    expect(thumbnail).toBe(240);
  });

  test('says where each result came from, shows videos, and warns before expiry', async () => {
    const api = page.getByTestId('history-item').filter({ hasText: 'catalogue-042.png' });
    expect(await api.textContent()).toContain('API · Shop importer');
    expect(await api.locator('.history-expiry.soon').count()).toBe(1);
    const video = page.getByTestId('history-item').filter({ hasText: 'product-spin.mp4' });
    expect(await video.textContent()).toContain('Video page');
    expect(await video.locator('video').getAttribute('src')).toMatch(/\/v1\/results\/uitestvideoresult0000000\.mp4/);
    await page.getByRole('radio', { name: 'Videos' }).check();
    await expect.poll(() => page.getByTestId('history-item').count()).toBe(1);
    await page.getByRole('radio', { name: /^All/ }).check();
    await page.waitForFunction(() => [...document.querySelectorAll('.history-thumb img')].every((img) => (img as HTMLImageElement).complete));
    await saveScreenshots(page, 'history');
  });

  test('deletes a result', async () => {
    await page.getByRole('button', { name: 'Delete catalogue-042.png' }).click();
    const items = page.getByTestId('history-item');
    await expect.poll(() => items.count()).toBe(1);
    expect(await page.getByTestId('history-item').filter({ hasText: 'catalogue-042.png' }).count()).toBe(0);
  });
});
