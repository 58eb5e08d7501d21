// Every row of the error table in docs/api.md, through the real handler: status and error_code.
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { ApiError, toApiError } from '../../../src/api/errors';
import { createHarness, errorOf, pngBytes, pngDataUrl, type Harness } from '../../support/api-harness';

/** A PNG header that declares a size, without pixel data: limits are checked from the header. */
function pngHeaderOnly(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(64);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(bytes.buffer).setUint32(16, width);
  new DataView(bytes.buffer).setUint32(20, height);
  bytes[24] = 8;
  bytes[25] = 6;
  return bytes;
}

const server = setupServer(
  http.get('https://images.test/shoe.png', async () => new HttpResponse(await pngBytes(100, 80), { headers: { 'Content-Type': 'image/png' } })),
  http.get('https://images.test/missing.png', () => new HttpResponse('gone', { status: 404 })),
  http.get('https://images.test/no-cors.png', () => HttpResponse.error()),
  http.get('https://images.test/notes.txt', () => new HttpResponse('just some text', { headers: { 'Content-Type': 'text/plain' } })),
  http.get('https://images.test/empty.png', () => new HttpResponse(new Uint8Array(0), { headers: { 'Content-Type': 'image/png' } })),
  http.get('https://images.test/anim.gif', () => new HttpResponse(new TextEncoder().encode('GIF89a\x40\x00\x40\x00....'), { headers: { 'Content-Type': 'image/gif' } })),
  http.get('https://images.test/huge.png', () =>
    new HttpResponse(pngHeaderOnly(1000, 1000), { headers: { 'Content-Type': 'image/png', 'Content-Length': String(26_000_000) } }),
  ),
  http.get('https://images.test/huge-chunked.png', () => {
    const chunk = new Uint8Array(1_000_000);
    let sent = 0;
    const stream = new ReadableStream({
      pull(controller) {
        if (sent++ < 30) controller.enqueue(chunk);
        else controller.close();
      },
    });
    return new HttpResponse(stream, { headers: { 'Content-Type': 'image/png' } });
  }),
  http.get('https://images.test/wide.png', () => new HttpResponse(pngHeaderOnly(7000, 100), { headers: { 'Content-Type': 'image/png' } })),
  http.get('https://images.test/tiny.png', async () => new HttpResponse(await pngBytes(1, 1), { headers: { 'Content-Type': 'image/png' } })),
  http.get('https://images.test/thin.png', async () => new HttpResponse(await pngBytes(200, 63), { headers: { 'Content-Type': 'image/png' } })),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});

const removeBackground = (json: unknown, headers: Record<string, string> = {}) =>
  h.call('/v1/remove-background', { json, headers });

describe('400 invalid_request_body', () => {
  test.each([
    ['not JSON', '{"image_url": '],
    ['a JSON array', '["https://images.test/shoe.png"]'],
    ['JSON null', 'null'],
    ['a JSON string', '"hello"'],
  ])('body is %s', async (_, body) => {
    const response = await h.call('/v1/remove-background', { method: 'POST', body, headers: { 'content-type': 'application/json' } });
    expect(await errorOf(response)).toMatchObject({ status: 400, code: 'invalid_request_body' });
  });

  test('a multipart body that does not parse', async () => {
    const response = await h.call('/v1/remove-background', {
      method: 'POST',
      body: 'this is not a form',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
    });
    expect(await errorOf(response)).toMatchObject({ status: 400, code: 'invalid_request_body' });
  });
});

describe('400 missing_parameter', () => {
  test.each([
    ['/v1/remove-background without image_url', '/v1/remove-background', { crop: true }],
    ['/v1/remove-background with image_url null', '/v1/remove-background', { image_url: null }],
    ['/v1/generate-background without image_url', '/v1/generate-background', { scene: 'marble' }],
    ['/v1/video/remove-background without video_url', '/v1/video/remove-background', { output_format: 'gif' }],
    ['/v1/try-on without garment_image_url', '/v1/try-on', { person_image_url: 'https://images.test/shoe.png' }],
    ['shadow object without enabled', '/v1/remove-background', { image_url: 'https://images.test/shoe.png', shadow: { opacity: 0.3 } }],
  ])('%s', async (_, path, json) => {
    expect(await errorOf(await h.call(path, { json }))).toMatchObject({ status: 400, code: 'missing_parameter' });
  });
});

