// The studio's batch and the library in a real browser: every dropped image is
// written to IndexedDB before it runs, so a 20-image batch survives a reload
// in the middle with 20 results and none twice; a crashed worker mid-batch
// loses nothing; the ZIP holds every result under its own name; a touch-up
// stroke changes the alpha where drawn and nowhere else; library items outlive
// the hour API results live.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Page } from 'playwright-core';
import { openApp, waitForServiceWorker } from '../support/app';
import { launchBrowser, type Browser } from '../support/chromium';
import { pngSize, tempFolder, writeDataUrl } from '../support/files';
import { readStore } from '../support/idb';
import { renderScene, subjectSvg, testScene } from '../support/scene';
import { saveScreenshots } from '../support/screenshots';
import { readZip } from '../support/zip';

const baseUrl = inject('baseUrl');
// Twenty 1024² model runs: ~2.5 min on a quiet 2-core machine, twice that
// when something else takes a core, so the wait has room for both.
const BATCH_TIMEOUT = 540_000;
const SUBJECTS = ['running-shoe', 'handbag', 'potted-plant', 'teapot', 'red-apple'];
let browser: Browser;
let page: Page;
let files: string[];

interface StoredItem {
  id: string;
  name: string;
  batchId?: string;
  versions: { resultId: string; made: string }[];
}

/** What IndexedDB holds for the studio: library items, kept results and batch jobs, by status. */
async function stored(p: Page): Promise<{ items: StoredItem[]; keptResults: number; jobs: Record<string, number> }> {
  const items = await readStore<StoredItem>(p, 'library');
  const results = await readStore<{ expiresAt: number }>(p, 'results');
  const jobs = (await readStore<{ kind: string; status: string }>(p, 'jobs')).filter((job) => job.kind === 'cutout');
  const counts: Record<string, number> = {};
  for (const job of jobs) counts[job.status] = (counts[job.status] ?? 0) + 1;
  return { items, keptResults: results.filter((r) => r.expiresAt === Infinity).length, jobs: counts };
}

async function waitForDone(p: Page, done: number, total: number): Promise<void> {
  await p.getByTestId('studio-batch-summary').filter({ hasText: `${done} of ${total} done` }).waitFor({ timeout: BATCH_TIMEOUT });
}

beforeAll(async () => {
  browser = await launchBrowser();
  page = await openApp(browser.context, baseUrl, '/');
  const folder = tempFolder();
  files = [];
  for (let i = 0; i < 20; i++) {
    const name = SUBJECTS[i % SUBJECTS.length];
    // Two files share a name on purpose, to see the ZIP keep both.
    const fileName = i === 19 ? `${SUBJECTS[0]}-0.jpg` : `${name}-${i}.jpg`;
    const scene = await renderScene(page, testScene({ svg: subjectSvg(name), width: 160, height: 120, subject: { x: 0.5, y: 0.5, size: 0.6 + (i % 3) * 0.1 } }));
    files.push(writeDataUrl(i === 19 ? tempFolder() : folder, fileName, scene.dataUrl));
  }
});

afterAll(() => browser?.close());

describe('batch', () => {
  test('20 images with a reload in the middle end as 20 results, none twice', { timeout: 600_000 }, async () => {
    await page.getByTestId('studio-file').setInputFiles(files);
    await expect.poll(() => page.getByTestId('studio-queue').locator('li').count()).toBe(20);
    await waitForDone(page, 5, 20).catch(async () => {
      // Five done is a moment, not a number to hit exactly: any count from 5 on will do.
      await page.waitForFunction(() => /^(\d+) of 20/.exec(document.querySelector('[data-testid="studio-batch-summary"]')?.textContent ?? '')?.[1] !== '0');
    });
    // Everything was written before it ran: the jobs hold the whole batch.
    const before = await stored(page);
    expect(Object.values(before.jobs).reduce((a, b) => a + b, 0)).toBe(20);

    await page.reload();
    await waitForServiceWorker(page);
    await expect.poll(() => page.getByTestId('studio-queue').locator('li').count()).toBe(20);
    await waitForDone(page, 20, 20);

    const after = await stored(page);
    expect(after.items).toHaveLength(20);
    expect(new Set(after.items.map((item) => item.id)).size).toBe(20);
    expect(new Set(after.items.map((item) => item.batchId)).size).toBe(1);
    expect(after.keptResults).toBe(20);
    expect(after.jobs).toEqual({ completed: 20 });
  });

  test('the ZIP holds every result under its own name, and each opens as a PNG', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('studio-zip').click()]);
    expect(download.suggestedFilename()).toMatch(/^Batch of .*\.zip$/);
    const entries = readZip(readFileSync(await download.path()));
    const expected = files.map((file) => file.split('/').pop()!.replace(/\.jpg$/, '.png'));
    expected[19] = `${SUBJECTS[0]}-0 (2).png`;
    expect(entries.map((e) => e.name).sort()).toEqual([...expected].sort());
    for (const entry of entries) expect(pngSize(entry.data)).toEqual({ width: 160, height: 120 });
  });

  test('a crashed worker mid-batch loses nothing', async () => {
    await page.getByRole('button', { name: 'New batch' }).click();
    await page.getByTestId('studio-file').setInputFiles(files.slice(0, 3));
    await page.waitForFunction(() => (window as unknown as { cutoutEngine: { jobs: { workers: unknown } } }).cutoutEngine.jobs.workers !== null, null, {
      timeout: 60_000,
    });
    await page.waitForFunction(() => document.querySelector('.queue-item.working') !== null, null, { timeout: 60_000 });
    await page.evaluate(() => (window as unknown as { cutoutEngine: { jobs: { workers: { crashAll(): void } } } }).cutoutEngine.jobs.workers.crashAll());
    await waitForDone(page, 3, 3);
    const after = await stored(page);
    expect(after.items).toHaveLength(23);
    expect(new Set(after.items.map((item) => item.id)).size).toBe(23);
    expect(after.jobs).toEqual({ completed: 23 });
  });

  test('pause holds the waiting images (the running one finishes); resume runs them', async () => {
    await page.getByTestId('studio-file').setInputFiles(files.slice(3, 5));
    await page.getByTestId('studio-pause').click();
    await page.locator('.queue-item.paused').first().waitFor();
    // Whatever was running when it paused finishes; then, for a while, nothing else starts.
    await page.waitForFunction(() => document.querySelector('.queue-item.working') === null, null, { timeout: 60_000 });
    await page.waitForTimeout(5000);
    expect(await page.locator('.queue-item.paused').count()).toBeGreaterThanOrEqual(1);
    expect(await page.locator('.queue-item.working').count()).toBe(0);
    await page.getByTestId('studio-resume').click();
    await waitForDone(page, 5, 5);
    expect((await stored(page)).jobs).toEqual({ completed: 25 });
  });

  test('screenshots of the batch', async () => {
    await saveScreenshots(page, 'batch');
  });
});

