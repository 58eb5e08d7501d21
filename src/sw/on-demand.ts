// Build assets that are not precached (the ffmpeg cores) are kept the first
// time a page fetches them, so what worked online once works offline after.
// Their names carry a content hash, so a kept copy is never stale.

const CACHE = 'cutout-on-demand';
const ASSETS = '/assets/';

export function isOnDemandAsset(url: URL): boolean {
  return url.pathname.startsWith(ASSETS);
}

export async function serveOnDemand(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request, { ignoreSearch: true });
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok && response.status === 200) await cache.put(request, response.clone());
  return response;
}
