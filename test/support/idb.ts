// Every record of one object store of the app's database, read in the page,
// as the app itself would read it (tests and benches check what was stored).
// Top-level blobs come back as their size and type: their bytes stay in the page.
import type { Page } from 'playwright-core';

export function readStore<T>(page: Pick<Page, 'evaluate'>, store: string): Promise<T[]> {
  return page.evaluate(async (store) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('cutout-studio');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    try {
      const records = await new Promise<Record<string, unknown>[]>((resolve, reject) => {
        const request = db.transaction(store).objectStore(store).getAll();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      return records.map(
        (record) =>
          Object.fromEntries(Object.entries(record).map(([key, value]) => [key, value instanceof Blob ? { size: value.size, type: value.type } : value])) as T,
      );
    } finally {
      db.close();
    }
  }, store);
}
