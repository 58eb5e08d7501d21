// The jobs of one kind in IndexedDB, kept current: engine hosts announce
// changes on the jobs channel, and a 1 s poll catches hosts in other windows
// that the channel may miss (and progress between announcements).
import { useCallback, useEffect, useState } from 'react';
import { JOBS_CHANNEL } from '../engine/protocol';
import { appClock } from '../store/clock';
import type { JobKind, JobRecord } from '../store/schema';
import { studioDatabase } from '../store/database';

const POLL_MS = 1000;

export interface JobList<J> {
  jobs: J[] | null;
  reload(): Promise<void>;
  /** Ends a pending or running job as cancelled; the window running it hears of it and stops its worker. */
  cancel(id: string): Promise<void>;
  /** Deletes an ended job from the list. */
  remove(id: string): Promise<void>;
}

/** Reloads come at most this often: a running job announces every progress write. */
const MIN_GAP_MS = 500;

/**
 * Calls `reload` now, whenever a window announces a change on the jobs
 * channel, and every `pollMs` (for progress, and windows the channel misses);
 * never two at once, and at most one per MIN_GAP_MS, the last always run.
 */
export function useJobsChannel(reload: () => Promise<void>, pollMs = POLL_MS): void {
  useEffect(() => {
    let last = -Infinity;
    let running = false;
    let wanted = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const run = async () => {
      if (running) {
        wanted = true;
        return;
      }
      running = true;
      last = performance.now();
      try {
        await reload();
      } finally {
        running = false;
        if (wanted) {
          wanted = false;
          schedule();
        }
      }
    };
    const schedule = () => {
      if (timer !== undefined) return;
      timer = setTimeout(
        () => {
          timer = undefined;
          void run();
        },
        Math.max(0, last + MIN_GAP_MS - performance.now()),
      );
    };
    schedule();
    const channel = new BroadcastChannel(JOBS_CHANNEL);
    channel.onmessage = schedule;
    const poll = setInterval(schedule, pollMs);
    return () => {
      channel.close();
      clearInterval(poll);
      clearTimeout(timer);
    };
  }, [reload, pollMs]);
}

export function useJobs<J extends JobRecord>(kind: JobKind): JobList<J> {
  const [jobs, setJobs] = useState<J[] | null>(null);
  const reload = useCallback(async () => {
    const all = await (await studioDatabase()).jobs.list();
    setJobs(all.filter((job): job is J => job.kind === kind));
  }, [kind]);
  useJobsChannel(reload);
  const cancel = useCallback(
    async (id: string) => {
      await (await studioDatabase()).jobs.cancel(id, appClock.now());
      announceJobs();
      await reload();
    },
    [reload],
  );
  const remove = useCallback(
    async (id: string) => {
      await (await studioDatabase()).jobs.delete(id);
      await reload();
    },
    [reload],
  );
  return { jobs, reload, cancel, remove };
}

/** Tells engine hosts in every window that the jobs changed (a new one waits, one was cancelled). */
export function announceJobs(): void {
  const channel = new BroadcastChannel(JOBS_CHANNEL);
  channel.postMessage({ type: 'jobs-changed' });
  channel.close();
}
