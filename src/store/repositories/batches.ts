// The studio's batches: a name and the finishing its items get. The items are
// jobs grouped by the batch's id, so pausing or forgetting a batch changes its
// jobs in the same transaction.
import type { BatchRecord, StudioDb } from '../schema';

export class BatchRepository {
  constructor(private readonly db: StudioDb) {}

  put(batch: BatchRecord): Promise<string> {
    return this.db.put('batches', batch);
  }

  get(id: string): Promise<BatchRecord | undefined> {
    return this.db.get('batches', id);
  }

  /** Newest first. */
  async list(): Promise<BatchRecord[]> {
    const batches = await this.db.getAllFromIndex('batches', 'byCreated');
    return batches.reverse();
  }

  async update(id: string, change: (batch: BatchRecord) => BatchRecord): Promise<BatchRecord | undefined> {
    const tx = this.db.transaction('batches', 'readwrite');
    const batch = await tx.store.get(id);
    const updated = batch && change(batch);
    if (updated) await tx.store.put(updated);
    await tx.done;
    return updated;
  }

  /** Pauses or resumes a batch: its waiting jobs stay queued but are not started while paused. */
  async setPaused(id: string, paused: boolean, now: number): Promise<void> {
    const tx = this.db.transaction(['batches', 'jobs'], 'readwrite');
    const batch = await tx.objectStore('batches').get(id);
    if (batch) await tx.objectStore('batches').put({ ...batch, paused });
    for (let cursor = await tx.objectStore('jobs').index('byGroup').openCursor(id); cursor; cursor = await cursor.continue()) {
      if (cursor.value.status === 'pending') await cursor.update({ ...cursor.value, paused, updatedAt: now });
    }
    await tx.done;
  }

  /** Forgets a batch: its unfinished jobs are deleted; what it made stays in the library. */
  async delete(id: string): Promise<void> {
    const tx = this.db.transaction(['batches', 'jobs'], 'readwrite');
    for (let cursor = await tx.objectStore('jobs').index('byGroup').openCursor(id); cursor; cursor = await cursor.continue()) {
      await cursor.delete();
    }
    await tx.objectStore('batches').delete(id);
    await tx.done;
  }
}
