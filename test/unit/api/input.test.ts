// URL inputs whose host accepts the connection and then never answers (no
// headers, or headers and then no more of the body): the route gives up after
// the deadline with 400 malformed_image and releases any credit it held. The
// deadline is shortened here; the app's is 30 s.
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { URL_INPUT_TIMEOUT_MS } from '../../../src/api/input';
import { createHarness, errorOf, pngBytes, type Harness } from '../../support/api-harness';

/** Sends the first bytes of a body, then nothing more, never closing. */
function stalledBody(head: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(head);
    },
  });
}

let png: Uint8Array;
const server = setupServer(
  http.get('https://slow.test/no-answer.png', async () => {
    await delay('infinite');
  }),
  http.get('https://slow.test/half-body.png', () => new HttpResponse(stalledBody(png.slice(0, 100)), { headers: { 'Content-Type': 'image/png' } })),
  http.get('https://slow.test/no-answer.mp4', async () => {
    await delay('infinite');
  }),
  http.get('https://images.test/person.png', () => new HttpResponse(png as BodyInit, { headers: { 'Content-Type': 'image/png' } })),
);

beforeAll(async () => {
  png = await pngBytes(96, 96);
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const DEADLINE_MS = 150;
let h: Harness;
beforeEach(async () => {
  h = await createHarness();
  h.deps.inputs.timeoutMs = DEADLINE_MS;
  await h.db.keys.update(h.keyId, { budget: 100 });
});

async function nothingHeldOrCharged(): Promise<void> {
  expect(await h.db.credits.held(h.keyId, h.clock.now())).toBe(0);
  expect((await h.db.keys.get(h.keyId))?.spent).toBe(0);
}

test('the deadline is 30 s', () => {
  expect(URL_INPUT_TIMEOUT_MS).toBe(30_000);
});

describe('a host that never answers: 400 malformed_image once the deadline passes, the hold released', () => {
  test.each([
    ['no response at all', 'https://slow.test/no-answer.png'],
    ['headers, then the body stops', 'https://slow.test/half-body.png'],
  ])('remove-background, %s', async (_, url) => {
    const started = Date.now();
    const response = await h.call('/v1/remove-background', { json: { image_url: url } });
    expect(Date.now() - started).toBeLessThan(DEADLINE_MS + 2000);
    const error = await errorOf(response);
    expect(error).toMatchObject({ status: 400, code: 'malformed_image' });
    expect(error.message).toBe(`image_url: the image host did not answer within ${DEADLINE_MS / 1000} s`);
    expect(response.headers.get('x-credits-charged')).toBe('0');
    expect(h.tasks).toHaveLength(0);
    await nothingHeldOrCharged();
  });

  test('generate-background', async () => {
    const response = await h.call('/v1/generate-background', { json: { image_url: 'https://slow.test/no-answer.png' } });
    expect(await errorOf(response)).toMatchObject({ status: 400, code: 'malformed_image' });
    await nothingHeldOrCharged();
  });

  test('try-on, a garment URL that never answers: no job is queued', async () => {
    const response = await h.call('/v1/try-on', {
      json: { person_image_url: 'https://images.test/person.png', garment_image_url: 'https://slow.test/half-body.png', wait_for_result: false },
    });
    const error = await errorOf(response);
    expect(error).toMatchObject({ status: 400, code: 'malformed_image' });
    expect(error.message).toContain('garment_image_url: the image host did not answer within');
    expect(await h.db.jobs.withStatus('pending')).toEqual([]);
    await nothingHeldOrCharged();
  });

  test('video: no job is queued', async () => {
    const response = await h.call('/v1/video/remove-background', { json: { video_url: 'https://slow.test/no-answer.mp4' } });
    const error = await errorOf(response);
    expect(error).toMatchObject({ status: 400, code: 'malformed_image' });
    expect(error.message).toBe(`video_url: the video host did not answer within ${DEADLINE_MS / 1000} s`);
    expect(await h.db.jobs.withStatus('pending')).toEqual([]);
    await nothingHeldOrCharged();
  });
});
