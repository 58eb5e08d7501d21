// POST /v1/try-on queues a job and, with wait_for_result, answers when the
// job ends: a window of the app runs it (here the test plays that window and
// ends the job as the runner would).
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { saveResult } from '../../../src/api/results';
import { nextJobState } from '../../../src/store/job-state';
import type { JobRecord } from '../../../src/store/schema';
import { createHarness, errorOf, pngBytes, type Harness } from '../../support/api-harness';

let person: Uint8Array;
let garment: Uint8Array;
const server = setupServer(
  http.get('https://images.test/person.png', () => new HttpResponse(person as BodyInit, { headers: { 'Content-Type': 'image/png' } })),
  http.get('https://images.test/garment.png', () => new HttpResponse(garment as BodyInit, { headers: { 'Content-Type': 'image/png' } })),
);

beforeAll(async () => {
  person = await pngBytes(96, 128, [200, 150, 120, 255]);
  garment = await pngBytes(80, 80, [30, 60, 200, 255]);
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});

const URLS = { person_image_url: 'https://images.test/person.png', garment_image_url: 'https://images.test/garment.png' };

/** The queued job, once the route has stored it. */
async function queuedJob(): Promise<JobRecord> {
  for (let i = 0; i < 200; i++) {
    const [job] = await h.db.jobs.withStatus('pending');
    if (job) return job;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('no job was queued');
}

/**
 * Ends a job as the window's runner would. `garmentKind`: the kind the runner
 * reports it dressed; null leaves it out, as a job completed before it was kept.
 */
async function endJob(job: JobRecord, outcome: 'complete' | 'fail', garmentKind: string | null = 'full'): Promise<void> {
  const now = h.clock.now();
  await h.db.jobs.update(job.id, (stored) => nextJobState(stored, { type: 'start' }, now));
  if (outcome === 'fail') {
    const error = { error_code: 'invalid_parameter', message: 'person_image: no person was found in the image' };
    await h.db.jobs.update(job.id, (running) => nextJobState(running, { type: 'fail', error }, now));
    return;
  }
  const record = await saveResult(h.deps, {
    blob: new Blob([person as BlobPart], { type: 'image/jpeg' }),
    contentType: 'image/jpeg',
    ext: 'jpg',
    route: '/v1/try-on',
    keyId: job.keyId,
    lifetimeMs: 3_600_000,
  });
  const kept = garmentKind === null ? {} : { outcome: { garmentKind } };
  await h.db.jobs.update(job.id, (running) => nextJobState(running, { type: 'complete', resultId: record.id, resultExt: 'jpg', cost: 5, ...kept }, now));
}

/** The job's JSON as GET /v1/try-on/job/{id} answers it. */
async function jobJson(id: string): Promise<Record<string, unknown>> {
  const response = await h.call(`/v1/try-on/job/${id}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

describe('wait_for_result (the default)', () => {
  test('answers 200 { result_url } when the job completes, charged 5, with the kind it dressed in X-Garment-Mode-Used', async () => {
    const call = h.call('/v1/try-on', { json: URLS });
    const job = await queuedJob();
    await endJob(job, 'complete', 'full');
    const response = await call;
    expect(response.status).toBe(200);
    expect(response.headers.get('x-credits-charged')).toBe('5');
    expect(response.headers.get('x-job-id')).toBe(job.id);
    expect(response.headers.get('x-garment-mode-used')).toBe('full');
    // The body keeps the contract's shape: the header is the addition.
    expect(await response.json()).toEqual({ result_url: expect.stringMatching(/^http:\/\/studio\.test\/v1\/results\/[\w-]+\.jpg$/) });
  });

  test('Accept image/jpeg: the bytes themselves, with X-Garment-Mode-Used too', async () => {
    const call = h.call('/v1/try-on', { json: { ...URLS, garment_mode: 'lower' }, headers: { Accept: 'image/jpeg' } });
    await endJob(await queuedJob(), 'complete', 'lower');
    const response = await call;
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('x-garment-mode-used')).toBe('lower');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(person);
  });

  test('a job completed without a kind kept (stored before it was): 200 without the header', async () => {
    const call = h.call('/v1/try-on', { json: URLS });
    await endJob(await queuedJob(), 'complete', null);
    const response = await call;
    expect(response.status).toBe(200);
    expect(response.headers.has('x-garment-mode-used')).toBe(false);
    expect(Object.keys(await response.json())).toEqual(['result_url']);
  });

  test('a job that fails answers with its error: 400 invalid_parameter, nothing charged', async () => {
    const call = h.call('/v1/try-on', { json: URLS });
    await endJob(await queuedJob(), 'fail');
    const response = await call;
    expect(await errorOf(response)).toMatchObject({ status: 400, code: 'invalid_parameter', message: expect.stringContaining('no person') });
    expect(response.headers.get('x-credits-charged')).toBe('0');
  });
});

describe('garment_mode_used on the job', () => {
  test('absent while the job waits; once it completes, the kind it dressed, on GET and on DELETE', async () => {
    const answer = await h.call('/v1/try-on', { json: { ...URLS, wait_for_result: false } });
    expect(answer.status).toBe(202);
    const job = await queuedJob();
    expect(await jobJson(job.id)).toEqual({ job_id: job.id, status: 'pending', progress: 0 });
    await endJob(job, 'complete', 'upper');
    expect(await jobJson(job.id)).toEqual({
      job_id: job.id,
      status: 'completed',
      progress: 1,
      result_url: expect.stringMatching(/\/v1\/results\/[\w-]+\.jpg$/),
      garment_mode_used: 'upper',
    });
    // DELETE on an ended job answers it as it is.
    const deleted = await h.call(`/v1/try-on/job/${job.id}`, { method: 'DELETE' });
    expect(await deleted.json()).toMatchObject({ status: 'completed', garment_mode_used: 'upper' });
  });

  test('a job completed before the kind was kept reads as before: no garment_mode_used', async () => {
    await h.call('/v1/try-on', { json: { ...URLS, wait_for_result: false } });
    const job = await queuedJob();
    await endJob(job, 'complete', null);
    expect(Object.keys(await jobJson(job.id)).sort()).toEqual(['job_id', 'progress', 'result_url', 'status']);
  });

  test('a failed job has none', async () => {
    await h.call('/v1/try-on', { json: { ...URLS, wait_for_result: false } });
    const job = await queuedJob();
    await endJob(job, 'fail');
    expect(Object.keys(await jobJson(job.id)).sort()).toEqual(['error', 'job_id', 'progress', 'status']);
  });
});

describe('garment_mode', () => {
  test('an unknown mode is 400 invalid_parameter, naming the field, and nothing is queued or held', async () => {
    const response = await h.call('/v1/try-on', { json: { ...URLS, garment_mode: 'dress' } });
    expect(await errorOf(response)).toMatchObject({ status: 400, code: 'invalid_parameter', message: expect.stringContaining('garment_mode') });
    expect(response.headers.get('x-garment-mode-used')).toBeNull();
    expect(await h.db.jobs.withStatus('pending')).toEqual([]);
    expect(await h.db.credits.held(h.keyId, h.clock.now())).toBe(0);
  });

  test('multipart too: 400 invalid_parameter', async () => {
    const form = new FormData();
    form.append('person_image_url', URLS.person_image_url);
    form.append('garment_image_url', URLS.garment_image_url);
    form.append('garment_mode', 'UPPER');
    const response = await h.call('/v1/try-on', { method: 'POST', body: form });
    expect(await errorOf(response)).toMatchObject({ status: 400, code: 'invalid_parameter' });
  });

  test('each mode the contract names is taken and stored with the job', async () => {
    for (const mode of ['auto', 'upper', 'lower', 'full']) {
      const response = await h.call('/v1/try-on', { json: { ...URLS, garment_mode: mode, wait_for_result: false } });
      expect(response.status).toBe(202);
      const { job_id } = (await response.json()) as { job_id: string };
      const stored = await h.db.jobs.get(job_id);
      expect((stored!.request as { options: { garmentMode: string } }).options.garmentMode).toBe(mode);
    }
  });
});

describe('inputs', () => {
  test('multipart files: the person is the job’s input and the garment travels with it', async () => {
    const form = new FormData();
    form.append('person_image', new Blob([person as BlobPart], { type: 'image/png' }), 'me.png');
    form.append('garment_image', new Blob([garment as BlobPart], { type: 'image/png' }), 'shirt.png');
    form.append('garment_mode', 'upper');
    form.append('wait_for_result', 'false');
    const response = await h.call('/v1/try-on', { method: 'POST', body: form });
    expect(response.status).toBe(202);
    const job = await queuedJob();
    expect(new Uint8Array(await (await h.db.jobs.input(job.id))!.arrayBuffer())).toEqual(person);
    const request = job.request as { garment: Blob; options: { garmentMode: string; preprocessGarment: boolean; removeBackground: boolean } };
    expect(new Uint8Array(await request.garment.arrayBuffer())).toEqual(garment);
    expect(request.options).toMatchObject({ garmentMode: 'upper', preprocessGarment: true, removeBackground: false });
  });

  test('a person image under 64 px: 400 invalid_parameter before anything is queued', async () => {
    person = await pngBytes(40, 40);
    const response = await h.call('/v1/try-on', { json: { ...URLS, wait_for_result: false } });
    expect(await errorOf(response)).toMatchObject({ status: 400, code: 'invalid_parameter' });
    expect(await h.db.jobs.withStatus('pending')).toEqual([]);
    person = await pngBytes(96, 128, [200, 150, 120, 255]);
  });
});
