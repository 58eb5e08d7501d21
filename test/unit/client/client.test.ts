// The typed client against a mocked /v1 (msw): what it sends, what it returns,
// and how it fails.
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { createClient, CutoutApiError, CutoutJobError, type Job } from '../../../src/client';

const BASE = 'https://studio.test';
const KEY = 'cs_test_key';
const server = setupServer();
const client = createClient({ apiKey: KEY, baseUrl: BASE });
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** Records the requests a handler sees. */
function recorder() {
  const seen: Request[] = [];
  return { seen, record: (request: Request) => void seen.push(request.clone()) };
}

describe('remove-background', () => {
  test('sends JSON with the key and returns the result URL', async () => {
    const { seen, record } = recorder();
    server.use(
      http.post(`${BASE}/v1/remove-background`, ({ request }) => {
        record(request);
        return HttpResponse.json({ result_url: `${BASE}/v1/results/abc.png` });
      }),
    );
    const url = await client.removeBackground({ image_url: '/shoe.jpg', crop: true, margin: '5%', shadow: { enabled: true, opacity: 0.4 } });
    expect(url).toBe(`${BASE}/v1/results/abc.png`);
    const [request] = seen;
    expect(request.headers.get('x-api-key')).toBe(KEY);
    expect(request.headers.get('content-type')).toBe('application/json');
    expect(request.headers.get('accept')).toBe('application/json');
    expect(await request.json()).toEqual({ image_url: '/shoe.jpg', crop: true, margin: '5%', shadow: { enabled: true, opacity: 0.4 } });
  });

  test("as: 'blob' asks for the PNG bytes", async () => {
    server.use(
      http.post(`${BASE}/v1/remove-background`, ({ request }) =>
        request.headers.get('accept') === 'image/png'
          ? new HttpResponse(PNG, { headers: { 'Content-Type': 'image/png' } })
          : HttpResponse.json({ error: 'wrong accept', error_code: 'not_acceptable' }, { status: 406 }),
      ),
    );
    const blob = await client.removeBackground({ image_url: '/shoe.jpg' }, { as: 'blob' });
    expect(blob.type).toBe('image/png');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(PNG);
  });

  test('a Blob in the body sends multipart: files as files, booleans and objects as text', async () => {
    const { seen, record } = recorder();
    server.use(
      http.post(`${BASE}/v1/remove-background`, ({ request }) => {
        record(request);
        return HttpResponse.json({ result_url: `${BASE}/v1/results/x.png` });
      }),
    );
    await client.removeBackground({ image: new File([PNG], 'shoe.png', { type: 'image/png' }), crop: true, shadow: { enabled: true } });
    const [request] = seen;
    expect(request.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    const form = await request.formData();
    const image = form.get('image') as File;
    expect(image.name).toBe('shoe.png');
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(PNG);
    expect(form.get('crop')).toBe('true');
    expect(form.get('shadow')).toBe('{"enabled":true}');
  });
});

describe('errors', () => {
  test('a non-2xx answer throws CutoutApiError with status, code and message', async () => {
    server.use(http.post(`${BASE}/v1/remove-background`, () => HttpResponse.json({ error: 'image_url is required', error_code: 'missing_parameter' }, { status: 400 })));
    const error = await client.removeBackground({}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CutoutApiError);
    expect(error).toMatchObject({ status: 400, code: 'missing_parameter', message: 'image_url is required', retryAfter: undefined });
  });

  test('429 carries Retry-After in seconds', async () => {
    server.use(
      http.get(`${BASE}/v1/credits`, () =>
        HttpResponse.json({ error: 'slow down', error_code: 'rate_limit_exceeded' }, { status: 429, headers: { 'Retry-After': '2' } }),
      ),
    );
    await expect(client.credits()).rejects.toMatchObject({ status: 429, code: 'rate_limit_exceeded', retryAfter: 2 });
  });

  test('503 (no engine can take the call now) carries Retry-After too', async () => {
    server.use(
      http.get(`${BASE}/v1/credits`, () =>
        HttpResponse.json({ error: 'no window of the app is open', error_code: 'engine_unavailable' }, { status: 503, headers: { 'Retry-After': '5' } }),
      ),
    );
    await expect(client.credits()).rejects.toMatchObject({ status: 503, code: 'engine_unavailable', retryAfter: 5 });
  });

  test('a body that is not ours still gives a CutoutApiError', async () => {
    server.use(http.get(`${BASE}/v1/credits`, () => new HttpResponse('<h1>Bad gateway</h1>', { status: 502, statusText: 'Bad Gateway' })));
    await expect(client.credits()).rejects.toMatchObject({ status: 502, code: 'unexpected_error', message: 'HTTP 502 Bad Gateway' });
  });
});

describe('video jobs', () => {
  test('starts a job and waits for it, reporting progress', async () => {
    const states: Job[] = [
      { job_id: 'j 1', status: 'pending', progress: 0 },
      { job_id: 'j 1', status: 'running', progress: 0.5 },
      { job_id: 'j 1', status: 'completed', progress: 1, result_url: `${BASE}/v1/results/v.webm` },
    ];
    const { seen, record } = recorder();
    server.use(
      http.post(`${BASE}/v1/video/remove-background`, ({ request }) => {
        record(request);
        return HttpResponse.json({ job_id: 'j 1' }, { status: 202 });
      }),
      http.get(`${BASE}/v1/video/remove-background/job/:id`, ({ params }) => {
        expect(params.id).toBe('j 1');
        return HttpResponse.json(states.shift());
      }),
    );
    const { job_id } = await client.startVideoJob({ video_url: '/clip.mp4', output_format: 'webm_vp9', background_color: 'transparent' });
    expect(await seen[0].json()).toEqual({ video_url: '/clip.mp4', output_format: 'webm_vp9', background_color: 'transparent' });
    const progress: number[] = [];
    const job = await client.waitForVideoJob(job_id, { intervalMs: 5, onProgress: (j) => progress.push(j.progress) });
    expect(job).toMatchObject({ status: 'completed', result_url: `${BASE}/v1/results/v.webm` });
    expect(progress).toEqual([0, 0.5, 1]);
  });

  test('a failed job rejects with CutoutJobError and its code', async () => {
    server.use(
      http.get(`${BASE}/v1/video/remove-background/job/:id`, () =>
        HttpResponse.json({ job_id: 'j', status: 'failed', progress: 0.2, error: { message: 'no frames', error_code: 'malformed_image' } }),
      ),
    );
    const error = await client.waitForVideoJob('j', { intervalMs: 5 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CutoutJobError);
    expect(error).toMatchObject({ code: 'malformed_image', message: 'no frames', job: { status: 'failed' } });
  });

  test('waiting stops when the signal aborts', async () => {
    server.use(http.get(`${BASE}/v1/video/remove-background/job/:id`, () => HttpResponse.json({ job_id: 'j', status: 'running', progress: 0.1 })));
    const controller = new AbortController();
    const waiting = client.waitForVideoJob('j', { intervalMs: 50, signal: controller.signal });
    setTimeout(() => controller.abort(new Error('user left')), 20);
    await expect(waiting).rejects.toThrow('user left');
  });
});

describe('try-on, background generation, credits', () => {
  test('try-on without waiting answers a job id; the job can be read and cancelled', async () => {
    const methods: string[] = [];
    server.use(
      http.post(`${BASE}/v1/try-on`, () => HttpResponse.json({ job_id: 't1' }, { status: 202 })),
      http.all(`${BASE}/v1/try-on/job/t1`, ({ request }) => {
        methods.push(request.method);
        return HttpResponse.json({ job_id: 't1', status: request.method === 'DELETE' ? 'failed' : 'running', progress: 0.3 });
      }),
    );
    expect(await client.tryOn({ person_image_url: '/p.jpg', garment_image_url: '/g.jpg', wait_for_result: false })).toEqual({ job_id: 't1' });
    expect((await client.getTryOnJob('t1')).status).toBe('running');
    expect((await client.cancelTryOnJob('t1')).status).toBe('failed');
    expect(methods).toEqual(['GET', 'DELETE']);
  });

  test('waiting try-on: the { result_url } body, with the job id and the kind dressed from the headers', async () => {
    const { seen, record } = recorder();
    server.use(
      http.post(`${BASE}/v1/try-on`, ({ request }) => {
        record(request);
        return HttpResponse.json({ result_url: `${BASE}/v1/results/t.jpg` }, { headers: { 'X-Job-Id': 't2', 'X-Garment-Mode-Used': 'full' } });
      }),
    );
    const answer = await client.tryOn({ person_image_url: '/p.jpg', garment_image_url: '/g.jpg' });
    expect(answer).toEqual({ result_url: `${BASE}/v1/results/t.jpg`, job_id: 't2', garment_mode_used: 'full' });
    expect(await seen[0].json()).toEqual({ person_image_url: '/p.jpg', garment_image_url: '/g.jpg' });
  });

  test('a completed try-on job says which kind it dressed', async () => {
    server.use(
      http.get(`${BASE}/v1/try-on/job/t3`, () =>
        HttpResponse.json({ job_id: 't3', status: 'completed', progress: 1, result_url: `${BASE}/v1/results/t.jpg`, garment_mode_used: 'lower' }),
      ),
    );
    expect(await client.getTryOnJob('t3')).toMatchObject({ status: 'completed', garment_mode_used: 'lower' });
  });

  test('generate-background and credits', async () => {
    server.use(
      http.post(`${BASE}/v1/generate-background`, async ({ request }) => {
        expect(await request.json()).toEqual({ image_url: '/shoe.png', scene: 'marble' });
        return HttpResponse.json({ result_url: `${BASE}/v1/results/g.jpg` });
      }),
      http.get(`${BASE}/v1/credits`, ({ request }) =>
        request.headers.get('x-api-key') === KEY
          ? HttpResponse.json({ credits_remaining: null, credits_used: 3, credits_budget: null })
          : HttpResponse.json({ error: 'bad key', error_code: 'invalid_auth_token' }, { status: 401 }),
      ),
    );
    expect(await client.generateBackground({ image_url: '/shoe.png', scene: 'marble' })).toEqual({ result_url: `${BASE}/v1/results/g.jpg` });
    expect(await client.credits()).toEqual({ credits_remaining: null, credits_used: 3, credits_budget: null });
    await expect(createClient({ apiKey: 'wrong', baseUrl: BASE }).credits()).rejects.toMatchObject({ status: 401, code: 'invalid_auth_token' });
  });

  test('outside a page, baseUrl is required', () => {
    expect(() => createClient({ apiKey: KEY })).toThrow('baseUrl is required');
  });
});
