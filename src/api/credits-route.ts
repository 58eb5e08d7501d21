// GET /v1/credits: what the calling key has left. A key without a budget has
// no limit, shown as null (JSON has no infinity).
import type { ApiRoute } from './context';
import { callerKey } from './context';
import { creditsRemaining } from './credits';
import { jsonResponse } from './respond';

export const creditsRoute: ApiRoute = {
  method: 'GET',
  pattern: '/v1/credits',
  produces: ['application/json'],
  auth: 'key',
  async handle(context) {
    const key = (await context.deps.store.getKey(callerKey(context).id)) ?? callerKey(context);
    return jsonResponse({
      credits_remaining: creditsRemaining(key),
      credits_used: key.spent,
      credits_budget: key.budget,
    });
  },
};
