// Where an input comes from: an uploaded file, or a URL of one of the kinds the
// contract takes (http(s) with CORS, a same-origin path, a data: URL, or one of
// our own result URLs). Loading enforces the byte limit while it reads, and a
// download its deadline.
import { abortError, untilAborted } from './abort';
import { ApiError } from './errors';

export type InputSource =
  | { kind: 'file'; file: Blob; field: string }
  | { kind: 'url'; url: URL; field: string };

/** How long a download may take, first byte and body together (API.md). */
export const URL_INPUT_TIMEOUT_MS = 30_000;

export interface InputLoader {
  /** Fetches a URL from the page's point of view (CORS for other origins); `signal` ends the download. */
  fetch(url: URL, signal: AbortSignal): Promise<Response>;
  /** The bytes behind one of our result ids, when it exists and has not expired. */
  readResult(id: string): Promise<Blob | undefined>;
  origin: string;
  /** The download deadline, URL_INPUT_TIMEOUT_MS unless a test shortens it. */
  timeoutMs?: number;
}

const RESULT_PATH = /^\/v1\/results\/([A-Za-z0-9_-]+)(?:\.[a-z0-9]+)?$/;
const TAKEN_PROTOCOLS = new Set(['http:', 'https:', 'data:', 'blob:']);

export function parseInputUrl(text: string, field: string, origin: string): URL {
  let url: URL;
  try {
    url = new URL(text, origin);
  } catch {
    throw new ApiError('invalid_parameter', `${field} is not a URL: "${text.slice(0, 200)}"`);
  }
  if (text.trim() === '' || !TAKEN_PROTOCOLS.has(url.protocol)) {
    throw new ApiError('invalid_parameter', `${field} must be an http(s) URL, a same-origin path or a data: URL`);
  }
  return url;
}

/** The result id when a URL points at one of our own results. */
export function ownResultId(url: URL, origin: string): string | null {
  if (url.origin !== origin) return null;
  return RESULT_PATH.exec(url.pathname)?.[1] ?? null;
}

function tooLarge(what: string, limit: number): ApiError {
  return new ApiError('file_size_too_large', `${what} is larger than the ${Math.round(limit / 1e6)} MB limit`);
}

async function readLimited(response: Response, limit: number, what: string, signal: AbortSignal): Promise<Blob> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(what, limit);
  if (!response.body) return untilAborted(response.blob(), signal);
  const reader = response.body.getReader();
  const parts: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await untilAborted(reader.read(), signal);
    } catch (error) {
      reader.cancel().catch(() => {});
      throw error;
    }
    const { done, value } = chunk;
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      reader.cancel().catch(() => {});
      throw tooLarge(what, limit);
    }
    parts.push(value);
  }
  return new Blob(parts as BlobPart[], { type: response.headers.get('content-type') ?? '' });
}

/** Decodes a data: URL here rather than through fetch, which not every runtime routes alike. */
export function decodeDataUrl(url: URL, field: string): Blob {
  const match = /^data:([^,]*?)(;base64)?,(.*)$/s.exec(url.href);
  if (!match) throw new ApiError('invalid_parameter', `${field} is not a valid data: URL`);
  const [, type, base64, payload] = match;
  try {
    if (base64) {
      const binary = atob(decodeURIComponent(payload));
      const bytes = new Uint8Array(binary.length);
      for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
      return new Blob([bytes], { type });
    }
    return new Blob([decodeURIComponent(payload)], { type });
  } catch {
    throw new ApiError('malformed_image', `${field}: the data: URL could not be decoded`);
  }
}

/**
 * Downloads an http(s) or same-origin input. The deadline covers the wait for
 * the first byte and the body together: a host that accepts the connection and
 * then sends nothing, or stops halfway, ends as malformed_image.
 */
async function download(url: URL, field: string, limit: number, loader: InputLoader, what: string, caller?: AbortSignal): Promise<Blob> {
  const timeoutMs = loader.timeoutMs ?? URL_INPUT_TIMEOUT_MS;
  const deadline = new AbortController();
  const timer = setTimeout(
    () => deadline.abort(new ApiError('malformed_image', `${field}: the ${what} host did not answer within ${timeoutMs / 1000} s`)),
    timeoutMs,
  );
  const signal = caller ? AbortSignal.any([caller, deadline.signal]) : deadline.signal;
  try {
    let response: Response;
    try {
      response = await untilAborted(loader.fetch(url, signal), signal);
    } catch (error) {
      if (signal.aborted) throw abortError(signal);
      const reason =
        url.origin === loader.origin
          ? `could not be read (${(error as Error).message})`
          : `could not be downloaded: ${url.host} did not allow it (CORS) or could not be reached`;
      throw new ApiError('malformed_image', `${field}: the ${what} ${reason}`);
    }
    if (!response.ok) {
      throw new ApiError('malformed_image', `${field}: the ${what} could not be downloaded (HTTP ${response.status})`);
    }
    return await readLimited(response, limit, `the ${what}`, signal);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Loads an input's bytes.
 * @param what how the input is named in errors, e.g. "image"
 * @param signal the caller's: its abort ends a download at once
 */
export async function loadInput(source: InputSource, limit: number, loader: InputLoader, what: string, signal?: AbortSignal): Promise<Blob> {
  if (source.kind === 'file') {
    if (source.file.size > limit) throw tooLarge(`the ${what} file`, limit);
    return source.file;
  }
  const { url, field } = source;
  const resultId = ownResultId(url, loader.origin);
  if (resultId) {
    const blob = await loader.readResult(resultId);
    if (!blob) throw new ApiError('malformed_image', `${field}: the result ${resultId} does not exist or has expired`);
    if (blob.size > limit) throw tooLarge(`the ${what}`, limit);
    return blob;
  }
  if (url.protocol === 'data:') {
    const blob = decodeDataUrl(url, field);
    if (blob.size > limit) throw tooLarge(`the ${what}`, limit);
    return blob;
  }
  return download(url, field, limit, loader, what, signal);
}
