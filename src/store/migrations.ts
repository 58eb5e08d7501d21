// How the database grows from one version to the next. Each step runs once,
// in order, from the version the browser has to the current one, so a user's
// keys, results and jobs are carried over.
import type { IDBPDatabase, IDBPTransaction, StoreNames } from 'idb';
import type { StudioSchema } from './schema';

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
];

export const LATEST_VERSION = steps.length;

export function upgrade(db: UpgradeDb, oldVersion: number, newVersion: number | null, tx: UpgradeTx): void {
  for (let version = oldVersion; version < (newVersion ?? LATEST_VERSION); version++) steps[version](db, tx);
}
