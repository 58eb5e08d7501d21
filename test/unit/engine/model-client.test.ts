// A task worker's model client before its first port to the model host: a
// request waits for the port (it may still be on its way) and is answered once
// it comes; one that waits CONNECT_WAIT_MS is answered 503 engine_unavailable,
// never left waiting and never a 500.
import { afterEach, beforeEach, expect, test, vi } from 'vitest';

type ModelClient = typeof import('../../../src/engine/model-client');
let client: ModelClient;

beforeEach(async () => {
  // The client keeps its port in module state: a fresh module per test.
  vi.resetModules();
  client = await import('../../../src/engine/model-client');
});

afterEach(() => vi.useRealTimers());

/** A model host stand-in on the other end of a channel: answers every request with a mask of ones. */
function modelHost(): MessagePort {
  const { port1, port2 } = new MessageChannel();
  port2.onmessage = (event) => {
    const { id, side } = event.data as { id: number; side: number };
    const mask = new Float32Array(side * side).fill(1);
    port2.postMessage({ type: 'done', id, engine: 'stand-in', mask }, [mask.buffer]);
  };
  return port1;
}

test('a request sent before the port arrives is answered once it does', async () => {
  const answer = client.segment(new Float32Array(3 * 4 * 4), 4);
  await new Promise((resolve) => setTimeout(resolve, 30));
  const port = modelHost();
  client.connectModel(port);
  const mask = await answer;
  expect([mask.width, mask.height, mask.data.length]).toEqual([4, 4, 16]);
  expect(client.engineLabel()).toBe('stand-in');
  port.close();
});

test('a request that finds no model host for CONNECT_WAIT_MS answers 503 engine_unavailable', async () => {
  vi.useFakeTimers();
  const answer = client.segment(new Float32Array(3 * 4 * 4), 4);
  const settled = expect(answer).rejects.toMatchObject({ code: 'engine_unavailable', status: 503, headers: { 'Retry-After': '5' } });
  await vi.advanceTimersByTimeAsync(client.CONNECT_WAIT_MS);
  await settled;
});
