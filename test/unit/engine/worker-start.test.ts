// A worker's messages wait until it says it listens: what is sent before then
// (a port, the first call) arrives after, in order and with its transfers, and
// the announcement itself reaches no other listener. A worker stand-in on a
// MessageChannel plays an engine that drops whatever comes before it listens.
import * as Comlink from 'comlink';
import { expect, test } from 'vitest';
import { startWorker, WORKER_READY } from '../../../src/engine/worker-start';

/** A stand-in whose listener is installed only when `listen` is called; earlier messages are dropped. */
function lateWorker() {
  const { port1, port2 } = new MessageChannel();
  const received: unknown[] = [];
  let listening = false;
  port2.onmessage = (event) => {
    if (listening) received.push(event.data);
  };
  const worker = Object.assign(port1, { terminate: () => (port1.close(), port2.close()) }) as unknown as Worker;
  return {
    worker,
    received,
    port2,
    listen() {
      listening = true;
      port2.postMessage({ type: WORKER_READY });
    },
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

test('messages sent before the worker listens are held, then sent in order with their transfers', async () => {
  const late = lateWorker();
  const started = startWorker(late.worker);
  const buffer = new Uint8Array([1, 2, 3]).buffer;
  started.postMessage({ n: 1 });
  started.postMessage({ n: 2, buffer }, [buffer]);
  await tick();
  expect(late.received).toEqual([]);
  late.listen();
  await started.ready;
  started.postMessage({ n: 3 });
  await tick();
  expect(late.received.map((m) => (m as { n: number }).n)).toEqual([1, 2, 3]);
  expect(new Uint8Array((late.received[1] as { buffer: ArrayBuffer }).buffer)).toEqual(new Uint8Array([1, 2, 3]));
  started.terminate();
});

test('the announcement reaches no listener of the starting side', async () => {
  const late = lateWorker();
  const started = startWorker(late.worker);
  const seen: unknown[] = [];
  started.addEventListener('message', (event) => seen.push((event as MessageEvent).data));
  late.listen();
  await started.ready;
  late.port2.postMessage({ hello: true });
  await tick();
  expect(seen).toEqual([{ hello: true }]);
  started.terminate();
});

test('a Comlink remote over a started worker waits for it: a call made at once is answered', async () => {
  const { port1, port2 } = new MessageChannel();
  const worker = Object.assign(port1, { terminate: () => (port1.close(), port2.close()) }) as unknown as Worker;
  const started = startWorker(worker);
  const remote = Comlink.wrap<{ add(a: number, b: number): number }>(started);
  const answer = remote.add(2, 3);
  // The worker's module finishes loading only now; what arrived before went nowhere.
  port2.onmessage = () => {};
  await tick();
  Comlink.expose({ add: (a: number, b: number) => a + b }, port2);
  port2.postMessage({ type: WORKER_READY });
  await expect(answer).resolves.toBe(5);
  started.terminate();
});
