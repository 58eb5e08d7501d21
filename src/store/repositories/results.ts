// Results: the bytes behind /v1/results/<id>, each with its expiry (kept
// library versions never expire).
import type { ResultRecord, StudioDb } from '../schema';

export class ResultRepository {
  constructor(private readonly db: StudioDb) {}

  put(record: ResultRecord): Promise<string> {
    return this.db.put('results', record);
  }

  get(id: string): Promise<ResultRecord | undefined> {
    return this.db.get('results', id);
  }

  delete(id: string): Promise<void> {
    return this.db.delete('results', id);
  }

  /** Newest first, without their blobs' bytes being read. */
  async list(): Promise<ResultRecord[]> {
    const results = await this.db.getAllFromIndex('results', 'byCreated');
    return results.reverse();
  }

  /** Deletes every result whose expiry has passed; returns how many. */
  async purgeExpired(now: number): Promise<number> {
    const tx = this.db.transaction('results', 'readwrite');
    let purged = 0;
    let cursor = await tx.store.index('byExpiry').openCursor(IDBKeyRange.upperBound(now));
    while (cursor) {
      await cursor.delete();
      purged++;
      cursor = await cursor.continue();
    }
    await tx.done;
    return purged;
  }
}
