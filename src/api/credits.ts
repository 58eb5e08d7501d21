// Credits: a key may have a budget; a call is refused (403) before any work when
// the budget, less what running calls have reserved, cannot cover it, and is
// charged only when it succeeds.
import { ApiError } from './errors';
import { callerKey, type ApiContext } from './context';
import type { KeyRecord } from '../store/schema';

/** Credits a key has left; null when it has no budget. */
export function creditsRemaining(key: KeyRecord, reserved = 0): number | null {
  return key.budget === null ? null : Math.max(0, key.budget - key.spent - reserved);
}

export function ensureAffordable(key: KeyRecord, reserved: number, cost: number): void {
  const remaining = creditsRemaining(key, reserved);
  if (remaining !== null && remaining < cost) {
    throw new ApiError('insufficient_api_credits', `this call costs ${cost} credits; the key has ${remaining} left`);
  }
}

/**
 * Runs `work` with `cost` credits reserved for the caller, and charges them when
 * the response it returns is a success. Sets X-Credits-Charged.
 */
export async function spendCredits(context: ApiContext, cost: number, work: () => Promise<Response>): Promise<Response> {
  const key = callerKey(context);
  const { reservedCredits, store, clock } = context.deps;
  const fresh = (await store.getKey(key.id)) ?? key;
  ensureAffordable(fresh, reservedCredits.get(key.id) ?? 0, cost);
  reservedCredits.set(key.id, (reservedCredits.get(key.id) ?? 0) + cost);
  try {
    const response = await work();
    const charged = response.ok ? cost : 0;
    if (charged > 0) await store.charge(key.id, context.url.pathname, charged, clock.now());
    response.headers.set('X-Credits-Charged', String(charged));
    return response;
  } finally {
    const left = (reservedCredits.get(key.id) ?? cost) - cost;
    if (left > 0) reservedCredits.set(key.id, left);
    else reservedCredits.delete(key.id);
  }
}
