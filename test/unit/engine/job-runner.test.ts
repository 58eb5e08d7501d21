// The job runner keeps its worker pool for a while once the queue is empty,
// so the next job finds a warm worker, and disposes it after that; a job
// whose worker was stopped (over its time budget, cancelled) leaves nothing
// warm, and the pool goes at once. A job whose worker was lost under it (a
// crash, or a hang the pool's watchdog caught) is started again, and fails
// after three attempts with the reason.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { JobRunner, type JobHandler } from '../../../src/engine/jobs';
import { WorkerLostError, type WorkerPool } from '../../../src/engine/pool';
import { pendingJob } from '../../../src/store/job-state';
import { openStudioDatabase, type StudioDatabase } from '../../../src/store/database';
import type { JobRecord } from '../../../src/store/schema';
import { task } from '../../../src/api/tasks';

let counter = 0;

/** A pool whose one worker answers every task after `ms`, or stops when the task is aborted. */
class FakePool {
  disposed = 0;
  runs = 0;
  /** @param lose how many runs lose their worker, as a hang caught by the watchdog does */
  constructor(
    private readonly ms: number,
    private readonly lose = 0,
  ) {}
  run<T>(work: (api: unknown) => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (this.runs++ < this.lose) return Promise.reject(new WorkerLostError('the engine worker showed no progress for 150 s; it was restarted'));
    const api = { run: () => new Promise((resolve) => setTimeout(() => resolve({ ok: true, value: { durationSeconds: 1 } }), this.ms)) };
    return new Promise<T>((resolve, reject) => {
      signal?.addEventListener('abort', () => reject(new DOMException('the task was cancelled', 'AbortError')), { once: true });
      work(api).then(resolve, reject);
    });
  }
  dispose(): void {
    this.disposed++;
  }
}

/** @param outcome what the handler tells of its result, kept on the job */
function handler(timeBudgetMs: number, outcome?: unknown): JobHandler {
  return {
    kind: 'video',
    route: '/v1/video/remove-background',
    timeBudgetMs,
    async run(_job, work) {
      await work.run(task('probeVideo', { input: new Blob([]) }));
      return { blob: new Blob([new Uint8Array(4)]), contentType: 'video/mp4', ext: 'mp4', lifetimeMs: 60_000, cost: 0, outcome };
    },
  };
}

async function until(check: () => Promise<boolean> | boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('the job runner’s worker pool', () => {
  let db: StudioDatabase;
  const pools: FakePool[] = [];
  const queue = async (): Promise<JobRecord> => {
    const job = pendingJob({ kind: 'video', keyId: null, request: { fileName: 'clip.mp4' }, input: new Blob([new Uint8Array(3)]), label: 'clip.mp4', now: Date.now() });
    await db.jobs.put(job);
    return job;
  };
  const statusOf = async (id: string) => (await db.jobs.get(id))?.status;
  const runner = (budgetMs: number, taskMs: number, idleMs: number, lose = 0, outcome?: unknown) =>
    new JobRunner(
      [handler(budgetMs, outcome)],
      async () => db,
      () => {
        const pool = new FakePool(taskMs, lose);
        pools.push(pool);
        return pool as unknown as WorkerPool;
      },
      Date.now,
      idleMs,
    );

  beforeEach(async () => {
    db = await openStudioDatabase(`runner-${process.pid}-${counter++}`);
    pools.length = 0;
    vi.stubGlobal('navigator', { locks: { request: async (_name: string, _options: unknown, callback: (lock: object) => Promise<void>) => callback({}) } });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  test('is kept for the idle time after a job completes, runs the next job sent meanwhile, and is disposed after it', async () => {
    const jobs = runner(60_000, 5, 300);
    const first = await queue();
    jobs.kick();
    await until(async () => (await statusOf(first.id)) === 'completed');
    await until(() => jobs.workers !== null && pools.length === 1);
    expect(pools[0].disposed).toBe(0);
    const second = await queue();
    jobs.kick();
    await until(async () => (await statusOf(second.id)) === 'completed');
    // The second job ran on the first one's pool.
    expect(pools).toHaveLength(1);
    expect(pools[0].disposed).toBe(0);
    await until(() => jobs.workers === null, 2000);
    expect(pools[0].disposed).toBe(1);
  });

  test('a job stopped over its time budget leaves nothing warm: the pool is disposed at once', async () => {
    const jobs = runner(50, 5000, 60_000);
    const job = await queue();
    jobs.kick();
    await until(async () => (await statusOf(job.id)) === 'failed');
    expect((await db.jobs.get(job.id))?.error?.error_code).toBe('request_timeout');
    await until(() => jobs.workers === null, 1000);
    expect(pools[0].disposed).toBe(1);
  });

  test('a job whose worker was lost is started again and completes', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const jobs = runner(60_000, 5, 60_000, 2);
    const job = await queue();
    jobs.kick();
    await until(async () => (await statusOf(job.id)) === 'completed');
    expect((await db.jobs.get(job.id))?.attempts).toBe(3);
    expect(console.warn).toHaveBeenCalledWith(expect.stringMatching(/video job .*: the engine worker showed no progress for 150 s/));
  });

  test('a job lost on every attempt fails after three, with the reason', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const jobs = runner(60_000, 5, 60_000, Infinity);
    const job = await queue();
    jobs.kick();
    await until(async () => (await statusOf(job.id)) === 'failed');
    expect((await db.jobs.get(job.id))?.error).toEqual({
      error_code: 'unexpected_error',
      message: 'the job was started 3 times and never finished (the engine worker showed no progress for 150 s; it was restarted)',
    });
  });

  test('what the handler tells of its result is kept on the completed job; a job told nothing has no outcome', async () => {
    const told = runner(60_000, 5, 60_000, 0, { garmentKind: 'full' });
    const job = await queue();
    told.kick();
    await until(async () => (await statusOf(job.id)) === 'completed');
    expect((await db.jobs.get(job.id))?.outcome).toEqual({ garmentKind: 'full' });

    const silent = runner(60_000, 5, 60_000);
    const other = await queue();
    silent.kick();
    await until(async () => (await statusOf(other.id)) === 'completed');
    expect(await db.jobs.get(other.id)).not.toHaveProperty('outcome');
  });
});
