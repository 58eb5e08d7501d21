// A per-key sliding-window limit of N requests per second. Pure: the caller
// keeps the state (the recent request times) and passes the clock.

export interface RateDecision {
  allowed: boolean;
  /** Seconds until a request would be allowed, when it is not. */
  retryAfterSeconds: number;
  recent: number[];
}

export function checkRate(recent: readonly number[], now: number, perSecond: number): RateDecision {
  const windowStart = now - 1000;
  const inWindow = recent.filter((t) => t > windowStart);
  if (inWindow.length < perSecond) {
    return { allowed: true, retryAfterSeconds: 0, recent: [...inWindow, now] };
  }
  const oldest = Math.min(...inWindow);
  return {
    allowed: false,
    retryAfterSeconds: Math.max(1, Math.ceil((oldest + 1000 - now) / 1000)),
    recent: inWindow,
  };
}
