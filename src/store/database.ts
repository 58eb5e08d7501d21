// The studio's one IndexedDB database, the one owner of what is stored, as a
// repository per kind of record. Every method is one transaction, and where
// a change must land with another (a job's end with its result and library
// item, a hold with the key's budget) the two share it; callers never hold a
// transaction across an await of their own.
import { openDB } from 'idb';
import { LATEST_VERSION, upgrade } from './migrations';
import { BatchRepository } from './repositories/batches';
import { CreditRepository } from './repositories/credits';
import { JobRepository } from './repositories/jobs';
import { KeyRepository } from './repositories/keys';
import { LibraryRepository } from './repositories/library';
import { ResultRepository } from './repositories/results';
import { DB_NAME, type StudioDb, type StudioSchema } from './schema';

export interface PurgeReport {
  results: number;
  jobs: number;
  reservations: number;
}

export class StudioDatabase {
  readonly keys: KeyRepository;
  readonly credits: CreditRepository;
  readonly results: ResultRepository;
  readonly jobs: JobRepository;
  readonly library: LibraryRepository;
  readonly batches: BatchRepository;

  constructor(readonly idb: StudioDb) {
    this.keys = new KeyRepository(idb);
    this.credits = new CreditRepository(idb);
    this.results = new ResultRepository(idb);
    this.jobs = new JobRepository(idb);
    this.library = new LibraryRepository(idb);
    this.batches = new BatchRepository(idb);
  }

  /** Deletes what has outlived its time: expired results, jobs ended a day ago, holds nobody settled. */
  async purgeExpired(now: number): Promise<PurgeReport> {
    return {
      results: await this.results.purgeExpired(now),
      jobs: await this.jobs.purgeEnded(now),
      reservations: await this.credits.purgeStale(now),
    };
  }
}

export async function openStudioDatabase(name = DB_NAME): Promise<StudioDatabase> {
  return new StudioDatabase(await openDB<StudioSchema>(name, LATEST_VERSION, { upgrade }));
}

let shared: Promise<StudioDatabase> | null = null;

/** This context's connection (a page's, the service worker's), opened once. */
export function studioDatabase(): Promise<StudioDatabase> {
  shared ??= openStudioDatabase();
  return shared;
}
