// Driving the app in a page: open it under its service worker, make a key,
// call /v1 from the page as a script would.
import type { BrowserContext, Page } from 'playwright-core';

export async function openApp(context: BrowserContext, baseUrl: string, path = '/'): Promise<Page> {
  const page = context.pages()[0] ?? (await context.newPage());
  page.on('pageerror', (error) => console.error('[page error]', error.message));
  await page.goto(baseUrl + path);
  await waitForServiceWorker(page);
  return page;
}

export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null && self.crossOriginIsolated, null, {
    timeout: 60_000,
  });
}

export async function createKeyInUi(page: Page, baseUrl: string): Promise<string> {
  if (!page.url().endsWith('/developer')) {
    await page.goto(`${baseUrl}/developer`);
    await waitForServiceWorker(page);
  }
  const shown = page.getByTestId('new-api-key');
  // A key made earlier on this page may still be shown: wait for the new one.
  const before = (await shown.count()) > 0 ? await shown.textContent() : null;
  await page.getByRole('button', { name: 'Create API key' }).click();
  await page.waitForFunction(
    (before) => {
      const text = document.querySelector('[data-testid="new-api-key"]')?.textContent;
      return Boolean(text && text !== before);
    },
    before,
    { timeout: 10_000 },
  );
  const key = await shown.textContent();
  if (!key) throw new Error('no key shown');
  return key.trim();
}

export interface ApiCall {
  method?: string;
  headers?: Record<string, string>;
  /** JSON-encoded when an object, sent as is when a string. */
  json?: unknown;
  body?: string;
  /** Multipart fields; a value {dataUrl, name} becomes a file. */
  form?: Record<string, string | { dataUrl: string; name: string }>;
}

export interface ApiAnswer {
  status: number;
  headers: Record<string, string>;
  json: any;
  text: string | null;
  byteLength: number;
}

/** Runs fetch inside the page, so the service worker answers it. */
export function callApi(page: Pick<Page, 'evaluate'>, path: string, call: ApiCall = {}): Promise<ApiAnswer> {
  return page.evaluate(
    async ({ path, call }) => {
      const headers = new Headers(call.headers ?? {});
      let body: BodyInit | undefined;
      if (call.json !== undefined) {
        if (!headers.has('content-type')) headers.set('content-type', 'application/json');
        body = JSON.stringify(call.json);
      } else if (call.body !== undefined) {
        body = call.body;
      } else if (call.form) {
        const form = new FormData();
        for (const [name, value] of Object.entries(call.form)) {
          if (typeof value === 'string') form.append(name, value);
          else form.append(name, await (await fetch(value.dataUrl)).blob(), value.name);
        }
        body = form;
      }
      const response = await fetch(path, { method: call.method ?? (body ? 'POST' : 'GET'), headers, body });
      const bytes = new Uint8Array(await response.arrayBuffer());
      const type = response.headers.get('content-type') ?? '';
      const text = type.includes('json') || type.startsWith('text/') ? new TextDecoder().decode(bytes) : null;
      let json = null;
      try {
        json = text ? JSON.parse(text) : null;
      } catch {
        json = null;
      }
      return {
        status: response.status,
        headers: Object.fromEntries(response.headers.entries()),
        json,
        text,
        byteLength: bytes.length,
      };
    },
    { path, call },
  );
}

export interface LoadedImage {
  width: number;
  height: number;
  /** Alpha values of a 16×16 grid over the image. */
  alphaGrid: number[];
  minAlpha: number;
  maxAlpha: number;
}

/** Loads a URL in an <img> in the page and reads its pixels back. */
export function loadImageInPage(page: Pick<Page, 'evaluate'>, url: string): Promise<LoadedImage> {
  return page.evaluate(async (src) => {
    const img = document.createElement('img');
    img.src = src;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(img, 0, 0);
    const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    const grid: number[] = [];
    for (let gy = 0; gy < 16; gy++) {
      for (let gx = 0; gx < 16; gx++) {
        const x = Math.min(canvas.width - 1, Math.floor(((gx + 0.5) * canvas.width) / 16));
        const y = Math.min(canvas.height - 1, Math.floor(((gy + 0.5) * canvas.height) / 16));
        grid.push(data[(y * canvas.width + x) * 4 + 3]);
      }
    }
    let min = 255;
    let max = 0;
    for (let i = 3; i < data.length; i += 4) {
      if (data[i] < min) min = data[i];
      if (data[i] > max) max = data[i];
    }
    return { width: img.naturalWidth, height: img.naturalHeight, alphaGrid: grid, minAlpha: min, maxAlpha: max };
  }, url);
}

/** A result's bytes and type, fetched as a page would (through the service worker). */
export async function resultBytes(page: Pick<Page, 'evaluate'>, url: string): Promise<{ type: string; bytes: Buffer }> {
  const answer = await page.evaluate(async (url) => {
    const response = await fetch(url);
    const bytes = new Uint8Array(await response.arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return { type: response.headers.get('content-type') ?? '', base64: btoa(binary) };
  }, url);
  return { type: answer.type, bytes: Buffer.from(answer.base64, 'base64') };
}
