// How the database grows from one version to the next. Each step runs once,
// in order, from the version the browser has to the current one, so a user's
// keys, results and jobs are carried over.
import type { IDBPDatabase, IDBPTransaction, StoreNames } from 'idb';
import type { StudioSchema } from './schema';
import { payloadId } from './stored-bytes';

type UpgradeDb = IDBPDatabase<StudioSchema>;
type UpgradeTx = IDBPTransaction<StudioSchema, StoreNames<StudioSchema>[], 'versionchange'>;

const steps: Array<(db: UpgradeDb, tx: UpgradeTx) => void> = [
  // → 1
  (db) => {
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
  // → 2
  (db) => {
    const reservations = db.createObjectStore('reservations', { keyPath: 'id' });
    reservations.createIndex('byKey', 'keyId');
  },
  // → 3: the library (kept results) and the studio's batches, whose items are jobs
  (db, tx) => {
    const library = db.createObjectStore('library', { keyPath: 'id' });
    library.createIndex('byCreated', 'createdAt');
    library.createIndex('byBatch', 'batchId');
    const batches = db.createObjectStore('batches', { keyPath: 'id' });
    batches.createIndex('byCreated', 'createdAt');
    tx.objectStore('jobs').createIndex('byGroup', 'group');
  },
  // → 4: big bodies become payloads of their own, so lists and progress writes never read them
  (db, tx) => {
    db.createObjectStore('payloads', { keyPath: 'id' });
    void movePayloads(tx);
  },
];

/**
 * Moves the Blobs that version 3 kept inside results, jobs and library items
 * into `payloads`, as they are: only an engine whose IndexedDB took Blobs can
 * have written them, and these moves await nothing but the upgrade's own
 * requests, so they stay inside it. The records keep the size and type.
 */
async function movePayloads(tx: UpgradeTx): Promise<void> {
  const payloads = tx.objectStore('payloads');
  type Legacy = { id: string; blob?: Blob; input?: Blob; source?: Blob };
  for (let cursor = await tx.objectStore('results').openCursor(); cursor; cursor = await cursor.continue()) {
    const { blob, ...row } = cursor.value as typeof cursor.value & Legacy;
    if (!(blob instanceof Blob)) continue;
    await payloads.put({ id: payloadId.result(row.id), legacyBlob: blob, bytes: new ArrayBuffer(0), type: blob.type });
    await cursor.update({ ...row, size: blob.size });
  }
  for (let cursor = await tx.objectStore('jobs').openCursor(); cursor; cursor = await cursor.continue()) {
    const input = (cursor.value as unknown as Legacy).input;
    if (!(input instanceof Blob)) continue;
    if (input.size > 0) await payloads.put({ id: payloadId.input(cursor.value.id), legacyBlob: input, bytes: new ArrayBuffer(0), type: input.type });
    await cursor.update({ ...cursor.value, input: { size: input.size, type: input.type } });
  }
  for (let cursor = await tx.objectStore('library').openCursor(); cursor; cursor = await cursor.continue()) {
    const source = (cursor.value as unknown as Legacy).source;
    if (!(source instanceof Blob)) continue;
    await payloads.put({ id: payloadId.source(cursor.value.id), legacyBlob: source, bytes: new ArrayBuffer(0), type: source.type });
    await cursor.update({ ...cursor.value, source: { size: source.size, type: source.type } });
  }
}

export const LATEST_VERSION = steps.length;

export function upgrade(db: UpgradeDb, oldVersion: number, newVersion: number | null, tx: UpgradeTx): void {
  for (let version = oldVersion; version < (newVersion ?? LATEST_VERSION); version++) steps[version](db, tx);
}
