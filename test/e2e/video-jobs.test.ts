// Video jobs through the /v1 contract, in the built app: POST answers 202, the
// window's engine host runs the job, GET shows it go pending → running →
// completed, and the result is a file that decodes. A reload or a crashed
// worker mid-job, or going offline, ends with the job completed all the same,
// resumed from the final masks the interrupted start had stored (and those
// deleted once it ends); inputs that pass the route but not the probe end
// `failed` with the table's code, and are not charged.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Page } from 'playwright-core';
import { callApi, createKeyInUi, openApp, resultBytes, waitForServiceWorker } from '../support/app';
import { launchBrowser, type Browser } from '../support/chromium';
import { expectForward, finished, ledgerCredits, pollJob as pollJobAt, type JobAnswer } from '../support/jobs';
import { encodeClip, ffmpeg, ffprobe, renderClipFrames } from '../support/video-clip';

const baseUrl = inject('baseUrl');
/** One second at 6 fps: six model runs, long enough to interrupt. */
const CLIP = { width: 320, height: 240, fps: 6, frames: 6, audio: true, from: 0.3, to: 0.7 };
/** Ten seconds at 6 fps: a key frame at least every 15 frames, so final masks are stored all along. */
const LONG_CLIP = { ...CLIP, frames: 60, from: 0.15, to: 0.85 };
let browser: Browser;
let page: Page;
let key: string;
let clip: Buffer;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await openApp(browser.context, baseUrl, '/developer');
  key = await createKeyInUi(page, baseUrl);
  clip = encodeClip((await renderClipFrames(page, CLIP)).map((f) => f.png), CLIP);
});

afterAll(() => browser?.close());

const dataUrl = (bytes: Buffer, type = 'video/mp4') => `data:${type};base64,${bytes.toString('base64')}`;

async function createJob(video: Buffer, options: Record<string, unknown> = {}): Promise<string> {
  const answer = await callApi(page, '/v1/video/remove-background', {
    headers: { 'X-API-KEY': key },
    json: { video_url: dataUrl(video), ...options },
  });
  expect(answer.status, answer.text ?? '').toBe(202);
  expect(answer.headers.location).toBe(`/v1/video/remove-background/job/${answer.json.job_id}`);
  return answer.json.job_id as string;
}

const pollJob = (id: string, done: (job: JobAnswer) => boolean, timeoutMs = 240_000) =>
  pollJobAt(page, `/v1/video/job/${id}`, key, done, timeoutMs);

/**
 * What IndexedDB holds for a job: its attempts, the credits its key has been
 * charged for video (all jobs), and the frames it resumed from an earlier
 * start (kept on the job once it completed; null before).
 */
function stored(id: string): Promise<{ attempts: number; charged: number; resumedFrames: number | null }> {
  return page.evaluate(async (id) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('cutout-studio');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const read = <T,>(store: string, query?: IDBValidKey) =>
      new Promise<T>((resolve, reject) => {
        const request = query === undefined ? db.transaction(store).objectStore(store).getAll() : db.transaction(store).objectStore(store).get(query);
        request.onsuccess = () => resolve(request.result as T);
        request.onerror = () => reject(request.error);
      });
    const job = await read<{ attempts: number; keyId: string; outcome?: { resumedFrames: number } }>('jobs', id);
    const ledger = await read<{ keyId: string; route: string; credits: number }[]>('ledger');
    const charged = ledger.filter((e) => e.keyId === job.keyId && e.route.includes('video')).reduce((sum, e) => sum + e.credits, 0);
    db.close();
    return { attempts: job.attempts, charged, resumedFrames: job.outcome?.resumedFrames ?? null };
  }, id);
}

/** How many frames' final masks the job's worker has stored (the checkpoint database, apart from the studio's). */
function checkpoints(id: string): Promise<number> {
  return page.evaluate(async (id) => {
    const db = await new Promise<IDBDatabase | null>((resolve, reject) => {
      const open = indexedDB.open('cutout-video-work');
      // Not there yet: left for the worker to make, not made here without its store.
      open.onupgradeneeded = () => open.transaction!.abort();
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => (open.error?.name === 'AbortError' ? resolve(null) : reject(open.error));
    });
    if (!db) return 0;
    try {
      return await new Promise<number>((resolve, reject) => {
        const count = db.transaction('masks').objectStore('masks').count(IDBKeyRange.bound([id, 0], [id, Infinity]));
        count.onsuccess = () => resolve(count.result);
        count.onerror = () => reject(count.error);
      });
    } finally {
      db.close();
    }
  }, id);
}

/** Waits until `check` answers true. */
async function waitUntil(check: () => Promise<boolean>, what: string, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await page.waitForTimeout(100);
  }
}

