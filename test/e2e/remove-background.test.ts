// POST /v1/remove-background end to end: the service worker answers, the real
// model runs in the model host, the result loads in an <img>.
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, type Browser } from '../support/chromium';
import { callApi, createKeyInUi, loadImageInPage, openApp } from '../support/app';
import { renderScene, testScene } from '../support/scene';

const baseUrl = inject('baseUrl');
let browser: Browser;
let page: Page;
let key: string;
let sceneUrl: string;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await openApp(browser.context, baseUrl, '/developer');
  key = await createKeyInUi(page, baseUrl);
  sceneUrl = (await renderScene(page, testScene())).dataUrl;
});

afterAll(() => browser?.close());

test('answers with a result_url whose PNG has the input size and a real alpha channel', async () => {
  const answer = await callApi(page, '/v1/remove-background', {
    headers: { 'X-API-KEY': key },
    json: { image_url: sceneUrl },
  });
  expect(answer.status, answer.text ?? '').toBe(200);
  expect(answer.headers['x-credits-charged']).toBe('1');
  expect(answer.headers['x-engine']).toMatch(/^litert/);
  expect(answer.json.result_url).toMatch(new RegExp(`^${baseUrl}/v1/results/[A-Za-z0-9_-]{22}\\.png$`));
  const image = await loadImageInPage(page, answer.json.result_url);
  expect(image.width).toBe(320);
  expect(image.height).toBe(240);
  expect(image.minAlpha).toBe(0);
  expect(image.maxAlpha).toBe(255);
  // Corners are backdrop, the centre is the shoe.
  expect(image.alphaGrid[0]).toBeLessThan(10);
  expect(image.alphaGrid[15 * 16 + 15]).toBeLessThan(10);
  expect(image.alphaGrid[8 * 16 + 8]).toBeGreaterThan(200);
});

test('a larger photo is refined in two bands, the bottom one on a helper worker, and the seam does not show', async () => {
  const requested: string[] = [];
  browser.context.on('request', (request) => requested.push(new URL(request.url()).pathname));
  const large = (await renderScene(page, testScene({ width: 720, height: 480 }))).dataUrl;
  const answer = await callApi(page, '/v1/remove-background', { headers: { 'X-API-KEY': key }, json: { image_url: large } });
  expect(answer.status, answer.text ?? '').toBe(200);
  expect(requested.some((path) => /\/band-worker-[\w-]+\.js$/.test(path))).toBe(true);
  const image = await loadImageInPage(page, answer.json.result_url);
  expect([image.width, image.height]).toEqual([720, 480]);
  expect(image.alphaGrid[0]).toBeLessThan(10);
  expect(image.alphaGrid[8 * 16 + 8]).toBeGreaterThan(200);
  // Rows 7 and 8 of the grid sit either side of the split (row 240): the subject spans it unbroken.
  for (let column = 6; column <= 9; column++) {
    expect(image.alphaGrid[7 * 16 + column]).toBeGreaterThan(200);
    expect(image.alphaGrid[8 * 16 + column]).toBeGreaterThan(200);
  }
});
