// Try-on jobs as stored in IndexedDB. The /v1 route and the app's Try-on page
// both create them here; a window of the app runs them (../jobs.ts). The
// person is the job's input; the garment travels in the request.
import type { JobRecord } from '../../../store/schema';
import type { Store } from '../../../store/store';
import type { TryOnOptions } from './meta';

export interface TryOnJobRequest {
  options: TryOnOptions;
  garment: Blob;
  /** What the job is called in lists and downloads. */
  label: string;
}

export type TryOnJob = JobRecord<TryOnJobRequest>;

export interface NewTryOnJob {
  id?: string;
  person: Blob;
  garment: Blob;
  options: TryOnOptions;
  label: string;
  keyId: string | null;
  now: number;
}

export async function createTryOnJob(store: Store, job: NewTryOnJob): Promise<TryOnJob> {
  const record: TryOnJob = {
    id: job.id ?? crypto.randomUUID(),
    keyId: job.keyId,
    kind: 'try-on',
    status: 'pending',
    progress: 0,
    request: { options: job.options, garment: job.garment, label: job.label },
    input: job.person,
    createdAt: job.now,
    updatedAt: job.now,
    attempts: 0,
    cost: 0,
    label: job.label,
  };
  await store.putJob(record);
  return record;
}