describe('400 invalid_parameter', () => {
  const url = 'https://images.test/shoe.png';
  test.each([
    ['image_url is a number', '/v1/remove-background', { image_url: 42 }],
    ['image_url has an unsupported scheme', '/v1/remove-background', { image_url: 'ftp://images.test/a.png' }],
    ['image_url is not a URL', '/v1/remove-background', { image_url: 'http://' }],
    ['image_url is empty', '/v1/remove-background', { image_url: '' }],
    ['format is jpg', '/v1/remove-background', { image_url: url, format: 'jpg' }],
    ['crop is a string in JSON', '/v1/remove-background', { image_url: url, crop: 'yes' }],
    ['margin over 49%', '/v1/remove-background', { image_url: url, crop: true, margin: '50%' }],
    ['margin negative', '/v1/remove-background', { image_url: url, crop: true, margin: '-5px' }],
    ['margin without unit', '/v1/remove-background', { image_url: url, crop: true, margin_left: '10' }],
    ['margin as a number', '/v1/remove-background', { image_url: url, crop: true, margin_top: 10 }],
    ['shadow a string', '/v1/remove-background', { image_url: url, shadow: 'soft' }],
    ['shadow opacity over 1', '/v1/remove-background', { image_url: url, shadow: { enabled: true, opacity: 1.5 } }],
    ['shadow light x out of range', '/v1/remove-background', { image_url: url, shadow: { enabled: true, light_source: { position: { x: 2 } } } }],
    ['shadow light z negative', '/v1/remove-background', { image_url: url, shadow: { enabled: true, light_source: { position: { z: -1 } } } }],
    ['transparent with mp4_h264', '/v1/video/remove-background', { video_url: url, background_color: 'transparent', output_format: 'mp4_h264' }],
    ['transparent with mkv_vp9', '/v1/video/remove-background', { video_url: url, background_color: 'transparent', output_format: 'mkv_vp9' }],
    ['background_color not a colour', '/v1/video/remove-background', { video_url: url, background_color: 'red' }],
    ['background_color #12345', '/v1/video/remove-background', { video_url: url, background_color: '#12345' }],
    ['unknown output_format', '/v1/video/remove-background', { video_url: url, output_format: 'avi_xvid' }],
    ['image_transform.scale over 2', '/v1/generate-background', { image_url: url, image_transform: { scale: 3 } }],
    ['image_transform not an object', '/v1/generate-background', { image_url: url, image_transform: [1, 2] }],
    ['unknown scene', '/v1/generate-background', { image_url: url, scene: 'beach' }],
    ['seed not an integer', '/v1/generate-background', { image_url: url, seed: 1.5 }],
    ['unknown garment_mode', '/v1/try-on', { person_image_url: url, garment_image_url: url, garment_mode: 'hat' }],
    ['wait_for_result a string', '/v1/try-on', { person_image_url: url, garment_image_url: url, wait_for_result: 'no' }],
  ])('%s', async (_, path, json) => {
    expect(await errorOf(await h.call(path, { json }))).toMatchObject({ status: 400, code: 'invalid_parameter' });
  });

  test('an input under 64×64 px (1×1)', async () => {
    const error = await errorOf(await removeBackground({ image_url: 'https://images.test/tiny.png' }));
    expect(error).toMatchObject({ status: 400, code: 'invalid_parameter' });
    expect(error.message).toContain('1×1');
  });

  test('an input with one side under 64 px', async () => {
    expect(await errorOf(await removeBackground({ image_url: 'https://images.test/thin.png' }))).toMatchObject({
      status: 400,
      code: 'invalid_parameter',
    });
  });
});

describe('400 unsupported_content_type', () => {
  test('text/plain', async () => {
    const response = await h.call('/v1/remove-background', { method: 'POST', body: '{}', headers: { 'content-type': 'text/plain' } });
    expect(await errorOf(response)).toMatchObject({ status: 400, code: 'unsupported_content_type' });
  });

  test('no Content-Type', async () => {
    const response = await h.call('/v1/remove-background', { method: 'POST', body: new Uint8Array([1, 2, 3]) });
    expect(await errorOf(response)).toMatchObject({ status: 400, code: 'unsupported_content_type' });
  });

  test('multipart on the video route, which takes JSON only', async () => {
    const form = new FormData();
    form.append('video_url', 'https://images.test/clip.mp4');
    const response = await h.call('/v1/video/remove-background', { method: 'POST', body: form });
    expect(await errorOf(response)).toMatchObject({ status: 400, code: 'unsupported_content_type' });
  });
});

