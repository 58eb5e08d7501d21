// The Try-on page in a real browser: it starts empty with its note, each
// picker takes a sample (and a file of one's own), the chosen garment's kind
// is read by the engine (or why not is said) and the kind control and the
// switches set the job's options, Try on stores a free job (no key) that heads
// the list with both photos as thumbnails, a waiting job can be cancelled, and
// a completed job shows a before/after divider that pointer and keys move, the
// kind it was dressed as, and "Try as …" buttons that store a job with the
// other kind. It does not wait for the engine to finish a try-on.
import { join } from 'node:path';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Page } from 'playwright-core';
import { openApp } from '../support/app';
import { launchBrowser, type Browser } from '../support/chromium';
import { putStored } from '../support/idb';
import { saveScreenshots } from '../support/screenshots';
import { encodePng } from '../../src/imaging/png-encode';

const baseUrl = inject('baseUrl');
const sneaker = join(import.meta.dirname, '..', '..', 'public', 'samples', 'sneaker.png');
let browser: Browser;
let page: Page;

interface StoredJob {
  id: string;
  kind: string;
  keyId: string | null;
  status: string;
  label?: string;
  input: unknown;
  request: { label: string; garment: unknown; options: Record<string, unknown> };
}

/** The try-on jobs in IndexedDB, with the sizes of their input and garment (kept as bytes: src/store/stored-bytes.ts). */
function storedJobs(p: Page): Promise<(StoredJob & { inputBytes: number; garmentBytes: number })[]> {
  return p.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('cutout-studio');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('jobs').objectStore('jobs').getAll();
          all.onerror = () => reject(all.error);
          all.onsuccess = () =>
            resolve(
              (all.result as StoredJob[])
                .filter((job) => job.kind === 'try-on')
                .map((job) => ({
                  ...job,
                  input: null,
                  inputBytes: (job.input as { size: number }).size,
                  garmentBytes: (job.request.garment as { bytes: ArrayBuffer }).bytes.byteLength,
                })),
            );
        };
      }),
  );
}

/**
 * A completed try-on job with its result in the store. `keepPerson` false
 * stores it as one whose person photo the store dropped. `garmentKind`: the
 * kind its runner kept (JobRecord.outcome); null, none (a job completed before
 * it was kept).
 */
function storeCompletedJob(p: Page, label: string, keepPerson: boolean, garmentKind: string | null = null): Promise<void> {
  const now = Date.now();
  const resultId = `uitesttryon${keepPerson ? 'kept' : 'gone'}${label.replace(/\W/g, '')}`.padEnd(27, '0');
  return putStored(p, [
    {
      store: 'results',
      record: { id: resultId, keyId: null, contentType: 'image/png', ext: 'png', route: '/v1/try-on', createdAt: now, expiresAt: now + 3600 * 1000, label },
      body: '/samples/try-on/person-ben.png',
    },
    {
      store: 'jobs',
      record: {
        id: crypto.randomUUID(), keyId: null, kind: 'try-on', status: 'completed', progress: 1, attempts: 1, cost: 5,
        createdAt: now - 60 * 60_000, updatedAt: now - 59 * 60_000, label,
        request: { label, garment: null, options: { garmentMode: 'upper', preprocessGarment: true, removeBackground: true, waitForResult: false } },
        resultId, resultExt: 'png',
        ...(garmentKind && { outcome: { garmentKind } }),
      },
      body: keepPerson ? '/samples/try-on/person-ben.png' : '',
      inlineBlobs: { 'request.garment': '/samples/try-on/garment-tee.png' },
    },
  ]);
}

/** Whether an <img> has decoded pixels. */
async function loaded(img: HTMLImageElement): Promise<boolean> {
  if (!img.complete) await img.decode();
  return img.naturalWidth > 0;
}

beforeAll(async () => {
  browser = await launchBrowser();
  page = await openApp(browser.context, baseUrl, '/try-on');
});

afterAll(() => browser?.close());

test('renders empty, with the note, and nothing to try on yet', async () => {
  await page.getByRole('heading', { name: /^Try-on/, level: 1 }).waitFor();
  await page.getByText('No try-ons yet').waitFor();
  expect(await page.getByTestId('tryon-note').textContent()).toContain('no diffusion model');
  expect(await page.getByTestId('tryon-create').isDisabled()).toBe(true);
  expect(await page.getByRole('link', { name: 'Try-on' }).getAttribute('aria-current')).toBe('page');
});

