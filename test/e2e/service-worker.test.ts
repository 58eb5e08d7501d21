// The service worker as the /v1 server: it controls the first load, answers
// errors in the contract's shape, serves results to <img> in every tab, after a
// reload and offline, and lets them expire.
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, type Browser } from '../support/chromium';
import { callApi, createKeyInUi, loadImageInPage, openApp, waitForServiceWorker } from '../support/app';
import { renderScene, testScene } from '../support/scene';

const baseUrl = inject('baseUrl');
let browser: Browser;
let page: Page;
let key: string;
let scene: string;
let resultUrl: string;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await openApp(browser.context, baseUrl, '/developer');
  key = await createKeyInUi(page, baseUrl);
  scene = (await renderScene(page, testScene({ width: 256, height: 192 }))).dataUrl;
});

afterAll(() => browser?.close());

describe('the first load', () => {
  test('is controlled by the service worker without a reload, and cross-origin isolated', async () => {
    const fresh = await browser.context.newPage();
    await fresh.goto(baseUrl + '/');
    await waitForServiceWorker(fresh);
    const state = await fresh.evaluate(() => ({
      controlled: navigator.serviceWorker.controller !== null,
      isolated: self.crossOriginIsolated,
      navigation: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).type,
    }));
    expect(state).toEqual({ controlled: true, isolated: true, navigation: 'navigate' });
    await fresh.close();
  });
});

describe('errors in the contract shape, from the SW', () => {
  test('401 without a key', async () => {
    const answer = await callApi(page, '/v1/credits');
    expect(answer.status).toBe(401);
    expect(answer.json).toEqual({ error: 'the X-API-KEY header is missing', error_code: 'invalid_auth_token' });
  });

  test('404 for an unknown route', async () => {
    const answer = await callApi(page, '/v1/nothing-here', { headers: { 'X-API-KEY': key } });
    expect(answer.status).toBe(404);
    expect(answer.json.error_code).toBe('not_found');
  });

  test('405 for the wrong method', async () => {
    const answer = await callApi(page, '/v1/remove-background', { headers: { 'X-API-KEY': key } });
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('POST');
  });

  test('400 for a body that is not JSON', async () => {
    const answer = await callApi(page, '/v1/remove-background', {
      headers: { 'X-API-KEY': key, 'Content-Type': 'application/json' },
      body: '{ not json',
    });
    expect(answer.status).toBe(400);
    expect(answer.json.error_code).toBe('invalid_request_body');
  });

  test('400 malformed_image when the other host does not allow CORS', async () => {
    const answer = await callApi(page, '/v1/remove-background', {
      headers: { 'X-API-KEY': key },
      json: { image_url: 'http://127.0.0.1:9/nowhere.png' },
    });
    expect(answer.status).toBe(400);
    expect(answer.json.error_code).toBe('malformed_image');
    expect(answer.json.error).toContain('CORS');
  });
});

describe('results', () => {
  test('Accept: image/png returns the PNG bytes; the JSON form gives a result_url', async () => {
    const bytes = await callApi(page, '/v1/remove-background', {
      headers: { 'X-API-KEY': key, Accept: 'image/png' },
      json: { image_url: scene },
    });
    expect(bytes.status).toBe(200);
    expect(bytes.headers['content-type']).toBe('image/png');
    expect(bytes.byteLength).toBeGreaterThan(1000);
    resultUrl = bytes.headers['x-result-url'];
    expect(resultUrl).toMatch(/\/v1\/results\/.+\.png$/);
  });

  test('load in an <img> in a second tab', async () => {
    const second = await browser.context.newPage();
    await second.goto(baseUrl + '/developer');
    await waitForServiceWorker(second);
    const image = await loadImageInPage(second, resultUrl);
    expect([image.width, image.height]).toEqual([256, 192]);
    await second.close();
  });

  test('survive a reload', async () => {
    await page.reload();
    await waitForServiceWorker(page);
    expect((await loadImageInPage(page, resultUrl)).width).toBe(256);
  });

  test('the app and the API work offline', async () => {
    await browser.context.setOffline(true);
    try {
      await page.reload();
      await waitForServiceWorker(page);
      await page.getByTestId('offline-badge').waitFor({ timeout: 5000 });
      // Pages load lazily: the Developer page's chunk comes from the precache, offline.
      await page.getByRole('heading', { name: 'Developer' }).waitFor({ timeout: 5000 });
      const answer = await callApi(page, '/v1/remove-background', {
        headers: { 'X-API-KEY': key },
        json: { image_url: scene, crop: true },
      });
      expect(answer.status, answer.text ?? '').toBe(200);
      const image = await loadImageInPage(page, answer.json.result_url);
      expect(image.maxAlpha).toBe(255);
      // The engine in the reloaded page read the model from Cache Storage: the network is off.
      const status = await page.evaluate(() =>
        (window as unknown as { cutoutEngine: { refreshStatus(): Promise<{ modelCached: boolean }> } }).cutoutEngine.refreshStatus(),
      );
      expect(status.modelCached).toBe(true);
      expect(await loadImageInPage(page, resultUrl)).toMatchObject({ width: 256 });
    } finally {
      await browser.context.setOffline(false);
    }
  });

  test('expire after an hour: 404 not_found', async () => {
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      registration.active!.postMessage({ type: 'debug:clock', offsetMs: 60 * 60 * 1000 + 1000 });
    });
    await page.waitForFunction(async (url) => (await fetch(url)).status === 404, resultUrl);
    const answer = await callApi(page, new URL(resultUrl).pathname);
    expect(answer.json.error_code).toBe('not_found');
    await page.evaluate(async () => (await navigator.serviceWorker.ready).active!.postMessage({ type: 'debug:clock', offsetMs: 0 }));
  });
});

describe('credits', () => {
  test('GET /v1/credits reports what the key spent; no budget means no limit', async () => {
    const answer = await callApi(page, '/v1/credits', { headers: { 'X-API-KEY': key } });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ credits_remaining: null, credits_used: 2, credits_held: 0, credits_budget: null });
    expect(answer.json.ledger.map((line: { credits: number }) => line.credits)).toEqual([1, 1]);
  });
});
