// How much of the device this app's data takes, and whether the browser has
// promised to keep it (otherwise it may clear it when space runs low).
import { useCallback, useEffect, useState } from 'react';
import { checkStorage, type StorageState } from '../../../store/storage';

export function useStorageUse(refreshKey: unknown) {
  const [state, setState] = useState<StorageState | null>(null);
  const read = useCallback(async () => setState(await checkStorage()), []);
  useEffect(() => {
    void read();
  }, [read, refreshKey]);
  /** Asks again (after a user's click a browser is likelier to grant it). */
  const persist = useCallback(async () => {
    await navigator.storage?.persist?.().catch(() => false);
    await read();
  }, [read]);
  return { state, persist };
}
