// Every page of the app loads with a clean console in Chromium: no
// console.error and no uncaught error, from the page or any of its workers
// (the model host's runtime logs its start-up to console.debug), at a desktop
// and a phone's width. The first load installs the service worker and builds
// the model; the others start the engine from what was kept.
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Page } from 'playwright-core';
import { openApp } from '../support/app';
import { launchBrowser, type Browser } from '../support/chromium';

const baseUrl = inject('baseUrl');
const PAGES = ['/', '/backgrounds', '/video', '/try-on', '/library', '/history', '/developer'];
const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
];
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(() => browser?.close());

/** Collects what a page and its workers report as errors. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console.error: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  return errors;
}

async function engineReady(page: Page): Promise<void> {
  await page.waitForFunction(() => /Ready/.test(document.querySelector('header')?.textContent ?? ''), null, { timeout: 180_000 });
}

test('no page logs an error on load, at 1280 and 375 px', async () => {
  const found: string[] = [];
  // The first visit: the service worker installs and the model is fetched and converted.
  const first = await openApp(browser.context, baseUrl, '/');
  const firstErrors = watchErrors(first);
  await first.reload();
  await engineReady(first);
  found.push(...firstErrors.map((e) => `/ (first visit): ${e}`));
  await first.close();
  for (const viewport of WIDTHS) {
    for (const path of PAGES) {
      const page = await browser.context.newPage();
      await page.setViewportSize(viewport);
      const errors = watchErrors(page);
      await page.goto(baseUrl + path);
      await engineReady(page);
      // A moment for what a page does once idle (the warm-up, the first job poll).
      await page.waitForTimeout(1000);
      found.push(...errors.map((e) => `${path} at ${viewport.width} px: ${e}`));
      await page.close();
    }
  }
  expect(found).toEqual([]);
});
