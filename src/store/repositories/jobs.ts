// Jobs (video, try-on, studio batch items) and their moves through
// job-state.ts. A job's end lands in one transaction with what it touches: a
// cancel with its hold, a completion with its result and library item. A
// job's input is a payload of its own, so the lists the pages poll and the
// progress written every few seconds never read or rewrite it.
import { isFinished, JOB_LIFETIME_MS, nextJobState } from '../job-state';
import type { JobRecord, JobWithInput, NewLibraryItem, ResultRecord, StudioDb } from '../schema';
import { fromPayload, payloadId, restored, storable, toPayload } from '../stored-bytes';
import { storedItem } from './library';
import { storedResult } from './results';

/** A job's row and its input's payload, ready to be put in one transaction. */
async function storedJob(job: JobWithInput) {
  const { input, ...rest } = job;
  const row: JobRecord = await storable({ ...rest, input: { size: input.size, type: input.type } });
  return { row, payload: input.size > 0 ? await toPayload(payloadId.input(job.id), input) : null };
}

export class JobRepository {
  constructor(private readonly db: StudioDb) {}

  async put(job: JobWithInput): Promise<void> {
    await this.putMany([job]);
  }

  /** Queues many jobs in one transaction: all of them or none. */
  async putMany(jobs: readonly JobWithInput[]): Promise<void> {
    const stored = await Promise.all(jobs.map(storedJob));
    const tx = this.db.transaction(['jobs', 'payloads'], 'readwrite');
    await Promise.all([
      ...stored.flatMap(({ row, payload }) => [tx.objectStore('jobs').put(row), ...(payload ? [tx.objectStore('payloads').put(payload)] : [])]),
      tx.done,
    ]);
  }

  async get(id: string): Promise<JobRecord | undefined> {
    return restored(await this.db.get('jobs', id));
  }

  /** The job's input, or null once it is no longer kept (store/job-state.ts drops a big one at the end). */
  async input(id: string): Promise<Blob | null> {
    const payload = await this.db.get('payloads', payloadId.input(id));
    return payload ? fromPayload(payload) : null;
  }

  /** The job with its input, as its handler runs it; null when the input is gone. */
  async withInput(job: JobRecord): Promise<JobWithInput | null> {
    const input = await this.input(job.id);
    return input && { ...job, input };
  }

  /**
   * Changes a job inside one transaction. `change` sees the stored job and returns
   * the new one, or null to leave it as it is (a job that has moved on meanwhile).
   * It changes the job's state, never its request, which it sees as stored.
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
    return restored(updated ?? job);
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
    return restored(cancelled ?? job);
  }

  /**
   * Ends a running job with its result in one transaction: the result stored,
   * the job completed with its `outcome` (JobRecord.outcome) and, for work
   * kept in the library, its item written. A job that has moved on meanwhile
   * (cancelled, or finished by an earlier attempt) gets nothing: null, and
   * nothing is written.
   */
  async complete(id: string, result: ResultRecord, cost: number, now: number, keep?: NewLibraryItem, outcome?: unknown): Promise<JobRecord | null> {
    const [storedOutput, storedKeep] = await Promise.all([storedResult(result), keep && storedItem(keep)]);
    const tx = this.db.transaction(['jobs', 'results', 'library', 'payloads'], 'readwrite');
    const job = await tx.objectStore('jobs').get(id);
    const completed = job && nextJobState(job, { type: 'complete', resultId: result.id, resultExt: result.ext, cost, outcome }, now);
    if (completed) {
      const payloads = tx.objectStore('payloads');
      await tx.objectStore('results').put(storedOutput.info);
      await payloads.put(storedOutput.payload);
      if (storedKeep) {
        await tx.objectStore('library').put(storedKeep.row);
        if (storedKeep.source) await payloads.put(storedKeep.source);
      }
      // A big input (a video) is dropped once there is a result.
      if (completed.input.size === 0) await payloads.delete(payloadId.input(id));
      await tx.objectStore('jobs').put(completed);
    }
    await tx.done;
    return completed ? restored(completed) : null;
  }

  /** Queues a failed job again; any other job is returned as it is. */
  retry(id: string, now: number): Promise<JobRecord | undefined> {
    return this.update(id, (job) => nextJobState(job, { type: 'retry' }, now));
  }

  async inGroup(group: string): Promise<JobRecord[]> {
    return restored(await this.db.getAllFromIndex('jobs', 'byGroup', group));
  }

  async withStatus(status: JobRecord['status']): Promise<JobRecord[]> {
    return restored(await this.db.getAllFromIndex('jobs', 'byStatus', status));
  }

  /** Newest first. */
  async list(): Promise<JobRecord[]> {
    const jobs = await this.db.getAllFromIndex('jobs', 'byCreated');
    return restored(jobs.reverse());
  }

  async delete(id: string): Promise<void> {
    const tx = this.db.transaction(['jobs', 'payloads'], 'readwrite');
    await Promise.all([tx.objectStore('jobs').delete(id), tx.objectStore('payloads').delete(payloadId.input(id)), tx.done]);
  }

  /** Deletes jobs (with their inputs) that ended more than a day ago; returns how many. */
  async purgeEnded(now: number): Promise<number> {
    const tx = this.db.transaction(['jobs', 'payloads'], 'readwrite');
    let purged = 0;
    for (let cursor = await tx.objectStore('jobs').openCursor(); cursor; cursor = await cursor.continue()) {
      if (isFinished(cursor.value) && cursor.value.updatedAt + JOB_LIFETIME_MS <= now) {
        await tx.objectStore('payloads').delete(payloadId.input(cursor.value.id));
        await cursor.delete();
        purged++;
      }
    }
    await tx.done;
    return purged;
  }
}
