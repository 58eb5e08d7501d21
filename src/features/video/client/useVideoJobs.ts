// The video jobs in IndexedDB, kept current: an engine host announces changes
// on the jobs channel, and a 1 s poll catches hosts in other windows that the
// channel may miss (and progress between announcements).
import { useCallback, useEffect, useState } from 'react';
import { JOBS_CHANNEL } from '../../../engine/protocol';
import { appStore } from '../../../ui/store';
import type { VideoJob } from '../shared/jobs';

const POLL_MS = 1000;

export function useVideoJobs(): { jobs: VideoJob[] | null; reload(): Promise<void> } {
  const [jobs, setJobs] = useState<VideoJob[] | null>(null);
  const reload = useCallback(async () => {
    const all = await (await appStore()).listJobs();
    setJobs(all.filter((job): job is VideoJob => job.kind === 'video'));
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

/** Tells engine hosts (in every window) that a job is waiting. */
export function announceJobs(): void {
  const channel = new BroadcastChannel(JOBS_CHANNEL);
  channel.postMessage({ type: 'jobs-changed' });
  channel.close();
}
