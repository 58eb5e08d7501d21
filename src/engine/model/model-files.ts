// The model host's files in Cache Storage: the runtime it chose, ISNet's ONNX
// graph, and what it converts from it (converted.ts). A file fetched through
// the service worker is kept by it; on a first visit, before the service
// worker controls the page, the model host keeps what it fetched itself. A
// reload reads them from the cache: the download and the conversion are paid once.
import { KEPT_BY_SERVICE_WORKER, KEPT_FILES_CACHE } from '../protocol';

export interface DownloadProgress {
  loaded: number;
  total: number;
}

type OnProgress = (p: DownloadProgress) => void;

function absolute(url: string): string {
  return new URL(url, self.location.href).href;
}

function openCache(): Promise<Cache> | null {
  return typeof caches === 'undefined' ? null : caches.open(KEPT_FILES_CACHE);
}

/**
 * How long a download may go without a byte before it is taken for stalled.
 * Firefox once left the model's download at 9 % for minutes (a fresh profile on
 * a busy machine); a stalled read is cancelled and the file fetched again.
 */
const STALL_MS = 30_000;
/** Fetches of one file before its download is given up. */
const ATTEMPTS = 3;

/** A download that sent nothing for STALL_MS. */
class DownloadStalled extends Error {}

/** The next chunk, or DownloadStalled when none comes within `stallMs`. */
function readWithin(reader: ReadableStreamDefaultReader<Uint8Array>, stallMs: number): Promise<ReadableStreamReadResult<Uint8Array>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stalled = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DownloadStalled(`no data for ${Math.round(stallMs / 1000)} s`)), stallMs);
  });
  return Promise.race([reader.read(), stalled]).finally(() => clearTimeout(timer));
}

export async function readBody(response: Response, onProgress: OnProgress, stallMs = STALL_MS): Promise<Uint8Array> {
  const total = Number(response.headers.get('content-length')) || 0;
  if (!response.body) return new Uint8Array(await response.arrayBuffer());
  const reader = response.body.getReader();
  // One allocation when the size is known (the usual case), so the file exists once in memory.
  let bytes = new Uint8Array(total);
  let loaded = 0;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await readWithin(reader, stallMs);
    } catch (error) {
      void reader.cancel().catch(() => {});
      throw error;
    }
    const { done, value } = chunk;
    if (done) break;
    if (loaded + value.byteLength > bytes.byteLength) {
      const grown = new Uint8Array(Math.max(loaded + value.byteLength, bytes.byteLength * 2));
      grown.set(bytes.subarray(0, loaded));
      bytes = grown;
    }
    bytes.set(value, loaded);
    loaded += value.byteLength;
    onProgress({ loaded, total: Math.max(total, loaded) });
  }
  return loaded === bytes.byteLength ? bytes : bytes.slice(0, loaded);
}

/** Writes still going on, by URL: a read waits for them rather than miss the file. */
const writing = new Map<string, Promise<void>>();

/** A kept file's bytes, or null when it is not kept. */
export async function readKept(url: string, onProgress: OnProgress = () => {}, stallMs = STALL_MS): Promise<Uint8Array | null> {
  await writing.get(absolute(url));
  const kept = await (await openCache())?.match(absolute(url));
  return kept ? readBody(kept, onProgress, stallMs) : null;
}

export async function isKept(url: string): Promise<boolean> {
  return (await (await openCache())?.match(absolute(url))) !== undefined;
}

/**
 * Keeps bytes under a URL (a file fetched, or one made here, like a converted
 * model). The caller need not wait: a read of the same URL waits for the write.
 */
export function keep(url: string, bytes: Uint8Array | readonly Uint8Array[], contentType: string): Promise<void> {
  const href = absolute(url);
  const pieces = bytes instanceof Uint8Array ? [bytes] : bytes;
  const length = pieces.reduce((sum, piece) => sum + piece.byteLength, 0);
  // A Blob, not a stream this worker feeds: the model host's thread is often
  // busy for seconds (a conversion, a compile, a run), and a stream would
  // write only between those, so a tab closed meanwhile would keep nothing.
  const body = new Blob(pieces as readonly BlobPart[] as BlobPart[], { type: contentType });
  const write = (async () => {
    const cache = await openCache();
    await cache?.put(href, new Response(body, { headers: { 'content-type': contentType, 'content-length': String(length) } }));
  })();
  const tracked = write.catch((error: unknown) => console.warn(`[model] could not keep ${url}`, error)).finally(() => {
    if (writing.get(href) === tracked) writing.delete(href);
  });
  writing.set(href, tracked);
  return write;
}

/**
 * A file from the cache, else from the network, then kept: by the service
 * worker when it served the fetch (it says so, and finishes the write even if
 * this tab closes), else here (a first visit, before it controls the page).
 */
export async function keptOrFetched(
  url: string,
  onProgress: OnProgress = () => {},
  stallMs = STALL_MS,
): Promise<{ bytes: Uint8Array; fromCache: boolean }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await keptOrFetchedOnce(url, onProgress, stallMs);
    } catch (error) {
      if (!(error instanceof DownloadStalled) || attempt === ATTEMPTS) {
        throw error instanceof DownloadStalled ? new Error(`could not load ${url}: ${attempt} downloads stalled (${error.message})`) : error;
      }
      console.warn(`[model] ${url} stalled (${error.message}); fetching it again`);
    }
  }
}

async function keptOrFetchedOnce(url: string, onProgress: OnProgress, stallMs: number): Promise<{ bytes: Uint8Array; fromCache: boolean }> {
  const kept = await readKept(url, onProgress, stallMs);
  if (kept) return { bytes: kept, fromCache: true };
  const response = await fetch(absolute(url));
  if (!response.ok) throw new Error(`could not load ${url}: HTTP ${response.status}`);
  const bytes = await readBody(response, onProgress, stallMs);
  if (!response.headers.has(KEPT_BY_SERVICE_WORKER)) void keep(url, bytes, response.headers.get('content-type') ?? 'application/octet-stream').catch(() => {});
  return { bytes, fromCache: false };
}

/** The URLs of kept files under `prefix`. */
export async function keptUnder(prefix: string): Promise<URL[]> {
  const cache = await openCache();
  const base = absolute(prefix);
  return cache ? (await cache.keys()).filter((request) => request.url.startsWith(base)).map((request) => new URL(request.url)) : [];
}

/** Removes a kept file. */
export async function forget(url: string): Promise<void> {
  await writing.get(absolute(url));
  await (await openCache())?.delete(absolute(url));
}

/** Removes kept files under `prefix` that `isCurrent` disowns (an older model, an older converter's output). */
export async function dropStale(prefix: string, isCurrent: (url: URL) => boolean): Promise<void> {
  const cache = await openCache();
  if (!cache) return;
  const base = absolute(prefix);
  for (const request of await cache.keys()) {
    if (request.url.startsWith(base) && !isCurrent(new URL(request.url))) await cache.delete(request);
  }
}
