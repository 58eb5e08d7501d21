// POST /v1/video/remove-background queues a job after validation (202), and
// the job routes report it to its own key only.
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createApiKey } from '../../../src/features/developer/shared/key-admin';
import { createHarness, errorOf, type Harness } from '../../support/api-harness';

/** The first bytes of an MP4: enough for the container check, which is all the route reads. */
const MP4_HEAD = new Uint8Array([0, 0, 0, 0x18, ...new TextEncoder().encode('ftypisom'), 0, 0, 2, 0, ...new TextEncoder().encode('isomiso2mp41')]);

const server = setupServer(
  http.get('https://videos.test/clip.mp4', () => new HttpResponse(MP4_HEAD, { headers: { 'Content-Type': 'video/mp4' } })),
  http.get('https://videos.test/notes.txt', () => new HttpResponse('not a video at all', { headers: { 'Content-Type': 'text/plain' } })),
  http.get('https://videos.test/old.avi', () =>
    new HttpResponse(new TextEncoder().encode('RIFF\0\0\0\0AVI LIST'), { headers: { 'Content-Type': 'video/x-msvideo' } }),
  ),
  http.get('https://videos.test/huge.mp4', () =>
    new HttpResponse(MP4_HEAD, { headers: { 'Content-Type': 'video/mp4', 'Content-Length': String(150_000_000) } }),
  ),
  http.get('https://videos.test/empty.mp4', () => new HttpResponse(new Uint8Array(0), { headers: { 'Content-Type': 'video/mp4' } })),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});

const start = (json: unknown) => h.call('/v1/video/remove-background', { json });

describe('accepted', () => {
  test('202 with a UUID job_id, before any frame is processed; the job is pending', async () => {
    const response = await start({ video_url: 'https://videos.test/clip.mp4', background_color: '#0f0', output_format: 'gif' });
    expect(response.status).toBe(202);
    const { job_id } = (await response.json()) as { job_id: string };
    expect(job_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(response.headers.get('location')).toBe(`/v1/video/remove-background/job/${job_id}`);
    const job = await h.db.jobs.get(job_id);
    expect(job).toMatchObject({ status: 'pending', kind: 'video', keyId: h.keyId, request: { options: { backgroundColor: '#00ff00', outputFormat: 'gif' } } });
    expect(job?.input.size).toBe(MP4_HEAD.length);
  });

  test('the job reads the same on both status routes', async () => {
    const { job_id } = (await (await start({ video_url: 'https://videos.test/clip.mp4' })).json()) as { job_id: string };
    for (const path of [`/v1/video/remove-background/job/${job_id}`, `/v1/video/job/${job_id}`]) {
      const response = await h.call(path);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ job_id, status: 'pending', progress: 0 });
    }
  });

  test('a completed job shows its result_url; a failed one its error', async () => {
    const { job_id } = (await (await start({ video_url: 'https://videos.test/clip.mp4' })).json()) as { job_id: string };
    await h.db.jobs.update(job_id, (job) => ({ ...job, status: 'completed', progress: 1, resultId: 'abcdefghijklmnopqrstuv', resultExt: 'mp4' }));
    expect(await (await h.call(`/v1/video/job/${job_id}`)).json()).toEqual({
      job_id,
      status: 'completed',
      progress: 1,
      result_url: 'http://studio.test/v1/results/abcdefghijklmnopqrstuv.mp4',
    });
    await h.db.jobs.update(job_id, (job) => ({ ...job, status: 'failed', error: { message: 'the video has no video track', error_code: 'malformed_image' } }));
    const failed = (await (await h.call(`/v1/video/job/${job_id}`)).json()) as Record<string, unknown>;
    expect(failed.error).toEqual({ message: 'the video has no video track', error_code: 'malformed_image' });
    expect(failed.result_url).toBeUndefined();
  });

  test("another key's job does not exist for this key", async () => {
    const { job_id } = (await (await start({ video_url: 'https://videos.test/clip.mp4' })).json()) as { job_id: string };
    const other = await createApiKey(h.db, 'other');
    expect(await errorOf(await h.call(`/v1/video/job/${job_id}`, { headers: { 'x-api-key': other.key } }))).toMatchObject({
      status: 404,
      code: 'not_found',
    });
  });
});

describe('refused before a job exists', () => {
  test.each([
    ['a text file', 'https://videos.test/notes.txt', 'malformed_image'],
    ['an empty file', 'https://videos.test/empty.mp4', 'malformed_image'],
    ['an AVI', 'https://videos.test/old.avi', 'unsupported_image_format'],
    ['over 100 MB', 'https://videos.test/huge.mp4', 'file_size_too_large'],
  ])('%s', async (_, video_url, code) => {
    expect(await errorOf(await start({ video_url }))).toMatchObject({ status: 400, code });
    expect(await h.db.jobs.list()).toHaveLength(0);
  });

  test('a key with no credits left: 403', async () => {
    await h.db.keys.update(h.keyId, { budget: 0 });
    expect(await errorOf(await start({ video_url: 'https://videos.test/clip.mp4' }))).toMatchObject({ status: 403, code: 'insufficient_api_credits' });
  });
});

describe('cancel', () => {
  test('DELETE ends a pending job failed with job_cancelled, releases its hold, and it stays readable', async () => {
    await h.db.keys.update(h.keyId, { budget: 5 });
    const { job_id } = (await (await start({ video_url: 'https://videos.test/clip.mp4' })).json()) as { job_id: string };
    expect(await h.db.credits.held(h.keyId, h.clock.now())).toBe(1);
    const cancelled = await h.call(`/v1/video/job/${job_id}`, { method: 'DELETE' });
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toMatchObject({ job_id, status: 'failed', error: { error_code: 'job_cancelled' } });
    expect(await h.db.credits.held(h.keyId, h.clock.now())).toBe(0);
    const again = await h.call(`/v1/video/remove-background/job/${job_id}`, { method: 'DELETE' });
    expect(await again.json()).toMatchObject({ status: 'failed', error: { error_code: 'job_cancelled' } });
    expect((await h.db.keys.get(h.keyId))?.spent).toBe(0);
  });

  test("another key cannot cancel the job: 404", async () => {
    const { job_id } = (await (await start({ video_url: 'https://videos.test/clip.mp4' })).json()) as { job_id: string };
    const other = await createApiKey(h.db, 'other');
    const answer = await h.call(`/v1/video/job/${job_id}`, { method: 'DELETE', headers: { 'x-api-key': other.key } });
    expect(await errorOf(answer)).toMatchObject({ status: 404, code: 'not_found' });
    expect((await h.db.jobs.get(job_id))?.status).toBe('pending');
  });

  test('a key that cannot pay for one second is refused before the video is read', async () => {
    await h.db.keys.update(h.keyId, { budget: 0 });
    expect(await errorOf(await start({ video_url: 'https://videos.test/clip.mp4' }))).toMatchObject({ status: 403, code: 'insufficient_api_credits' });
    expect(await h.db.jobs.list()).toHaveLength(0);
  });
});
