// Object URLs of the person photos of try-on jobs, one per job for the life of
// the page. A job's photo is its input, read from the store when first shown
// (the job lists the page polls do not carry it). The store drops a job's
// input when it completes (store/job-state.ts: its size becomes 0), so the
// before view of a finished job needs the URL made while it still waited or
// ran. A job first seen completed (made elsewhere, or before a reload) has no
// person photo left: null.
import { useEffect, useState } from 'react';
import { studioDatabase } from '../../../store/database';
import type { TryOnJob } from '../shared/jobs';

const urls = new Map<string, string>();

async function personPhotoUrl(job: TryOnJob): Promise<string | null> {
  const known = urls.get(job.id);
  if (known) return known;
  if (job.input.size === 0) return null;
  const photo = await (await studioDatabase()).jobs.input(job.id);
  if (!photo) return null;
  const url = urls.get(job.id) ?? URL.createObjectURL(photo);
  urls.set(job.id, url);
  return url;
}

/** The job's person photo as a URL, or null once it is no longer stored. */
export function usePersonPhoto(job: TryOnJob): string | null {
  const [url, setUrl] = useState<string | null>(() => urls.get(job.id) ?? null);
  const size = job.input.size;
  useEffect(() => {
    let live = true;
    void personPhotoUrl(job).then((found) => live && setUrl(found));
    return () => {
      live = false;
    };
    // A new read of the same job (every second) is the same photo; only its id or its loss matters.
  }, [job.id, size]);
  return url;
}

/** Lets the photo of a deleted job go. */
export function forgetPersonPhoto(jobId: string): void {
  const url = urls.get(jobId);
  if (url) URL.revokeObjectURL(url);
  urls.delete(jobId);
}
