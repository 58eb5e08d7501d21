// The model host's downloads: one that stops sending is cancelled and fetched
// again, and a file whose every download stalls fails with a message, instead
// of leaving the engine "Downloading model 9 %" for ever.
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { keptOrFetched } from '../../../../src/engine/model/model-files';

const STALL_MS = 100;
const FILE = Uint8Array.from({ length: 5000 }, (_, i) => i % 251);

/** Sends the first bytes of a body, then nothing more, never closing. */
function stalledBody(head: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(head);
    },
  });
}

let requests = 0;
const answer = (stalls: number) => () => {
  requests++;
  const headers = { 'Content-Length': String(FILE.byteLength), 'Content-Type': 'application/octet-stream' };
  return requests <= stalls ? new HttpResponse(stalledBody(FILE.slice(0, 700)), { headers }) : new HttpResponse(FILE.slice() as BodyInit, { headers });
};
const server = setupServer(http.get('https://app.test/models/once.bin', answer(1)), http.get('https://app.test/models/never.bin', answer(Infinity)));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  requests = 0;
  // A worker's global: its location resolves the model's URL; Node has no Cache Storage.
  vi.stubGlobal('self', { location: new URL('https://app.test/') });
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

test('a download that stops sending is fetched again, and the file arrives whole', async () => {
  const progress: number[] = [];
  const { bytes, fromCache } = await keptOrFetched('/models/once.bin', (p) => progress.push(p.loaded), STALL_MS);
  expect(fromCache).toBe(false);
  expect(bytes).toEqual(FILE);
  expect(requests).toBe(2);
  // The stalled attempt reported its first bytes; the second started again from nothing.
  expect(progress[0]).toBe(700);
  expect(progress.at(-1)).toBe(FILE.byteLength);
  expect(console.warn).toHaveBeenCalledWith(expect.stringMatching(/once\.bin stalled \(no data for 0 s\); fetching it again/));
});

test('a file whose every download stalls fails after three, saying so', async () => {
  await expect(keptOrFetched('/models/never.bin', () => {}, STALL_MS)).rejects.toThrow(/could not load \/models\/never\.bin: 3 downloads stalled/);
  expect(requests).toBe(3);
});
