// Downloads a model with progress. The bytes come from the service worker's
// precache after the first visit, so a second page load reads them from Cache
// Storage rather than the network.

export interface DownloadProgress {
  loaded: number;
  total: number;
}

export async function fetchModel(url: string, onProgress: (p: DownloadProgress) => void = () => {}): Promise<Uint8Array> {
  const response = await fetch(url);
  if (!response.ok || !response.body) throw new Error(`could not load the model ${url}: HTTP ${response.status}`);
  const total = Number(response.headers.get('content-length')) || 0;
  const reader = response.body.getReader();
  const parts: Uint8Array[] = [];
  let loaded = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    loaded += value.byteLength;
    onProgress({ loaded, total: Math.max(total, loaded) });
  }
  const bytes = new Uint8Array(loaded);
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.byteLength;
  }
  return bytes;
}

/** Whether the model is already in Cache Storage (precached by the service worker). */
export async function isModelCached(url: string): Promise<boolean> {
  if (typeof caches === 'undefined') return false;
  return (await caches.match(new URL(url, self.location.href).href, { ignoreSearch: true })) !== undefined;
}
