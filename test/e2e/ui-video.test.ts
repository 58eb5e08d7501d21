// The video page in a real browser: a clip is uploaded, a format without alpha
// cannot be transparent, the job is created (free, no key), shows in the list,
// runs in this window with a progress bar and ends with a player; completed
// and failed jobs show a player and the reason.
import { join } from 'node:path';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Page } from 'playwright-core';
import { openApp } from '../support/app';
import { launchBrowser, type Browser } from '../support/chromium';
import { putStored } from '../support/idb';
import { saveScreenshots } from '../support/screenshots';

const baseUrl = inject('baseUrl');
const clip = join(import.meta.dirname, '..', '..', 'public', 'samples', 'clip.mp4');
let browser: Browser;
let page: Page;

interface StoredJob {
  kind: string;
  keyId: string | null;
  cost: number;
  status: string;
  request: { fileName: string; options: { outputFormat: string; backgroundColor: string } };
}

function storedJobs(p: Page): Promise<StoredJob[]> {
  return p.evaluate(
    () =>
      new Promise<StoredJob[]>((resolve, reject) => {
        const open = indexedDB.open('cutout-studio');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('jobs').objectStore('jobs').getAll();
          all.onsuccess = () => resolve(all.result as StoredJob[]);
          all.onerror = () => reject(all.error);
        };
      }),
  );
}

/** Jobs as a finished runner leaves them: one completed with a result, one failed. */
function storeFinishedJobs(p: Page): Promise<void> {
  const now = Date.now();
  const base = { keyId: null, kind: 'video', attempts: 1, cost: 0, progress: 1 };
  return putStored(p, [
    {
      store: 'results',
      record: {
        id: 'uitestvideoresult0000000', keyId: null, contentType: 'video/mp4', ext: 'mp4', route: 'video',
        createdAt: now, expiresAt: now + 24 * 3600 * 1000, width: 320, height: 240, label: 'product-spin',
      },
      body: '/samples/clip.mp4',
    },
    {
      store: 'jobs',
      record: {
        ...base, id: crypto.randomUUID(), status: 'completed', createdAt: now - 60_000, updatedAt: now, label: 'product-spin.mp4',
        request: { fileName: 'product-spin.mp4', options: { outputFormat: 'mp4_h264', backgroundColor: '#ffffff' } },
        resultId: 'uitestvideoresult0000000', resultExt: 'mp4',
      },
      body: '/samples/clip.mp4',
    },
    {
      store: 'jobs',
      record: {
        ...base, id: crypto.randomUUID(), status: 'failed', progress: 0.2, createdAt: now - 120_000, updatedAt: now, label: 'slideshow.mov',
        request: { fileName: 'slideshow.mov', options: { outputFormat: 'gif', backgroundColor: 'transparent' } },
        error: { message: 'the video has no frames the decoder can read', error_code: 'malformed_image' },
      },
      body: '/samples/clip.mp4',
    },
  ]);
}

beforeAll(async () => {
  browser = await launchBrowser();
  page = await openApp(browser.context, baseUrl, '/video');
});

afterAll(() => browser?.close());

test('starts empty, and explains it', async () => {
  await page.getByText('No video jobs yet').waitFor();
});

test('reads the clip, and refuses transparency for formats without alpha', async () => {
  await page.getByTestId('video-file').setInputFiles(clip);
  await page.getByText('0:02 · 320 × 240 px').waitFor({ timeout: 10_000 });
  const format = page.getByLabel('Output format');
  expect(await format.locator('option').count()).toBe(9);
  const transparent = page.getByRole('radio', { name: 'Transparent' });
  expect(await transparent.isDisabled()).toBe(true);
  await format.selectOption('webm_vp9');
  expect(await transparent.isDisabled()).toBe(false);
  await transparent.check();
  await format.selectOption('mkv_vp9');
  expect(await transparent.isDisabled()).toBe(true);
  expect(await page.getByRole('radio', { name: 'Colour' }).isChecked()).toBe(true);
  await format.selectOption('webm_vp9');
  await transparent.check();
});

