// GET /v1/credits: what the calling key has left, and what it was charged for.
// A key without a budget has no limit, shown as null (JSON has no infinity).
import type { ApiRoute } from './context';
import { callerKey } from './context';
import { creditsRemaining } from './credits';
import { jsonResponse } from './respond';

const LEDGER_LINES = 50;

/** The body of GET /v1/credits, as the route writes it and the client reads it. */
export interface Credits {
  /** null: the key has no limit. */
  credits_remaining: number | null;
  credits_used: number;
  /** Held by calls and jobs still running: not spent, not available either. */
  credits_held: number;
  credits_budget: number | null;
  /** The latest charges, newest first. */
  ledger: Array<{ route: string; credits: number; at: string }>;
}

export const creditsRoute: ApiRoute = {
  method: 'GET',
  pattern: '/v1/credits',
  produces: ['application/json'],
  auth: 'key',
  async handle(context) {
    const { db, clock } = context.deps;
    const key = (await db.keys.get(callerKey(context).id)) ?? callerKey(context);
    const held = await db.credits.held(key.id, clock.now());
    const ledger = (await db.credits.ledgerFor(key.id)).sort((a, b) => b.at - a.at).slice(0, LEDGER_LINES);
    const body: Credits = {
      credits_remaining: creditsRemaining(key, held),
      credits_used: key.spent,
      credits_held: held,
      credits_budget: key.budget,
      ledger: ledger.map((entry) => ({ route: entry.route, credits: entry.credits, at: new Date(entry.at).toISOString() })),
    };
    return jsonResponse(body);
  },
};
