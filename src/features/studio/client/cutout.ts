// The model's raw cut-out of one batch item, loaded from the library for the
// stage: full size, no crop, no shadow. The options re-finish it.
import { useEffect, useState } from 'react';
import { cutoutBlob } from './stored-batches';
import type { BatchItem } from './batch';

export interface Cutout {
  blob: Blob;
  url: string;
  width: number;
  height: number;
}

/** The item's current cut-out, read once per version and released when it changes. */
export function useCutout(item: BatchItem | undefined): Cutout | undefined {
  const version = item?.cutout;
  const [cutout, setCutout] = useState<Cutout | undefined>(undefined);
  useEffect(() => {
    if (!version) {
      setCutout(undefined);
      return;
    }
    let url: string | null = null;
    let live = true;
    void cutoutBlob(version.resultId).then((blob) => {
      if (!live || !blob) return;
      url = URL.createObjectURL(blob);
      setCutout({ blob, url, width: version.width, height: version.height });
    });
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [version?.resultId]);
  return cutout;
}
