// A studio batch as the page shows it, built from what IndexedDB holds: the
// items' jobs (waiting, running, failed) and the library items they made
// (jobs are purged a day after they end; the library keeps the cut-outs).
// Pure, so the merging and the time-left estimate are tested in Node.
import type { JobError, JobRecord, LibraryItem } from '../../../store/schema';
import type { CutoutJobRequest } from '../shared/jobs';

export type BatchItemStatus = 'queued' | 'paused' | 'working' | 'done' | 'failed';

export interface BatchItem {
  id: string;
  fileName: string;
  status: BatchItemStatus;
  /** 0–1 while working. */
  progress: number;
  error?: JobError;
  /** The current version of the cut-out, once done. */
  cutout?: { resultId: string; ext: string; width: number; height: number; touchedUp: boolean };
  thumb?: Blob;
  createdAt: number;
  /** When it was done (its first version was made). */
  doneAt?: number;
}

function statusOf(job: JobRecord): BatchItemStatus {
  if (job.status === 'pending') return job.paused ? 'paused' : 'queued';
  if (job.status === 'running') return 'working';
  return job.status === 'completed' ? 'done' : 'failed';
}

export function batchItems(jobs: readonly JobRecord<CutoutJobRequest>[], kept: readonly LibraryItem[]): BatchItem[] {
  const library = new Map(kept.map((item) => [item.id, item]));
  const items: BatchItem[] = [];
  for (const job of jobs) {
    const item = library.get(job.id);
    library.delete(job.id);
    const status = statusOf(job);
    // A completed job whose library item is gone was deleted by the user.
    if (status === 'done' && !item) continue;
    items.push({
      id: job.id,
      fileName: job.request.fileName,
      status,
      progress: job.progress,
      error: job.error,
      createdAt: job.createdAt,
      ...(item && status === 'done' && doneParts(item)),
    });
  }
  // Items whose jobs were purged: the library is all that is left of them.
  for (const item of library.values()) {
    if (!item.source) continue;
    items.push({ id: item.id, fileName: item.name, status: 'done', progress: 1, createdAt: item.createdAt, ...doneParts(item) });
  }
  return items.sort((a, b) => a.createdAt - b.createdAt);
}

function doneParts(item: LibraryItem): Pick<BatchItem, 'cutout' | 'thumb' | 'doneAt'> {
  const current = item.versions[0];
  return {
    cutout: { resultId: current.resultId, ext: current.ext, width: current.width ?? 0, height: current.height ?? 0, touchedUp: current.made === 'touch-up' },
    thumb: item.thumb,
    doneAt: item.versions[item.versions.length - 1].createdAt,
  };
}

export interface BatchProgress {
  total: number;
  done: number;
  failed: number;
  /** Waiting, paused or being worked on. */
  left: number;
  /** Estimated from the pace of the last items done; null until two are done. */
  remainingMs: number | null;
}

/** How many recent items set the pace. */
const PACE_WINDOW = 20;

export function batchProgress(items: readonly BatchItem[]): BatchProgress {
  const done = items.filter((item) => item.status === 'done');
  const failed = items.filter((item) => item.status === 'failed').length;
  const left = items.length - done.length - failed;
  const times = done
    .map((item) => item.doneAt ?? 0)
    .sort((a, b) => a - b)
    .slice(-PACE_WINDOW);
  const span = times.length >= 2 ? times[times.length - 1] - times[0] : 0;
  const perItem = span > 0 ? span / (times.length - 1) : null;
  return { total: items.length, done: done.length, failed, left, remainingMs: left === 0 ? 0 : perItem === null ? null : perItem * left };
}
