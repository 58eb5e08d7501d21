// The studio's batches in IndexedDB: a batch record (name, finishing, paused)
// and one job per image. Files are written to the database before anything
// runs, so a reload, a crash or a closed tab loses nothing: the job runner of
// whichever window is open takes the queue up where it stopped.
import { appClock } from '../../../store/clock';
import type { BatchRecord, JobRecord } from '../../../store/schema';
import { announceJobs } from '../../../ui/useJobs';
import { studioDatabase } from '../../../store/database';
import { cutoutJobs, type CutoutJobRequest } from '../shared/jobs';
import { batchItems, type BatchItem } from './batch';
import { DEFAULT_STUDIO_OPTIONS, type StudioOptions } from './studio-options';

export type StudioBatch = BatchRecord<StudioOptions>;

/**
 * Files are queued in chunks, each one transaction, so the first images start
 * while the rest are written. A chunk's files are read into memory before its
 * transaction (the database keeps bytes), so a chunk is also bounded in bytes.
 */
const WRITE_CHUNK = 50;
const WRITE_CHUNK_BYTES = 64 * 1024 * 1024;

const CURRENT_KEY = 'cutout.studio.batch';

export function currentBatchId(): string | null {
  return localStorage.getItem(CURRENT_KEY);
}

export function setCurrentBatchId(id: string | null): void {
  if (id) localStorage.setItem(CURRENT_KEY, id);
  else localStorage.removeItem(CURRENT_KEY);
}

export async function createBatch(finish: StudioOptions = DEFAULT_STUDIO_OPTIONS): Promise<StudioBatch> {
  const now = appClock.now();
  const date = new Date(now).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  const batch: StudioBatch = { id: crypto.randomUUID(), name: `Batch of ${date}`, createdAt: now, finish, itemFinish: {}, paused: false };
  await (await studioDatabase()).batches.put(batch);
  return batch;
}

export async function queueFiles(batch: StudioBatch, files: readonly File[]): Promise<void> {
  const db = await studioDatabase();
  const now = appClock.now();
  const jobs = cutoutJobs(files, batch.id, batch.paused, now);
  for (let start = 0; start < jobs.length; ) {
    let end = start + 1;
    let bytes = jobs[start].input.size;
    while (end < jobs.length && end - start < WRITE_CHUNK && bytes + jobs[end].input.size <= WRITE_CHUNK_BYTES) bytes += jobs[end++].input.size;
    await db.jobs.putMany(jobs.slice(start, end));
    announceJobs();
    start = end;
  }
}

export interface BatchView {
  batch: StudioBatch;
  items: BatchItem[];
}

/** Object URLs of background images, one per image for the page's life: the stored URL died with the page that made it. */
const backgroundUrls = new Map<string, string>();

function withLiveUrl(finish: StudioOptions): StudioOptions {
  const { background } = finish;
  if (background.kind !== 'image') return finish;
  const key = `${background.name}:${background.blob.size}:${background.blob.type}`;
  let url = backgroundUrls.get(key);
  if (!url) {
    url = URL.createObjectURL(background.blob);
    backgroundUrls.set(key, url);
  }
  return url === background.url ? finish : { ...finish, background: { ...background, url } };
}

export async function readBatch(id: string): Promise<BatchView | null> {
  const db = await studioDatabase();
  const [stored, jobs, kept] = await Promise.all([db.batches.get(id), db.jobs.inGroup(id), db.library.ofBatch(id)]);
  if (!stored) return null;
  const batch = stored as StudioBatch;
  const itemFinish = Object.fromEntries(Object.entries(batch.itemFinish).map(([item, finish]) => [item, withLiveUrl(finish)]));
  return { batch: { ...batch, finish: withLiveUrl(batch.finish), itemFinish }, items: batchItems(jobs as JobRecord<CutoutJobRequest>[], kept) };
}

export async function saveFinish(id: string, change: (batch: StudioBatch) => StudioBatch): Promise<void> {
  await (await studioDatabase()).batches.update(id, (batch) => change(batch as StudioBatch));
}

export async function setPaused(id: string, paused: boolean): Promise<void> {
  await (await studioDatabase()).batches.setPaused(id, paused, appClock.now());
  announceJobs();
}

export async function retryItems(ids: readonly string[]): Promise<void> {
  const db = await studioDatabase();
  for (const id of ids) await db.jobs.retry(id, appClock.now());
  announceJobs();
}

/** Takes an image out of the batch: a waiting or running one is stopped, a done one leaves the library too. */
export async function removeItem(id: string): Promise<void> {
  const db = await studioDatabase();
  await db.jobs.delete(id);
  await db.library.delete([id]);
  announceJobs();
}

export async function cutoutBlob(resultId: string): Promise<Blob | null> {
  return (await (await studioDatabase()).results.get(resultId))?.blob ?? null;
}
