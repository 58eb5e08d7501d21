// The one clock that expiry is measured by, in the service worker and in every
// page. In test builds it can be moved forward (to see results and jobs
// expire); the shift is broadcast, so every context of the app keeps the same time.

export interface Clock {
  now(): number;
}

const CLOCK_CHANNEL = 'cutout-clock';

let offsetMs = 0;

export const appClock: Clock = { now: () => Date.now() + offsetMs };

if (__TEST_HOOKS__ && typeof BroadcastChannel !== 'undefined') {
  new BroadcastChannel(CLOCK_CHANNEL).onmessage = (event: MessageEvent<{ offsetMs: number }>) => {
    offsetMs = event.data.offsetMs;
  };
}

/** Test builds only: moves the app's clock `ms` ahead of real time, here and in every other context. */
export function shiftClock(ms: number): void {
  if (!__TEST_HOOKS__) return;
  offsetMs = ms;
  const channel = new BroadcastChannel(CLOCK_CHANNEL);
  channel.postMessage({ offsetMs: ms });
  channel.close();
}
