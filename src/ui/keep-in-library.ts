// Keeping something a page made (a generated background) in the library: a
// result with no expiry, a thumbnail made by the engine, one library item.
import { resultRecord } from '../api/results';
import { task } from '../api/tasks';
import type { EngineHost } from '../engine/host';
import { THUMB_SIDE } from '../features/library/shared/tasks';
import { appClock } from '../store/clock';
import { KEPT, libraryItem, type KeepAs } from '../store/library';
import { appStore } from './store';
import { announceJobs } from './useJobs';

export interface Keepable {
  blob: Blob;
  contentType: string;
  ext: string;
  width: number;
  height: number;
  route: string;
}

/** Returns the new library item's id. */
export async function keepInLibrary(engine: EngineHost, made: Keepable, keep: Omit<KeepAs, 'thumb'>): Promise<string> {
  const { width, height } = made;
  const thumb = await engine.run(task('thumbnail', { input: made.blob, side: THUMB_SIDE, size: { width, height } }), { lane: 'preview' });
  const now = appClock.now();
  const record = resultRecord({ ...made, keyId: null, lifetimeMs: KEPT, label: keep.name }, now);
  const id = crypto.randomUUID();
  await (await appStore()).keepInLibrary(record, libraryItem(id, record, { ...keep, thumb }, now));
  announceJobs();
  return id;
}