describe('400 malformed_image', () => {
  test('the download fails with HTTP 404, and the message says so', async () => {
    const error = await errorOf(await removeBackground({ image_url: 'https://images.test/missing.png' }));
    expect(error).toMatchObject({ status: 400, code: 'malformed_image' });
    expect(error.message).toContain('HTTP 404');
  });

  test('the host does not allow the download (CORS), and the message says so', async () => {
    const error = await errorOf(await removeBackground({ image_url: 'https://images.test/no-cors.png' }));
    expect(error).toMatchObject({ status: 400, code: 'malformed_image' });
    expect(error.message).toMatch(/did not allow it \(CORS\)/);
  });

  test('the bytes are not an image (a text file)', async () => {
    const error = await errorOf(await removeBackground({ image_url: 'https://images.test/notes.txt' }));
    expect(error).toMatchObject({ status: 400, code: 'malformed_image' });
    expect(error.message).toContain('could not be decoded');
  });

  test('a 0-byte body', async () => {
    const error = await errorOf(await removeBackground({ image_url: 'https://images.test/empty.png' }));
    expect(error).toMatchObject({ status: 400, code: 'malformed_image' });
    expect(error.message).toContain('0 bytes');
  });

  test('a 0-byte multipart file', async () => {
    const form = new FormData();
    form.append('image', new Blob([]), 'empty.png');
    const error = await errorOf(await h.call('/v1/remove-background', { method: 'POST', body: form }));
    expect(error).toMatchObject({ status: 400, code: 'malformed_image' });
  });

  test('a data: URL that is not an image', async () => {
    const error = await errorOf(await removeBackground({ image_url: 'data:text/plain;base64,aGVsbG8=' }));
    expect(error).toMatchObject({ status: 400, code: 'malformed_image' });
  });

  test('an expired result URL used as input', async () => {
    const error = await errorOf(await removeBackground({ image_url: 'http://studio.test/v1/results/AAAAAAAAAAAAAAAAAAAAAA.png' }));
    expect(error).toMatchObject({ status: 400, code: 'malformed_image' });
  });
});

describe('400 unsupported_image_format', () => {
  test('a GIF', async () => {
    const error = await errorOf(await removeBackground({ image_url: 'https://images.test/anim.gif' }));
    expect(error).toMatchObject({ status: 400, code: 'unsupported_image_format' });
    expect(error.message).toContain('GIF');
  });

  test('a BMP upload', async () => {
    const bmp = new Uint8Array(64);
    bmp.set([0x42, 0x4d]);
    bmp[18] = 100;
    bmp[22] = 100;
    const form = new FormData();
    form.append('image', new Blob([bmp]), 'photo.bmp');
    const error = await errorOf(await h.call('/v1/remove-background', { method: 'POST', body: form }));
    expect(error).toMatchObject({ status: 400, code: 'unsupported_image_format' });
  });
});

describe('400 file_size_too_large / resolution_too_high', () => {
  test('a download declared over 25 MB', async () => {
    expect(await errorOf(await removeBackground({ image_url: 'https://images.test/huge.png' }))).toMatchObject({
      status: 400,
      code: 'file_size_too_large',
    });
  });

  test('a download that streams past 25 MB without a length', async () => {
    expect(await errorOf(await removeBackground({ image_url: 'https://images.test/huge-chunked.png' }))).toMatchObject({
      status: 400,
      code: 'file_size_too_large',
    });
  });

  test('an upload over 25 MB', async () => {
    const form = new FormData();
    form.append('image', new Blob([pngHeaderOnly(100, 100) as BlobPart, new Uint8Array(25_000_000)]), 'big.png');
    expect(await errorOf(await h.call('/v1/remove-background', { method: 'POST', body: form }))).toMatchObject({
      status: 400,
      code: 'file_size_too_large',
    });
  });

  test('7000 px wide is over the 6000 px limit', async () => {
    const error = await errorOf(await removeBackground({ image_url: 'https://images.test/wide.png' }));
    expect(error).toMatchObject({ status: 400, code: 'resolution_too_high' });
    expect(error.message).toContain('7000×100');
  });
});

describe('400 unknown_foreground', () => {
  test('the engine finds no subject', async () => {
    h = await createHarness({ engineFailure: new ApiError('unknown_foreground', 'no subject was found in the image') });
    expect(await errorOf(await removeBackground({ image_url: 'https://images.test/shoe.png' }))).toMatchObject({
      status: 400,
      code: 'unknown_foreground',
    });
  });
});

