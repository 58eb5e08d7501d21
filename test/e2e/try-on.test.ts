// Try-on through the /v1 contract, in the built app with the real pose model
// and ISNet: wait_for_result true answers with the result, false with a job
// that goes pending → running → completed; the result is a JPEG of the
// person's size (a PNG with alpha when remove_background). Both say the kind
// the garment was dressed as: `garment_mode_used` on the job, and
// X-Garment-Mode-Used on a waited answer (auto's reading, or the mode asked). DELETE cancels; a
// mug as the person fails invalid_parameter in the seed's error shape; a
// garment photographed on a person is taken from them (their head is not
// pasted) or, from a portrait that does not show it, refused with a reason;
// a reload or a crashed worker mid-job ends completed all the same.
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Page } from 'playwright-core';
import { encodePng } from '../../src/imaging/png-encode';
import type { RgbaImage } from '../../src/imaging/image';
import { callApi, createKeyInUi, openApp, waitForServiceWorker } from '../support/app';
import { launchBrowser, type Browser } from '../support/chromium';
import { renderGarment } from '../support/garments';
import { personTruth, renderPerson } from '../support/people';
import { expectForward, finished, getJob as getJobAt, ledgerCredits, pollJob as pollJobAt, type JobAnswer } from '../support/jobs';
import { ceramicMug } from '../support/products';

const baseUrl = inject('baseUrl');
/** Small inputs: the models run at their own sizes, so a small photo mostly saves decoding and warping. */
const PERSON = { width: 288, height: 384 };
let browser: Browser;
let page: Page;
let key: string;
let person: string;
let tee: string;
let dress: string;
let mug: string;
let worn: string;
let portrait: string;

async function dataUrl(image: RgbaImage): Promise<string> {
  const blob = await encodePng(image.data, image.width, image.height);
  return `data:image/png;base64,${Buffer.from(await blob.arrayBuffer()).toString('base64')}`;
}

/** The mug on a white backdrop, as a photo of it would be. */
function onWhite(image: RgbaImage): RgbaImage {
  const data = new Uint8ClampedArray(image.data.length);
  for (let i = 0; i < data.length; i += 4) {
    const a = image.data[i + 3] / 255;
    for (let c = 0; c < 3; c++) data[i + c] = image.data[i + c] * a + 255 * (1 - a);
    data[i + 3] = 255;
  }
  return { ...image, data };
}

beforeAll(async () => {
  browser = await launchBrowser();
  page = await openApp(browser.context, baseUrl, '/developer');
  key = await createKeyInUi(page, baseUrl);
  person = await dataUrl(renderPerson('ada', PERSON.width, PERSON.height));
  tee = await dataUrl(renderGarment('tee', 240, 320));
  dress = await dataUrl(renderGarment('dress', 240, 320));
  mug = await dataUrl(onWhite(ceramicMug(320)));
  worn = await dataUrl(renderPerson('ben', 240, 320));
  portrait = await dataUrl(headAndShoulders('cleo', 240, 320));
});

/** The top of a person's photo: head, shoulders and the chest's top (the hips out of the frame). */
function headAndShoulders(id: 'cleo', width: number, height: number): RgbaImage {
  const full = renderPerson(id, width, height);
  const truth = personTruth(id, width, height);
  const rows = Math.round(truth.shoulderLeft.y + 0.3 * (truth.hipLeft.y - truth.shoulderLeft.y));
  return { data: full.data.slice(0, rows * width * 4), width, height: rows };
}

afterAll(() => browser?.close());

function tryOn(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return callApi(page, '/v1/try-on', { headers: { 'X-API-KEY': key, ...headers }, json: body });
}

async function createJob(body: Record<string, unknown> = {}): Promise<string> {
  const answer = await tryOn({ person_image_url: person, garment_image_url: tee, wait_for_result: false, ...body });
  expect(answer.status, answer.text ?? '').toBe(202);
  expect(answer.headers.location).toBe(`/v1/try-on/job/${answer.json.job_id}`);
  return answer.json.job_id as string;
}

const underWay = (job: JobAnswer) => job.status === 'running' && job.progress >= 0.1;
const getJob = (id: string) => getJobAt(page, `/v1/try-on/job/${id}`, key);
const pollJob = (id: string, done: (job: JobAnswer) => boolean) => pollJobAt(page, `/v1/try-on/job/${id}`, key, done, 180_000);

/** A result as a page fetches it: its type and its pixel size (read by the browser's decoder). */
async function fetchResult(url: string): Promise<{ type: string; width: number; height: number; hasAlpha: boolean }> {
  return page.evaluate(async (url) => {
    const response = await fetch(url);
    const bitmap = await createImageBitmap(await response.blob());
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d')!;
    context.drawImage(bitmap, 0, 0);
    const pixels = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
    let transparent = 0;
    for (let i = 3; i < pixels.length; i += 4) if (pixels[i] < 128) transparent++;
    return { type: response.headers.get('content-type') ?? '', width: bitmap.width, height: bitmap.height, hasAlpha: transparent > pixels.length / 40 };
  }, url);
}

