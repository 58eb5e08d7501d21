// The jobs of one kind in IndexedDB, kept current: engine hosts announce
// changes on the jobs channel, and a 1 s poll catches hosts in other windows
// that the channel may miss (and progress between announcements).
import { useCallback, useEffect, useState } from 'react';
import { JOBS_CHANNEL } from '../engine/protocol';
import { appClock } from '../store/clock';
import type { JobKind, JobRecord } from '../store/schema';
import { appStore } from './store';

const POLL_MS = 1000;

export interface JobList<J> {
  jobs: J[] | null;
  reload(): Promise<void>;
  /** Ends a pending or running job as cancelled; the window running it hears of it and stops its worker. */
  cancel(id: string): Promise<void>;
  /** Deletes an ended job from the list. */
  remove(id: string): Promise<void>;
}

/**
 * Calls `reload` now, whenever a window announces a change on the jobs
 * channel, and every `pollMs` (for progress, and windows the channel misses).
 */
export function useJobsChannel(reload: () => Promise<void>, pollMs = POLL_MS): void {
  useEffect(() => {
    void reload();
    const channel = new BroadcastChannel(JOBS_CHANNEL);
    channel.onmessage = () => void reload();
    const timer = setInterval(() => void reload(), pollMs);
    return () => {
      channel.close();
      clearInterval(timer);
    };
  }, [reload, pollMs]);
}

export function useJobs<J extends JobRecord>(kind: JobKind): JobList<J> {
  const [jobs, setJobs] = useState<J[] | null>(null);
  const reload = useCallback(async () => {
    const all = await (await appStore()).listJobs();
    setJobs(all.filter((job): job is J => job.kind === kind));
  }, [kind]);
  useJobsChannel(reload);
  const cancel = useCallback(
    async (id: string) => {
      await (await appStore()).cancelJob(id, appClock.now());
      announceJobs();
      await reload();
    },
    [reload],
  );
  const remove = useCallback(
    async (id: string) => {
      await (await appStore()).deleteJob(id);
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
