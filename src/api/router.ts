// Matches a method and path against the route table. Patterns use `:name` for
// a path segment; a known path with another method is a 405, not a 404.
import { ApiError } from './errors';

export type Method = 'GET' | 'POST' | 'DELETE';

export interface Routable {
  method: Method;
  pattern: string;
}

export interface RouteMatch<R extends Routable> {
  route: R;
  params: Record<string, string>;
}

/** A path segment decoded; a malformed % escape names nothing we have, so it is a 404. */
export function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new ApiError('not_found', `no resource at a path with a malformed % escape ("${segment.slice(0, 40)}")`);
  }
}

function matchPattern(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    if (want[i].startsWith(':')) {
      if (got[i] === '') return null;
      params[want[i].slice(1)] = decodeSegment(got[i]);
    } else if (want[i] !== got[i]) {
      return null;
    }
  }
  return params;
}

export function matchRoute<R extends Routable>(routes: readonly R[], method: string, path: string): RouteMatch<R> {
  const normalised = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  const allowed: string[] = [];
  for (const route of routes) {
    const params = matchPattern(route.pattern, normalised);
    if (!params) continue;
    if (route.method === method) return { route, params };
    allowed.push(route.method);
  }
  if (allowed.length > 0) {
    throw new ApiError('method_not_allowed', `${method} is not allowed on ${normalised}; use ${allowed.join(' or ')}`, {
      Allow: allowed.join(', '),
    });
  }
  throw new ApiError('not_found', `no route ${method} ${normalised}`);
}
