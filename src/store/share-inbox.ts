// The inbox of photos shared into the app (the manifest's share_target): the
// service worker puts a share's images here under a fresh token
// (src/sw/share-target.ts) and the Studio takes them out once
// (features/studio/client/share-inbox.ts). Cache Storage, not IndexedDB: a
// Response keeps bytes as they are in every engine, and the inbox never needs
// a transaction with anything else.

/** The query parameter that carries a share's token to the Studio. */
export const SHARE_TOKEN_PARAM = 'share';
export const SHARE_INBOX_CACHE = 'cutout-share-inbox';
/** An entry's URL is `/share-inbox/<token>/<n>` on the app's origin: a cache key, never fetched. */
const INBOX_PATH = '/share-inbox/';
/** The file's name, URI-encoded, in a header of its entry. */
const NAME_HEADER = 'x-shared-file-name';
/** When it was shared (ms since the epoch), so shares no window picked up can be swept. */
const TIME_HEADER = 'x-shared-at';
/** A share no window picked up (closed before the Studio opened) is dropped after a day. */
const STALE_MS = 24 * 60 * 60 * 1000;

function entryUrl(origin: string, token: string, index: number): string {
  return new URL(`${INBOX_PATH}${token}/${index}`, origin).href;
}

/** `/share-inbox/<token>/<n>` read as its token and n. */
function entryOf(request: Request): { token: string; index: number } | null {
  const path = new URL(request.url).pathname;
  if (!path.startsWith(INBOX_PATH)) return null;
  const [token, index] = path.slice(INBOX_PATH.length).split('/');
  return token && index ? { token, index: Number(index) } : null;
}

/** Keeps `files` under a fresh token and returns it. */
export async function putShared(files: readonly File[], origin: string, now: number): Promise<string> {
  const token = crypto.randomUUID();
  const inbox = await caches.open(SHARE_INBOX_CACHE);
  await Promise.all(
    files.map((file, index) =>
      inbox.put(
        entryUrl(origin, token, index),
        new Response(file, { headers: { 'content-type': file.type, [NAME_HEADER]: encodeURIComponent(file.name || `shared-${index + 1}`), [TIME_HEADER]: String(now) } }),
      ),
    ),
  );
  return token;
}

async function fileOf(response: Response, index: number): Promise<File> {
  const blob = await response.blob();
  const name = response.headers.get(NAME_HEADER);
  return new File([blob], name ? decodeURIComponent(name) : `shared-${index + 1}`, { type: blob.type || response.headers.get('content-type') || '' });
}

/**
 * The files shared under `token`, in the order shared, taken out of the inbox
 * (a share is handed out once at most); shares left there for a day go too.
 */
export async function takeShared(token: string, now: number): Promise<File[]> {
  const inbox = await caches.open(SHARE_INBOX_CACHE);
  const keys = await inbox.keys();
  const mine = keys
    .map((request) => ({ request, entry: entryOf(request) }))
    .filter((found): found is { request: Request; entry: { token: string; index: number } } => found.entry?.token === token)
    .sort((a, b) => a.entry.index - b.entry.index);
  try {
    const files: File[] = [];
    for (const { request, entry } of mine) {
      const response = await inbox.match(request);
      if (response) files.push(await fileOf(response, entry.index));
    }
    return files;
  } finally {
    await Promise.all(mine.map(({ request }) => inbox.delete(request)));
    for (const request of keys.filter((key) => !mine.some((m) => m.request === key))) {
      const sharedAt = Number((await inbox.match(request))?.headers.get(TIME_HEADER));
      if (!Number.isFinite(sharedAt) || now - sharedAt > STALE_MS) await inbox.delete(request);
    }
  }
}
