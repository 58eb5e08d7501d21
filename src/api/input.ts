// Where an input comes from: an uploaded file, or a URL of one of the kinds the
// contract takes (http(s) with CORS, a same-origin path, a data: URL, or one of
// our own result URLs). Loading enforces the byte limit while it reads.
import { ApiError } from './errors';

export type InputSource =
  | { kind: 'file'; file: Blob; field: string }
  | { kind: 'url'; url: URL; field: string };

export interface InputLoader {
  /** Fetches a URL from the page's point of view (CORS for other origins). */
  fetch(url: URL): Promise<Response>;
  /** The bytes behind one of our result ids, when it exists and has not expired. */
  readResult(id: string): Promise<Blob | undefined>;
  origin: string;
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

async function readLimited(response: Response, limit: number, what: string): Promise<Blob> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(what, limit);
  if (!response.body) return response.blob();
  const reader = response.body.getReader();
  const parts: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
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
 * Loads an input's bytes.
 * @param what how the input is named in errors, e.g. "image"
 */
export async function loadInput(source: InputSource, limit: number, loader: InputLoader, what: string): Promise<Blob> {
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
  let response: Response;
  try {
    response = await loader.fetch(url);
  } catch (error) {
    const reason =
      url.origin === loader.origin
        ? `could not be read (${(error as Error).message})`
        : `could not be downloaded: ${url.host} did not allow it (CORS) or could not be reached`;
    throw new ApiError('malformed_image', `${field}: the ${what} ${reason}`);
  }
  if (!response.ok) {
    throw new ApiError('malformed_image', `${field}: the ${what} could not be downloaded (HTTP ${response.status})`);
  }
  return readLimited(response, limit, `the ${what}`);
}
