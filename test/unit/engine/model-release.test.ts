// The model's memory goes back when the app does not need it: hidden for
// HIDDEN_MS with the model idle, or idle IDLE_MS in view; never while the
// model has work, and not again once there is nothing held.
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { HIDDEN_MS, IDLE_MS, ModelRelease, type PageVisibility } from '../../../src/engine/model-release';

let hidden = false;
let notify = () => {};
const page: PageVisibility = {
  hidden: () => hidden,
  onChange(listener) {
    notify = listener;
    return () => {};
  },
};
/** The model host stand-in: when it last worked, whether it holds a session, and what released it. */
const model = { lastWork: 0, busy: false, holding: true, released: [] as string[] };
const releasable = {
  idleFor: async () => (!model.holding ? null : model.busy ? 0 : Date.now() - model.lastWork),
  release: (reason: string) => {
    model.released.push(reason);
    model.holding = false;
  },
};

let release: ModelRelease;
beforeEach(() => {
  // Date.now moves with the fake timers: the release's clock and the model's.
  vi.useFakeTimers({ now: 0 });
  hidden = false;
  Object.assign(model, { lastWork: 0, busy: false, holding: true, released: [] });
  release = new ModelRelease(releasable, page, () => Date.now(), { checkEveryMs: 1000 });
});
afterEach(() => {
  release.stop();
  vi.useRealTimers();
});

const pass = (ms: number) => vi.advanceTimersByTimeAsync(ms);

test('hidden with the model idle: released after HIDDEN_MS, not before', async () => {
  await pass(2000);
  hidden = true;
  notify();
  await pass(HIDDEN_MS - 2000);
  expect(model.released).toEqual([]);
  await pass(2000);
  expect(model.released).toEqual(['the app is in the background']);
});

test('hidden while the model works (a video job): kept; released once it has been idle long enough', async () => {
  hidden = true;
  notify();
  model.busy = true;
  await pass(HIDDEN_MS * 3);
  expect(model.released).toEqual([]);
  model.busy = false;
  model.lastWork = Date.now();
  await pass(HIDDEN_MS - 1000);
  expect(model.released).toEqual([]);
  await pass(2000);
  expect(model.released).toHaveLength(1);
});

test('in view: released only after IDLE_MS without work; shown again, the hidden clock starts over', async () => {
  hidden = true;
  notify();
  await pass(HIDDEN_MS / 2);
  hidden = false;
  notify();
  model.lastWork = Date.now();
  await pass(HIDDEN_MS * 2);
  expect(model.released).toEqual([]);
  await pass(IDLE_MS);
  expect(model.released).toEqual(['the model was idle for 5 min']);
});

test('nothing held (a fresh model host): nothing to release, however long', async () => {
  model.holding = false;
  hidden = true;
  notify();
  await pass(IDLE_MS * 2);
  expect(model.released).toEqual([]);
});
