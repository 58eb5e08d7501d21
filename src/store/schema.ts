// What IndexedDB holds. One database, one object store per kind of record.
import type { DBSchema, IDBPDatabase } from 'idb';
import type { Payload, PayloadInfo } from './stored-bytes';

export const DB_NAME = 'cutout-studio';

export interface KeyRecord {
  id: string;
  /** SHA-256 of the key, hex. The key itself is never stored. */
  hash: string;
  name: string;
  /** The first and last characters, to tell keys apart on the Developer page. */
  hint: string;
  createdAt: number;
  revokedAt: number | null;
  /** Total credits this key may spend; null is no limit. */
  budget: number | null;
  spent: number;
  /** Requests per second; null is no limit. */
  ratePerSecond: number | null;
}

/** A result with its bytes, as it is written and as `results.get` reads it. */
export interface ResultRecord {
  /** The unguessable token in /v1/results/<id>.<ext>. */
  id: string;
  /** The key that made it; null for results made in the app itself. */
  keyId: string | null;
  blob: Blob;
  contentType: string;
  ext: string;
  route: string;
  createdAt: number;
  expiresAt: number;
  width?: number;
  height?: number;
  label?: string;
}

/** A result as stored and listed: its bytes are a payload of their own. */
export type ResultInfo = Omit<ResultRecord, 'blob'> & { size: number };

export type JobStatus = 'pending' | 'running' | 'completed' | 'failed';
export type JobKind = 'video' | 'try-on' | 'cutout';

/** How a job failed: one of the contract's error codes (src/api/errors.ts) and what it says. */
export interface JobError {
  message: string;
  error_code: string;
}

export interface JobRecord<Request = unknown, Outcome = unknown> {
  id: string;
  keyId: string | null;
  kind: JobKind;
  status: JobStatus;
  progress: number;
  /** The validated request, as the feature's job runner reads it. */
  request: Request;
  /** The input's size and type; its bytes are a payload of their own (`jobs.input`). Size 0 once dropped. */
  input: PayloadInfo;
  createdAt: number;
  updatedAt: number;
  /** How many times a host started it; a restart after a crash adds one. */
  attempts: number;
  resultId?: string;
  resultExt?: string;
  /**
   * What the job's handler told of its result, stored with it when the job
   * completed (try-on: the garment kind it dressed). Absent before then, and
   * on jobs completed before a kind reported one.
   */
  outcome?: Outcome;
  error?: JobError;
  /** Credits the job will cost, charged when it completes. */
  cost: number;
  label?: string;
  /** The batch the job belongs to, if any (the studio's batches). */
  group?: string;
  /** A paused job waits in the queue until it is resumed. */
  paused?: boolean;
}

/** A job with its input, as it is queued and as a job handler gets it. */
export type JobWithInput<Request = unknown, Outcome = unknown> = Omit<JobRecord<Request, Outcome>, 'input'> & { input: Blob };

export interface LedgerEntry {
  id?: number;
  keyId: string;
  route: string;
  credits: number;
  at: number;
}

/** Credits held for a call or job still running; settled into the ledger or released when it ends. */
export interface Reservation {
  /** The job's id, or a random id for one request. */
  id: string;
  keyId: string;
  credits: number;
  at: number;
  /** A reservation nobody settled by then (a closed SW, a lost page) no longer holds the budget. */
  expiresAt: number;
}

export type LibraryKind = 'cutout' | 'background' | 'try-on' | 'video';

/** One saved state of a library item: a result that never expires. */
export interface LibraryVersion {
  resultId: string;
  ext: string;
  contentType: string;
  width?: number;
  height?: number;
  createdAt: number;
  /** What made it: the engine, or the user's touch-up of an earlier version. */
  made: 'engine' | 'touch-up';
}

/**
 * What a person made in the app and keeps until they delete it. Its versions
 * are results with no expiry (so /v1/results/<id> URLs work for them too); the
 * newest is first.
 */
export interface LibraryItem {
  /** The id of the job that made it, when a job did: one job, one item. */
  id: string;
  name: string;
  kind: LibraryKind;
  createdAt: number;
  updatedAt: number;
  versions: LibraryVersion[];
  /** The photo it was made from, for touch-up and before/after: its bytes are a payload (`library.source`). */
  source?: PayloadInfo;
  /** A small picture of the current version for lists. */
  thumb?: Blob;
  /** Bytes of every version and the source. */
  bytes: number;
  batchId?: string;
}

/** A library item with its photo, as it is written. */
export type NewLibraryItem = Omit<LibraryItem, 'source'> & { source?: Blob };

/** A studio batch: its name and the finishing every item gets unless it has its own. */
export interface BatchRecord<Finish = unknown> {
  id: string;
  name: string;
  createdAt: number;
  finish: Finish;
  /** Finishing an item has of its own, by item id. */
  itemFinish: Record<string, Finish>;
  paused: boolean;
  /** One more at every write, so a change made outside a transaction can tell it read the latest. */
  revision?: number;
}

export interface StudioSchema extends DBSchema {
  keys: { key: string; value: KeyRecord; indexes: { byHash: string } };
  results: { key: string; value: ResultInfo; indexes: { byExpiry: number; byCreated: number } };
  jobs: { key: string; value: JobRecord; indexes: { byStatus: string; byCreated: number; byGroup: string } };
  ledger: { key: number; value: LedgerEntry; indexes: { byKey: string } };
  reservations: { key: string; value: Reservation; indexes: { byKey: string } };
  library: { key: string; value: LibraryItem; indexes: { byCreated: number; byBatch: string } };
  batches: { key: string; value: BatchRecord; indexes: { byCreated: number } };
  /** The bytes of results (`result:<id>`), job inputs (`input:<job id>`) and library photos (`source:<item id>`). */
  payloads: { key: string; value: Payload };
}

export type StudioDb = IDBPDatabase<StudioSchema>;
