// The success paths of POST /v1/remove-background and what they leave behind:
// results, credits, the options handed to the engine.
import { beforeEach, describe, expect, test } from 'vitest';
import { DEFAULT_SHADOW } from '../../../src/features/remove-background/shared/meta';
import { createHarness, errorOf, pngBytes, pngDataUrl, type Harness } from '../../support/api-harness';
import type { RemoveBackgroundArgs } from '../../../src/features/remove-background/shared/tasks';

let h: Harness;
let image: string;
beforeEach(async () => {
  h = await createHarness();
  image = await pngDataUrl(120, 90);
});

describe('answers', () => {
  test('JSON with an absolute result_url by default; the result is served as PNG without a key', async () => {
    const response = await h.call('/v1/remove-background', { json: { image_url: image } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('x-credits-charged')).toBe('1');
    const { result_url } = (await response.json()) as { result_url: string };
    expect(result_url).toMatch(/^http:\/\/studio\.test\/v1\/results\/[A-Za-z0-9_-]{22}\.png$/);
    const result = await h.call(new URL(result_url).pathname, { headers: { 'x-api-key': '' } });
    expect(result.status).toBe(200);
    expect(result.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await result.arrayBuffer()).slice(1, 4)).toEqual(new TextEncoder().encode('PNG'));
  });

  test.each(['image/*', 'image/png', 'image/png, application/json;q=0.5'])('Accept: %s returns the PNG bytes', async (accept) => {
    const response = await h.call('/v1/remove-background', { json: { image_url: image }, headers: { accept } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('x-result-url')).toMatch(/\/v1\/results\//);
  });

  test.each(['application/json', '*/*', 'image/*;q=0.5, application/json'])('Accept: %s returns JSON', async (accept) => {
    const response = await h.call('/v1/remove-background', { json: { image_url: image }, headers: { accept } });
    expect(response.headers.get('content-type')).toBe('application/json');
  });

  test('results answer Range requests (for <video> seeking) and HEAD', async () => {
    const { result_url } = (await (await h.call('/v1/remove-background', { json: { image_url: image } })).json()) as { result_url: string };
    const path = new URL(result_url).pathname;
    const partial = await h.call(path, { headers: { range: 'bytes=0-7' } });
    expect(partial.status).toBe(206);
    expect(partial.headers.get('content-range')).toMatch(/^bytes 0-7\/\d+$/);
    expect((await partial.arrayBuffer()).byteLength).toBe(8);
    const head = await h.call(path, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(8);
  });

  test('a result named in any script downloads under its name (RFC 6266 filename*)', async () => {
    const { saveResult } = await import('../../../src/api/results');
    const record = await saveResult(h.deps, {
      blob: new Blob([(await pngBytes(8, 8)) as BlobPart]),
      contentType: 'image/png',
      ext: 'png',
      route: '/v1/remove-background',
      keyId: null,
      lifetimeMs: 60_000,
      label: '写真 «été»',
    });
    const response = await h.call(`/v1/results/${record.id}.png`);
    expect(response.status).toBe(200);
    const disposition = response.headers.get('content-disposition')!;
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent('写真 «été».png')}`);
    expect(disposition).toMatch(/^inline; filename="[\x20-\x7e]+";/);
  });

  test('a path with a malformed % escape is 404, not 500', async () => {
    expect(await errorOf(await h.call('/v1/video/job/%E0%A4%A'))).toMatchObject({ status: 404, code: 'not_found' });
    expect(await errorOf(await h.call('/v1/results/%zz.png'))).toMatchObject({ status: 404, code: 'not_found' });
  });

  test('results expire after one hour and are purged by the sweep', async () => {
    await h.call('/v1/remove-background', { json: { image_url: image } });
    expect(await h.db.results.purgeExpired(h.clock.now())).toBe(0);
    h.clock.time += 60 * 60 * 1000 + 1;
    expect(await h.db.results.purgeExpired(h.clock.now())).toBe(1);
    expect(await h.db.results.list()).toHaveLength(0);
  });
});

describe('inputs', () => {
  test('a result URL can be the input of the next call', async () => {
    const { result_url } = (await (await h.call('/v1/remove-background', { json: { image_url: image } })).json()) as { result_url: string };
    const second = await h.call('/v1/remove-background', { json: { image_url: result_url } });
    expect(second.status).toBe(200);
  });

  test('multipart: the file wins over the URL, booleans and shadow arrive as strings', async () => {
    const form = new FormData();
    form.append('image', new Blob([(await pngBytes(80, 80)) as BlobPart], { type: 'image/png' }), 'shoe.png');
    form.append('image_url', 'https://images.test/never-fetched.png');
    form.append('crop', 'true');
    form.append('margin', '10px');
    form.append('shadow', JSON.stringify({ enabled: true, opacity: 0.25 }));
    const response = await h.call('/v1/remove-background', { method: 'POST', body: form });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-credits-charged')).toBe('4');
    const task = h.tasks[0].args as RemoveBackgroundArgs;
    expect(task.input.size).toBeGreaterThan(0);
    expect(task.options.crop).toBe(true);
    expect(task.options.margins.left).toEqual({ unit: 'px', value: 10 });
    expect(task.options.shadow?.opacity).toBe(0.25);
  });

  test('unknown fields are ignored', async () => {
    expect((await h.call('/v1/remove-background', { json: { image_url: image, size: 'full', channels: 'rgba' } })).status).toBe(200);
  });
});

describe('options', () => {
  test('margins: side values override margin', async () => {
    await h.call('/v1/remove-background', { json: { image_url: image, crop: true, margin: '5%', margin_left: '12px' } });
    expect((h.tasks[0].args as RemoveBackgroundArgs).options.margins).toEqual({
      top: { unit: '%', value: 5 },
      right: { unit: '%', value: 5 },
      bottom: { unit: '%', value: 5 },
      left: { unit: 'px', value: 12 },
    });
  });

  test('shadow: true is the automatic shadow with the defaults', async () => {
    await h.call('/v1/remove-background', { json: { image_url: image, shadow: true } });
    expect((h.tasks[0].args as RemoveBackgroundArgs).options.shadow).toEqual(DEFAULT_SHADOW);
  });

  test('shadow: an object with a light source', async () => {
    await h.call('/v1/remove-background', {
      json: { image_url: image, shadow: { enabled: true, opacity: 0.8, light_source: { size: 0.6, position: { x: 0.5, y: -1, z: 1.2 } } } },
    });
    expect((h.tasks[0].args as RemoveBackgroundArgs).options.shadow).toEqual({ opacity: 0.8, lightSize: 0.6, light: { x: 0.5, y: -1, z: 1.2 } });
  });

  test('shadow with enabled: false costs nothing extra', async () => {
    const response = await h.call('/v1/remove-background', { json: { image_url: image, shadow: { enabled: false } } });
    expect(response.headers.get('x-credits-charged')).toBe('1');
    expect((h.tasks[0].args as RemoveBackgroundArgs).options.shadow).toBeNull();
  });
});

describe('credits', () => {
  test('charged on success, written to the ledger, reported by GET /v1/credits', async () => {
    await h.db.keys.update(h.keyId, { budget: 10 });
    await h.call('/v1/remove-background', { json: { image_url: image } });
    await h.call('/v1/remove-background', { json: { image_url: image, shadow: true } });
    const credits = (await (await h.call('/v1/credits')).json()) as Record<string, unknown>;
    expect(credits).toMatchObject({ credits_remaining: 5, credits_used: 5, credits_held: 0, credits_budget: 10 });
    expect(credits.ledger).toEqual([
      { route: '/v1/remove-background', credits: 1, at: '2026-11-21T12:00:00.000Z' },
      { route: '/v1/remove-background', credits: 4, at: '2026-11-21T12:00:00.000Z' },
    ]);
    expect((await h.db.credits.ledgerFor(h.keyId)).map((e) => e.credits)).toEqual([1, 4]);
  });

  test('a budget is never overspent: a running call holds its credits until it ends', async () => {
    let finish: () => void = () => {};
    const gate = new Promise<void>((resolve) => (finish = resolve));
    const held = await createHarness({ engineGate: gate });
    await held.db.keys.update(held.keyId, { budget: 1 });
    const first = held.call('/v1/remove-background', { json: { image_url: image } });
    await expect.poll(() => held.db.credits.held(held.keyId, held.clock.now())).toBe(1);
    expect(await errorOf(await held.call('/v1/remove-background', { json: { image_url: image } }))).toMatchObject({
      status: 403,
      code: 'insufficient_api_credits',
    });
    finish();
    expect((await first).status).toBe(200);
    expect(await held.db.credits.held(held.keyId, held.clock.now())).toBe(0);
    expect((await held.db.keys.get(held.keyId))?.spent).toBe(1);
  });

  test('a failed call releases its hold and is not charged', async () => {
    const failing = await createHarness({ engineFailure: new Error('boom') });
    await failing.db.keys.update(failing.keyId, { budget: 1 });
    expect((await failing.call('/v1/remove-background', { json: { image_url: image } })).status).toBe(500);
    expect(await failing.db.credits.held(failing.keyId, failing.clock.now())).toBe(0);
    expect((await failing.db.keys.get(failing.keyId))?.spent).toBe(0);
  });

  test('a key without a budget has no limit: credits_remaining is null', async () => {
    const credits = (await (await h.call('/v1/credits')).json()) as Record<string, unknown>;
    expect(credits.credits_remaining).toBeNull();
  });

  test('not charged when the call fails', async () => {
    await h.call('/v1/remove-background', { json: { image_url: 'data:text/plain,hello' } });
    expect((await h.db.keys.get(h.keyId))?.spent).toBe(0);
  });
});

describe('the output ceiling: at most 8000×8000 px, decided before the model runs', () => {
  test.each([
    // 120×90 input: the crop box is at most the input, plus the margins.
    ['margin "100000px"', { margin: '100000px' }, '200120×200090'],
    ['left and right margins over 7880 px together', { margin_left: '4000px', margin_right: '3881px' }, '8001×90'],
  ])('%s: 400 invalid_parameter naming the size, nothing run or charged', async (_, margins, size) => {
    const response = await h.call('/v1/remove-background', { json: { image_url: image, crop: true, ...margins } });
    const error = await errorOf(response);
    expect(error).toMatchObject({ status: 400, code: 'invalid_parameter' });
    expect(error.message).toContain(`up to ${size} px`);
    expect(error.message).toContain('8000×8000');
    expect(response.headers.get('x-credits-charged')).toBe('0');
    expect(h.tasks).toHaveLength(0);
    expect(await h.db.credits.held(h.keyId, h.clock.now())).toBe(0);
    expect((await h.db.keys.get(h.keyId))?.spent).toBe(0);
  });

  test('percent margins count at the input’s size: 49% a side of a 4100 px wide image is over', async () => {
    const wide = await pngDataUrl(4100, 64);
    const error = await errorOf(await h.call('/v1/remove-background', { json: { image_url: wide, crop: true, margin: '49%' } }));
    expect(error).toMatchObject({ status: 400, code: 'invalid_parameter' });
    expect(error.message).toContain('up to 8118×126 px');
    expect(h.tasks).toHaveLength(0);
  });

  test('exactly 8000 px wide is allowed', async () => {
    const response = await h.call('/v1/remove-background', { json: { image_url: image, crop: true, margin_left: '3940px', margin_right: '3940px' } });
    expect(response.status).toBe(200);
  });

  test('margins are ignored without crop, so they cannot refuse the call', async () => {
    const response = await h.call('/v1/remove-background', { json: { image_url: image, margin: '100000px' } });
    expect(response.status).toBe(200);
  });
});
