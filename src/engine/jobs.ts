// Runs queued jobs (video, try-on, …), one after another, in whichever window
// of the app holds the runner lock. The machinery is the same for every kind:
// a feature gives a JobHandler that turns a job into a result, and this file
// owns the rest — the queue, the lock, restarts after a reload or a crashed
// worker, cancellation, the time budget, expiry, and the credits.
import { ApiError, toApiError } from '../api/errors';
import { resultRecord } from '../api/results';
import { KEPT, libraryItem, type KeepAs } from '../store/library';
import type { JobError, JobKind, JobRecord, JobWithInput } from '../store/schema';
import type { StudioDatabase } from '../store/database';
import { JOBS_CHANNEL } from './protocol';
import { runOnPool, WorkerLostError, type WorkerPool } from './pool';
import type { EngineProgress, EngineTask, TaskName, TaskResult } from '../api/tasks';
import { JOB_LIFETIME_MS, nextJobState, type JobEvent } from '../store/job-state';

const RUNNER_LOCK = 'cutout-job-runner';
const MAX_ATTEMPTS = 3;
const POLL_MS = 3000;
const PROGRESS_WRITE_MS = 400;
/**
 * How long the jobs' worker is kept once the queue is empty. It holds no
 * model (the model host does), only its warm codecs and helpers: a 2-s
 * video job sent through /v1 took a median 1.6 s longer on a fresh worker
 * than on the worker that had just run one (bench/README.md, bench:video).
 */
const IDLE_POOL_MS = 60_000;

/** What a finished job leaves behind. */
export interface JobProduct<Outcome = unknown> {
  blob: Blob;
  contentType: string;
  ext: string;
  lifetimeMs: number;
  width?: number;
  height?: number;
  label?: string;
  /** Credits the job costs, charged when it completes. */
  cost: number;
  /** Work made in the app is kept in the library, with no expiry, under the job's id. */
  keep?: KeepAs;
  /** What the job tells of its result beside the bytes, stored on the job with it (JobRecord.outcome; try-on: the garment kind it dressed). */
  outcome?: Outcome;
}

/** What a handler may do while it runs a job. */
export interface JobWork {
  /** Runs an engine task on the job's worker; cancelling the job stops it. */
  run<K extends TaskName>(task: EngineTask<K>, onProgress?: (p: EngineProgress) => void): Promise<TaskResult<K>>;
  progress(fraction: number): void;
  /**
   * Holds `credits` of the key's budget for this job (a cost known only once
   * the input is read); throws insufficient_api_credits when the key cannot cover it.
   */
  reserve(credits: number): Promise<void>;
}

export interface JobHandler<Request = unknown, Outcome = unknown> {
  kind: JobKind;
  /** The route the job is charged to in the ledger. */
  route: string;
  /** Longest one attempt may run; past it the job fails with request_timeout. */
  timeBudgetMs: number;
  /**
   * Longest the job's task may go without reporting progress. Past it the
   * worker is taken for hung: it is replaced and the job started again (at
   * most MAX_ATTEMPTS times). Without it, only the time budget stops a hang.
   */
  stallMs?: number;
  run(job: JobWithInput<Request, Outcome>, work: JobWork): Promise<JobProduct<Outcome>>;
}

export class JobRunner {
  private readonly channel = new BroadcastChannel(JOBS_CHANNEL);
  private readonly handlers: Map<string, JobHandler>;
  private draining = false;
  private again = false;
  private current: { id: string; cancel: AbortController } | null = null;
  private pool: WorkerPool | null = null;
  private idle: ReturnType<typeof setTimeout> | null = null;
  /** Why each job's last attempt was lost, said when its attempts run out. */
  private readonly lost = new Map<string, string>();

  /**
   * @param createPool makes the worker pool for jobs; it is disposed once the
   *   queue has been empty for `idlePoolMs`, at once after a job whose worker
   *   was stopped or lost (a fresh one has nothing warm to keep)
   */
  constructor(
    handlers: readonly JobHandler[],
    private readonly store: () => Promise<StudioDatabase>,
    private readonly createPool: (name: string, watchdogMs: number) => WorkerPool,
    private readonly now: () => number = Date.now,
    private readonly idlePoolMs = IDLE_POOL_MS,
  ) {
    this.handlers = new Map(handlers.map((h) => [h.kind, h as JobHandler]));
  }

  /** The worker pool while jobs run (tests crash it through this). */
  get workers(): WorkerPool | null {
    return this.pool;
  }

  start(): void {
    this.channel.addEventListener('message', () => {
      void this.checkCancelled();
      this.kick();
    });
    setInterval(() => this.kick(), POLL_MS);
    this.kick();
  }

  private announce(): void {
    this.channel.postMessage({ type: 'jobs-changed' });
  }

