// Try-on jobs as stored in IndexedDB. The /v1 route and the app's Try-on page
// both create them here; a window of the app runs them (../jobs.ts). The
// person is the job's input; the garment travels in the request.
import type { JobRecord } from '../../../store/schema';
import { pendingJob } from '../../../store/job-state';
import type { StudioDatabase } from '../../../store/database';
import type { GarmentKind, TryOnOptions } from './meta';

export interface TryOnJobRequest {
  options: TryOnOptions;
  garment: Blob;
  /** What the job is called in lists and downloads. */
  label: string;
}

/** What a completed try-on job keeps of its result beside the bytes (JobRecord.outcome). */
export interface TryOnJobOutcome {
  /** The kind the garment was dressed as: the mode asked for, or the one `auto` read. */
  garmentKind: GarmentKind;
}

export type TryOnJob = JobRecord<TryOnJobRequest, TryOnJobOutcome>;

export interface NewTryOnJob {
  id?: string;
  person: Blob;
  garment: Blob;
  options: TryOnOptions;
  label: string;
  keyId: string | null;
  now: number;
}

export async function createTryOnJob(db: StudioDatabase, job: NewTryOnJob): Promise<TryOnJob> {
  const { person, garment, options, label, ...fields } = job;
  const record = pendingJob<TryOnJobRequest, TryOnJobOutcome>({ ...fields, kind: 'try-on', request: { options, garment, label }, input: person, label });
  await db.jobs.put(record);
  return record;
}
