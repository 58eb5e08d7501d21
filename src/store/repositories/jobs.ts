// Jobs (video, try-on, studio batch items) and their moves through
// job-state.ts. A job's end lands in one transaction with what it touches: a
// cancel with its hold, a completion with its result and library item.
import { isFinished, JOB_LIFETIME_MS, nextJobState } from '../job-state';
import type { JobRecord, LibraryItem, ResultRecord, StudioDb } from '../schema';

export class JobRepository {
  constructor(private readonly db: StudioDb) {}

  put(record: JobRecord): Promise<string> {
    return this.db.put('jobs', record);
  }

  /** Queues many jobs in one transaction: all of them or none. */
  async putMany(records: JobRecord[]): Promise<void> {
    const tx = this.db.transaction('jobs', 'readwrite');
    await Promise.all(records.map((record) => tx.store.put(record)));
    await tx.done;
  }

  get(id: string): Promise<JobRecord | undefined> {
    return this.db.get('jobs', id);
  }

  /**
   * Changes a job inside one transaction. `change` sees the stored job and returns
   * the new one, or null to leave it as it is (a job that has moved on meanwhile).
   */
  async update(id: string, change: (job: JobRecord) => JobRecord | null): Promise<JobRecord | undefined> {
    const tx = this.db.transaction('jobs', 'readwrite');
    const job = await tx.store.get(id);
    if (!job) {
      await tx.done;
      return undefined;
    }
    const updated = change(job);
    if (updated) await tx.store.put(updated);
    await tx.done;
    return updated ?? job;
  }

  /**
   * Cancels a pending or running job: it ends failed with job_cancelled and
   * its hold is released, in one transaction. An ended job is returned as it is.
   */
  async cancel(id: string, now: number): Promise<JobRecord | undefined> {
    const error = { message: 'the job was cancelled', error_code: 'job_cancelled' };
    const tx = this.db.transaction(['jobs', 'reservations'], 'readwrite');
    const job = await tx.objectStore('jobs').get(id);
    const cancelled = job && nextJobState(job, { type: 'fail', error }, now);
    if (cancelled) {
      await tx.objectStore('jobs').put(cancelled);
      await tx.objectStore('reservations').delete(id);
    }
    await tx.done;
    return cancelled ?? job;
  }

  /**
   * Ends a running job with its result in one transaction: the result stored,
   * the job completed and, for work kept in the library, its item written. A
   * job that has moved on meanwhile (cancelled, or finished by an earlier
   * attempt) gets nothing: null, and nothing is written.
   */
  async complete(id: string, result: ResultRecord, cost: number, now: number, keep?: LibraryItem): Promise<JobRecord | null> {
    const tx = this.db.transaction(['jobs', 'results', 'library'], 'readwrite');
    const job = await tx.objectStore('jobs').get(id);
    const completed = job && nextJobState(job, { type: 'complete', resultId: result.id, resultExt: result.ext, cost }, now);
    if (completed) {
      await tx.objectStore('results').put(result);
      if (keep) await tx.objectStore('library').put(keep);
      await tx.objectStore('jobs').put(completed);
    }
    await tx.done;
    return completed ?? null;
  }

  /** Queues a failed job again; any other job is returned as it is. */
  retry(id: string, now: number): Promise<JobRecord | undefined> {
    return this.update(id, (job) => nextJobState(job, { type: 'retry' }, now));
  }

  inGroup(group: string): Promise<JobRecord[]> {
    return this.db.getAllFromIndex('jobs', 'byGroup', group);
  }

  withStatus(status: JobRecord['status']): Promise<JobRecord[]> {
    return this.db.getAllFromIndex('jobs', 'byStatus', status);
  }

  /** Newest first. */
  async list(): Promise<JobRecord[]> {
    const jobs = await this.db.getAllFromIndex('jobs', 'byCreated');
    return jobs.reverse();
  }

  delete(id: string): Promise<void> {
    return this.db.delete('jobs', id);
  }

  /** Deletes jobs (with their input blobs) that ended more than a day ago; returns how many. */
  async purgeEnded(now: number): Promise<number> {
    const tx = this.db.transaction('jobs', 'readwrite');
    let purged = 0;
    for (let cursor = await tx.store.openCursor(); cursor; cursor = await cursor.continue()) {
      if (isFinished(cursor.value) && cursor.value.updatedAt + JOB_LIFETIME_MS <= now) {
        await cursor.delete();
        purged++;
      }
    }
    await tx.done;
    return purged;
  }
}
