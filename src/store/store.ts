// Access to the studio's IndexedDB, the one owner of what is stored: expiry,
// purging, migrations and the credit budget live here. Every method is one
// transaction; callers never hold a transaction across an await of their own.
import { openDB, type IDBPDatabase } from 'idb';
import { ApiError } from '../api/errors';
import { isFinished, JOB_LIFETIME_MS, nextJobState } from './job-state';
import { LATEST_VERSION, upgrade } from './migrations';
import { DB_NAME, type JobRecord, type KeyRecord, type LedgerEntry, type Reservation, type ResultRecord, type StudioSchema } from './schema';

export type StudioDb = IDBPDatabase<StudioSchema>;

export function openStudioDb(name = DB_NAME): Promise<StudioDb> {
  return openDB<StudioSchema>(name, LATEST_VERSION, { upgrade });
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
   * insufficient_api_credits when the budget, less what others hold, cannot
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
        throw new ApiError('insufficient_api_credits', `this call costs ${reservation.credits} credits; the key has ${left} left`);
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
}
