// Credits: a key may have a budget. A call holds its cost in the store before
// any work (refused with 403 when the budget, less what running calls and jobs
// hold, cannot cover it), is charged when it succeeds and releases the hold
// when it fails, so a budget can never be overspent. A caller that aborts its
// request releases the hold at once and is charged nothing.
import { untilAborted } from './abort';
import { callerKey, type ApiContext } from './context';
import { randomToken } from './keys';
import type { KeyRecord } from '../store/schema';

/** How long a request's hold counts if nobody settles it (the SW was stopped mid-call). */
const REQUEST_HOLD_MS = 15 * 60 * 1000;

/** Credits a key has left; null when it has no budget. */
export function creditsRemaining(key: KeyRecord, held = 0): number | null {
  return key.budget === null ? null : Math.max(0, key.budget - key.spent - held);
}

/**
 * Runs `work` with `cost` credits held for the caller, and charges them when
 * the response it returns is a success. Sets X-Credits-Charged. When the
 * caller aborts, the wait for `work` ends there and the hold is released.
 */
export async function spendCredits(context: ApiContext, cost: number, work: () => Promise<Response>): Promise<Response> {
  const key = callerKey(context);
  const { db, clock } = context.deps;
  const id = randomToken();
  const at = clock.now();
  await db.credits.reserve({ id, keyId: key.id, credits: cost, at, expiresAt: at + REQUEST_HOLD_MS });
  let charged = 0;
  try {
    const response = await untilAborted(work(), context.request.signal);
    charged = response.ok ? cost : 0;
    response.headers.set('X-Credits-Charged', String(charged));
    return response;
  } finally {
    if (charged > 0) await db.credits.settle(id, key.id, context.url.pathname, charged, clock.now());
    else await db.credits.release(id);
  }
}