describe('401 invalid_auth_token', () => {
  test('no X-API-KEY', async () => {
    const request = new Request('http://studio.test/v1/credits');
    const { handleApiRequest } = await import('../../../src/api/handle');
    const { apiRoutes } = await import('../../../src/sw/routes');
    expect(await errorOf(await handleApiRequest(request, apiRoutes, h.deps))).toMatchObject({ status: 401, code: 'invalid_auth_token' });
  });

  test('an unknown key', async () => {
    expect(await errorOf(await h.call('/v1/credits', { headers: { 'x-api-key': 'cs_not-a-key' } }))).toMatchObject({
      status: 401,
      code: 'invalid_auth_token',
    });
  });

  test('a revoked key', async () => {
    await h.db.keys.update(h.keyId, { revokedAt: h.clock.now() });
    expect(await errorOf(await h.call('/v1/credits'))).toMatchObject({ status: 401, code: 'invalid_auth_token' });
  });
});

describe('403 insufficient_api_credits', () => {
  test('a budget of 0', async () => {
    await h.db.keys.update(h.keyId, { budget: 0 });
    expect(await errorOf(await removeBackground({ image_url: 'https://images.test/shoe.png' }))).toMatchObject({
      status: 403,
      code: 'insufficient_api_credits',
    });
    expect(h.tasks).toHaveLength(0);
  });

  test('a budget of 3 cannot pay for a shadow (1 + 3)', async () => {
    await h.db.keys.update(h.keyId, { budget: 3 });
    const response = await removeBackground({ image_url: 'https://images.test/shoe.png', shadow: true });
    expect(await errorOf(response)).toMatchObject({ status: 403, code: 'insufficient_api_credits' });
    expect(response.headers.get('x-credits-charged')).toBe('0');
  });
});

describe('404 not_found', () => {
  test.each([
    ['an unknown route', '/v1/remove-backgrounds'],
    ['an unknown video job', '/v1/video/remove-background/job/7b0c6a43-5a1e-4b55-9a5e-2c2f0a6a1c11'],
    ['an unknown video job on the alias', '/v1/video/job/nope'],
    ['an unknown try-on job', '/v1/try-on/job/nope'],
    ['an unknown result', '/v1/results/AAAAAAAAAAAAAAAAAAAAAA.png'],
  ])('%s', async (_, path) => {
    expect(await errorOf(await h.call(path))).toMatchObject({ status: 404, code: 'not_found' });
  });

  test('an expired result', async () => {
    const response = await removeBackground({ image_url: await pngDataUrl(100, 100) });
    const { result_url } = (await response.json()) as { result_url: string };
    const path = new URL(result_url).pathname;
    expect((await h.call(path)).status).toBe(200);
    h.clock.time += 60 * 60 * 1000;
    expect(await errorOf(await h.call(path))).toMatchObject({ status: 404, code: 'not_found' });
  });
});

describe('405 method_not_allowed', () => {
  test('GET on remove-background says which method to use', async () => {
    const response = await h.call('/v1/remove-background');
    expect(await errorOf(response)).toMatchObject({ status: 405, code: 'method_not_allowed' });
    expect(response.headers.get('allow')).toBe('POST');
  });

  test('POST on credits', async () => {
    expect(await errorOf(await h.call('/v1/credits', { json: {} }))).toMatchObject({ status: 405, code: 'method_not_allowed' });
  });

  test('DELETE on a result', async () => {
    expect(await errorOf(await h.call('/v1/results/abc.png', { method: 'DELETE' }))).toMatchObject({
      status: 405,
      code: 'method_not_allowed',
    });
  });
});

describe('406 not_acceptable', () => {
  test('remove-background with Accept: text/html', async () => {
    expect(await errorOf(await removeBackground({ image_url: 'https://images.test/shoe.png' }, { accept: 'text/html' }))).toMatchObject({
      status: 406,
      code: 'not_acceptable',
    });
  });

  test('remove-background with Accept: image/jpeg (it makes PNGs)', async () => {
    expect(await errorOf(await removeBackground({ image_url: 'https://images.test/shoe.png' }, { accept: 'image/jpeg' }))).toMatchObject({
      status: 406,
      code: 'not_acceptable',
    });
  });

  test('the video route with Accept: image/png', async () => {
    const response = await h.call('/v1/video/remove-background', {
      json: { video_url: 'https://images.test/clip.mp4' },
      headers: { accept: 'image/png' },
    });
    expect(await errorOf(response)).toMatchObject({ status: 406, code: 'not_acceptable' });
  });
});

