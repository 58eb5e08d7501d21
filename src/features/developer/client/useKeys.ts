// The API keys in IndexedDB, shared by the keys, credits and playground panels.
import { useCallback, useEffect, useState } from 'react';
import type { KeyRecord } from '../../../store/schema';
import { studioDatabase } from '../../../store/database';

export function useKeys(): { keys: KeyRecord[] | null; reload(): Promise<void> } {
  const [keys, setKeys] = useState<KeyRecord[] | null>(null);
  const reload = useCallback(async () => setKeys(await (await studioDatabase()).keys.list()), []);
  useEffect(() => {
    void reload();
    // Credits change whenever a script spends them; focus is a cheap moment to look.
    window.addEventListener('focus', reload);
    return () => window.removeEventListener('focus', reload);
  }, [reload]);
  return { keys, reload };
}
