// Keeping what a page made in the library: a result with no expiry and a
// thumbnail made by the engine, either as a new item (a generated background)
// or as a new version of an item (a touch-up).
import { resultRecord } from '../api/results';
import { task } from '../api/tasks';
import type { EngineHost } from '../engine/host';
import { appClock } from '../store/clock';
import { KEPT, libraryItem, THUMB_SIDE, type KeepAs } from '../store/library';
import type { LibraryItem, ResultRecord } from '../store/schema';
import { studioDatabase } from '../store/database';
import { announceJobs } from './useJobs';

export interface Keepable {
  blob: Blob;
  contentType: string;
  ext: string;
  width: number;
  height: number;
  route: string;
}

async function keptResult(engine: EngineHost, made: Keepable, name: string, now: number): Promise<{ record: ResultRecord; thumb: Blob }> {
  const { width, height } = made;
  const thumb = await engine.run(task('thumbnail', { input: made.blob, side: THUMB_SIDE, size: { width, height } }), { lane: 'preview' });
  return { record: resultRecord({ ...made, keyId: null, lifetimeMs: KEPT, label: name }, now), thumb };
}

/** Returns the new library item's id. */
export async function keepInLibrary(engine: EngineHost, made: Keepable, keep: Omit<KeepAs, 'thumb'>): Promise<string> {
  const now = appClock.now();
  const { record, thumb } = await keptResult(engine, made, keep.name, now);
  const id = crypto.randomUUID();
  await (await studioDatabase()).library.keep(record, libraryItem(id, record, { ...keep, thumb }, now));
  announceJobs();
  return id;
}

/** Adds `made` to `item` as its new current version; the older ones stay. */
export async function keepNewVersion(engine: EngineHost, item: Pick<LibraryItem, 'id' | 'name'>, made: Keepable): Promise<void> {
  const now = appClock.now();
  const { record, thumb } = await keptResult(engine, made, item.name, now);
  await (await studioDatabase()).library.addVersion(item.id, record, 'touch-up', thumb, now);
  announceJobs();
}
