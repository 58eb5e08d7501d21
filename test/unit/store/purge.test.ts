// What has outlived its time is purged: results, ended jobs with their input
// blobs a day after they ended, and credit holds nobody settled.
import { describe, expect, test } from 'vitest';
import { JOB_LIFETIME_MS } from '../../../src/store/job-state';
import type { JobRecord } from '../../../src/store/schema';
import { Store } from '../../../src/store/store';

let counter = 0;

const job = (id: string, status: JobRecord['status'], updatedAt: number): JobRecord => ({
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
    const store = await Store.open(`purge-${process.pid}-${counter++}`);
    await store.putJob(job('old-done', 'completed', 0));
    await store.putJob(job('old-failed', 'failed', 0));
    await store.putJob(job('new-done', 'completed', JOB_LIFETIME_MS));
    await store.putJob(job('waiting', 'pending', 0));
    await store.putJob(job('running', 'running', 0));
    await store.reserveCredits({ id: 'stale', keyId: 'k', credits: 1, at: 0, expiresAt: 10 });
    await store.reserveCredits({ id: 'live', keyId: 'k', credits: 1, at: 0, expiresAt: JOB_LIFETIME_MS * 3 });
    const report = await store.purgeExpired(JOB_LIFETIME_MS + 1);
    expect(report).toEqual({ results: 0, jobs: 2, reservations: 1 });
    expect((await store.listJobs()).map((j) => j.id).sort()).toEqual(['new-done', 'running', 'waiting']);
    expect(await store.heldCredits('k', JOB_LIFETIME_MS + 1)).toBe(1);
  });
});
