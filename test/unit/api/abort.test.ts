// A caller that aborts its request (AbortController): whatever the route was
// waiting for (an input download, the engine, a try-on job), the credits it
// held are released at once and nothing is charged.
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createHarness, pngBytes, type Harness } from '../../support/api-harness';

let png: Uint8Array;
const server = setupServer(
  http.get('https://slow.test/no-answer.png', async () => {
    await delay('infinite');
  }),
  http.get('https://images.test/shoe.png', () => new HttpResponse(png as BodyInit, { headers: { 'Content-Type': 'image/png' } })),
);

beforeAll(async () => {
  png = await pngBytes(96, 96);
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** The engine never answers on its own: only the test opens this gate. */
let openGate: () => void = () => {};
let h: Harness;
beforeEach(async () => {
  h = await createHarness({ engineGate: new Promise<void>((resolve) => (openGate = resolve)) });
  await h.db.keys.update(h.keyId, { budget: 100 });
});
afterEach(() => openGate());

const held = () => h.db.credits.held(h.keyId, h.clock.now());
const spent = async () => (await h.db.keys.get(h.keyId))?.spent;

describe('an aborted call releases its hold at once and is not charged', () => {
  test('remove-background, aborted while the engine works', async () => {
    const caller = new AbortController();
    const call = h.call('/v1/remove-background', { json: { image_url: 'https://images.test/shoe.png', shadow: true }, signal: caller.signal });
    await expect.poll(held).toBe(4);
    await expect.poll(() => h.tasks.length).toBe(1);
    caller.abort();
    // The engine has not answered: the hold goes without waiting for it.
    await expect.poll(held, { timeout: 500 }).toBe(0);
    const response = await call;
    expect(response.ok).toBe(false);
    openGate();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await spent()).toBe(0);
    expect(await h.db.credits.ledgerFor(h.keyId)).toEqual([]);
  });

  test('remove-background, aborted while its image host has not answered', async () => {
    const caller = new AbortController();
    const call = h.call('/v1/remove-background', { json: { image_url: 'https://slow.test/no-answer.png' }, signal: caller.signal });
    await expect.poll(held).toBe(1);
    caller.abort();
    await expect.poll(held, { timeout: 500 }).toBe(0);
    expect((await call).ok).toBe(false);
    expect(h.tasks).toHaveLength(0);
    expect(await spent()).toBe(0);
  });

  test('try-on waiting for its result: the job is cancelled and its hold released', async () => {
    const caller = new AbortController();
    const call = h.call('/v1/try-on', {
      json: { person_image_url: 'https://images.test/shoe.png', garment_image_url: 'https://images.test/shoe.png' },
      signal: caller.signal,
    });
    await expect.poll(async () => (await h.db.jobs.withStatus('pending')).length).toBe(1);
    expect(await held()).toBe(5);
    caller.abort();
    await expect.poll(held, { timeout: 500 }).toBe(0);
    expect((await call).ok).toBe(false);
    const [job] = await h.db.jobs.withStatus('failed');
    expect(job.error?.error_code).toBe('job_cancelled');
    expect(await spent()).toBe(0);
  });

  test('a request aborted before it arrives holds nothing', async () => {
    const caller = new AbortController();
    caller.abort();
    const response = await h.call('/v1/remove-background', { json: { image_url: 'https://images.test/shoe.png' }, signal: caller.signal });
    expect(response.ok).toBe(false);
    expect(h.tasks).toHaveLength(0);
    expect(await held()).toBe(0);
    expect(await spent()).toBe(0);
  });
});
