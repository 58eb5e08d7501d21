// Video jobs as stored in IndexedDB. The /v1 route and the app's video page
// both create them here; a window of the app runs them (../jobs.ts).
import type { JobRecord } from '../../../store/schema';
import type { Store } from '../../../store/store';
import type { VideoOptions } from './meta';

export interface VideoJobRequest {
  options: VideoOptions;
  /** The input's name, for lists and downloads. */
  fileName: string;
}

export type VideoJob = JobRecord<VideoJobRequest>;

export interface NewVideoJob {
  id?: string;
  input: Blob;
  options: VideoOptions;
  fileName: string;
  keyId: string | null;
  now: number;
}

export async function createVideoJob(store: Store, job: NewVideoJob): Promise<VideoJob> {
  const record: VideoJob = {
    id: job.id ?? crypto.randomUUID(),
    keyId: job.keyId,
    kind: 'video',
    status: 'pending',
    progress: 0,
    request: { options: job.options, fileName: job.fileName },
    input: job.input,
    createdAt: job.now,
    updatedAt: job.now,
    attempts: 0,
    cost: 0,
    label: job.fileName,
  };
  await store.putJob(record);
  return record;
}