async function expectDecodes(url: string, codec: string, type: string, frames = CLIP.frames) {
  const result = await resultBytes(page, url);
  expect(result.type).toBe(type);
  const probed = ffprobe(result.bytes);
  const video = probed.streams.find((s) => s.codec_type === 'video')!;
  expect(video.codec_name).toBe(codec);
  expect([video.width, video.height]).toEqual([CLIP.width, CLIP.height]);
  expect(Math.abs(Number(video.nb_read_frames) - frames)).toBeLessThanOrEqual(1);
}

/** Waits until the job is running and a frame or two is done. */
const underWay = (job: JobAnswer) => job.status === 'running' && job.progress >= 0.2;

describe('a job runs to the end', () => {
  test('202, then pending → running → completed with progress; the result decodes; 1 credit', async () => {
    const id = await createJob(clip, { background_color: '#ffffff' });
    const progress: number[] = [];
    const { job, seen } = await pollJob(id, (j) => (progress.push(j.progress), finished(j)));
    expect(job.status, JSON.stringify(job)).toBe('completed');
    expectForward(seen);
    expect(seen).toContain('running');
    expect(progress.some((p) => p > 0 && p < 1)).toBe(true);
    expect(job.progress).toBe(1);
    expect(job.result_url).toMatch(/\/v1\/results\/[\w-]+\.mp4$/);
    await expectDecodes(job.result_url!, 'h264', 'video/mp4');
    expect((await stored(id)).charged).toBe(1);
  });

  test('a transparent WebM holds alpha, and loads in a <video>', async () => {
    const id = await createJob(clip, { background_color: 'transparent' });
    const { job } = await pollJob(id, finished);
    expect(job.status, JSON.stringify(job)).toBe('completed');
    await expectDecodes(job.result_url!, 'vp9', 'video/webm');
    const size = await page.evaluate(async (url) => {
      const video = document.createElement('video');
      video.muted = true;
      video.src = url;
      await new Promise((resolve, reject) => {
        video.onloadeddata = resolve;
        video.onerror = () => reject(new Error(`the video did not load: ${video.error?.message}`));
      });
      return [video.videoWidth, video.videoHeight];
    }, job.result_url!);
    expect(size).toEqual([CLIP.width, CLIP.height]);
  });
});

describe('nothing is lost', () => {
  test('a reload mid-job of a 10-s clip: the next page resumes at the frames already done, and it completes', async () => {
    const long = encodeClip((await renderClipFrames(page, LONG_CLIP)).map((f) => f.png), LONG_CLIP);
    const id = await createJob(long);
    const progress: number[] = [];
    await pollJob(id, (j) => (progress.push(j.progress), j.status === 'running'));
    await waitUntil(async () => (await checkpoints(id)) >= 5, 'the first stored masks');
    const storedBeforeReload = await checkpoints(id);
    expect((await stored(id)).attempts).toBe(1);
    await page.reload();
    await waitForServiceWorker(page);
    const { job, seen } = await pollJob(id, (j) => (progress.push(j.progress), finished(j)));
    expect(job.status, JSON.stringify(job)).toBe('completed');
    expectForward(seen);
    // The progress a client polls never goes back, across the restart too.
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    await expectDecodes(job.result_url!, 'h264', 'video/mp4', LONG_CLIP.frames);
    const after = await stored(id);
    expect(after).toEqual({ attempts: 2, charged: expect.any(Number), resumedFrames: expect.any(Number) });
    // At least the masks there were when the page went (more may have landed before it did).
    expect(after.resumedFrames).toBeGreaterThanOrEqual(storedBeforeReload);
    expect(after.resumedFrames).toBeLessThanOrEqual(LONG_CLIP.frames);
    expect(await checkpoints(id)).toBe(0);
  });

  test('offline, a crashed video worker mid-job: the job is run again and completes', async () => {
    const id = await createJob(clip, { output_format: 'mkv_h264' });
    await browser.context.setOffline(true);
    try {
      await pollJob(id, underWay);
      // The first frame is a key frame: its mask is final, and stored, at once.
      await waitUntil(async () => (await checkpoints(id)) >= 1, 'the first stored mask');
      const storedBeforeCrash = await checkpoints(id);
      await page.evaluate(() => {
        const engine = (window as unknown as { cutoutEngine: { jobs: { workers: { crashAll(): void } | null } } }).cutoutEngine;
        engine.jobs.workers!.crashAll();
      });
      const { job, seen } = await pollJob(id, finished);
      expect(job.status, JSON.stringify(job)).toBe('completed');
      expectForward(seen);
      await expectDecodes(job.result_url!, 'h264', 'video/x-matroska');
      const after = await stored(id);
      expect(after.attempts).toBe(2);
      // A lost worker keeps the masks: the next start took them up, and they are gone now.
      expect(after.resumedFrames).toBeGreaterThanOrEqual(storedBeforeCrash);
      expect(await checkpoints(id)).toBe(0);
    } finally {
      await browser.context.setOffline(false);
    }
  });
});

