// A finished studio cut-out goes into the results store, as an API result
// would, so History lists it and its URL works for an hour.
import { saveResult } from '../../../api/results';
import { appStore } from '../../../ui/store';
import { removeBackgroundMeta } from '../shared/meta';
import type { Cutout } from './queue';

export const STUDIO_ROUTE = 'studio';

export async function saveStudioResult(cutout: Cutout, label: string): Promise<string> {
  const record = await saveResult(
    { store: await appStore(), clock: { now: () => Date.now() } },
    {
      blob: cutout.blob,
      contentType: removeBackgroundMeta.contentType,
      ext: removeBackgroundMeta.extension,
      route: STUDIO_ROUTE,
      keyId: null,
      lifetimeMs: removeBackgroundMeta.resultLifetimeMs,
      width: cutout.width,
      height: cutout.height,
      label,
    },
  );
  return record.id;
}
