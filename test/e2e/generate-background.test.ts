// POST /v1/generate-background end to end: the service worker answers, the
// engine worker builds the set and encodes the JPEG, the result loads in an
// <img>. RGBA inputs skip the model, which keeps most cases fast.
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Page } from 'playwright-core';
import { encodePng } from '../../src/imaging/png-encode';
import type { RgbaImage } from '../../src/imaging/image';
import { launchBrowser, type Browser } from '../support/chromium';
import { callApi, createKeyInUi, openApp } from '../support/app';
import { glassBottle } from '../support/products';
import { renderScene, testScene } from '../support/scene';

const baseUrl = inject('baseUrl');
const SCENES = ['marble', 'wood', 'industrial', 'linen', 'brick', 'counter'];
let browser: Browser;
let page: Page;
let key: string;
let bottleUrl: string;
let squareUrl: string;

async function dataUrl(image: RgbaImage): Promise<string> {
  const bytes = Buffer.from(await (await encodePng(image.data, image.width, image.height)).arrayBuffer());
  return `data:image/png;base64,${bytes.toString('base64')}`;
}

/** A 128² opaque magenta square inside a 16 px transparent border: RGBA, so its alpha is used as is. */
function magentaSquare(): RgbaImage {
  const side = 160;
  const data = new Uint8ClampedArray(side * side * 4);
  for (let y = 16; y < 144; y++) {
    for (let x = 16; x < 144; x++) data.set([255, 0, 255, 255], (y * side + x) * 4);
  }
  return { data, width: side, height: side };
}

/** The RGB of a result at some pixels, read back in the page. */
function pixelsAt(url: string, points: [number, number][]): Promise<{ width: number; height: number; rgb: number[][] }> {
  return page.evaluate(
    async ({ url, points }) => {
      const img = document.createElement('img');
      img.src = url;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      const rgb = points.map(([x, y]) => Array.from(ctx.getImageData(x, y, 1, 1).data.slice(0, 3)));
      return { width: img.naturalWidth, height: img.naturalHeight, rgb };
    },
    { url, points },
  );
}

/** SHA-256 of the bytes a call returns. */
function digestOf(json: unknown): Promise<{ status: number; type: string; digest: string }> {
  return page.evaluate(
    async ({ json, key }) => {
      const response = await fetch('/v1/generate-background', {
        method: 'POST',
        headers: { 'X-API-KEY': key, 'Content-Type': 'application/json', Accept: 'image/jpeg' },
        body: JSON.stringify(json),
      });
      const bytes = await response.arrayBuffer();
      const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
      return { status: response.status, type: response.headers.get('content-type') ?? '', digest: Array.from(hash, (b) => b.toString(16).padStart(2, '0')).join('') };
    },
    { json, key },
  );
}

beforeAll(async () => {
  browser = await launchBrowser();
  page = await openApp(browser.context, baseUrl, '/developer');
  key = await createKeyInUi(page, baseUrl);
  bottleUrl = await dataUrl(glassBottle(128));
  squareUrl = await dataUrl(magentaSquare());
});

afterAll(() => browser?.close());

