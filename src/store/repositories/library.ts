// The library: what a person made in the app and keeps until they delete it.
// An item's versions are results with no expiry, so an item and its results
// are always written, and deleted, together. The photo an item was made from
// is a payload of its own; its thumbnail stays in the record, as bytes.
import { versionOf } from '../library';
import type { LibraryItem, LibraryVersion, NewLibraryItem, ResultRecord, StudioDb } from '../schema';
import { fromPayload, payloadId, restored, storable, toPayload } from '../stored-bytes';
import { storedResult } from './results';

/** An item's row and its photo's payload, ready to be put in one transaction. */
export async function storedItem(item: NewLibraryItem) {
  const { source, ...rest } = item;
  const row: LibraryItem = await storable({ ...rest, ...(source && { source: { size: source.size, type: source.type } }) });
  return { row, source: source ? await toPayload(payloadId.source(item.id), source) : null };
}

export class LibraryRepository {
  constructor(private readonly db: StudioDb) {}

  async get(id: string): Promise<LibraryItem | undefined> {
    return restored(await this.db.get('library', id));
  }

  /** The photo the item was made from, or null when it has none. */
  async source(id: string): Promise<Blob | null> {
    const payload = await this.db.get('payloads', payloadId.source(id));
    return payload ? fromPayload(payload) : null;
  }

  /** Newest first, without their photos. */
  async list(): Promise<LibraryItem[]> {
    const items = await this.db.getAllFromIndex('library', 'byCreated');
    return restored(items.reverse());
  }

  async ofBatch(batchId: string): Promise<LibraryItem[]> {
    return restored(await this.db.getAllFromIndex('library', 'byBatch', batchId));
  }

  /** Keeps a result as a new item (work made outside a job), both in one transaction. */
  async keep(result: ResultRecord, item: NewLibraryItem): Promise<void> {
    const [output, kept] = await Promise.all([storedResult(result), storedItem(item)]);
    const tx = this.db.transaction(['results', 'library', 'payloads'], 'readwrite');
    await tx.objectStore('results').put(output.info);
    await tx.objectStore('payloads').put(output.payload);
    await tx.objectStore('library').put(kept.row);
    if (kept.source) await tx.objectStore('payloads').put(kept.source);
    await tx.done;
  }

  /** Adds a newer version to an item: it becomes the current one, the older ones stay. */
  async addVersion(id: string, result: ResultRecord, made: LibraryVersion['made'], thumb: Blob | undefined, now: number): Promise<LibraryItem> {
    const [output, newThumb] = await Promise.all([storedResult(result), storable(thumb)]);
    const tx = this.db.transaction(['results', 'library', 'payloads'], 'readwrite');
    const item = await tx.objectStore('library').get(id);
    if (!item) throw new Error(`no library item ${id}`);
    const updated: LibraryItem = { ...item, versions: [versionOf(result, made, now), ...item.versions], thumb: newThumb ?? item.thumb, bytes: item.bytes + result.blob.size, updatedAt: now };
    await tx.objectStore('results').put(output.info);
    await tx.objectStore('payloads').put(output.payload);
    await tx.objectStore('library').put(updated);
    await tx.done;
    return restored(updated);
  }

  /** Deletes items with every version they hold, and their photos. */
  async delete(ids: readonly string[]): Promise<void> {
    const tx = this.db.transaction(['results', 'library', 'payloads'], 'readwrite');
    const payloads = tx.objectStore('payloads');
    for (const id of ids) {
      const item = await tx.objectStore('library').get(id);
      if (!item) continue;
      for (const version of item.versions) {
        await tx.objectStore('results').delete(version.resultId);
        await payloads.delete(payloadId.result(version.resultId));
      }
      await payloads.delete(payloadId.source(id));
      await tx.objectStore('library').delete(id);
    }
    await tx.done;
  }
}
