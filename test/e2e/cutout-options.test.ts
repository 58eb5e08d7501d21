// crop, margins and shadow through the real API: exact output sizes, and the
// shadow's semi-transparent black below the subject.
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, type Browser } from '../support/chromium';
import { callApi, createKeyInUi, openApp } from '../support/app';
import { renderScene, testScene } from '../support/scene';

const baseUrl = inject('baseUrl');
const WIDTH = 300;
const HEIGHT = 200;
let browser: Browser;
let page: Page;
let key: string;
let scene: string;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await openApp(browser.context, baseUrl, '/developer');
  key = await createKeyInUi(page, baseUrl);
  scene = (await renderScene(page, testScene({ width: WIDTH, height: HEIGHT, subject: { x: 0.5, y: 0.45, size: 0.6 } }))).dataUrl;
});

afterAll(() => browser?.close());

interface Cutout {
  width: number;
  height: number;
  /** Bounding box of the clearly visible subject (alpha ≥ 128, not shadow black). */
  box: { x0: number; y0: number; x1: number; y1: number };
  cornerAlpha: number;
  /** Semi-transparent near-black pixels: their share of the image, mean and max alpha, mean row. */
  shadow: { share: number; meanAlpha: number; maxAlpha: number; meanY: number };
}

async function cutout(body: Record<string, unknown>): Promise<Cutout> {
  const answer = await callApi(page, '/v1/remove-background', { headers: { 'X-API-KEY': key }, json: { image_url: scene, ...body } });
  expect(answer.status, answer.text ?? '').toBe(200);
  return page.evaluate(async (url) => {
    const img = document.createElement('img');
    img.src = url;
    await img.decode();
    const canvas = new OffscreenCanvas(img.naturalWidth, img.naturalHeight);
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(img, 0, 0);
    const { data, width, height } = ctx.getImageData(0, 0, img.naturalWidth, img.naturalHeight);
    const box = { x0: width, y0: height, x1: -1, y1: -1 };
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const p = (y * width + x) * 4;
        // The subject, not its (black) shadow.
        if (data[p + 3] >= 128 && data[p] + data[p + 1] + data[p + 2] > 60) {
          box.x0 = Math.min(box.x0, x);
          box.x1 = Math.max(box.x1, x);
          box.y0 = Math.min(box.y0, y);
          box.y1 = Math.max(box.y1, y);
        }
      }
    }
    // Shadow: black-ish pixels that are visible but not opaque.
    let count = 0;
    let alphaSum = 0;
    let maxAlpha = 0;
    let ySum = 0;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const p = (y * width + x) * 4;
        if (data[p + 3] > 10 && data[p + 3] < 250 && data[p] + data[p + 1] + data[p + 2] < 60) {
          count++;
          alphaSum += data[p + 3];
          maxAlpha = Math.max(maxAlpha, data[p + 3]);
          ySum += y;
        }
      }
    }
    const shadow = { share: count / (width * height), meanAlpha: count ? alphaSum / count : 0, maxAlpha, meanY: count ? ySum / count : 0 };
    return { width, height, box, cornerAlpha: data[3], shadow };
  }, answer.json.result_url as string);
}

describe('crop and margins', () => {
  let tight: Cutout;

  test('margins without crop are ignored: the output has the input size', async () => {
    const out = await cutout({ margin: '20%' });
    expect([out.width, out.height]).toEqual([WIDTH, HEIGHT]);
  });

  test('crop alone gives the subject box', async () => {
    tight = await cutout({ crop: true });
    expect(tight.width).toBeLessThan(WIDTH);
    expect(tight.height).toBeLessThan(HEIGHT);
  });

  test('percent margins are of the input size; a side value overrides margin', async () => {
    const out = await cutout({ crop: true, margin: '10%', margin_left: '7px' });
    expect(out.width).toBe(tight.width + 7 + Math.round(0.1 * WIDTH));
    expect(out.height).toBe(tight.height + 2 * Math.round(0.1 * HEIGHT));
  });

  test('margins past the image grow the canvas with transparent pixels', async () => {
    const out = await cutout({ crop: true, margin: '49%', margin_bottom: '0px' });
    expect(out.width).toBe(tight.width + 2 * Math.round(0.49 * WIDTH));
    expect(out.height).toBe(tight.height + Math.round(0.49 * HEIGHT));
    expect(out.width).toBeGreaterThan(WIDTH);
    expect(out.cornerAlpha).toBe(0);
  });
});

describe('shadow', () => {
  test('off: no semi-transparent black', async () => {
    const out = await cutout({});
    expect(out.shadow.share).toBeLessThan(0.002);
  });

  test("on: semi-transparent black in the subject's lower half and below, at 4 credits", async () => {
    const answer = await callApi(page, '/v1/remove-background', { headers: { 'X-API-KEY': key }, json: { image_url: scene, shadow: true } });
    expect(answer.headers['x-credits-charged']).toBe('4');
    const out = await cutout({ shadow: { enabled: true, opacity: 0.8, light_source: { size: 0.3, position: { x: 0, y: -0.6, z: 0.7 } } } });
    expect(out.shadow.share).toBeGreaterThan(0.03);
    expect(out.shadow.meanAlpha).toBeGreaterThan(25);
    expect(out.shadow.maxAlpha).toBeLessThanOrEqual(Math.round(255 * 0.8) + 1);
    expect(out.shadow.meanY).toBeGreaterThan((out.box.y0 + out.box.y1) / 2);
  });
});
