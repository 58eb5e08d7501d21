// The app on a phone held in the hand (375 px, touch): every page is in the
// bottom tab bar or behind its "More" tab, nothing hides under the bar; the
// Studio takes a photo from the camera input; a photo shared into the app
// (Android's share sheet posts it to the service worker) and an image opened
// with the app (window.launchQueue, stood in for here) are queued and cut out
// like dropped ones; a share with no image lands on the Studio, adding nothing.
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Page } from 'playwright-core';
import { openApp, waitForServiceWorker } from '../support/app';
import type { Browser } from '../support/chromium';
import { tempFolder, writeDataUrl } from '../support/files';
import { launchPhone, PHONE_VIEWPORT } from '../support/phone';
import { renderScene, subjectSvg, testScene } from '../support/scene';

const baseUrl = inject('baseUrl');
const MODEL_TIMEOUT = 180_000;
/** The session key the stand-in launchQueue reads its one launch from. */
const LAUNCH_KEY = 'test:launch';

let phone: Browser;
let page: Page;
let camera: string;
let shared: string;
let opened: string;

/**
 * A stand-in window.launchQueue, as a browser with file handling gives one:
 * setConsumer hands the consumer the files of the launch, as file handles.
 * The launch comes from sessionStorage, once, so only the test that asks for
 * one gets it.
 */
function standInLaunchQueue(key: string) {
  Object.defineProperty(window, 'launchQueue', {
    configurable: true,
    value: {
      setConsumer(consumer: (params: { files: unknown[] }) => void) {
        const launch = sessionStorage.getItem(key);
        if (!launch) return;
        sessionStorage.removeItem(key);
        const { name, dataUrl } = JSON.parse(launch) as { name: string; dataUrl: string };
        const handle = {
          kind: 'file',
          name,
          getFile: async () => {
            const blob = await (await fetch(dataUrl)).blob();
            return new File([blob], name, { type: blob.type });
          },
        };
        consumer({ files: [handle] });
      },
    },
  });
}

function queueRow(name: string, status?: string) {
  return page.getByTestId('studio-queue').locator(`li.queue-item${status ? `.${status}` : ''}`, { hasText: name });
}

async function cutOut(name: string): Promise<void> {
  await queueRow(name).waitFor({ timeout: 20_000 });
  await queueRow(name, 'done').waitFor({ timeout: MODEL_TIMEOUT });
}

/** Submits a real multipart form to the share target, as a navigation, with these files in its field. */
function submitShare(p: Page, files: { name: string; dataUrl: string }[]): Promise<void> {
  return p.evaluate(async (files) => {
    const form = document.createElement('form');
    form.method = 'post';
    form.enctype = 'multipart/form-data';
    form.action = '/share-target';
    const input = document.createElement('input');
    input.type = 'file';
    input.name = 'images';
    input.multiple = true;
    const transfer = new DataTransfer();
    for (const file of files) {
      const blob = await (await fetch(file.dataUrl)).blob();
      transfer.items.add(new File([blob], file.name, { type: blob.type }));
    }
    input.files = transfer.files;
    const title = document.createElement('input');
    title.name = 'title';
    title.value = 'Shared from the gallery';
    form.append(input, title);
    document.body.append(form);
    // After this evaluation returns, so the navigation does not end it.
    setTimeout(() => form.submit());
  }, files);
}

/** The share's navigation: the service worker's answer to the POST, and the Studio it lands on. */
async function shareAnswer(p: Page): Promise<{ status: number; landing: URL }> {
  const response = await p.waitForResponse((r) => r.url().endsWith('/share-target'), { timeout: 20_000 });
  const status = response.status();
  const landing = new URL(response.headers().location ?? '', baseUrl);
  await p.waitForURL((url) => url.pathname === '/' && !url.searchParams.has('share'), { waitUntil: 'load' });
  await waitForServiceWorker(p);
  return { status, landing };
}

const inboxSize = (p: Page) =>
  p.evaluate(async () => (await (await caches.open('cutout-share-inbox')).keys()).length);

beforeAll(async () => {
  phone = await launchPhone();
  await phone.context.addInitScript(standInLaunchQueue, LAUNCH_KEY);
  page = await openApp(phone.context, baseUrl, '/');
  const folder = tempFolder();
  const small = (overrides: Parameters<typeof testScene>[0]) => renderScene(page, testScene({ width: 160, height: 120, ...overrides }));
  camera = writeDataUrl(folder, 'camera-shot.jpg', (await small({})).dataUrl);
  shared = (await small({ svg: subjectSvg('potted-plant'), format: 'image/png', colors: ['#cfd8dc', '#90a4ae'] })).dataUrl;
  opened = (await small({ svg: subjectSvg('handbag'), seed: 3 })).dataUrl;
});

afterAll(() => phone?.close());

