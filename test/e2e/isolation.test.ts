// On a static host that sends no COOP/COEP headers, the service worker's own
// headers make the app cross-origin isolated (WASM threads work), and the
// first visit keeps the ffmpeg cores for later: "Make everything available
// offline" fetches them, and they then load with the network gone.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { callApi, createKeyInUi, waitForServiceWorker } from '../support/app';
import { launchBrowser, type Browser } from '../support/chromium';
import { startPlainServer } from '../support/plain-server';
import { renderScene, testScene } from '../support/scene';
import { distDir } from '../support/server';

let server: Awaited<ReturnType<typeof startPlainServer>>;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startPlainServer(join(import.meta.dirname, '..', '..', distDir));
  browser = await launchBrowser();
  page = browser.context.pages()[0] ?? (await browser.context.newPage());
  const first = await page.goto(server.url);
  expect(first?.headers()['cross-origin-embedder-policy']).toBeUndefined();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('a host without isolation headers', () => {
  test('the service worker isolates the app, and the engine runs on LiteRT threads', async () => {
    // The page reloads itself once the service worker controls it.
    await waitForServiceWorker(page);
    expect(await page.evaluate(() => self.crossOriginIsolated)).toBe(true);
    const key = await createKeyInUi(page, server.url);
    const answer = await callApi(page, '/v1/remove-background', {
      headers: { 'X-API-KEY': key },
      json: { image_url: (await renderScene(page, testScene({ width: 96, height: 72 }))).dataUrl },
    });
    expect(answer.status, answer.text ?? '').toBe(200);
    const cores = await page.evaluate(() => navigator.hardwareConcurrency);
    if (cores > 1) expect(answer.headers['x-engine']).toMatch(/^litert-threads\(\d\)$/);
  });
});

describe('what the first visit leaves for later', () => {
  const keptCores = () =>
    page.evaluate(async () => {
      const cache = await caches.open('cutout-on-demand');
      return (await cache.keys()).map((request) => new URL(request.url).pathname).filter((path) => path.includes('ffmpeg-core'));
    });

  test('the ffmpeg cores are not fetched at first, then kept by "Make everything available offline"', async () => {
    expect(await keptCores()).toEqual([]);
    await page.locator('.engine-popover summary').click();
    await page.getByRole('button', { name: 'Make everything available offline' }).click();
    await page.getByTestId('offline-ready').waitFor({ timeout: 120_000 });
    expect((await keptCores()).filter((path) => path.endsWith('.wasm'))).toHaveLength(2);
  });

  test('with the network gone, a kept core still loads', async () => {
    const wasm = (await keptCores()).find((path) => path.endsWith('.wasm'))!;
    await browser.context.setOffline(true);
    try {
      const size = await page.evaluate(async (path) => (await (await fetch(path)).arrayBuffer()).byteLength, wasm);
      expect(size).toBeGreaterThan(10_000_000);
    } finally {
      await browser.context.setOffline(false);
    }
  });
});