test('creates a free job without a key, and lists it', async () => {
  await page.getByTestId('video-create').click();
  const job = page.getByTestId('video-job').filter({ hasText: 'clip.mp4' });
  await job.waitFor({ timeout: 10_000 });
  const status = await job.getAttribute('data-status');
  expect(['pending', 'running', 'completed', 'failed']).toContain(status);
  const [stored] = (await storedJobs(page)).filter((j) => j.request.fileName === 'clip.mp4');
  expect(stored).toMatchObject({ kind: 'video', keyId: null, cost: 0, request: { options: { outputFormat: 'webm_vp9', backgroundColor: 'transparent' } } });
});

test('the job runs in this window: a progress bar, then a player with the cut-out clip', async () => {
  const job = page.getByTestId('video-job').filter({ hasText: 'clip.mp4' });
  await job.getByRole('progressbar').waitFor({ timeout: 60_000 });
  await page.waitForFunction(
    () => document.querySelector('[data-testid="video-job"][data-status="completed"], [data-testid="video-job"][data-status="failed"]'),
    null,
    { timeout: 240_000 },
  );
  expect(await job.getAttribute('data-status'), (await job.textContent()) ?? '').toBe('completed');
  const played = await job.getByTestId('video-player').evaluate(
    (video: HTMLVideoElement) =>
      new Promise<{ src: string; width: number; duration: number }>((resolve) => {
        const report = () => resolve({ src: video.currentSrc, width: video.videoWidth, duration: video.duration });
        if (video.readyState >= 1) report();
        else video.addEventListener('loadedmetadata', report, { once: true });
      }),
  );
  expect(played.src).toMatch(/\/v1\/results\/[\w-]+\.webm$/);
  expect(played.width).toBe(320);
  expect(played.duration).toBeGreaterThan(1.5);
});

test('a running job can be cancelled: it ends as cancelled and its worker stops', async () => {
  await page.getByTestId('video-file').setInputFiles(clip);
  await page.getByText('0:02 · 320 × 240 px').waitFor({ timeout: 10_000 });
  await page.getByTestId('video-create').click();
  const running = page.locator('[data-testid="video-job"][data-status="running"]');
  await running.waitFor({ timeout: 60_000 });
  const id = await running.getAttribute('data-job-id');
  await running.getByRole('button', { name: /^Cancel the job for/ }).click();
  const cancelled = page.locator(`[data-testid="video-job"][data-job-id="${id}"][data-status="failed"]`);
  await cancelled.waitFor({ timeout: 10_000 });
  await expect.poll(() => cancelled.textContent()).toContain('Cancelled');
  await page.waitForFunction(
    () => (window as unknown as { cutoutEngine: { jobs: { workers: unknown } } }).cutoutEngine.jobs.workers === null,
    null,
    { timeout: 30_000 },
  );
  expect(await page.getByTestId('video-job').count()).toBe(2);
});

test('a completed job plays its result from the service worker; a failed one says why', async () => {
  await storeFinishedJobs(page);
  const done = page.getByTestId('video-job').filter({ hasText: 'product-spin.mp4' });
  await done.getByTestId('video-player').waitFor({ timeout: 5000 });
  const ready = await done.getByTestId('video-player').evaluate(
    (video: HTMLVideoElement) =>
      new Promise<{ src: string; width: number }>((resolve) => {
        const report = () => resolve({ src: video.currentSrc, width: video.videoWidth });
        if (video.readyState >= 1) report();
        else video.addEventListener('loadedmetadata', report, { once: true });
      }),
  );
  expect(ready.src).toMatch(/\/v1\/results\/uitestvideoresult0000000\.mp4$/);
  expect(ready.width).toBe(320);
  expect(await done.getByRole('link', { name: 'Download' }).getAttribute('download')).toBe('product-spin-cutout.mp4');

  const failed = page.getByTestId('video-job').filter({ hasText: 'slideshow.mov' });
  const alert = failed.getByRole('alert');
  expect(await alert.textContent()).toContain('The video has no frames the decoder can read');
  expect(await alert.textContent()).toContain('malformed_image');
  // A frame on screen, not the player's loading spinner.
  await done.getByTestId('video-player').evaluate(
    (video: HTMLVideoElement) => new Promise((resolve) => (video.readyState >= 4 ? resolve(null) : video.addEventListener('canplaythrough', resolve, { once: true }))),
  );
  // The player fades its loading spinner out after the data is there.
  await page.waitForTimeout(1500);
  await saveScreenshots(page, 'video');
});
