// The Developer page in a real browser: a key is made and shown once, the
// playground sends real requests to the service worker (JSON and multipart)
// and shows status, headers, JSON and the image, credits follow, and the
// snippets carry the request.
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Page } from 'playwright-core';
import { createKeyInUi, openApp } from '../support/app';
import { launchBrowser, type Browser } from '../support/chromium';
import { tempFolder, writeDataUrl } from '../support/files';
import { renderScene, testScene } from '../support/scene';
import { saveScreenshots } from '../support/screenshots';

const baseUrl = inject('baseUrl');
const MODEL_TIMEOUT = 180_000;
let browser: Browser;
let page: Page;
let key: string;

async function send(p: Page): Promise<string> {
  await p.getByTestId('playground-send').click();
  await p.getByRole('button', { name: 'Sending…' }).waitFor({ state: 'detached', timeout: MODEL_TIMEOUT });
  return (await p.getByTestId('playground-status').textContent()) ?? '';
}

async function imageWidth(p: Page): Promise<number> {
  return p.getByTestId('playground-image').evaluate(async (img: HTMLImageElement) => {
    await img.decode();
    return img.naturalWidth;
  });
}

beforeAll(async () => {
  browser = await launchBrowser();
  page = await openApp(browser.context, baseUrl, '/developer');
  key = await createKeyInUi(page, baseUrl);
});

afterAll(() => browser?.close());

test('the new key is shown once and fills the playground', async () => {
  expect(key).toMatch(/^cs_/);
  expect(await page.getByTestId('playground-key').inputValue()).toBe(key);
  expect(await page.getByTestId('snippet').textContent()).toContain(key);
});

test('sends the example remove-background request and shows 200, headers and the image', async () => {
  expect(JSON.parse(await page.getByTestId('playground-body-input').inputValue())).toMatchObject({ image_url: '/samples/sneaker.png' });
  expect(await send(page)).toMatch(/^200/);
  const body = JSON.parse((await page.getByTestId('playground-body').textContent()) ?? '{}');
  expect(body.result_url).toMatch(/\/v1\/results\/.+\.png$/);
  expect(await imageWidth(page)).toBeGreaterThan(0);
  await page.getByText(/^Headers \(\d+\)$/).click();
  expect(await page.getByRole('rowheader', { name: 'x-credits-charged' }).isVisible()).toBe(true);
});

test('credits follow the calls', async () => {
  await page.getByTestId('credits-list').getByText('4 used').waitFor({ timeout: 5000 });
  await page.getByTestId('playground-route').selectOption('credits');
  expect(await send(page)).toMatch(/^200/);
  expect(JSON.parse((await page.getByTestId('playground-body').textContent()) ?? '{}')).toMatchObject({
    credits_remaining: null,
    credits_used: 4,
    credits_held: 0,
    credits_budget: null,
  });
});

test('without a key the API answers 401, shown as it came', async () => {
  await page.getByTestId('playground-key').fill('');
  expect(await send(page)).toMatch(/^401/);
  expect(await page.getByTestId('playground-body').textContent()).toContain('invalid_auth_token');
  await page.getByTestId('playground-key').fill(key);
});

test('uploads a file as multipart and shows the returned PNG bytes', async () => {
  const file = writeDataUrl(tempFolder(), 'mug.jpg', (await renderScene(page, testScene({ width: 200, height: 150 }))).dataUrl);
  await page.getByTestId('playground-route').selectOption('remove-background');
  await page.getByRole('radio', { name: 'Upload files (multipart)' }).check();
  await page.getByRole('radio', { name: 'image/png bytes' }).check();
  await page.getByTestId('playground-file-image').setInputFiles(file);
  await page.getByTestId('playground-body-input').fill('{ "crop": false }');
  expect(await send(page)).toMatch(/^200/);
  expect(await imageWidth(page)).toBe(200);
  const snippet = (await page.getByTestId('snippet').textContent()) ?? '';
  expect(snippet).toContain("form.append('image', imageFile)");
  expect(snippet).toContain("Accept: 'image/png'");
  await page.getByRole('tab', { name: 'Typed client' }).click();
  expect(await page.getByTestId('snippet').textContent()).toContain("{ as: 'blob' }");
  // The playground's answer is what the page is for: start the shots there (on a phone, at the
  // answer itself, below the form), just under the sticky top bar.
  await saveScreenshots(page, 'developer', () =>
    page.evaluate(() => {
      const target = window.innerWidth < 720 ? '#answer-title' : '#playground-title';
      const top = document.querySelector(target)!.getBoundingClientRect().top + window.scrollY;
      window.scrollTo(0, top - document.querySelector('.topbar')!.getBoundingClientRect().height - 16);
    }),
  );
});
