// Access to the studio's IndexedDB, the one owner of what is stored: expiry,
// purging, migrations and the credit budget live here. Every method is one
// transaction; callers never hold a transaction across an await of their own.
import { openDB, type IDBPDatabase } from 'idb';
import { isFinished, JOB_LIFETIME_MS, nextJobState } from './job-state';
import { versionOf } from './library';
import { LATEST_VERSION, upgrade } from './migrations';
import {
  DB_NAME,
  type BatchRecord,
  type JobRecord,
  type KeyRecord,
  type LedgerEntry,
  type LibraryItem,
  type LibraryVersion,
  type Reservation,
  type ResultRecord,
  type StudioSchema,
} from './schema';

export type StudioDb = IDBPDatabase<StudioSchema>;

export function openStudioDb(name = DB_NAME): Promise<StudioDb> {
  return openDB<StudioSchema>(name, LATEST_VERSION, { upgrade });
}

/**
 * A hold the key's budget cannot cover. Its code is the contract's, so the
 * API's answer and a job's error carry it as it is (toApiError keeps it).
 */
export class CreditsRefused extends Error {
  readonly code = 'insufficient_api_credits';
}

export interface PurgeReport {
  results: number;
  jobs: number;
  reservations: number;
}

export class Store {
  constructor(readonly db: StudioDb) {}

  static async open(name?: string): Promise<Store> {
    return new Store(await openStudioDb(name));
  }

  // Keys

  putKey(record: KeyRecord): Promise<string> {
    return this.db.put('keys', record);
  }

  getKey(id: string): Promise<KeyRecord | undefined> {
    return this.db.get('keys', id);
  }

  findKeyByHash(hash: string): Promise<KeyRecord | undefined> {
    return this.db.getFromIndex('keys', 'byHash', hash);
  }

  async listKeys(): Promise<KeyRecord[]> {
    const keys = await this.db.getAll('keys');
    return keys.sort((a, b) => b.createdAt - a.createdAt);
  }

  async updateKey(id: string, change: Partial<Omit<KeyRecord, 'id' | 'hash'>>): Promise<KeyRecord> {
    const tx = this.db.transaction('keys', 'readwrite');
    const key = await tx.store.get(id);
    if (!key) throw new Error(`no key ${id}`);
    const updated = { ...key, ...change };
    await tx.store.put(updated);
    await tx.done;
    return updated;
  }

  /**
   * Holds `credits` of a key's budget for a call or job (upserted by id, so a
   * job can grow its hold once its cost is known). Refused with
   * CreditsRefused (insufficient_api_credits) when the budget, less what others hold, cannot
   * cover it: checked and written in one transaction, so two calls never both pass.
   */
  async reserveCredits(reservation: Reservation): Promise<void> {
    const tx = this.db.transaction(['keys', 'reservations'], 'readwrite');
    const key = await tx.objectStore('keys').get(reservation.keyId);
    if (key && key.budget !== null) {
      const held = await tx.objectStore('reservations').index('byKey').getAll(reservation.keyId);
      const others = held.filter((r) => r.id !== reservation.id && r.expiresAt > reservation.at).reduce((sum, r) => sum + r.credits, 0);
      const left = Math.max(0, key.budget - key.spent - others);
      if (left < reservation.credits) {
        tx.abort();
        await tx.done.catch(() => {});
        throw new CreditsRefused(`this call costs ${reservation.credits} credits; the key has ${left} left`);
      }
    }
    await tx.objectStore('reservations').put(reservation);
    await tx.done;
  }

  /** Ends a hold and charges what the call or job cost, in one transaction. */
  async settleCredits(reservationId: string, keyId: string | null, route: string, credits: number, at: number): Promise<void> {
    const tx = this.db.transaction(['keys', 'ledger', 'reservations'], 'readwrite');
    await tx.objectStore('reservations').delete(reservationId);
    if (keyId && credits > 0) {
      const keys = tx.objectStore('keys');
      const key = await keys.get(keyId);
      if (key) await keys.put({ ...key, spent: key.spent + credits });
      await tx.objectStore('ledger').add({ keyId, route, credits, at });
    }
    await tx.done;
  }

  /** Ends a hold without charging (the call or job failed or was cancelled). */
  releaseCredits(reservationId: string): Promise<void> {
    return this.db.delete('reservations', reservationId);
  }

  /** Credits a key's running calls and jobs hold now. */
  async heldCredits(keyId: string, now: number): Promise<number> {
    const held = await this.db.getAllFromIndex('reservations', 'byKey', keyId);
    return held.filter((r) => r.expiresAt > now).reduce((sum, r) => sum + r.credits, 0);
  }

