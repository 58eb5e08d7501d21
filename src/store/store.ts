// Access to the studio's IndexedDB. Every method is one transaction; callers
// never hold a transaction across an await of their own.
import { openDB, type IDBPDatabase } from 'idb';
import { DB_NAME, DB_VERSION, type JobRecord, type KeyRecord, type LedgerEntry, type ResultRecord, type StudioSchema } from './schema';

export type StudioDb = IDBPDatabase<StudioSchema>;

export function openStudioDb(name = DB_NAME): Promise<StudioDb> {
  return openDB<StudioSchema>(name, DB_VERSION, {
    upgrade(db) {
      const keys = db.createObjectStore('keys', { keyPath: 'id' });
      keys.createIndex('byHash', 'hash', { unique: true });
      const results = db.createObjectStore('results', { keyPath: 'id' });
      results.createIndex('byExpiry', 'expiresAt');
      results.createIndex('byCreated', 'createdAt');
      const jobs = db.createObjectStore('jobs', { keyPath: 'id' });
      jobs.createIndex('byStatus', 'status');
      jobs.createIndex('byCreated', 'createdAt');
      const ledger = db.createObjectStore('ledger', { keyPath: 'id', autoIncrement: true });
      ledger.createIndex('byKey', 'keyId');
    },
  });
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

  /** Adds to a key's spent credits and writes the ledger line, in one transaction. */
  async charge(keyId: string, route: string, credits: number, at: number): Promise<void> {
    if (credits <= 0) return;
    const tx = this.db.transaction(['keys', 'ledger'], 'readwrite');
    const keys = tx.objectStore('keys');
    const key = await keys.get(keyId);
    if (key) await keys.put({ ...key, spent: key.spent + credits });
    await tx.objectStore('ledger').add({ keyId, route, credits, at });
    await tx.done;
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
