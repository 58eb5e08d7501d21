// What the first visit leaves for later: each feature lists, in its
// shared/offline-files.ts, the files it fetches only when first used, and the
// model host lists the runtime it did not choose. Fetching them through the
// service worker keeps them for offline use.
import { modelHostLaterFiles } from '../engine/model/offline-files';

const lists = import.meta.glob<readonly string[]>('../features/*/shared/offline-files.ts', { eager: true, import: 'offlineFiles' });

export const laterFiles: readonly string[] = [...modelHostLaterFiles, ...Object.values(lists).flat()];

/** How many of the later files this browser already keeps. */
export async function countKept(): Promise<number> {
  if (typeof caches === 'undefined') return 0;
  const kept = await Promise.all(laterFiles.map((url) => caches.match(new URL(url, location.href).href, { ignoreSearch: true })));
  return kept.filter(Boolean).length;
}

/** The service worker writes a file it keeps just after serving it: how long to wait for the last writes. */
const WRITES_SETTLE_MS = 30_000;

/**
 * Fetches every later file (the service worker keeps each); reports files
 * done, and settles with how many are kept once the writes are.
 */
export async function fetchEverything(onProgress: (done: number, total: number) => void): Promise<number> {
  let done = 0;
  onProgress(done, laterFiles.length);
  for (const url of laterFiles) {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`could not fetch ${url}: HTTP ${response.status}`);
    await response.arrayBuffer();
    onProgress(++done, laterFiles.length);
  }
  const deadline = Date.now() + WRITES_SETTLE_MS;
  for (;;) {
    const kept = await countKept();
    if (kept === laterFiles.length || Date.now() > deadline) return kept;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
