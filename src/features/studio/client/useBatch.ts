// The current studio batch, kept current from IndexedDB: the job runner
// announces changes on the jobs channel, and a 1 s poll catches progress and
// runners in other windows. Finishing changes show at once and are written
// through, so sliders stay smooth.
import { useCallback, useRef, useState } from 'react';
import { useJobsChannel } from '../../../ui/useJobs';
import {
  createBatch,
  currentBatchId,
  queueFiles,
  readBatch,
  removeItem,
  retryItems,
  saveFinish,
  setCurrentBatchId,
  setPaused,
  type BatchView,
} from './stored-batches';
import type { StudioOptions } from './studio-options';

export type FinishScope = 'batch' | 'item';

export function useBatch() {
  const [view, setView] = useState<BatchView | null>(null);
  const [loaded, setLoaded] = useState(false);
  const id = useRef<string | null>(currentBatchId());

  const reload = useCallback(async () => {
    const current = id.current;
    const next = current ? await readBatch(current) : null;
    if (current !== id.current) return;
    if (current && !next) {
      id.current = null;
      setCurrentBatchId(null);
    }
    setView(next);
    setLoaded(true);
  }, []);

  useJobsChannel(reload);

  const add = useCallback(
    async (files: File[]) => {
      if (!files.length) return;
      let batch = view?.batch;
      if (!batch) {
        batch = await createBatch();
        id.current = batch.id;
        setCurrentBatchId(batch.id);
      }
      await queueFiles(batch, files);
      await reload();
    },
    [view, reload],
  );

  const setFinish = useCallback(
    (options: StudioOptions, scope: FinishScope, itemId: string | null) => {
      if (!view) return;
      const { batch } = view;
      const next =
        scope === 'item' && itemId ? { ...batch, itemFinish: { ...batch.itemFinish, [itemId]: options } } : { ...batch, finish: options };
      setView({ ...view, batch: next });
      void saveFinish(batch.id, (stored) =>
        scope === 'item' && itemId ? { ...stored, itemFinish: { ...stored.itemFinish, [itemId]: options } } : { ...stored, finish: options },
      );
    },
    [view],
  );

  /** Drops an item's own finishing: it follows the batch's again. */
  const followBatch = useCallback(
    (itemId: string) => {
      if (!view) return;
      const drop = <T extends { itemFinish: Record<string, StudioOptions> }>(batch: T): T => {
        const { [itemId]: _, ...rest } = batch.itemFinish;
        return { ...batch, itemFinish: rest };
      };
      setView({ ...view, batch: drop(view.batch) });
      void saveFinish(view.batch.id, drop);
    },
    [view],
  );

  const act = useCallback(
    (work: () => Promise<void>) => {
      void work().then(reload);
    },
    [reload],
  );

  return {
    loaded,
    view,
    add,
    setFinish,
    followBatch,
    pause: () => view && act(() => setPaused(view.batch.id, true)),
    resume: () => view && act(() => setPaused(view.batch.id, false)),
    retry: (ids: string[]) => act(() => retryItems(ids)),
    remove: (itemId: string) => act(() => removeItem(itemId)),
    /** Starts afresh: the current batch stays in the library, the studio shows an empty one. */
    newBatch: () => {
      id.current = null;
      setCurrentBatchId(null);
      setView(null);
    },
  };
}
