// The try-on jobs in IndexedDB, newest first, kept current: engine hosts
// announce changes on the jobs channel, and a 1 s poll catches hosts in other
// windows (and progress between announcements).
import { useCallback, useEffect, useState } from 'react';
import { JOBS_CHANNEL } from '../../../engine/protocol';
import { appStore } from '../../../ui/store';
import type { TryOnJob } from '../shared/jobs';

const POLL_MS = 1000;

export function useTryOnJobs(): { jobs: TryOnJob[] | null; reload(): Promise<void> } {
  const [jobs, setJobs] = useState<TryOnJob[] | null>(null);
  const reload = useCallback(async () => {
    const all = await (await appStore()).listJobs();
    setJobs(all.filter((job): job is TryOnJob => job.kind === 'try-on'));
  }, []);
  useEffect(() => {
    void reload();
    const channel = new BroadcastChannel(JOBS_CHANNEL);
    channel.onmessage = () => void reload();
    const timer = setInterval(() => void reload(), POLL_MS);
    return () => {
      channel.close();
      clearInterval(timer);
    };
  }, [reload]);
  return { jobs, reload };
}

/** Tells engine hosts in every window that the jobs changed (a new one waits, one was cancelled). */
export function announceTryOnJobs(): void {
  const channel = new BroadcastChannel(JOBS_CHANNEL);
  channel.postMessage({ type: 'jobs-changed' });
  channel.close();
}
