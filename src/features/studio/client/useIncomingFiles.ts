// Images that reach the Studio from outside the page: shared into the app
// (share-inbox.ts) or opened with it (launch-files.ts). Once the batch is
// loaded they are added as dropped files are: the same image types the drop
// zone takes, into the current batch. That code is loaded only where one of
// them can happen (a query string, which a share's token comes in, or a
// launchQueue), so the Studio's first paint does not carry it.
import { useEffect, useRef } from 'react';
import { IMAGE_TYPES } from './usePasteImages';

const images = (files: readonly File[]) => files.filter((file) => IMAGE_TYPES.includes(file.type));

/** `add` queues files on the batch; `ready` says the batch is loaded, so they join it rather than start another. */
export function useIncomingFiles(add: (files: File[]) => Promise<void>, ready: boolean): void {
  // The latest add, which knows the batch as it is now.
  const latest = useRef(add);
  useEffect(() => {
    latest.current = add;
  }, [add]);

  useEffect(() => {
    if (!ready || (location.search === '' && !('launchQueue' in window))) return;
    let stop = () => {};
    let live = true;
    void Promise.all([import('./share-inbox'), import('./launch-files')]).then(([share, launch]) => {
      if (!live) return;
      const token = share.takeShareToken();
      if (token) share.pickUpShare(token, (files) => latest.current(images(files))).catch((error: unknown) => console.warn('The shared photos could not be added', error));
      stop = launch.onLaunchFiles((files) => {
        latest.current(images(files)).catch((error: unknown) => console.warn('The opened images could not be added', error));
      });
    });
    return () => {
      live = false;
      stop();
    };
  }, [ready]);
}
