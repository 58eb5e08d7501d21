// Runs queued video jobs, one after another, in whichever window of the app
// holds the runner lock. A job found `running` while we hold the lock belongs
// to a window that closed or reloaded mid-job: it is started again, up to
// MAX_ATTEMPTS times, so no job is left running for ever.
import * as Comlink from 'comlink';
import { ApiError, toApiError } from '../api/errors';
import { saveResult } from '../api/results';
import type { VideoJob } from '../features/video/shared/jobs';
import { VIDEO_FORMATS, videoCost, videoMeta } from '../features/video/shared/meta';
import type { JobError } from '../store/schema';
import type { Store } from '../store/store';
import type { WorkerPool } from './pool';
import { JOBS_CHANNEL, type EngineProgress } from './protocol';

const RUNNER_LOCK = 'cutout-video-runner';
const MAX_ATTEMPTS = 3;
const POLL_MS = 3000;
const PROGRESS_WRITE_MS = 400;

export class VideoJobRunner {
  private readonly channel = new BroadcastChannel(JOBS_CHANNEL);
  private draining = false;
  private again = false;

  private pool: WorkerPool | null = null;

  /**
   * @param createPool makes the worker pool for a run of jobs; it is disposed
   *   when the queue is empty, so an idle window holds no video model in memory
   */
  constructor(
    private readonly createPool: () => WorkerPool,
    private readonly store: () => Promise<Store>,
    private readonly now: () => number = Date.now,
  ) {}

  /** The worker pool while jobs run (tests crash it through this). */
  get workers(): WorkerPool | null {
    return this.pool;
  }

  start(): void {
    this.channel.addEventListener('message', () => this.kick());
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

  private async nextJob(): Promise<VideoJob | undefined> {
    const store = await this.store();
    const waiting = [...(await store.jobsWithStatus('running')), ...(await store.jobsWithStatus('pending'))];
    return waiting
      .filter((job): job is VideoJob => job.kind === 'video')
      .sort((a, b) => a.createdAt - b.createdAt)[0];
  }

  private async drain(): Promise<void> {
    try {
      for (let job = await this.nextJob(); job; job = await this.nextJob()) {
        this.pool ??= this.createPool();
        await this.runOne(job, this.pool);
      }
    } finally {
      this.pool?.dispose();
      this.pool = null;
    }
  }

  private async fail(job: VideoJob, error: JobError): Promise<void> {
    const store = await this.store();
    await store.updateJob(job.id, (current) =>
      current.status === 'completed' || current.status === 'failed'
        ? null
        : { ...current, status: 'failed', error, updatedAt: this.now() },
    );
    this.announce();
  }

  private async runOne(queued: VideoJob, pool: WorkerPool): Promise<void> {
    const store = await this.store();
    if (queued.attempts >= MAX_ATTEMPTS) {
      await this.fail(queued, {
        error_code: 'unexpected_error',
        message: `the job was started ${queued.attempts} times and never finished (the page closed or the engine crashed each time)`,
      });
      return;
    }
    const job = (await store.updateJob(queued.id, (current) =>
      current.status === 'pending' || current.status === 'running'
        ? { ...current, status: 'running', progress: 0, attempts: current.attempts + 1, updatedAt: this.now() }
        : null,
    )) as VideoJob | undefined;
    if (!job || job.status !== 'running') return;
    this.announce();

    // A job deleted while it runs (the video page's delete button) stops its worker.
    const deleted = new AbortController();
    let lastWrite = 0;
    const progress = (p: EngineProgress) => {
      const now = this.now();
      if (now - lastWrite < PROGRESS_WRITE_MS) return;
      lastWrite = now;
      void store
        .updateJob(job.id, (current) =>
          current.status === 'running' ? { ...current, progress: Math.min(0.99, p.fraction), updatedAt: now } : null,
        )
        .then((current) => (current ? this.announce() : deleted.abort()));
    };

    try {
      const probe = await pool.run(async (api) => unwrap(await api.probeVideo(job.input)));
      const cost = job.keyId ? videoCost(probe.durationSeconds) : 0;
      if (job.keyId) {
        const key = await store.getKey(job.keyId);
        const remaining = key && key.budget !== null ? key.budget - key.spent : Infinity;
        if (remaining < cost) {
          throw new ApiError('insufficient_api_credits', `this ${probe.durationSeconds.toFixed(1)} s video costs ${cost} credits; the key has ${remaining} left`);
        }
      }
      const output = await pool.run(
        async (api) => unwrap(await api.removeVideoBackground(job.input, job.request.options, Comlink.proxy(progress))),
        deleted.signal,
      );
      const format = VIDEO_FORMATS[job.request.options.outputFormat];
      const record = await saveResult({ store, clock: { now: this.now } }, {
        blob: output.blob,
        contentType: output.contentType,
        ext: format.extension,
        route: videoMeta.path,
        keyId: job.keyId,
        lifetimeMs: videoMeta.resultLifetimeMs,
        width: output.width,
        height: output.height,
        label: job.request.fileName.replace(/\.[^.]+$/, '') + '-cutout',
      });
      const completed = await store.updateJob(job.id, (current) =>
        current.status === 'running'
          ? { ...current, status: 'completed', progress: 1, resultId: record.id, resultExt: record.ext, cost, updatedAt: this.now() }
          : null,
      );
      // Charged only for a job that is still there to show its result.
      if (completed?.status === 'completed' && job.keyId && cost > 0) await store.charge(job.keyId, videoMeta.path, cost, this.now());
      this.announce();
    } catch (error) {
      if (deleted.signal.aborted) return;
      const apiError = toApiError(error, 'video job');
      // A crashed or hung worker was replaced: leave the job running so the next pass starts it again.
      if (apiError.code === 'unexpected_error' && /crashed|hung/.test(apiError.message)) return;
      await this.fail(job, { error_code: apiError.code, message: apiError.message });
    }
  }
}

function unwrap<T>(settled: { ok: true; value: T } | { ok: false; error: { code: string; message: string } }): T {
  if (!settled.ok) throw toApiError(settled.error, 'video job');
  return settled.value;
}