describe('scenes and prompts', () => {
  test.each(SCENES)('scene %s returns a 1024×1024 JPEG and charges 5 credits', async (scene) => {
    const answer = await callApi(page, '/v1/generate-background', {
      headers: { 'X-API-KEY': key },
      json: { image_url: bottleUrl, scene, image_transform: { scale: 0.5, y_center: 0.6 } },
    });
    expect(answer.status, answer.text ?? '').toBe(200);
    expect(answer.headers['x-credits-charged']).toBe('5');
    expect(answer.headers['x-seed']).toMatch(/^\d+$/);
    expect(answer.headers['x-prompt-unused']).toBeUndefined();
    expect(answer.json.result_url).toMatch(new RegExp(`^${baseUrl}/v1/results/[A-Za-z0-9_-]{22}\\.jpg$`));
    const image = await pixelsAt(answer.json.result_url, [[0, 0]]);
    expect([image.width, image.height]).toEqual([1024, 1024]);
  });

  test.each([
    ['sunset beach', ''],
    ['cosy cafe with a flibbertigibbet, golden hour', 'flibbertigibbet'],
  ])('prompt “%s” returns a 1024×1024 JPEG and names the words it did not use', async (prompt, unused) => {
    const answer = await callApi(page, '/v1/generate-background', {
      headers: { 'X-API-KEY': key, Accept: 'image/jpeg' },
      json: { image_url: bottleUrl, prompt, negative_prompt: 'dark, cluttered', image_transform: { scale: 0.5 } },
    });
    expect(answer.status, answer.text ?? '').toBe(200);
    expect(answer.headers['content-type']).toBe('image/jpeg');
    expect(answer.headers['x-prompt-unused']).toBe(unused);
    const image = await pixelsAt(answer.headers['x-result-url'], [[0, 0]]);
    expect([image.width, image.height]).toEqual([1024, 1024]);
  });
});

test('an RGBA input lands where image_transform puts it, at its size', async () => {
  // scale 0.25: the 128 px subject (its alpha trimmed) spans 256 px, centred on (0.3, 0.7) of the canvas.
  const answer = await callApi(page, '/v1/generate-background', {
    headers: { 'X-API-KEY': key },
    json: { image_url: squareUrl, scene: 'linen', seed: 1, image_transform: { scale: 0.25, x_center: 0.3, y_center: 0.7 } },
  });
  expect(answer.status, answer.text ?? '').toBe(200);
  const cx = Math.round(0.3 * 1024);
  const cy = Math.round(0.7 * 1024);
  const inside: [number, number][] = [[cx, cy], [cx - 120, cy - 120], [cx + 120, cy + 120], [cx - 120, cy + 120]];
  const outside: [number, number][] = [[cx - 140, cy], [cx + 140, cy], [cx, cy - 140], [cx, cy + 140]];
  const { rgb } = await pixelsAt(answer.json.result_url, [...inside, ...outside]);
  const magenta = ([r, g, b]: number[]) => r > 225 && g < 30 && b > 225;
  expect(rgb.slice(0, 4).every(magenta), JSON.stringify(rgb)).toBe(true);
  expect(rgb.slice(4).some(magenta), JSON.stringify(rgb)).toBe(false);
});

test('the same seed gives the same bytes; another seed, others', async () => {
  const body = { image_url: bottleUrl, scene: 'marble', seed: 42, image_transform: { scale: 0.45 } };
  const first = await digestOf(body);
  const again = await digestOf(body);
  const other = await digestOf({ ...body, seed: 43 });
  expect(first.status).toBe(200);
  expect(first.type).toBe('image/jpeg');
  expect(again.digest).toBe(first.digest);
  expect(other.digest).not.toBe(first.digest);
});

test.each([
  [{ scene: 'beach' }],
  [{ scene: 'marble', image_transform: { scale: 5 } }],
  [{ image_transform: { x_center: 'left' } }],
  [{ image_transform: true }],
  [{ image_transform: { scale: 0.01 } }],
])('%j is refused with 400 invalid_parameter, before any credit is spent', async (fields) => {
  const answer = await callApi(page, '/v1/generate-background', { headers: { 'X-API-KEY': key }, json: { image_url: bottleUrl, ...fields } });
  expect(answer.status).toBe(400);
  expect(answer.json.error_code).toBe('invalid_parameter');
  expect(answer.headers['x-credits-charged'] ?? '0').toBe('0');
});

test('an RGB photo has its background removed by the model first', async () => {
  const photo = (await renderScene(page, testScene())).dataUrl;
  const answer = await callApi(page, '/v1/generate-background', { headers: { 'X-API-KEY': key }, json: { image_url: photo, scene: 'wood' } });
  expect(answer.status, answer.text ?? '').toBe(200);
  const image = await pixelsAt(answer.json.result_url, [[0, 0]]);
  expect([image.width, image.height]).toEqual([1024, 1024]);
});