  ledgerFor(keyId: string): Promise<LedgerEntry[]> {
    return this.db.getAllFromIndex('ledger', 'byKey', keyId);
  }

  // Results

  putResult(record: ResultRecord): Promise<string> {
    return this.db.put('results', record);
  }

  getResult(id: string): Promise<ResultRecord | undefined> {
    return this.db.get('results', id);
  }

  deleteResult(id: string): Promise<void> {
    return this.db.delete('results', id);
  }

  /** Results newest first, without their blobs' bytes being read. */
  async listResults(): Promise<ResultRecord[]> {
    const results = await this.db.getAllFromIndex('results', 'byCreated');
    return results.reverse();
  }

  /** Deletes every result whose expiry has passed; returns how many. */
  async purgeExpiredResults(now: number): Promise<number> {
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

  /**
   * Deletes what has outlived its time: results past their expiry, jobs (with
   * their input blobs) ended more than a day ago, and holds nobody settled.
   */
  async purgeExpired(now: number): Promise<PurgeReport> {
    const results = await this.purgeExpiredResults(now);
    const tx = this.db.transaction(['jobs', 'reservations'], 'readwrite');
    let jobs = 0;
    for (let cursor = await tx.objectStore('jobs').openCursor(); cursor; cursor = await cursor.continue()) {
      if (isFinished(cursor.value) && cursor.value.updatedAt + JOB_LIFETIME_MS <= now) {
        await cursor.delete();
        jobs++;
      }
    }
    let reservations = 0;
    for (let cursor = await tx.objectStore('reservations').openCursor(); cursor; cursor = await cursor.continue()) {
      if (cursor.value.expiresAt <= now) {
        await cursor.delete();
        reservations++;
      }
    }
    await tx.done;
    return { results, jobs, reservations };
  }

  // Jobs

  putJob(record: JobRecord): Promise<string> {
    return this.db.put('jobs', record);
  }

  getJob(id: string): Promise<JobRecord | undefined> {
    return this.db.get('jobs', id);
  }

  /**
   * Changes a job inside one transaction. `change` sees the stored job and returns
   * the new one, or null to leave it as it is (a job that has moved on meanwhile).
   */
  async updateJob(id: string, change: (job: JobRecord) => JobRecord | null): Promise<JobRecord | undefined> {
    const tx = this.db.transaction('jobs', 'readwrite');
    const job = await tx.store.get(id);
    if (!job) {
      await tx.done;
      return undefined;
    }
    const updated = change(job);
    if (updated) await tx.store.put(updated);
    await tx.done;
    return updated ?? job;
  }

  /**
   * Cancels a pending or running job: it ends failed with job_cancelled and
   * releases the credits it held. An ended job is returned as it is.
   */
  async cancelJob(id: string, now: number): Promise<JobRecord | undefined> {
    const error = { message: 'the job was cancelled', error_code: 'job_cancelled' as const };
    const tx = this.db.transaction(['jobs', 'reservations'], 'readwrite');
    const job = await tx.objectStore('jobs').get(id);
    const cancelled = job && nextJobState(job, { type: 'fail', error }, now);
    if (cancelled) {
      await tx.objectStore('jobs').put(cancelled);
      await tx.objectStore('reservations').delete(id);
    }
    await tx.done;
    return cancelled ?? job;
  }

  /**
   * Ends a running job with its result in one transaction: the result stored,
   * the job completed and, for work kept in the library, its item written. A
   * job that has moved on meanwhile (cancelled, or finished by an earlier
   * attempt) gets nothing: null, and nothing is written.
   */
  async completeJob(id: string, result: ResultRecord, cost: number, now: number, keep?: LibraryItem): Promise<JobRecord | null> {
    const tx = this.db.transaction(['jobs', 'results', 'library'], 'readwrite');
    const job = await tx.objectStore('jobs').get(id);
    const completed = job && nextJobState(job, { type: 'complete', resultId: result.id, resultExt: result.ext, cost }, now);
    if (completed) {
      await tx.objectStore('results').put(result);
      if (keep) await tx.objectStore('library').put(keep);
      await tx.objectStore('jobs').put(completed);
    }
    await tx.done;
    return completed ?? null;
  }

  /** Queues many jobs in one transaction: all of them or none. */
  async putJobs(records: JobRecord[]): Promise<void> {
    const tx = this.db.transaction('jobs', 'readwrite');
    await Promise.all(records.map((record) => tx.store.put(record)));
    await tx.done;
  }

  /** Queues a failed job again; any other job is returned as it is. */
  async retryJob(id: string, now: number): Promise<JobRecord | undefined> {
    return this.updateJob(id, (job) => nextJobState(job, { type: 'retry' }, now));
  }

  jobsInGroup(group: string): Promise<JobRecord[]> {
    return this.db.getAllFromIndex('jobs', 'byGroup', group);
  }

  jobsWithStatus(status: JobRecord['status']): Promise<JobRecord[]> {
    return this.db.getAllFromIndex('jobs', 'byStatus', status);
  }

  async listJobs(): Promise<JobRecord[]> {
    const jobs = await this.db.getAllFromIndex('jobs', 'byCreated');
    return jobs.reverse();
  }

  deleteJob(id: string): Promise<void> {
    return this.db.delete('jobs', id);
  }

  // Library

  getLibraryItem(id: string): Promise<LibraryItem | undefined> {
    return this.db.get('library', id);
  }

  /** Library items newest first; their blobs are handles, not read. */
  async listLibrary(): Promise<LibraryItem[]> {
    const items = await this.db.getAllFromIndex('library', 'byCreated');
    return items.reverse();
  }

  libraryOfBatch(batchId: string): Promise<LibraryItem[]> {
    return this.db.getAllFromIndex('library', 'byBatch', batchId);
  }

  /** Keeps a result in the library as a new item (work made outside a job). */
  async keepInLibrary(result: ResultRecord, item: LibraryItem): Promise<void> {
    const tx = this.db.transaction(['results', 'library'], 'readwrite');
    await tx.objectStore('results').put(result);
    await tx.objectStore('library').put(item);
    await tx.done;
  }

  /** Adds a newer version to an item: it becomes the current one, the older ones stay. */
  async addLibraryVersion(id: string, result: ResultRecord, made: LibraryVersion['made'], thumb: Blob | undefined, now: number): Promise<LibraryItem> {
    const tx = this.db.transaction(['results', 'library'], 'readwrite');
    const item = await tx.objectStore('library').get(id);
    if (!item) throw new Error(`no library item ${id}`);
    const updated: LibraryItem = { ...item, versions: [versionOf(result, made, now), ...item.versions], thumb: thumb ?? item.thumb, bytes: item.bytes + result.blob.size, updatedAt: now };
    await tx.objectStore('results').put(result);
    await tx.objectStore('library').put(updated);
    await tx.done;
    return updated;
  }

  /** Deletes library items with every version they hold. */
  async deleteLibraryItems(ids: readonly string[]): Promise<void> {
    const tx = this.db.transaction(['results', 'library'], 'readwrite');
    for (const id of ids) {
      const item = await tx.objectStore('library').get(id);
      if (!item) continue;
      for (const version of item.versions) await tx.objectStore('results').delete(version.resultId);
      await tx.objectStore('library').delete(id);
    }
    await tx.done;
  }

  // Batches

  putBatch(batch: BatchRecord): Promise<string> {
    return this.db.put('batches', batch);
  }

  getBatch(id: string): Promise<BatchRecord | undefined> {
    return this.db.get('batches', id);
  }

  async listBatches(): Promise<BatchRecord[]> {
    const batches = await this.db.getAllFromIndex('batches', 'byCreated');
    return batches.reverse();
  }

  async updateBatch(id: string, change: (batch: BatchRecord) => BatchRecord): Promise<BatchRecord | undefined> {
    const tx = this.db.transaction('batches', 'readwrite');
    const batch = await tx.store.get(id);
    const updated = batch && change(batch);
    if (updated) await tx.store.put(updated);
    await tx.done;
    return updated;
  }

  /** Pauses or resumes a batch: its waiting jobs stay queued but are not started while paused. */
  async setBatchPaused(id: string, paused: boolean, now: number): Promise<void> {
    const tx = this.db.transaction(['batches', 'jobs'], 'readwrite');
    const batch = await tx.objectStore('batches').get(id);
    if (batch) await tx.objectStore('batches').put({ ...batch, paused });
    for (let cursor = await tx.objectStore('jobs').index('byGroup').openCursor(id); cursor; cursor = await cursor.continue()) {
      if (cursor.value.status === 'pending') await cursor.update({ ...cursor.value, paused, updatedAt: now });
    }
    await tx.done;
  }

  /** Forgets a batch: its unfinished jobs are deleted; what it made stays in the library. */
  async deleteBatch(id: string): Promise<void> {
    const tx = this.db.transaction(['batches', 'jobs'], 'readwrite');
    for (let cursor = await tx.objectStore('jobs').index('byGroup').openCursor(id); cursor; cursor = await cursor.continue()) {
      await cursor.delete();
    }
    await tx.objectStore('batches').delete(id);
    await tx.done;
  }
}
