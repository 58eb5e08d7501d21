// Files not in the precache — the model, the runtime the engine chose, the
// ffmpeg cores, the pose model — are kept the first time a page fetches them,
// so what worked online once works offline after. Their names carry a content
// hash (the build's assets) or the model's hash (models/), so a kept copy is
// never stale. The write is the fetch event's own work (waitUntil), so it is
// finished even if the page that asked closes; the answer says the file is
// being kept, so the model host does not keep it a second time.
import { KEPT_BY_SERVICE_WORKER, KEPT_FILES_CACHE } from '../engine/protocol';

const KEPT_FOLDERS = ['/assets/', '/models/'];

export function isOnDemandAsset(url: URL): boolean {
  return KEPT_FOLDERS.some((folder) => url.pathname.startsWith(folder));
}

export async function serveOnDemand(request: Request, waitUntil: (work: Promise<unknown>) => void): Promise<Response> {
  const cache = await caches.open(KEPT_FILES_CACHE);
  // A model's URL names its version in the query; an asset's hash is in its name.
  const url = new URL(request.url);
  const kept = await cache.match(request, { ignoreSearch: !url.pathname.startsWith('/models/') });
  if (kept) return kept;
  const response = await fetch(request);
  if (!response.ok || response.status !== 200) return response;
  waitUntil(cache.put(request, response.clone()));
  const headers = new Headers(response.headers);
  headers.set(KEPT_BY_SERVICE_WORKER, '1');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
