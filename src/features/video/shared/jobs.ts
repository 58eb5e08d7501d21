// Video jobs as stored in IndexedDB. The /v1 route and the app's video page
// both create them here; a window of the app runs them (../jobs.ts).
import type { JobRecord } from '../../../store/schema';
import { pendingJob } from '../../../store/job-state';
import type { StudioDatabase } from '../../../store/database';
import type { VideoOptions } from './meta';

export interface VideoJobRequest {
  options: VideoOptions;
  /** The input's name, for lists and downloads. */
  fileName: string;
}

/** What a completed video job keeps beside its result (JobRecord.outcome); the /v1 job JSON does not show it. */
export interface VideoJobOutcome {
  /** Frames taken from the masks an earlier, interrupted start of the job had stored (0: it ran from the first frame). */
  resumedFrames: number;
}

export type VideoJob = JobRecord<VideoJobRequest, VideoJobOutcome>;

export interface NewVideoJob {
  id?: string;
  input: Blob;
  options: VideoOptions;
  fileName: string;
  keyId: string | null;
  now: number;
}

export async function createVideoJob(db: StudioDatabase, job: NewVideoJob): Promise<VideoJob> {
  const { options, fileName, ...fields } = job;
  const record = pendingJob<VideoJobRequest, VideoJobOutcome>({ ...fields, kind: 'video', request: { options, fileName }, label: fileName });
  await db.jobs.put(record);
  return record;
}
