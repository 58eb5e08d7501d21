// The studio's batch items as stored in IndexedDB: one job per image, grouped
// by batch, run by whichever window holds the job runner (../jobs.ts). The
// image is the job's input; what it makes is kept in the library under the
// job's id, so one image can never become two library items.
import type { JobRecord, JobWithInput } from '../../../store/schema';
import { pendingJob } from '../../../store/job-state';

export interface CutoutJobRequest {
  /** The file's name as dropped, e.g. `shoe.jpg`. */
  fileName: string;
  batchId: string;
}

export type CutoutJob = JobRecord<CutoutJobRequest>;

/** Jobs for files dropped on a batch, in the order dropped (one millisecond apart, so the queue keeps it). */
export function cutoutJobs(files: readonly File[], batchId: string, paused: boolean, now: number): JobWithInput<CutoutJobRequest>[] {
  return files.map((file, index) =>
    pendingJob<CutoutJobRequest>({
      kind: 'cutout',
      keyId: null,
      request: { fileName: file.name, batchId },
      input: file,
      label: file.name,
      group: batchId,
      paused,
      now: now + index,
    }),
  );
}
