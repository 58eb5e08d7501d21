// What has outlived its time is purged: results, ended jobs with their input
// blobs a day after they ended, and credit holds nobody settled.
import { describe, expect, test } from 'vitest';
import { JOB_LIFETIME_MS } from '../../../src/store/job-state';
import type { JobRecord, JobWithInput } from '../../../src/store/schema';
import { openStudioDatabase } from '../../../src/store/database';

let counter = 0;

const job = (id: string, status: JobRecord['status'], updatedAt: number): JobWithInput => ({
  id,
  keyId: null,
  kind: 'video',
  status,
  progress: 0,
  request: {},
  input: new Blob([new Uint8Array(1024)]),
  createdAt: 0,
  updatedAt,
  attempts: 0,
  cost: 0,
});

describe('purgeExpired', () => {
  test('ended jobs go a day after they ended; waiting and running jobs stay', async () => {
    const db = await openStudioDatabase(`purge-${process.pid}-${counter++}`);
    await db.jobs.put(job('old-done', 'completed', 0));
    await db.jobs.put(job('old-failed', 'failed', 0));
    await db.jobs.put(job('new-done', 'completed', JOB_LIFETIME_MS));
    await db.jobs.put(job('waiting', 'pending', 0));
    await db.jobs.put(job('running', 'running', 0));
    await db.credits.reserve({ id: 'stale', keyId: 'k', credits: 1, at: 0, expiresAt: 10 });
    await db.credits.reserve({ id: 'live', keyId: 'k', credits: 1, at: 0, expiresAt: JOB_LIFETIME_MS * 3 });
    const report = await db.purgeExpired(JOB_LIFETIME_MS + 1);
    expect(report).toEqual({ results: 0, jobs: 2, reservations: 1 });
    expect((await db.jobs.list()).map((j) => j.id).sort()).toEqual(['new-done', 'running', 'waiting']);
    expect(await db.credits.held('k', JOB_LIFETIME_MS + 1)).toBe(1);
  });
});