test('each picker takes a sample, and a file of its own', async () => {
  await page.getByRole('button', { name: 'Sample person: Ada' }).click();
  const person = page.getByTestId('tryon-person-preview');
  await person.waitFor();
  expect(await person.evaluate(loaded)).toBe(true);
  expect(await person.getAttribute('alt')).toBe('The person photo: Ada');
  expect(await page.getByRole('button', { name: 'Sample person: Ada' }).getAttribute('aria-pressed')).toBe('true');
  expect(await page.getByTestId('tryon-create').isDisabled()).toBe(true);

  // A file of one's own replaces the sample.
  await page.getByTestId('tryon-garment-file').setInputFiles(sneaker);
  const garment = page.getByTestId('tryon-garment-preview');
  await garment.waitFor();
  expect(await garment.getAttribute('alt')).toBe('The garment photo: sneaker');
  await page.getByRole('button', { name: 'Sample garment: sweater' }).click();
  await page.waitForFunction(() => document.querySelector('[data-testid="tryon-garment-preview"]')?.getAttribute('alt') === 'The garment photo: sweater');
  expect(await page.getByRole('button', { name: 'Sample garment: sweater' }).getAttribute('aria-pressed')).toBe('true');
  expect(await page.getByTestId('tryon-create').isDisabled()).toBe(false);
});

test('the chosen garment’s kind is read by the engine and shown; the control and the switches set the options', async () => {
  // The sweater, read as the try-on would read it: a model run to cut it out.
  const read = page.getByTestId('tryon-kind-read');
  await expect.poll(() => read.textContent(), { timeout: 90_000 }).toBe('Read as: Top');
  expect(await page.getByRole('radio', { name: 'Auto (top)', exact: true }).isChecked()).toBe(true);
  expect(await page.getByTestId('tryon-mode-hint').textContent()).toMatch(/^Its shape decides: .+\.$/);
  // The control is one labelled group of four, the arrow keys move in it.
  const group = page.getByRole('group', { name: 'Garment kind' });
  expect(await group.getByRole('radio').count()).toBe(4);
  expect(await group.locator('label').allTextContents()).toEqual(['Auto (top)', 'Top', 'Bottom', 'Dress']);
  await page.getByRole('radio', { name: 'Auto (top)' }).focus();
  await page.keyboard.press('ArrowRight');
  expect(await page.getByRole('radio', { name: 'Top', exact: true }).isChecked()).toBe(true);

  await page.getByRole('radio', { name: 'Top', exact: true }).check();
  expect(await page.getByRole('radio', { name: 'Top', exact: true }).isChecked()).toBe(true);
  expect(await page.getByTestId('tryon-mode-hint').textContent()).toContain('Shoulders to hips');
  await page.getByRole('radio', { name: 'Bottom' }).check();
  expect(await page.getByTestId('tryon-mode-hint').textContent()).toContain('Waist down');
  // Not what it was read as: the job takes the kind chosen.
  await page.getByRole('radio', { name: 'Dress' }).check();
  expect(await page.getByTestId('tryon-mode-hint').textContent()).toContain('Shoulders down');

  const preprocess = page.getByRole('switch', { name: /Remove garment background/ });
  const transparent = page.getByRole('switch', { name: /Transparent result/ });
  expect(await preprocess.isChecked()).toBe(true);
  expect(await transparent.isChecked()).toBe(false);
  await transparent.check();
});

test('Try on stores a free job and shows it at the top of the list', async () => {
  await page.getByTestId('tryon-create').click();
  const card = page.getByTestId('tryon-job').first();
  await card.waitFor({ timeout: 10_000 });
  expect(await card.textContent()).toContain('Ada in sweater');
  expect(await card.textContent()).toContain('As a dress');
  expect(['pending', 'running', 'completed', 'failed']).toContain(await card.getAttribute('data-status'));
  expect(await card.getByTestId('tryon-thumb-person').evaluate(loaded)).toBe(true);
  expect(await card.getByTestId('tryon-thumb-garment').evaluate(loaded)).toBe(true);

  const [stored] = await storedJobs(page);
  expect(stored).toMatchObject({
    kind: 'try-on',
    keyId: null,
    label: 'Ada in sweater',
    request: { label: 'Ada in sweater', options: { garmentMode: 'full', preprocessGarment: true, removeBackground: true, waitForResult: false } },
  });
  expect(stored.inputBytes).toBeGreaterThan(1000);
  expect(stored.garmentBytes).toBeGreaterThan(1000);
  // The photos stay chosen, for another garment on the same person.
  expect(await page.getByTestId('tryon-create').isDisabled()).toBe(false);
});

