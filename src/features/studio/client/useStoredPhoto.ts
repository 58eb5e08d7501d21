// The photo a batch item was made from, read once per item: the library's
// copy once the item is done, else the waiting job's input. Neither is in the
// lists the page polls (store/stored-bytes.ts), so a photo is read only when
// it is shown.
import { useEffect, useState } from 'react';
import { studioDatabase } from '../../../store/database';

export function useStoredPhoto(id: string): Blob | null {
  const [photo, setPhoto] = useState<Blob | null>(null);
  useEffect(() => {
    let live = true;
    setPhoto(null);
    void studioDatabase()
      .then(async (db) => (await db.library.source(id)) ?? (await db.jobs.input(id)))
      .then((found) => live && setPhoto(found));
    return () => {
      live = false;
    };
  }, [id]);
  return photo;
}