/** Credits charged for try-on, from the ledger. */
const charged = () => ledgerCredits(page, '/v1/try-on');

describe('results', () => {
  test('wait_for_result (the default): 200 { result_url }, a JPEG of the person’s size, 5 credits, the tee read as a top', async () => {
    const before = await charged();
    const answer = await tryOn({ person_image_url: person, garment_image_url: tee });
    expect(answer.status, answer.text ?? '').toBe(200);
    expect(answer.headers['x-credits-charged']).toBe('5');
    expect(answer.headers['x-garment-mode-used']).toBe('upper');
    expect(answer.json).toEqual({ result_url: expect.stringMatching(/\/v1\/results\/[\w-]+\.jpg$/) });
    expect(await fetchResult(answer.json.result_url)).toMatchObject({ type: 'image/jpeg', ...PERSON });
    expect((await charged()) - before).toBe(5);
  });

  test('Accept image/png with remove_background: the bytes, a PNG with the person’s alpha', async () => {
    const answer = await tryOn({ person_image_url: person, garment_image_url: tee, remove_background: true, garment_mode: 'upper' }, { Accept: 'image/png' });
    expect(answer.status, answer.text ?? '').toBe(200);
    expect(answer.headers['content-type']).toBe('image/png');
    expect(answer.headers['x-garment-mode-used']).toBe('upper');
    expect(answer.headers['x-result-url']).toMatch(/\.png$/);
    expect(await fetchResult(answer.headers['x-result-url'])).toMatchObject({ type: 'image/png', ...PERSON, hasAlpha: true });
  });

  test('wait_for_result false: 202, then pending → running → completed with progress', async () => {
    const id = await createJob();
    const progress: number[] = [];
    const { job, seen } = await pollJob(id, (j) => (progress.push(j.progress), finished(j)));
    expect(job.status, JSON.stringify(job)).toBe('completed');
    expectForward(seen);
    expect(progress.some((p) => p > 0 && p < 1)).toBe(true);
    expect(Object.keys(job).sort()).toEqual(['garment_mode_used', 'job_id', 'progress', 'result_url', 'status']);
    expect(job.garment_mode_used).toBe('upper');
    expect(await fetchResult(job.result_url!)).toMatchObject({ type: 'image/jpeg', ...PERSON });
  });
});

describe('the kind the garment was dressed as', () => {
  test('auto reads a dress as one: X-Garment-Mode-Used full on the waited answer, and on its job', async () => {
    const answer = await tryOn({ person_image_url: person, garment_image_url: dress, garment_mode: 'auto' });
    expect(answer.status, answer.text ?? '').toBe(200);
    expect(answer.headers['x-garment-mode-used']).toBe('full');
    const job = await getJob(answer.headers['x-job-id']);
    expect(job).toMatchObject({ status: 'completed', garment_mode_used: 'full' });
  });

  test('an explicit mode is the kind used, whatever the garment reads as: the tee dressed as a dress', async () => {
    const id = await createJob({ garment_mode: 'full' });
    const { job } = await pollJob(id, finished);
    expect(job, JSON.stringify(job)).toMatchObject({ status: 'completed', garment_mode_used: 'full' });
  });

  test('an unknown garment_mode is 400 invalid_parameter before anything runs', async () => {
    const answer = await tryOn({ person_image_url: person, garment_image_url: tee, garment_mode: 'dress' });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ error_code: 'invalid_parameter', error: expect.stringContaining('garment_mode') });
    expect(answer.headers['x-garment-mode-used']).toBeUndefined();
  });
});

describe('failures', () => {
  test('DELETE cancels: failed job_cancelled, not charged, still readable', async () => {
    const before = await charged();
    const id = await createJob();
    const cancelled = await callApi(page, `/v1/try-on/job/${id}`, { method: 'DELETE', headers: { 'X-API-KEY': key } });
    expect(cancelled.status).toBe(200);
    expect(cancelled.json).toMatchObject({ job_id: id, status: 'failed', error: { error_code: 'job_cancelled' } });
    await page.waitForTimeout(1500);
    expect(await getJob(id)).toMatchObject({ status: 'failed', error: { error_code: 'job_cancelled' } });
    expect(await charged()).toBe(before);
  });

  test('a mug as the person: the job fails invalid_parameter in the seed’s error shape; waiting gets 400', async () => {
    const id = await createJob({ person_image_url: mug });
    const { job } = await pollJob(id, finished);
    expect(job.status).toBe('failed');
    expect(Object.keys(job).sort()).toEqual(['error', 'job_id', 'progress', 'status']);
    expect(Object.keys(job.error!).sort()).toEqual(['error_code', 'message']);
    expect(job.error).toMatchObject({ error_code: 'invalid_parameter', message: expect.stringMatching(/no person/) });
    const waited = await tryOn({ person_image_url: mug, garment_image_url: tee });
    expect(waited.status).toBe(400);
    expect(waited.json).toMatchObject({ error_code: 'invalid_parameter' });
    expect(waited.headers['x-credits-charged']).toBe('0');
  });
});

