// The studio's batches: a name and the finishing its items get. The items are
// jobs grouped by the batch's id, so pausing or forgetting a batch changes its
// jobs in the same transaction.
import type { BatchRecord, StudioDb } from '../schema';
import { payloadId, restored, storable } from '../stored-bytes';

export class BatchRepository {
  constructor(private readonly db: StudioDb) {}

  async put(batch: BatchRecord): Promise<string> {
    return this.db.put('batches', await storable(batch));
  }

  async get(id: string): Promise<BatchRecord | undefined> {
    return restored(await this.db.get('batches', id));
  }

  /** Newest first. */
  async list(): Promise<BatchRecord[]> {
    const batches = await this.db.getAllFromIndex('batches', 'byCreated');
    return restored(batches.reverse());
  }

  /**
   * Changes a batch's finishing. `change` may bring Blobs (a background image),
   * which are made bytes outside a transaction (an await that is not the
   * database's would end it), so the batch is read, changed, and written only if
   * no one wrote it in between (its revision), else read and changed again.
   */
  async update(id: string, change: (batch: BatchRecord) => BatchRecord): Promise<BatchRecord | undefined> {
    for (;;) {
      const before = await this.db.get('batches', id);
      if (!before) return undefined;
      const updated = await storable({ ...change(restored(before)), revision: (before.revision ?? 0) + 1 });
      const tx = this.db.transaction('batches', 'readwrite');
      const now = await tx.store.get(id);
      if (now && now.revision === before.revision) {
        await tx.store.put(updated);
        await tx.done;
        return restored(updated);
      }
      await tx.done;
      if (!now) return undefined;
    }
  }

  /** Pauses or resumes a batch: its waiting jobs stay queued but are not started while paused. */
  async setPaused(id: string, paused: boolean, now: number): Promise<void> {
    const tx = this.db.transaction(['batches', 'jobs'], 'readwrite');
    const batch = await tx.objectStore('batches').get(id);
    if (batch) await tx.objectStore('batches').put({ ...batch, paused, revision: (batch.revision ?? 0) + 1 });
    for (let cursor = await tx.objectStore('jobs').index('byGroup').openCursor(id); cursor; cursor = await cursor.continue()) {
      if (cursor.value.status === 'pending') await cursor.update({ ...cursor.value, paused, updatedAt: now });
    }
    await tx.done;
  }

  /** Forgets a batch: its unfinished jobs are deleted; what it made stays in the library. */
  async delete(id: string): Promise<void> {
    const tx = this.db.transaction(['batches', 'jobs', 'payloads'], 'readwrite');
    for (let cursor = await tx.objectStore('jobs').index('byGroup').openCursor(id); cursor; cursor = await cursor.continue()) {
      await tx.objectStore('payloads').delete(payloadId.input(cursor.value.id));
      await cursor.delete();
    }
    await tx.objectStore('batches').delete(id);
    await tx.done;
  }
}