/** Every credit charged for video, over all keys. */
const videoCredits = () => ledgerCredits(page, 'video');

describe('cancelling', () => {
  test('DELETE on a running job ends it failed with job_cancelled, stops its worker, and is not charged', async () => {
    const id = await createJob(clip);
    await pollJob(id, underWay);
    await waitUntil(async () => (await checkpoints(id)) >= 1, 'the first stored mask');
    const before = await videoCredits();
    const cancelled = await callApi(page, `/v1/video/job/${id}`, { method: 'DELETE', headers: { 'X-API-KEY': key } });
    expect(cancelled.status).toBe(200);
    expect(cancelled.json).toMatchObject({ job_id: id, status: 'failed', error: { error_code: 'job_cancelled' } });
    // The runner hears of it on the jobs channel, stops the worker and, with the queue empty, disposes the pool.
    await page.waitForFunction(
      () => (window as unknown as { cutoutEngine: { jobs: { workers: unknown } } }).cutoutEngine.jobs.workers === null,
      null,
      { timeout: 30_000 },
    );
    const answer = await callApi(page, `/v1/video/job/${id}`, { headers: { 'X-API-KEY': key } });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ status: 'failed', error: { error_code: 'job_cancelled' } });
    expect(answer.json.result_url).toBeUndefined();
    expect(await videoCredits()).toBe(before);
    // Its stored masks are deleted: a cancelled job never resumes.
    await waitUntil(async () => (await checkpoints(id)) === 0, "the cancelled job's masks to go", 30_000);
  });
});

describe('bad videos end failed with the error table code, uncharged', () => {
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cutout-video-jobs-'));
    // A fresh key, so whatever it is charged comes from these jobs.
    key = await createKeyInUi(page, baseUrl);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** A clip made by Debian's ffmpeg from its lavfi sources. */
  function made(name: string, args: string[]): Buffer {
    ffmpeg([...args, join(dir, name)]);
    return readFileSync(join(dir, name));
  }

  const cases: Array<{ name: string; video: () => Buffer; code: string; message: RegExp }> = [
    {
      name: 'longer than 60 s',
      video: () => made('long.mp4', ['-f', 'lavfi', '-i', 'color=c=gray:s=64x64:r=1:d=61', '-c:v', 'libx264', '-pix_fmt', 'yuv420p']),
      code: 'invalid_parameter',
      message: /61\.0 s long; the limit is 60 s/,
    },
    {
      name: 'wider than 4096 px',
      video: () => made('wide.mp4', ['-f', 'lavfi', '-i', 'color=c=gray:s=4098x64:r=1:d=1', '-c:v', 'libx264', '-pix_fmt', 'yuv420p']),
      code: 'resolution_too_high',
      message: /4098×64 px; the limit is 4096/,
    },
    {
      name: 'audio only',
      video: () => made('audio.m4a', ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', '-c:a', 'aac']),
      code: 'malformed_image',
      message: /no video track/,
    },
    {
      name: 'cut short',
      video: () => clip.subarray(0, Math.floor(clip.length / 2)),
      code: 'malformed_image',
      message: /truncated/,
    },
  ];

  for (const c of cases) {
    test(c.name, async () => {
      const id = await createJob(c.video());
      const { job, seen } = await pollJob(id, finished, 60_000);
      expectForward(seen);
      expect(job).toMatchObject({ status: 'failed', error: { error_code: c.code, message: expect.stringMatching(c.message) } });
      expect(job.result_url).toBeUndefined();
      expect((await stored(id)).charged).toBe(0);
    });
  }

  test('a text file is refused by the route: 400 malformed_image, no job', async () => {
    const answer = await callApi(page, '/v1/video/remove-background', {
      headers: { 'X-API-KEY': key },
      json: { video_url: dataUrl(Buffer.from('not a video\n'.repeat(10)), 'text/plain') },
    });
    expect(answer.status).toBe(400);
    expect(answer.json.error_code).toBe('malformed_image');
  });

  test("another key's job is not found", async () => {
    const id = await createJob(clip.subarray(0, 100));
    const other = await createKeyInUi(page, baseUrl);
    const answer = await callApi(page, `/v1/video/job/${id}`, { headers: { 'X-API-KEY': other } });
    expect(answer.status).toBe(404);
    expect(answer.json.error_code).toBe('not_found');
  });
});