describe('navigation at 375 px', () => {
  test('every page of the top bar is a tab or behind More, in sight, with room for a thumb', async () => {
    // The top bar's links are still in the page (hidden): they name every page, in order.
    const titles = await page.locator('.topbar .nav a').allTextContents();
    expect(titles.length).toBeGreaterThan(5);
    expect(await page.locator('.topbar .nav').isVisible()).toBe(false);

    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.count()).toBe(1);
    // No hidden scrolling: the bar holds all it has, and the page does not scroll sideways.
    expect(await nav.locator('.tabbar-list').evaluate((list) => list.scrollWidth <= list.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);

    const more = nav.getByRole('button', { name: 'More' });
    const targets = [...titles.slice(0, 5).map((title) => nav.getByRole('link', { name: title, exact: true })), more];
    for (const target of targets) {
      const box = (await target.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
      expect(box.y + box.height).toBeLessThanOrEqual(PHONE_VIEWPORT.height);
      expect(box.y).toBeGreaterThan(PHONE_VIEWPORT.height - 120);
      expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
    }
    expect(await nav.getByRole('link', { name: titles[0], exact: true }).getAttribute('aria-current')).toBe('page');

    // The rest behind More.
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    await more.tap();
    const sheet = nav.getByRole('list', { name: 'More pages' });
    await sheet.waitFor();
    expect(await sheet.getByRole('link').allTextContents()).toEqual(titles.slice(5));
    for (const link of await sheet.getByRole('link').all()) {
      const box = (await link.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
      expect(box.height).toBeGreaterThanOrEqual(44);
    }
    await sheet.getByRole('link', { name: titles[5] }).tap();
    await page.waitForURL((url) => url.pathname !== '/');
    await sheet.waitFor({ state: 'hidden' });
    expect(await more.getAttribute('aria-current')).toBe('page');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain(titles[5]);
  });

  test('More works from the keyboard: focus goes in, Escape closes it and gives focus back', async () => {
    const nav = page.getByRole('navigation', { name: 'Main' });
    const more = nav.getByRole('button', { name: 'More' });
    await more.focus();
    await page.keyboard.press('Enter');
    const sheet = nav.getByRole('list', { name: 'More pages' });
    await sheet.waitFor();
    expect(await more.getAttribute('aria-expanded')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.closest('.tabbar-sheet') !== null)).toBe(true);
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'hidden' });
    expect(await more.evaluate((button) => button === document.activeElement)).toBe(true);

    // A tap elsewhere closes it too.
    await more.tap();
    await sheet.waitFor();
    await page.locator('main h1').tap();
    await sheet.waitFor({ state: 'hidden' });
  });

  test('the end of the page scrolls clear of the bar', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Studio', exact: true }).tap();
    await page.getByRole('heading', { name: 'Studio', level: 1 }).waitFor();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const footer = (await page.locator('footer').boundingBox())!;
    const bar = (await page.locator('.tabbar').boundingBox())!;
    expect(footer.y + footer.height).toBeLessThanOrEqual(bar.y + 1);
    await page.evaluate(() => window.scrollTo(0, 0));
  });
});

describe('images from outside the page', () => {
  test('the camera input takes a photo into the Studio, which cuts it out', async () => {
    const input = page.getByTestId('studio-camera');
    expect(await input.getAttribute('capture')).toBe('environment');
    expect(await input.getAttribute('accept')).toBe('image/*');
    await input.setInputFiles(camera);
    await cutOut('camera-shot.jpg');
    await page.getByTestId('studio-result').waitFor();
    // Next to "Add images" once the batch has started.
    expect(await page.getByTestId('studio-camera').count()).toBe(1);
  });

  test('a photo shared into the app lands in the Studio, is queued once and cut out', async () => {
    await submitShare(page, [{ name: 'shared-plant.png', dataUrl: shared }]);
    const { status, landing } = await shareAnswer(page);
    expect(status).toBe(303);
    expect(landing.pathname).toBe('/');
    expect(landing.searchParams.get('share')).toBeTruthy();
    await cutOut('shared-plant.png');
    expect(await queueRow('shared-plant.png').count()).toBe(1);
    expect(await inboxSize(page)).toBe(0);
  });

  test('a share with no image lands on the Studio and adds nothing', async () => {
    const rows = page.getByTestId('studio-queue').locator('li');
    const before = await rows.count();
    await submitShare(page, []);
    const { status, landing } = await shareAnswer(page);
    expect(status).toBe(303);
    expect(landing.pathname).toBe('/');
    expect(landing.searchParams.has('share')).toBe(false);
    await page.getByRole('heading', { name: 'Studio', level: 1 }).waitFor();
    await rows.first().waitFor();
    expect(await rows.count()).toBe(before);
    expect(await inboxSize(page)).toBe(0);
  });

  test('an image opened with the app (launchQueue) is queued and cut out', async () => {
    await page.evaluate(({ key, launch }) => sessionStorage.setItem(key, JSON.stringify(launch)), {
      key: LAUNCH_KEY,
      launch: { name: 'opened-bag.jpg', dataUrl: opened },
    });
    await page.reload();
    await waitForServiceWorker(page);
    await cutOut('opened-bag.jpg');
    // Once: the launch is not taken again by the next page load.
    await page.reload();
    await queueRow('opened-bag.jpg').waitFor();
    await page.waitForTimeout(500);
    expect(await queueRow('opened-bag.jpg').count()).toBe(1);
  });
});
