// Memory where the user sits. A device that reports 2 GB (as a phone does;
// a test build's hook stands in for navigator.deviceMemory) gets the lighter
// runtime: onnxruntime-web on the float16 graph as shipped, not LiteRT, with
// the same kind of cut-out. And the model's memory is given back when asked
// (as the app does in the background or when idle): the model host is
// replaced by an empty one, which builds its session again for the next
// photo and gives the same mask.
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Page } from 'playwright-core';
import { callApi, createKeyInUi, loadImageInPage, openApp, waitForServiceWorker } from '../support/app';
import { launchBrowser, type Browser } from '../support/chromium';
import { renderScene, testScene } from '../support/scene';

const baseUrl = inject('baseUrl');
const IMAGE = { width: 320, height: 240 };
let browser: Browser;
let page: Page;
let key: string;
let scene: string;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await openApp(browser.context, baseUrl, '/developer');
  await page.evaluate(() => localStorage.setItem('cutout.debug.memory', '2'));
  await page.reload();
  await waitForServiceWorker(page);
  key = await createKeyInUi(page, baseUrl);
  scene = (await renderScene(page, testScene(IMAGE))).dataUrl;
});

afterAll(() => browser?.close());

async function cutOut(): Promise<{ engine: string; alpha: number[] }> {
  const answer = await callApi(page, '/v1/remove-background', { headers: { 'X-API-KEY': key }, json: { image_url: scene } });
  expect(answer.status, answer.text ?? '').toBe(200);
  const image = await loadImageInPage(page, answer.json.result_url);
  expect([image.width, image.height]).toEqual([IMAGE.width, IMAGE.height]);
  expect(image.alphaGrid[0]).toBeLessThan(10);
  expect(image.alphaGrid[8 * 16 + 8]).toBeGreaterThan(200);
  return { engine: answer.headers['x-engine'], alpha: image.alphaGrid };
}

const engineState = () =>
  page.evaluate(() => (window as unknown as { cutoutEngine: { refreshStatus(): Promise<{ state: string; sides: number[] }> } }).cutoutEngine.refreshStatus());

test('a device that reports 2 GB runs the model on ORT WASM with the float16 graph, and says why', async () => {
  const first = await cutOut();
  expect(first.engine).toBe('wasm-fp16-threads(2)');
  const status = await page.evaluate(() => (window as unknown as { cutoutEngine: { refreshStatus(): Promise<{ reason?: string }> } }).cutoutEngine.refreshStatus());
  expect(status.reason).toMatch(/the device reports 2 GB of memory/);
});

test("the model's memory given back: the model host holds nothing, and the next photo builds the session again with the same mask", async () => {
  const before = await cutOut();
  expect((await engineState()).sides).toContain(1024);
  await page.evaluate(() => (window as unknown as { cutoutEngine: { model: { release(reason: string): Promise<void> } } }).cutoutEngine.model.release('test'));
  expect(await engineState()).toMatchObject({ state: 'idle', sides: [] });
  await page.getByText('Engine idle').first().waitFor({ timeout: 10_000 });
  const after = await cutOut();
  expect(after.alpha).toEqual(before.alpha);
  expect((await engineState()).sides).toContain(1024);
});
