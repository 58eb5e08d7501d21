// Everything in the library, newest first, kept current: jobs that finish
// announce themselves on the jobs channel, and a slow poll catches the rest.
import { useCallback, useEffect, useState } from 'react';
import type { LibraryItem } from '../../../store/schema';
import { studioDatabase } from '../../../store/database';
import { announceJobs, useJobsChannel } from '../../../ui/useJobs';

const POLL_MS = 3000;

export function useLibrary() {
  const [items, setItems] = useState<LibraryItem[] | null>(null);
  const reload = useCallback(async () => setItems(await (await studioDatabase()).library.list()), []);
  useJobsChannel(reload, POLL_MS);
  const remove = useCallback(
    async (ids: readonly string[]) => {
      await (await studioDatabase()).library.delete(ids);
      announceJobs();
      await reload();
    },
    [reload],
  );
  return { items, reload, remove };
}

/** One library item, re-read when jobs change (a touch-up adds a version). */
export function useLibraryItem(id: string) {
  const [item, setItem] = useState<LibraryItem | null | undefined>(undefined);
  const reload = useCallback(async () => setItem((await (await studioDatabase()).library.get(id)) ?? null), [id]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { item, reload };
}