describe('429 rate_limit_exceeded', () => {
  test('over the key limit, with Retry-After', async () => {
    await h.db.keys.update(h.keyId, { ratePerSecond: 2 });
    expect((await h.call('/v1/credits')).status).toBe(200);
    expect((await h.call('/v1/credits')).status).toBe(200);
    const third = await h.call('/v1/credits');
    expect(await errorOf(third)).toMatchObject({ status: 429, code: 'rate_limit_exceeded' });
    expect(third.headers.get('retry-after')).toBe('1');
    h.clock.time += 1001;
    expect((await h.call('/v1/credits')).status).toBe(200);
  });

  test('no limit by default', async () => {
    for (let i = 0; i < 20; i++) expect((await h.call('/v1/credits')).status).toBe(200);
  });
});

describe('500 unexpected_error', () => {
  test('the engine fails in a way we did not foresee: the body says what failed, nothing is charged', async () => {
    h = await createHarness({ engineFailure: new TypeError('out of memory') });
    const response = await removeBackground({ image_url: 'https://images.test/shoe.png' });
    const error = await errorOf(response);
    expect(error).toMatchObject({ status: 500, code: 'unexpected_error' });
    expect(error.message).toContain('out of memory');
    expect(response.headers.get('x-credits-charged')).toBe('0');
    expect((await h.db.keys.get(h.keyId))?.spent).toBe(0);
  });
});

describe('503 engine_unavailable', () => {
  test('no engine can take the call (no window open, or its model host not started): 503 with Retry-After, nothing held or charged', async () => {
    // As the service worker gets it from a window: a plain error, made an ApiError again.
    h = await createHarness({ engineFailure: toApiError({ code: 'engine_unavailable', message: 'the model host did not connect within 30 s' }, 'engine') });
    const response = await removeBackground({ image_url: 'https://images.test/shoe.png' });
    expect(await errorOf(response)).toMatchObject({ status: 503, code: 'engine_unavailable' });
    expect(response.headers.get('retry-after')).toBe('5');
    expect(response.headers.get('x-credits-charged')).toBe('0');
    expect((await h.db.keys.get(h.keyId))?.spent).toBe(0);
    expect(await h.db.credits.held(h.keyId, h.clock.now())).toBe(0);
  });
});

describe('try-on queues a job (no route answers 501)', () => {
  const url = 'https://images.test/shoe.png';

  test('wait_for_result false: 202 with a job that is pending, 5 credits held, nothing charged yet', async () => {
    const response = await h.call('/v1/try-on', { json: { person_image_url: url, garment_image_url: url, wait_for_result: false } });
    expect(response.status).toBe(202);
    const { job_id } = (await response.json()) as { job_id: string };
    expect(response.headers.get('location')).toBe(`/v1/try-on/job/${job_id}`);
    const job = await h.call(`/v1/try-on/job/${job_id}`);
    expect(await job.json()).toEqual({ job_id, status: 'pending', progress: 0 });
    expect(await h.db.credits.held(h.keyId, h.clock.now())).toBe(5);
    expect((await h.db.keys.get(h.keyId))?.spent).toBe(0);
  });

  test('a key that cannot cover 5 credits gets 403 before anything is queued', async () => {
    await h.db.keys.update(h.keyId, { budget: 4 });
    const response = await h.call('/v1/try-on', { json: { person_image_url: url, garment_image_url: url, wait_for_result: false } });
    expect(await errorOf(response)).toMatchObject({ status: 403, code: 'insufficient_api_credits' });
    expect(await h.db.jobs.withStatus('pending')).toEqual([]);
  });

  test('a garment that is not an image: 400 malformed_image, no job, the hold released', async () => {
    const response = await h.call('/v1/try-on', {
      json: { person_image_url: url, garment_image_url: 'data:image/png;base64,AAAA', wait_for_result: false },
    });
    expect(await errorOf(response)).toMatchObject({ status: 400, code: 'malformed_image' });
    expect(await h.db.jobs.withStatus('pending')).toEqual([]);
    expect(await h.db.credits.held(h.keyId, h.clock.now())).toBe(0);
  });
});
