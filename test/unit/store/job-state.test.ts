// The job state machine: pending → running → completed | failed, never back.
import { describe, expect, test } from 'vitest';
import { isFinished, KEPT_INPUT_BYTES, nextJobState, type JobEvent } from '../../../src/store/job-state';
import type { JobRecord } from '../../../src/store/schema';

const job = (status: JobRecord['status'], extra: Partial<JobRecord> = {}): JobRecord => ({
  id: 'j',
  keyId: 'k',
  kind: 'try-on',
  status,
  progress: 0,
  request: {},
  input: new Blob(['input']),
  createdAt: 0,
  updatedAt: 0,
  attempts: 0,
  cost: 0,
  ...extra,
});

const complete: JobEvent = { type: 'complete', resultId: 'r', resultExt: 'jpg', cost: 5 };
const cancel: JobEvent = { type: 'fail', error: { error_code: 'job_cancelled', message: 'cancelled' } };

describe('job state', () => {
  test('pending → running → completed, counting attempts; a photo input is kept for a before/after', () => {
    const running = nextJobState(job('pending'), { type: 'start' }, 10)!;
    expect(running).toMatchObject({ status: 'running', attempts: 1, updatedAt: 10 });
    const done = nextJobState(running, complete, 20)!;
    expect(done).toMatchObject({ status: 'completed', progress: 1, resultId: 'r', cost: 5 });
    expect(done.input.size).toBe(5);
  });

  test('a completed job drops an input bigger than a photo (a video) at once', () => {
    const big = new Blob([new Uint8Array(KEPT_INPUT_BYTES + 1)]);
    const done = nextJobState(nextJobState(job('pending', { input: big }), { type: 'start' }, 10)!, complete, 20)!;
    expect(done.input.size).toBe(0);
  });

  test('a running job found after a reload starts again as one more attempt, its progress where it was', () => {
    expect(nextJobState(job('running', { attempts: 1, progress: 0.5 }), { type: 'start' }, 5)).toMatchObject({
      status: 'running',
      attempts: 2,
      progress: 0.5,
    });
  });

  test('progress never goes down: a new attempt that reports less leaves it until it passes it', () => {
    const restarted = nextJobState(job('running', { attempts: 1, progress: 0.5 }), { type: 'start' }, 5)!;
    expect(nextJobState(restarted, { type: 'progress', fraction: 0.1 }, 6)?.progress).toBe(0.5);
    expect(nextJobState(restarted, { type: 'progress', fraction: 0.7 }, 6)?.progress).toBe(0.7);
  });

  test('an ended job never moves again: not restarted, completed, failed or cancelled', () => {
    for (const status of ['completed', 'failed'] as const) {
      const ended = job(status);
      expect(isFinished(ended)).toBe(true);
      for (const event of [{ type: 'start' } as const, complete, cancel, { type: 'progress', fraction: 0.5 } as const]) {
        expect(nextJobState(ended, event, 1)).toBeNull();
      }
    }
  });

  test('cancel ends a pending or running job failed with job_cancelled', () => {
    expect(nextJobState(job('pending'), cancel, 3)).toMatchObject({ status: 'failed', error: { error_code: 'job_cancelled' } });
    expect(nextJobState(job('running'), cancel, 3)).toMatchObject({ status: 'failed', error: { error_code: 'job_cancelled' } });
  });

  test('only a running job completes, and progress stays below 1 until it does', () => {
    expect(nextJobState(job('pending'), complete, 1)).toBeNull();
    expect(nextJobState(job('running'), { type: 'progress', fraction: 1.5 }, 1)?.progress).toBe(0.99);
    expect(nextJobState(job('pending'), { type: 'progress', fraction: 0.5 }, 1)).toBeNull();
  });

  test('retry queues a failed job afresh; it does nothing to any other job', () => {
    const failed = nextJobState(nextJobState(job('pending'), { type: 'start' }, 1)!, cancel, 2)!;
    expect(nextJobState(failed, { type: 'retry' }, 3)).toMatchObject({ status: 'pending', attempts: 0, progress: 0, error: undefined, updatedAt: 3 });
    for (const status of ['pending', 'running', 'completed'] as const) expect(nextJobState(job(status), { type: 'retry' }, 3)).toBeNull();
  });
});
