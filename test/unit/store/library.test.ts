// The library keeps what a person made until they delete it: a job's result
// and its library item land with the job's end in one transaction (so a
// reload can neither lose nor double an item), kept results outlive every
// purge, versions stack, and deleting an item deletes what it holds.
import { describe, expect, test } from 'vitest';
import { resultRecord } from '../../../src/api/results';
import { pendingJob, nextJobState } from '../../../src/store/job-state';
import { KEPT, libraryItem } from '../../../src/store/library';
import type { JobWithInput } from '../../../src/store/schema';
import { openStudioDatabase, type StudioDatabase } from '../../../src/store/database';

let counter = 0;
const open = () => openStudioDatabase(`library-${process.pid}-${counter++}`);

const png = (bytes = 10) => new Blob([new Uint8Array(bytes)], { type: 'image/png' });

function kept(now: number) {
  return resultRecord({ blob: png(), contentType: 'image/png', ext: 'png', route: 'studio', keyId: null, lifetimeMs: KEPT, width: 4, height: 3 }, now);
}

async function runningJob(db: StudioDatabase, group?: string): Promise<JobWithInput> {
  const job = pendingJob({ kind: 'cutout', keyId: null, request: {}, input: png(7), label: 'shoe.jpg', now: 1, group });
  await db.jobs.put(nextJobState(job, { type: 'start' }, 2)!);
  return (await db.jobs.withInput((await db.jobs.get(job.id))!))!;
}

describe('library', () => {
  test('a completed job keeps its result and its item together, under the job id', async () => {
    const db = await open();
    const job = await runningJob(db, 'b1');
    const result = kept(10);
    const item = libraryItem(job.id, result, { kind: 'cutout', name: 'shoe', source: job.input, batchId: 'b1' }, 10);
    const completed = await db.jobs.complete(job.id, result, 0, 10, item);
    expect(completed).toMatchObject({ status: 'completed', resultId: result.id });
    expect(await db.library.get(job.id)).toMatchObject({ name: 'shoe', kind: 'cutout', bytes: 17, versions: [{ resultId: result.id, made: 'engine' }] });
    expect((await db.library.ofBatch('b1')).map((i) => i.id)).toEqual([job.id]);
    // A second attempt that finishes late writes nothing: no second result, no second item.
    const late = kept(11);
    expect(await db.jobs.complete(job.id, late, 0, 11, libraryItem(job.id, late, { kind: 'cutout', name: 'shoe' }, 11))).toBeNull();
    expect(await db.results.get(late.id)).toBeUndefined();
    expect((await db.library.get(job.id))!.versions[0].resultId).toBe(result.id);
  });

  test('a job cancelled while it ran leaves neither result nor item', async () => {
    const db = await open();
    const job = await runningJob(db);
    await db.jobs.cancel(job.id, 5);
    const result = kept(10);
    expect(await db.jobs.complete(job.id, result, 0, 10, libraryItem(job.id, result, { kind: 'cutout', name: 'x' }, 10))).toBeNull();
    expect(await db.results.get(result.id)).toBeUndefined();
    expect(await db.library.list()).toEqual([]);
  });

  test('kept results outlive every purge; API results still expire', async () => {
    const db = await open();
    const result = kept(0);
    await db.library.keep(result, libraryItem('i1', result, { kind: 'background', name: 'beach' }, 0));
    const api = resultRecord({ blob: png(), contentType: 'image/png', ext: 'png', route: '/v1/remove-background', keyId: 'k', lifetimeMs: 3_600_000 }, 0);
    await db.results.put(api);
    expect(await db.purgeExpired(10 * 365 * 24 * 3_600_000)).toMatchObject({ results: 1 });
    expect(await db.results.get(result.id)).toMatchObject({ expiresAt: KEPT });
    expect(await db.results.get(api.id)).toBeUndefined();
  });

  test('a touch-up is a new current version; deleting the item deletes every version', async () => {
    const db = await open();
    const first = kept(0);
    await db.library.keep(first, libraryItem('i1', first, { kind: 'cutout', name: 'box' }, 0));
    const second = kept(5);
    const updated = await db.library.addVersion('i1', second, 'touch-up', undefined, 5);
    expect(updated.versions.map((v) => [v.resultId, v.made])).toEqual([
      [second.id, 'touch-up'],
      [first.id, 'engine'],
    ]);
    expect(updated.bytes).toBe(20);
    await db.library.delete(['i1']);
    expect(await db.library.get('i1')).toBeUndefined();
    expect(await db.results.get(first.id)).toBeUndefined();
    expect(await db.results.get(second.id)).toBeUndefined();
  });
});

describe('batches', () => {
  test('pausing holds the waiting jobs of one batch only; resuming releases them', async () => {
    const db = await open();
    await db.batches.put({ id: 'b1', name: 'Shoes', createdAt: 0, finish: {}, itemFinish: {}, paused: false });
    const mine = [1, 2].map((n) => pendingJob({ kind: 'cutout', keyId: null, request: {}, input: png(), label: `${n}`, now: n, group: 'b1' }));
    const other = pendingJob({ kind: 'cutout', keyId: null, request: {}, input: png(), label: 'o', now: 3, group: 'b2' });
    await db.jobs.putMany([...mine, other]);
    await db.batches.setPaused('b1', true, 10);
    expect((await db.jobs.inGroup('b1')).every((j) => j.paused)).toBe(true);
    expect((await db.jobs.get(other.id))!.paused).toBeFalsy();
    expect((await db.batches.get('b1'))!.paused).toBe(true);
    await db.batches.setPaused('b1', false, 11);
    expect((await db.jobs.inGroup('b1')).some((j) => j.paused)).toBe(false);
  });

  test('a failed item can be queued again, with fresh attempts; others cannot', async () => {
    const db = await open();
    const job = await runningJob(db, 'b1');
    await db.jobs.update(job.id, (j) => nextJobState(j, { type: 'fail', error: { error_code: 'unknown_foreground', message: 'no subject' } }, 3));
    expect(await db.jobs.retry(job.id, 4)).toMatchObject({ status: 'pending', attempts: 0, error: undefined });
    expect(await db.jobs.retry(job.id, 5)).toMatchObject({ status: 'pending' });
  });

  test('forgetting a batch deletes its jobs but keeps what it made', async () => {
    const db = await open();
    const job = await runningJob(db, 'b1');
    const result = kept(10);
    await db.jobs.complete(job.id, result, 0, 10, libraryItem(job.id, result, { kind: 'cutout', name: 's', batchId: 'b1' }, 10));
    await db.batches.put({ id: 'b1', name: 'Shoes', createdAt: 0, finish: {}, itemFinish: {}, paused: false });
    await db.batches.delete('b1');
    expect(await db.batches.get('b1')).toBeUndefined();
    expect(await db.jobs.inGroup('b1')).toEqual([]);
    expect(await db.library.get(job.id)).toBeDefined();
  });
});