  /** Looks for work; only the window that gets the lock runs jobs. */
  kick(): void {
    if (this.draining) {
      this.again = true;
      return;
    }
    if (!navigator.locks) return;
    this.draining = true;
    void navigator.locks
      .request(RUNNER_LOCK, { ifAvailable: true }, async (lock) => {
        if (lock) await this.drain();
      })
      .finally(() => {
        this.draining = false;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Stops the running job's worker when the job was cancelled from elsewhere (DELETE, the app). */
  private async checkCancelled(): Promise<void> {
    const running = this.current;
    if (!running) return;
    const job = await (await this.store()).jobs.get(running.id);
    if (!job || job.status !== 'running') running.cancel.abort();
  }

  private async nextJob(): Promise<JobRecord | undefined> {
    const store = await this.store();
    const waiting = [...(await store.jobs.withStatus('running')), ...(await store.jobs.withStatus('pending'))];
    return waiting.filter((job) => this.handlers.has(job.kind) && !job.paused).sort((a, b) => a.createdAt - b.createdAt)[0];
  }

  private async drain(): Promise<void> {
    let ran = false;
    let warm = false;
    try {
      for (let job = await this.nextJob(); job; job = await this.nextJob()) {
        const handler = this.handlers.get(job.kind)!;
        if (this.idle) clearTimeout(this.idle);
        this.idle = null;
        this.pool ??= this.createPool('jobs', handler.timeBudgetMs + 60_000);
        ran = true;
        warm = await this.runOne(job, handler, this.pool);
      }
    } finally {
      // A pass that found nothing to run leaves the pool and its timer as they were.
      if (ran && warm) this.idle = setTimeout(() => this.disposePool(), this.idlePoolMs);
      else if (ran) this.disposePool();
    }
  }

  private disposePool(): void {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    this.pool?.dispose();
    this.pool = null;
  }

  /** Moves a job by `event`; a job that has moved on meanwhile is left as it is. */
  private async transition(id: string, event: JobEvent): Promise<JobRecord | undefined> {
    const store = await this.store();
    const changed = await store.jobs.update(id, (current) => nextJobState(current, event, this.now()));
    this.announce();
    return changed;
  }

  private async fail(job: JobRecord, error: JobError): Promise<void> {
    const store = await this.store();
    await this.transition(job.id, { type: 'fail', error });
    await store.credits.release(job.id);
  }

  /** Runs one job; says whether its worker is still the one that ran it (not stopped by a cancel, a hang or a crash). */
  private async runOne(queued: JobRecord, handler: JobHandler, pool: WorkerPool): Promise<boolean> {
    const store = await this.store();
    if (this.now() - queued.createdAt > JOB_LIFETIME_MS) {
      await this.fail(queued, { error_code: 'job_expired', message: 'the job waited more than 24 hours for a window of the app to run it' });
      return true;
    }
    if (queued.attempts >= MAX_ATTEMPTS) {
      const why = this.lost.get(queued.id) ?? 'the page closed or the engine crashed each time';
      this.lost.delete(queued.id);
      await this.fail(queued, { error_code: 'unexpected_error', message: `the job was started ${queued.attempts} times and never finished (${why})` });
      return true;
    }
    const started = await this.transition(queued.id, { type: 'start' });
    if (!started || started.status !== 'running' || started.attempts === queued.attempts) return true;
    const job = await store.jobs.withInput(started);
    if (!job) {
      await this.fail(started, { error_code: 'unexpected_error', message: "the job's input is no longer stored; send it again" });
      return true;
    }

    const cancel = new AbortController();
    this.current = { id: job.id, cancel };
    const overBudget = setTimeout(() => cancel.abort(new ApiError('unexpected_error', 'time budget')), handler.timeBudgetMs);
    let lastWrite = 0;
    const work: JobWork = {
      run: (task, onProgress = () => {}) => runOnPool(pool, task, onProgress, cancel.signal, handler.stallMs),
      progress: (fraction) => {
        const now = this.now();
        if (now - lastWrite < PROGRESS_WRITE_MS) return;
        lastWrite = now;
        void this.transition(job.id, { type: 'progress', fraction }).then((current) => {
          if (current?.status !== 'running') cancel.abort();
        });
      },
      reserve: async (credits) => {
        if (job.keyId) await store.credits.reserve({ id: job.id, keyId: job.keyId, credits, at: this.now(), expiresAt: job.createdAt + JOB_LIFETIME_MS });
      },
    };

    try {
      const product = await handler.run(job, work);
      this.lost.delete(job.id);
      const now = this.now();
      const record = resultRecord(
        {
          blob: product.blob,
          contentType: product.contentType,
          ext: product.ext,
          route: handler.route,
          keyId: job.keyId,
          lifetimeMs: product.keep ? KEPT : product.lifetimeMs,
          width: product.width,
          height: product.height,
          label: product.label,
        },
        now,
      );
      const kept = product.keep && libraryItem(job.id, record, product.keep, now);
      // One transaction: the result, the library item and the job's end land together or not at
      // all, so a reload between them can neither lose the work nor make it twice.
      const completed = await store.jobs.complete(job.id, record, product.cost, now, kept, product.outcome);
      this.announce();
      // Charged only for a job that is still there to show its result.
      if (completed) await store.credits.settle(job.id, job.keyId, handler.route, job.keyId ? product.cost : 0, this.now());
      else await store.credits.release(job.id);
      return true;
    } catch (error) {
      if (cancel.signal.aborted && cancel.signal.reason instanceof ApiError) {
        await this.fail(job, { error_code: 'request_timeout', message: `the job ran longer than its ${Math.round(handler.timeBudgetMs / 1000)} s budget` });
        return false;
      }
      if (cancel.signal.aborted) {
        await store.credits.release(job.id);
        return false;
      }
      // The worker went away under the job (it crashed, or hung): leave the job running, so the next pass starts it again.
      if (error instanceof WorkerLostError) {
        this.lost.set(job.id, error.message);
        console.warn(`[jobs] ${job.kind} job ${job.id}: ${error.message}`);
        return false;
      }
      const apiError = toApiError(error, `${job.kind} job`);
      await this.fail(job, { error_code: apiError.code, message: apiError.message });
      return true;
    } finally {
      clearTimeout(overBudget);
      this.current = null;
    }
  }
}