describe('library', () => {
  test('lists every item, finds one by name, and its items outlive the hour API results live', async () => {
    await page.goto(`${baseUrl}/library`);
    await expect.poll(() => page.getByTestId('library-item').count()).toBe(25);
    await page.getByRole('searchbox', { name: 'Search by name' }).fill('teapot');
    await expect.poll(() => page.getByTestId('library-item').count()).toBe(5);
    await page.getByRole('searchbox', { name: 'Search by name' }).fill('');
    await expect(page.getByTestId('library-storage').textContent()).resolves.toMatch(/The library holds/);
    await saveScreenshots(page, 'library');

    // Two hours on, in the service worker and here: kept results still answer, nothing was purged.
    await page.evaluate(async () => (await navigator.serviceWorker.ready).active!.postMessage({ type: 'debug:clock', offsetMs: 2 * 60 * 60 * 1000 }));
    const { items } = await stored(page);
    const status = await page.evaluate(async (id) => (await fetch(`/v1/results/${id}.png`)).status, items[0].versions[0].resultId);
    expect(status).toBe(200);
    await page.reload();
    await expect.poll(() => page.getByTestId('library-item').count()).toBe(25);
    await page.evaluate(async () => (await navigator.serviceWorker.ready).active!.postMessage({ type: 'debug:clock', offsetMs: 0 }));
  });

  test('deletes a selection', async () => {
    await page.getByRole('checkbox', { name: /^Select teapot-8/ }).check();
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByTestId('library-delete').click();
    await expect.poll(() => page.getByTestId('library-item').count()).toBe(24);
  });
});

describe('touch-up', () => {
  test('an erase stroke changes the alpha where drawn and nowhere else, saved as a new version', async () => {
    const { items } = await stored(page);
    const target = items.find((item) => item.name === 'handbag-1')!;
    await page.goto(`${baseUrl}/library/${target.id}/touch-up`);
    const canvas = page.getByTestId('touch-up-canvas');
    await canvas.waitFor();
    await page.getByTestId('touch-up-erase').click();
    const box = (await canvas.boundingBox())!;
    // A horizontal stroke across the middle, from 35 % to 65 % of the width.
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width * 0.35, y);
    await page.mouse.down();
    for (let step = 1; step <= 12; step++) await page.mouse.move(box.x + box.width * (0.35 + (0.3 * step) / 12), y);
    await page.mouse.up();
    await saveScreenshots(page, 'touch-up');
    await page.getByTestId('touch-up-save').click();
    await page.waitForURL(`${baseUrl}/library/${target.id}`);

    const { items: after } = await stored(page);
    const versions = after.find((item) => item.id === target.id)!.versions;
    expect(versions.map((v) => v.made)).toEqual(['touch-up', 'engine']);
    const diff = await page.evaluate(async ([newer, older]) => {
      const alpha = async (id: string) => {
        const bitmap = await createImageBitmap(await (await fetch(`/v1/results/${id}.png`)).blob(), { premultiplyAlpha: 'none' });
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const ctx = canvas.getContext('2d')!;
        ctx.drawImage(bitmap, 0, 0);
        const data = ctx.getImageData(0, 0, bitmap.width, bitmap.height).data;
        return { width: bitmap.width, height: bitmap.height, alpha: data.filter((_, i) => i % 4 === 3) };
      };
      const a = await alpha(newer);
      const b = await alpha(older);
      let changed = 0;
      let outside = 0;
      let lowered = 0;
      for (let i = 0; i < a.alpha.length; i++) {
        if (a.alpha[i] === b.alpha[i]) continue;
        changed++;
        if (a.alpha[i] < b.alpha[i]) lowered++;
        const x = i % a.width;
        const row = Math.floor(i / a.width);
        // The stroke's reach: its line, widened by any brush the page may choose (a quarter of the height).
        const reach = a.height * 0.25;
        if (Math.abs(row - a.height / 2) > reach || x < a.width * 0.35 - reach || x > a.width * 0.65 + reach) outside++;
      }
      return { changed, outside, lowered, width: a.width, height: a.height };
    }, [versions[0].resultId, versions[1].resultId]);
    expect([diff.width, diff.height]).toEqual([160, 120]);
    expect(diff.changed).toBeGreaterThan(50);
    expect(diff.lowered).toBe(diff.changed);
    expect(diff.outside).toBe(0);
  });
});
