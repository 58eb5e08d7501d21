// Every stored result that has not expired, newest first, with the names of
// the keys that made them. Results come from the API (in the service worker)
// and from the app's pages; nothing announces them, so the list is re-read often.
import { useCallback, useEffect, useState } from 'react';
import type { ResultInfo } from '../../../store/schema';
import { studioDatabase } from '../../../store/database';

const REFRESH_MS = 3000;

export function useResults() {
  const [results, setResults] = useState<ResultInfo[] | null>(null);
  const [keyNames, setKeyNames] = useState<ReadonlyMap<string, string>>(new Map());

  const reload = useCallback(async () => {
    const db = await studioDatabase();
    const [all, keys] = await Promise.all([db.results.list(), db.keys.list()]);
    setResults(all);
    setKeyNames(new Map(keys.map((key) => [key.id, key.name])));
  }, []);

  useEffect(() => {
    void reload();
    const timer = setInterval(() => void reload(), REFRESH_MS);
    window.addEventListener('focus', reload);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', reload);
    };
  }, [reload]);

  const remove = useCallback(
    async (id: string) => {
      await (await studioDatabase()).results.delete(id);
      await reload();
    },
    [reload],
  );

  return { results, keyNames, remove };
}
