// Bad input and broken parts never crash or hang: a flat image has no subject,
// undecodable bytes are malformed, a crashed task worker or model host is
// replaced, and a WebGPU
// adapter that throws with LiteRT withheld leaves the engine on ORT's WASM
// (the rest of the suite runs on LiteRT, so these run the fallback's path).
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, type Browser } from '../support/chromium';
import { callApi, createKeyInUi, openApp, waitForServiceWorker } from '../support/app';
import { renderScene, testScene } from '../support/scene';

const baseUrl = inject('baseUrl');
let browser: Browser;
let page: Page;
let key: string;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await openApp(browser.context, baseUrl, '/developer');
  // Simulate a WebGPU adapter that throws and withhold LiteRT, for the
  // fallback test: the engine reads these flags when the page starts.
  await page.evaluate(() => {
    localStorage.setItem('cutout.debug.webgpu', 'throw');
    localStorage.setItem('cutout.debug.litert', 'fail');
  });
  await page.reload();
  await waitForServiceWorker(page);
  key = await createKeyInUi(page, baseUrl);
});

afterAll(() => browser?.close());

/** A solid-colour PNG drawn in the page. */
function flatImage(p: Page, width: number, height: number): Promise<string> {
  return p.evaluate(
    ({ width, height }) => {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const ctx = canvas.getContext('2d')!;
      ctx.fillStyle = '#7a8a9a';
      ctx.fillRect(0, 0, width, height);
      return canvas.toDataURL('image/png');
    },
    { width, height },
  );
}

describe('bad images', () => {
  test('a flat colour has no subject: 400 unknown_foreground', async () => {
    const answer = await callApi(page, '/v1/remove-background', {
      headers: { 'X-API-KEY': key },
      json: { image_url: await flatImage(page, 200, 150) },
    });
    expect(answer.status).toBe(400);
    expect(answer.json.error_code).toBe('unknown_foreground');
    expect(answer.headers['x-credits-charged']).toBe('0');
  });

  test('a PNG cut short after its header is 400 malformed_image', async () => {
    const truncated = await page.evaluate(async (url) => {
      const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
      let binary = '';
      for (const b of bytes.subarray(0, 120)) binary += String.fromCharCode(b);
      return `data:image/png;base64,${btoa(binary)}`;
    }, await flatImage(page, 300, 300));
    const answer = await callApi(page, '/v1/remove-background', { headers: { 'X-API-KEY': key }, json: { image_url: truncated } });
    expect(answer.status).toBe(400);
    expect(answer.json.error_code).toBe('malformed_image');
    expect(answer.json.error).toContain('could not be decoded');
  });
});

describe('a worker that dies', () => {
  test('fails the request it was running with a 500 body, and the next request works', async () => {
    const scene = (await renderScene(page, testScene({ width: 200, height: 150 }))).dataUrl;
    const pending = callApi(page, '/v1/remove-background', { headers: { 'X-API-KEY': key }, json: { image_url: scene } });
    await page.waitForFunction(() => {
      const engine = (window as unknown as { cutoutEngine: { busy: boolean } }).cutoutEngine;
      return engine.busy;
    });
    await page.evaluate(() => (window as unknown as { cutoutEngine: { pool: { crashAll(): void } } }).cutoutEngine.pool.crashAll());
    const crashed = await pending;
    expect(crashed.status).toBe(500);
    expect(crashed.json.error_code).toBe('unexpected_error');
    expect(crashed.json.error).toContain('crashed');
    expect(crashed.headers['x-credits-charged']).toBe('0');

    const retried = await callApi(page, '/v1/remove-background', { headers: { 'X-API-KEY': key }, json: { image_url: scene } });
    expect(retried.status, retried.text ?? '').toBe(200);
  });
});

describe('a model host that dies', () => {
  test('fails the request waiting on it with a 500 body, is restarted, and the next request works', async () => {
    const scene = (await renderScene(page, testScene({ width: 200, height: 150 }))).dataUrl;
    const restartsBefore = await page.evaluate(() => (window as unknown as { cutoutEngine: { model: { restartCount: number } } }).cutoutEngine.model.restartCount);
    await page.evaluate(() => (window as unknown as { cutoutEngine: { model: { hooks: { crashOnNextSegment(): Promise<void> } } } }).cutoutEngine.model.hooks.crashOnNextSegment());
    const crashed = await callApi(page, '/v1/remove-background', { headers: { 'X-API-KEY': key }, json: { image_url: scene } });
    expect(crashed.status).toBe(500);
    expect(crashed.json.error_code).toBe('unexpected_error');
    expect(crashed.json.error).toContain('model host was restarted');
    expect(crashed.headers['x-credits-charged']).toBe('0');
    expect(await page.evaluate(() => (window as unknown as { cutoutEngine: { model: { restartCount: number } } }).cutoutEngine.model.restartCount)).toBe(restartsBefore + 1);

    const retried = await callApi(page, '/v1/remove-background', { headers: { 'X-API-KEY': key }, json: { image_url: scene } });
    expect(retried.status, retried.text ?? '').toBe(200);
  });
});

describe('WebGPU', () => {
  test('an adapter that throws, with LiteRT withheld, falls back to ORT WASM, and the reason is shown', async () => {
    const answer = await callApi(page, '/v1/remove-background', {
      headers: { 'X-API-KEY': key },
      json: { image_url: (await renderScene(page, testScene({ width: 128, height: 96 }))).dataUrl },
    });
    // As many threads as the machine has cores, up to 4 (engine/backend.ts), not a count this machine happens to have.
    const cores = await page.evaluate(() => navigator.hardwareConcurrency);
    const expected = Math.min(4, cores) > 1 ? `wasm-threads(${Math.min(4, cores)})` : 'wasm';
    expect(answer.headers['x-engine']).toBe(expected);
    const status = await page.evaluate(() =>
      (window as unknown as { cutoutEngine: { refreshStatus(): Promise<{ reason: string; backend: string }> } }).cutoutEngine.refreshStatus(),
    );
    expect(status.backend).toBe(expected);
    expect(status.reason).toContain('simulated adapter failure');
    expect(status.reason).toContain('no LiteRT: simulated LiteRT failure');
  });
});