/** Mean colour of a square of a result (as the page decodes it) around each point. */
async function patches(url: string, points: { x: number; y: number }[], radius: number): Promise<number[][]> {
  return page.evaluate(
    async ({ url, points, radius }) => {
      const bitmap = await createImageBitmap(await (await fetch(url)).blob());
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d')!;
      context.drawImage(bitmap, 0, 0);
      return points.map(({ x, y }) => {
        const pixels = context.getImageData(Math.round(x - radius), Math.round(y - radius), 2 * radius + 1, 2 * radius + 1).data;
        const sum = [0, 0, 0];
        for (let i = 0; i < pixels.length; i += 4) for (let c = 0; c < 3; c++) sum[c] += pixels[i + c];
        return sum.map((v) => v / (pixels.length / 4));
      });
    },
    { url, points, radius },
  );
}

function meanAround(image: RgbaImage, { x, y }: { x: number; y: number }, radius: number): number[] {
  const sum = [0, 0, 0];
  let n = 0;
  for (let dy = -radius; dy <= radius; dy++) {
    for (let dx = -radius; dx <= radius; dx++) {
      const i = (Math.round(y + dy) * image.width + Math.round(x + dx)) * 4;
      for (let c = 0; c < 3; c++) sum[c] += image.data[i + c];
      n++;
    }
  }
  return sum.map((v) => v / n);
}

describe('a garment worn by a person', () => {
  test('is taken from that person: the shirt on the chest, the head and the background as they were', async () => {
    const answer = await tryOn({ person_image_url: person, garment_image_url: worn, garment_mode: 'upper' });
    expect(answer.status, answer.text ?? '').toBe(200);
    expect(answer.headers['x-garment-mode-used']).toBe('upper');
    const photo = renderPerson('ada', PERSON.width, PERSON.height);
    const truth = personTruth('ada', PERSON.width, PERSON.height);
    const chest = { x: (truth.shoulderLeft.x + truth.shoulderRight.x) / 2, y: truth.shoulderLeft.y + 0.35 * (truth.hipLeft.y - truth.shoulderLeft.y) };
    const face = truth.nose;
    const beside = { x: 12, y: truth.hipLeft.y };
    const [chestAfter, faceAfter, besideAfter] = await patches(answer.json.result_url, [chest, face, beside], 3);
    // Ben's shirt is pale blue; Ada's tee is dark teal.
    const lightness = (c: number[]) => (c[0] + c[1] + c[2]) / 3;
    expect(lightness(meanAround(photo, chest, 3))).toBeLessThan(130);
    expect(lightness(chestAfter), String(chestAfter)).toBeGreaterThan(150);
    // Nobody's head or figure was pasted: Ada's face and the backdrop beside her are unchanged (but for JPEG).
    const unchanged = (after: number[], before: number[]) => Math.max(...after.map((v, c) => Math.abs(v - before[c])));
    expect(unchanged(faceAfter, meanAround(photo, face, 3))).toBeLessThan(14);
    expect(unchanged(besideAfter, meanAround(photo, beside, 3))).toBeLessThan(14);
  });

  test('is refused with a reason when the photo does not show it: a head-and-shoulders portrait gets 400 invalid_parameter', async () => {
    const before = await charged();
    const answer = await tryOn({ person_image_url: person, garment_image_url: portrait });
    expect(answer.status, answer.text ?? '').toBe(400);
    expect(answer.json).toMatchObject({ error_code: 'invalid_parameter', error: expect.stringMatching(/garment_image shows a person/) });
    expect(await charged()).toBe(before);
  });
});

describe('nothing is lost', () => {
  test('a reload mid-job: the next page runs it again and it completes', async () => {
    const id = await createJob();
    await pollJob(id, underWay);
    await page.reload();
    await waitForServiceWorker(page);
    const { job, seen } = await pollJob(id, finished);
    expect(job.status, JSON.stringify(job)).toBe('completed');
    expectForward(seen);
    expect(await fetchResult(job.result_url!)).toMatchObject({ type: 'image/jpeg', ...PERSON });
  });

  test('a crashed worker mid-job: the job is run again and completes', async () => {
    const id = await createJob();
    await pollJob(id, underWay);
    await page.evaluate(() => {
      const engine = (window as unknown as { cutoutEngine: { jobs: { workers: { crashAll(): void } | null } } }).cutoutEngine;
      engine.jobs.workers!.crashAll();
    });
    const { job, seen } = await pollJob(id, finished);
    expect(job.status, JSON.stringify(job)).toBe('completed');
    expectForward(seen);
  });
});
