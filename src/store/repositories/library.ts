// The library: what a person made in the app and keeps until they delete it.
// An item's versions are results with no expiry, so an item and its results
// are always written, and deleted, together.
import { versionOf } from '../library';
import type { LibraryItem, LibraryVersion, ResultRecord, StudioDb } from '../schema';

export class LibraryRepository {
  constructor(private readonly db: StudioDb) {}

  get(id: string): Promise<LibraryItem | undefined> {
    return this.db.get('library', id);
  }

  /** Newest first; their blobs are handles, not read. */
  async list(): Promise<LibraryItem[]> {
    const items = await this.db.getAllFromIndex('library', 'byCreated');
    return items.reverse();
  }

  ofBatch(batchId: string): Promise<LibraryItem[]> {
    return this.db.getAllFromIndex('library', 'byBatch', batchId);
  }

  /** Keeps a result as a new item (work made outside a job), both in one transaction. */
  async keep(result: ResultRecord, item: LibraryItem): Promise<void> {
    const tx = this.db.transaction(['results', 'library'], 'readwrite');
    await tx.objectStore('results').put(result);
    await tx.objectStore('library').put(item);
    await tx.done;
  }

  /** Adds a newer version to an item: it becomes the current one, the older ones stay. */
  async addVersion(id: string, result: ResultRecord, made: LibraryVersion['made'], thumb: Blob | undefined, now: number): Promise<LibraryItem> {
    const tx = this.db.transaction(['results', 'library'], 'readwrite');
    const item = await tx.objectStore('library').get(id);
    if (!item) throw new Error(`no library item ${id}`);
    const updated: LibraryItem = { ...item, versions: [versionOf(result, made, now), ...item.versions], thumb: thumb ?? item.thumb, bytes: item.bytes + result.blob.size, updatedAt: now };
    await tx.objectStore('results').put(result);
    await tx.objectStore('library').put(updated);
    await tx.done;
    return updated;
  }

  /** Deletes items with every version they hold. */
  async delete(ids: readonly string[]): Promise<void> {
    const tx = this.db.transaction(['results', 'library'], 'readwrite');
    for (const id of ids) {
      const item = await tx.objectStore('library').get(id);
      if (!item) continue;
      for (const version of item.versions) await tx.objectStore('results').delete(version.resultId);
      await tx.objectStore('library').delete(id);
    }
    await tx.done;
  }
}
