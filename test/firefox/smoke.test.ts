// Firefox ESR smoke run of the built app: it loads and its service worker
// takes control (cross-origin isolated), /v1/remove-background answers with a
// real cut-out, and a short video job to mp4_h264 completes with a file that
// decodes. Same /v1 calls and in-page helpers as the Chromium suite.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { callApi, loadImageInPage, resultBytes } from '../support/app';
import { renderScene, testScene } from '../support/scene';
import { encodeClip, ffprobe, renderClipFrames, rgbFrames } from '../support/video-clip';
import { createKeyInUi, evaluatorOf, launchFirefox, openApp } from './firefox';

const baseUrl = inject('baseUrl');
const IMAGE = { width: 256, height: 192 };
/** One second at 4 fps, with AAC audio as phones record it: four model runs. */
const CLIP = { width: 192, height: 144, fps: 4, frames: 4, audio: true, from: 0.35, to: 0.65 };
let browser: Browser;
let page: Page;
let pageErrors: string[];
let warnings: string[];
let consoleErrors: string[];
let key: string;

beforeAll(async () => {
  browser = await launchFirefox();
  ({ page, pageErrors, warnings, consoleErrors } = await openApp(browser, baseUrl, '/developer'));
  key = await createKeyInUi(page);
});

afterAll(() => browser?.close());

test('the app loads in Firefox, its service worker is installed, in control and activated, and its UI made a key', async () => {
  const state = await page.evaluate(async () => {
    const worker = (await navigator.serviceWorker.ready).active!;
    // Activation must not hang: requests sent to an activating worker wait for it (in Firefox, a
    // pending clients.claim() held it for 60 s, then those requests failed).
    const activated = new Promise<void>((resolve) => {
      if (worker.state === 'activated') resolve();
      worker.addEventListener('statechange', () => worker.state === 'activated' && resolve());
    });
    await Promise.race([activated, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    return {
      browser: navigator.userAgent.includes('Firefox/'),
      script: new URL(worker.scriptURL).pathname,
      state: worker.state,
      controlled: navigator.serviceWorker.controller !== null,
      isolated: self.crossOriginIsolated,
    };
  });
  expect(state).toEqual({ browser: true, script: '/sw.js', state: 'activated', controlled: true, isolated: true });
  expect(key).toMatch(/^\S{16,}$/);
});

test('/v1/remove-background answers with a PNG of the input size with a real alpha channel', async () => {
  // Firefox ends a service worker's fetch that has waited about 60 s; on a busy
  // machine a cold model load can take that long, so wait for the engine's badge first.
  await page.waitForFunction(() => /Ready/.test(document.querySelector('header')?.textContent ?? ''), { timeout: 120_000 }).catch(async (error: unknown) => {
    // Say what the engine was doing, so a timeout here can be told from a slow load.
    const header = await page.evaluate(() => document.querySelector('header')?.textContent ?? '(no header)');
    const badge = await page.evaluate(() => document.querySelector('header [title]')?.getAttribute('title') ?? '');
    throw new Error(`the engine was not ready after 120 s; the header said "${header}" ${badge ? `(${badge})` : ''}; the app warned: ${JSON.stringify(warnings)}`, { cause: error });
  });
  const scene = (await renderScene(evaluatorOf(page), testScene(IMAGE))).dataUrl;
  const answer = await callApi(evaluatorOf(page), '/v1/remove-background', { headers: { 'X-API-KEY': key }, json: { image_url: scene } });
  expect(answer.status, answer.text ?? '').toBe(200);
  // Firefox (153 ESR) has relaxed SIMD and wasm threads: LiteRT's threaded build, as in Chromium.
  expect(answer.headers['x-engine']).toMatch(/^litert-threads\(\d\)$/);
  expect(answer.json.result_url).toMatch(/\/v1\/results\/[\w-]{22}\.png$/);
  const image = await loadImageInPage(evaluatorOf(page), answer.json.result_url);
  expect([image.width, image.height]).toEqual([IMAGE.width, IMAGE.height]);
  expect(image.minAlpha).toBe(0);
  expect(image.maxAlpha).toBe(255);
  // Corners are backdrop, the centre is the shoe.
  expect(image.alphaGrid[0]).toBeLessThan(10);
  expect(image.alphaGrid[15 * 16 + 15]).toBeLessThan(10);
  expect(image.alphaGrid[8 * 16 + 8]).toBeGreaterThan(200);
});

interface JobAnswer {
  status: string;
  progress: number;
  result_url?: string;
  error?: { error_code: string; message: string };
}

test('a one-second video job to mp4_h264 completes with an H.264 MP4 of the clip', async () => {
  const clip = encodeClip((await renderClipFrames(evaluatorOf(page), CLIP)).map((f) => f.png), CLIP);
  const start = await callApi(evaluatorOf(page), '/v1/video/remove-background', {
    headers: { 'X-API-KEY': key },
    json: { video_url: `data:video/mp4;base64,${clip.toString('base64')}`, output_format: 'mp4_h264', background_color: '#ffffff' },
  });
  expect(start.status, start.text ?? '').toBe(202);
  const id: string = start.json.job_id;

  let job: JobAnswer;
  // Room for one restart: a job whose worker shows no progress for 150 s is started again.
  const until = Date.now() + 360_000;
  do {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const answer = await callApi(evaluatorOf(page), `/v1/video/job/${id}`, { headers: { 'X-API-KEY': key } });
    expect(answer.status, answer.text ?? '').toBe(200);
    job = answer.json as JobAnswer;
  } while ((job.status === 'pending' || job.status === 'running') && Date.now() < until);
  expect(job.status, `${JSON.stringify(job)}; the app warned: ${JSON.stringify(warnings)}`).toBe('completed');

  const result = await resultBytes(evaluatorOf(page), job.result_url!);
  expect(result.type).toBe('video/mp4');
  const video = ffprobe(result.bytes).streams.find((s) => s.codec_type === 'video');
  expect(video?.codec_name).toBe('h264');
  expect([video?.width, video?.height]).toEqual([CLIP.width, CLIP.height]);
  expect(Math.abs(Number(video?.nb_read_frames) - CLIP.frames)).toBeLessThanOrEqual(1);
  // A clean decode: a malformed avcC makes ffmpeg complain (and Chromium's VideoDecoder refuse the file).
  expect(decodeErrors(result.bytes)).toBe('');
  // The backdrop (nearly all of the source frame) became the requested white; the subject (a tenth of it) did not.
  const frame = rgbFrames(result.bytes).subarray(0, CLIP.width * CLIP.height * 3);
  let dark = 0;
  for (let i = 0; i < frame.length; i += 3) if (Math.min(frame[i], frame[i + 1], frame[i + 2]) < 200) dark++;
  expect(dark / (CLIP.width * CLIP.height)).toBeGreaterThan(0.02);
  expect(dark / (CLIP.width * CLIP.height)).toBeLessThan(0.3);
  expect([...frame.subarray(0, 3)].every((channel) => channel > 240)).toBe(true);
}, 420_000);

// Last, so it covers the page's whole life: the UI, the engine and the job runner threw nothing,
// and nothing (the runtimes' start-up included) logged an error.
test('the page threw no uncaught error and logged no console error', () => {
  expect(pageErrors).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

/** What ffmpeg reports, at level error, while decoding every frame; '' for a clean file. */
function decodeErrors(bytes: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'cutout-ff-'));
  try {
    writeFileSync(join(dir, 'result.mp4'), bytes);
    return spawnSync('ffmpeg', ['-v', 'error', '-i', join(dir, 'result.mp4'), '-f', 'null', '-'], { encoding: 'utf8' }).stderr;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

