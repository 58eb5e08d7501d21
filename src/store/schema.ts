// What IndexedDB holds. One database, one object store per kind of record.
import type { DBSchema } from 'idb';
import type { JobErrorCode } from '../api/errors';

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

export type JobStatus = 'pending' | 'running' | 'completed' | 'failed';
export type JobKind = 'video' | 'try-on';

export interface JobError {
  message: string;
  error_code: JobErrorCode;
}

export interface JobRecord<Request = unknown> {
  id: string;
  keyId: string | null;
  kind: JobKind;
  status: JobStatus;
  progress: number;
  /** The validated request, as the feature's job runner reads it. */
  request: Request;
  input: Blob;
  createdAt: number;
  updatedAt: number;
  /** How many times a host started it; a restart after a crash adds one. */
  attempts: number;
  resultId?: string;
  resultExt?: string;
  error?: JobError;
  /** Credits the job will cost, charged when it completes. */
  cost: number;
  label?: string;
}

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

export interface StudioSchema extends DBSchema {
  keys: { key: string; value: KeyRecord; indexes: { byHash: string } };
  results: { key: string; value: ResultRecord; indexes: { byExpiry: number; byCreated: number } };
  jobs: { key: string; value: JobRecord; indexes: { byStatus: string; byCreated: number } };
  ledger: { key: number; value: LedgerEntry; indexes: { byKey: string } };
  reservations: { key: string; value: Reservation; indexes: { byKey: string } };
}
