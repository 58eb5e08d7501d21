// Asking the browser to keep our data, and telling when space runs short. A
// browser may evict a site's storage under pressure unless it was granted
// persistence; the model alone needs ~90 MB and a video job up to 100 MB more.

/** Below this much free space, work may fail to be stored. */
export const SHORT_BYTES = 300 * 1024 * 1024;

export interface StorageState {
  persisted: boolean;
  /** Bytes still free for this origin; null when the browser does not say. */
  free: number | null;
  /** Bytes this origin uses, and may use; null when the browser does not say. */
  usage: number | null;
  quota: number | null;
}

/** Whether `state` warrants a warning, and its words. */
export function storageWarning(state: StorageState): string | null {
  if (state.free === null || state.free >= SHORT_BYTES) return null;
  const mb = Math.max(0, Math.floor(state.free / (1024 * 1024)));
  return `Storage is short: ${mb} MB left for this app. Results, videos and the offline copy of the model may not fit; free some space or delete old work in the Library.`;
}

/** What pages have of navigator.storage (a service worker's lacks persist()). */
export interface StorageLike {
  estimate?(): Promise<{ quota?: number; usage?: number }>;
  persist?(): Promise<boolean>;
  persisted?(): Promise<boolean>;
}

/** Asks for persistent storage (granted quietly or not at all) and reads what is free. */
export async function checkStorage(storage: StorageLike | undefined = globalThis.navigator?.storage): Promise<StorageState> {
  if (!storage) return { persisted: false, free: null, usage: null, quota: null };
  const persisted = (await storage.persisted?.()) || ((await storage.persist?.().catch(() => false)) ?? false);
  const { quota, usage } = (await storage.estimate?.()) ?? {};
  return { persisted, free: quota === undefined ? null : quota - (usage ?? 0), usage: usage ?? null, quota: quota ?? null };
}