test('a job waiting behind another can be cancelled', async () => {
  await page.getByRole('button', { name: 'Sample garment: tee' }).click();
  await page.waitForFunction(() => document.querySelector('[data-testid="tryon-garment-preview"]')?.getAttribute('alt') === 'The garment photo: tee');
  await page.getByTestId('tryon-create').click();
  const card = page.getByTestId('tryon-job').filter({ hasText: 'Ada in tee' });
  await card.waitFor({ timeout: 10_000 });
  await card.getByRole('button', { name: 'Cancel the try-on Ada in tee' }).click();
  await card.and(page.locator('[data-status="failed"]')).waitFor({ timeout: 10_000 });
  await expect.poll(() => card.textContent()).toContain('Cancelled');
  expect(await card.textContent()).toContain('nothing was charged');
});

test('a photo with no garment says why, and the kinds stay usable; another garment is read afresh, from Auto', async () => {
  const read = page.getByTestId('tryon-kind-read');
  // A plain white photo: nothing to take as a garment.
  const blank = await encodePng(new Uint8ClampedArray(160 * 200 * 4).fill(255), 160, 200);
  await page.getByTestId('tryon-garment-file').setInputFiles({ name: 'blank.png', mimeType: 'image/png', buffer: Buffer.from(await blank.arrayBuffer()) });
  await expect.poll(() => read.textContent(), { timeout: 60_000 }).toBe('Could not read it');
  const problem = page.getByTestId('tryon-kind-problem');
  expect(await problem.textContent()).toMatch(/^The garment photo: .+\. Choose its kind yourself, or another photo\.$/);
  expect(await problem.textContent()).toContain('no subject was found');
  expect(await page.getByRole('radio', { name: 'Auto', exact: true }).isChecked()).toBe(true);
  await page.getByRole('radio', { name: 'Bottom' }).check();
  expect(await page.getByRole('radio', { name: 'Bottom' }).isChecked()).toBe(true);
  expect(await page.getByTestId('tryon-create').isDisabled()).toBe(false);

  // The kind chosen by hand was for that photo: the dress starts from its own reading.
  await page.getByRole('button', { name: 'Sample garment: dress' }).click();
  await expect.poll(() => read.textContent(), { timeout: 60_000 }).toBe('Read as: Dress');
  expect(await page.getByRole('radio', { name: 'Auto (dress)', exact: true }).isChecked()).toBe(true);
  expect(await problem.count()).toBe(0);
});

test('a completed job compares before and after behind a divider that pointer and keys move', async () => {
  await storeCompletedJob(page, 'Ben in tee', true);
  const card = page.getByTestId('tryon-job').filter({ hasText: 'Ben in tee' });
  await card.getByTestId('tryon-result').waitFor({ timeout: 10_000 });
  expect(await card.getByTestId('tryon-result').evaluate(loaded)).toBe(true);
  expect(await card.getByTestId('tryon-result').getAttribute('src')).toMatch(/\/v1\/results\/uitesttryonkeptBenintee0+\.png$/);
  expect(await card.getByTestId('tryon-download').getAttribute('download')).toBe('Ben-in-tee-try-on.png');

  const divider = card.getByRole('slider', { name: 'Before and after divider' });
  expect(await divider.getAttribute('aria-valuenow')).toBe('50');
  await divider.focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  expect(await divider.getAttribute('aria-valuenow')).toBe('46');
  await page.keyboard.press('End');
  expect(await divider.getAttribute('aria-valuenow')).toBe('100');
  await page.keyboard.press('Home');
  expect(await divider.getAttribute('aria-valuenow')).toBe('0');

  const frame = await card.getByTestId('before-after').boundingBox();
  if (!frame) throw new Error('no before/after frame');
  await page.mouse.move(frame.x + frame.width * 0.5, frame.y + frame.height / 2);
  await page.mouse.down();
  await page.mouse.move(frame.x + frame.width * 0.75, frame.y + frame.height / 2, { steps: 5 });
  await page.mouse.up();
  expect(Number(await divider.getAttribute('aria-valuenow'))).toBeCloseTo(75, -1);
});

