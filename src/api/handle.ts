// The front door of /v1: route, authenticate, negotiate, rate-limit, then hand
// over to the route. Every failure becomes the contract's error body.
import { ApiError, toApiError } from './errors';
import type { ApiContext, ApiDeps, ApiRoute } from './context';
import { negotiate } from './accept';
import { hashApiKey } from './keys';
import { checkRate } from './rate-limit';
import { errorResponse } from './respond';
import { RESULTS_PREFIX, serveResult } from './results';
import { matchRoute } from './router';
import type { KeyRecord } from '../store/schema';

export async function authenticate(request: Request, deps: ApiDeps): Promise<KeyRecord> {
  const presented = request.headers.get('x-api-key');
  if (!presented) throw new ApiError('invalid_auth_token', 'the X-API-KEY header is missing');
  const key = await deps.db.keys.findByHash(await hashApiKey(presented.trim()));
  if (!key || key.revokedAt !== null) {
    throw new ApiError('invalid_auth_token', 'the X-API-KEY is unknown or has been revoked');
  }
  return key;
}

function enforceRateLimit(key: KeyRecord, deps: ApiDeps): void {
  if (key.ratePerSecond === null) return;
  const decision = checkRate(deps.rateWindows.get(key.id) ?? [], deps.clock.now(), key.ratePerSecond);
  deps.rateWindows.set(key.id, decision.recent);
  if (!decision.allowed) {
    throw new ApiError('rate_limit_exceeded', `this key allows ${key.ratePerSecond} requests per second`, {
      'Retry-After': String(decision.retryAfterSeconds),
    });
  }
}

export async function handleApiRequest(
  request: Request,
  routes: readonly ApiRoute[],
  deps: ApiDeps,
  clientId: string | null = null,
): Promise<Response> {
  const url = new URL(request.url);
  try {
    if (url.pathname.startsWith(RESULTS_PREFIX)) return await serveResult(request, deps);
    const { route, params } = matchRoute(routes, request.method, url.pathname);
    const key = route.auth === 'key' ? await authenticate(request, deps) : null;
    const responseType = negotiate(request.headers.get('accept'), route.produces);
    if (key) enforceRateLimit(key, deps);
    const context: ApiContext = { request, url, params, key, responseType, clientId, deps };
    const response = await route.handle(context);
    if (!response.headers.has('X-Credits-Charged')) response.headers.set('X-Credits-Charged', '0');
    return response;
  } catch (error) {
    const apiError = toApiError(error, `${request.method} ${url.pathname} failed`);
    if (apiError.code === 'unexpected_error' && !(error instanceof ApiError)) console.error('[v1] unexpected error', error);
    return errorResponse(apiError);
  }
}
