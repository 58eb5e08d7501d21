// Results live in IndexedDB behind /v1/results/<id>.<ext>: no key needed (an
// <img> cannot send one), the id is 128 random bits, and they answer 404 once
// their lifetime has passed.
import { ApiError } from './errors';
import { decodeSegment } from './router';
import { randomToken } from './keys';
import type { ApiDeps } from './context';
import type { ResultRecord } from '../store/schema';

export const RESULTS_PREFIX = '/v1/results/';

/** How long a browser may cache a kept result: a year, HTTP's usual "forever". */
const KEPT_MAX_AGE_S = 365 * 24 * 60 * 60;

export interface NewResult {
  blob: Blob;
  contentType: string;
  ext: string;
  route: string;
  keyId: string | null;
  lifetimeMs: number;
  width?: number;
  height?: number;
  label?: string;
}

export function resultPath(record: Pick<ResultRecord, 'id' | 'ext'>): string {
  return `${RESULTS_PREFIX}${record.id}.${record.ext}`;
}

/** A result as stored, with a fresh unguessable id; an infinite lifetime keeps it until deleted. */
export function resultRecord(result: NewResult, createdAt: number): ResultRecord {
  const { lifetimeMs, ...rest } = result;
  return { ...rest, id: randomToken(), createdAt, expiresAt: createdAt + lifetimeMs };
}

export async function saveResult(deps: Pick<ApiDeps, 'db' | 'clock'>, result: NewResult): Promise<ResultRecord> {
  const record = resultRecord(result, deps.clock.now());
  await deps.db.results.put(record);
  return record;
}

/** A stored result that has not expired, or undefined. */
export async function liveResult(deps: Pick<ApiDeps, 'db' | 'clock'>, id: string): Promise<ResultRecord | undefined> {
  const record = await deps.db.results.get(id);
  if (!record || record.expiresAt <= deps.clock.now()) return undefined;
  return record;
}

function parseRange(header: string | null, size: number): { start: number; end: number } | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  return start <= end ? { start, end } : null;
}

/**
 * Content-Disposition for a download name in any script: header values are
 * Latin-1, so the name goes as UTF-8 in `filename*` (RFC 6266), with an ASCII
 * stand-in in `filename` for clients that do not read it.
 */
export function contentDisposition(name: string): string {
  const ascii = name.normalize('NFKD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '').trim() || 'result';
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export async function serveResult(request: Request, deps: Pick<ApiDeps, 'db' | 'clock'>): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    throw new ApiError('method_not_allowed', `${request.method} is not allowed on results; use GET`, { Allow: 'GET, HEAD' });
  }
  const name = decodeSegment(new URL(request.url).pathname.slice(RESULTS_PREFIX.length));
  const id = name.replace(/\.[a-z0-9]+$/, '');
  const record = await liveResult(deps, id);
  if (!record || resultPath(record) !== RESULTS_PREFIX + name) {
    throw new ApiError('not_found', 'this result does not exist or has expired (results live for 1 hour, video results 24 hours)');
  }
  // A result kept in the library has no expiry: it lives until its item is deleted.
  const expires = Number.isFinite(record.expiresAt) ? record.expiresAt : null;
  const secondsLeft = expires === null ? KEPT_MAX_AGE_S : Math.max(0, Math.floor((expires - deps.clock.now()) / 1000));
  const headers: Record<string, string> = {
    'Content-Type': record.contentType,
    'Cache-Control': `private, max-age=${secondsLeft}`,
    'Accept-Ranges': 'bytes',
    'Content-Disposition': contentDisposition(`${record.label ?? 'result'}.${record.ext}`),
    ...(expires !== null && { Expires: new Date(expires).toUTCString() }),
  };
  const range = parseRange(request.headers.get('range'), record.blob.size);
  if (range) {
    const body = record.blob.slice(range.start, range.end + 1);
    return new Response(request.method === 'HEAD' ? null : body, {
      status: 206,
      headers: {
        ...headers,
        'Content-Length': String(body.size),
        'Content-Range': `bytes ${range.start}-${range.end}/${record.blob.size}`,
      },
    });
  }
  return new Response(request.method === 'HEAD' ? null : record.blob, {
    status: 200,
    headers: { ...headers, 'Content-Length': String(record.blob.size) },
  });
}
