// The app's database as tests see it: every record of one object store, read
// in the page (tests and benches check what was stored), and records put in as
// the store writes them. The store keeps bytes, not Blobs (src/store/stored-bytes.ts);
// a top-level Blob a record still holds comes back as its size and type.
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

/** A record to put, with its bodies named by URL (a sample, or a /v1/results/… URL): fetched in the page. */
export interface StoredFixture {
  store: 'results' | 'jobs' | 'keys';
  record: Record<string, unknown>;
  /** A result's bytes, or a job's input ('' for an input already dropped). */
  body?: string;
  /** Fields of the record (dotted paths) holding a small Blob kept inside it, by URL: a try-on's garment. */
  inlineBlobs?: Record<string, string>;
}

/**
 * Puts records in the app's database as its store writes them
 * (src/store/stored-bytes.ts): a result's bytes and a job's input in the
 * `payloads` store, with their size and type on the record; a small Blob kept
 * inside a record as its bytes and type, marked. One transaction; the pages
 * hear of the jobs.
 */
export function putStored(page: Pick<Page, 'evaluate'>, fixtures: StoredFixture[]): Promise<void> {
  return page.evaluate(async (fixtures) => {
    const bytesOf = async (url: string) => {
      if (url === '') return { bytes: new ArrayBuffer(0), type: '' };
      const blob = await (await fetch(url)).blob();
      return { bytes: await blob.arrayBuffer(), type: blob.type };
    };
    const puts: { store: string; value: Record<string, unknown> }[] = [];
    for (const { store, record, body, inlineBlobs } of fixtures) {
      const row: Record<string, unknown> = structuredClone(record);
      for (const [path, url] of Object.entries(inlineBlobs ?? {})) {
        const keys = path.split('.');
        let at = row;
        for (const key of keys.slice(0, -1)) at = at[key] as Record<string, unknown>;
        at[keys[keys.length - 1]] = { $storedBlob: true, ...(await bytesOf(url)) };
      }
      if (body !== undefined) {
        const { bytes, type } = await bytesOf(body);
        const kind = store === 'results' ? 'result' : 'input';
        if (store === 'results') row.size = bytes.byteLength;
        else row.input = { size: bytes.byteLength, type };
        if (bytes.byteLength > 0) puts.push({ store: 'payloads', value: { id: `${kind}:${row.id}`, bytes, type } });
      }
      puts.push({ store, value: row });
    }
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('cutout-studio');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const tx = db.transaction([...new Set(puts.map((p) => p.store))], 'readwrite');
    for (const { store, value } of puts) tx.objectStore(store).put(value);
    await new Promise((resolve, reject) => {
      tx.oncomplete = resolve;
      tx.onerror = () => reject(tx.error);
    });
    db.close();
    const channel = new BroadcastChannel('cutout-jobs');
    channel.postMessage({ type: 'jobs-changed' });
    channel.close();
  }, fixtures);
}