test('a completed job whose person photo the store dropped shows its result alone', async () => {
  await storeCompletedJob(page, 'Cleo in dress', false);
  const card = page.getByTestId('tryon-job').filter({ hasText: 'Cleo in dress' });
  await card.getByTestId('tryon-result').waitFor({ timeout: 10_000 });
  expect(await card.getByTestId('tryon-result').evaluate(loaded)).toBe(true);
  expect(await card.getByRole('slider').count()).toBe(0);
  expect(await card.textContent()).toContain('only the result is shown');
  // The person's thumbnail is the result: that person, dressed.
  expect(await card.getByTestId('tryon-thumb-person').getAttribute('src')).toMatch(/uitesttryongoneCleoindress\w*\.png$/);
  expect(await card.getByTestId('tryon-thumb-person').evaluate(loaded)).toBe(true);
  // Completed before the kind was kept: the kind it was asked for; without its person photo, nothing to try again with.
  expect(await card.getByTestId('tryon-kind-used').textContent()).toBe('Dressed as a top');
  expect(await card.getByRole('button', { name: /^Try as/ }).count()).toBe(0);
});

test('a finished try-on says the kind it was dressed as; "Try as …" stores the same try-on with the other kind', async () => {
  await storeCompletedJob(page, 'Ben in sweater', true, 'upper');
  const found = page.getByTestId('tryon-job').filter({ hasText: 'Ben in sweater' });
  await found.getByTestId('tryon-result').waitFor({ timeout: 10_000 });
  // The card of this job alone: the one it makes has the same name.
  const card = page.locator(`[data-job-id="${await found.getAttribute('data-job-id')}"]`);
  expect(await card.getByTestId('tryon-kind-used').textContent()).toContain('Dressed as a top');
  const buttons = card.getByRole('button', { name: /^Try as/ });
  expect(await buttons.allTextContents()).toEqual(['Try as bottom', 'Try as dress']);

  const before = await storedJobs(page);
  await card.getByRole('button', { name: 'Try as bottom' }).click();
  await expect.poll(() => card.locator('.tryon-kind-used-note').textContent()).toBe('A new try-on as a bottom is at the top of the list.');
  const made = (await storedJobs(page)).filter((job) => !before.some((old) => old.id === job.id));
  expect(made).toHaveLength(1);
  expect(made[0]).toMatchObject({
    keyId: null,
    label: 'Ben in sweater',
    request: { label: 'Ben in sweater', options: { garmentMode: 'lower', preprocessGarment: true, removeBackground: true, waitForResult: false } },
  });
  // The same photos: the person from the finished job's input, the garment it kept.
  expect(made[0].inputBytes).toBeGreaterThan(1000);
  expect(made[0].garmentBytes).toBeGreaterThan(1000);
  // It heads the list, where the page follows it.
  const first = page.getByTestId('tryon-job').first();
  await expect.poll(() => first.getAttribute('data-job-id')).toBe(made[0].id);
  expect(await first.textContent()).toContain('As a bottom');
});

test('at 375 px everything is one column and nothing scrolls sideways; the kinds are thumb-sized', async () => {
  // The dress is chosen and read (above): the page as it is mostly seen.
  expect(await page.getByTestId('tryon-kind-read').textContent()).toBe('Read as: Dress');
  await page.setViewportSize({ width: 375, height: 812 });
  await page.waitForTimeout(300);
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: window.innerWidth }));
  expect(widths.page).toBeLessThanOrEqual(widths.window);
  const [person, garment] = await Promise.all([page.getByTestId('tryon-person').boundingBox(), page.getByTestId('tryon-garment').boundingBox()]);
  expect(garment!.y).toBeGreaterThan(person!.y + person!.height - 1);
  const kinds = page.getByRole('group', { name: 'Garment kind' }).locator('label');
  for (const box of await Promise.all((await kinds.all()).map((label) => label.boundingBox()))) expect(box!.height).toBeGreaterThanOrEqual(44);
  const tryAs = page.getByTestId('tryon-job').filter({ hasText: 'Ben in sweater' }).getByRole('button', { name: /^Try as/ });
  for (const box of await Promise.all((await tryAs.all()).map((button) => button.boundingBox()))) expect(box!.height).toBeGreaterThanOrEqual(44);
  await page.setViewportSize({ width: 1280, height: 800 });
  await saveScreenshots(page, 'try-on');
});
