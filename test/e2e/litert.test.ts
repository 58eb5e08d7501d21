// LiteRT.js in the real model host: the shipped ISNet, resized to 256² as
// the app resizes it, converted to TFLite in the worker and run by LiteRT from
// the bundled WebAssembly files, gives ORT WASM's mask for the same input
// (converted all in float32), or one near it (the app's conversion, with its
// 8-bit blocks).
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Page } from 'playwright-core';
import type { BackendComparison } from '../../src/engine/model/litert-probe';
import type { EngineHost } from '../../src/engine/host';
import { openApp } from '../support/app';
import { launchBrowser, type Browser } from '../support/chromium';

const baseUrl = inject('baseUrl');
let browser: Browser;
let page: Page;
/** Every URL the browser asked for, workers' requests included. */
const requested: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  browser.context.on('request', (request) => requested.push(request.url()));
  page = await openApp(browser.context, baseUrl, '/');
});

afterAll(() => browser?.close());

describe('LiteRT.js against ORT WASM', () => {
  test('the 256² ISNet gives the same mask on both', async () => {
    const result: BackendComparison = await page.evaluate(
      (side) => (window as unknown as { cutoutEngine: EngineHost }).cutoutEngine.model.hooks.compareLiteRt(side),
      256,
    );
    console.info('[litert]', JSON.stringify(result));
    expect(result.litert.label).toMatch(/^litert-threads\(\d\)$/);
    // The probe's disc is found: both masks are neither empty nor full.
    expect(result.ort.mean).toBeGreaterThan(0.05);
    expect(result.ort.mean).toBeLessThan(0.95);
    // Converted all in float32, LiteRT gives ORT's mask.
    expect(result.float32.maxDiff).toBeLessThanOrEqual(1e-3);
    expect(result.float32.meanDiff).toBeLessThanOrEqual(1e-5);
    // The app's own conversion: exact with no 8-bit blocks, near with them (the same pixels either side of 0.5 but a few along the edge).
    if (result.shipped.int8Blocks === 0) expect(result.shipped.maxDiff).toBeLessThanOrEqual(1e-3);
    expect(result.shipped.meanDiff).toBeLessThanOrEqual(0.01);
    expect(result.shipped.agree).toBeGreaterThanOrEqual(0.99);
  });

  test('LiteRT loaded its threaded build from the app, and nothing from elsewhere', () => {
    const paths = requested.filter((url) => url.startsWith(baseUrl)).map((url) => new URL(url).pathname);
    expect(paths.some((path) => /litert_wasm_threaded_internal[^/]*\.js$/.test(path))).toBe(true);
    expect(paths.some((path) => /litert_wasm_threaded_internal[^/]*\.wasm$/.test(path))).toBe(true);
    expect(requested.filter((url) => !url.startsWith(baseUrl) && !/^(data|blob):/.test(url))).toEqual([]);
  });
});
