// IndexedDB that refuses Blobs, as WebKit's private windows do ("Error
// preparing Blob/File data to be stored in object store"): every repository
// still keeps and gives back everything, because nothing it writes holds a
// Blob. The stand-in refuses a put or add whose value holds one anywhere.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { resultRecord } from '../../../src/api/results';
import { openStudioDatabase } from '../../../src/store/database';
import { nextJobState, pendingJob } from '../../../src/store/job-state';
import { KEPT, libraryItem } from '../../../src/store/library';
import { holdsBlob, restored, storable } from '../../../src/store/stored-bytes';

const realPut = IDBObjectStore.prototype.put;
const realAdd = IDBObjectStore.prototype.add;
const refused: string[] = [];

function refuseBlobs(real: typeof realPut): typeof realPut {
  return function (this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
    if (holdsBlob(value)) {
      refused.push(this.name);
      throw new DOMException('Error preparing Blob/File data to be stored in object store', 'DataError');
    }
    return real.call(this, value, key);
  };
}

beforeAll(() => {
  IDBObjectStore.prototype.put = refuseBlobs(realPut);
  IDBObjectStore.prototype.add = refuseBlobs(realAdd);
});
afterAll(() => {
  IDBObjectStore.prototype.put = realPut;
  IDBObjectStore.prototype.add = realAdd;
});

let counter = 0;
const open = () => openStudioDatabase(`bytes-${process.pid}-${counter++}`);
const blob = (text: string, type = 'image/png') => new Blob([text], { type });

describe('the codec', () => {
  test('Blobs anywhere in plain objects and arrays become bytes and come back with their type', async () => {
    const value = { a: 1, garment: blob('tee', 'image/jpeg'), list: [blob('x'), 'y'], nested: { deep: [{ b: blob('z', 'video/mp4') }] }, bytes: new Uint8Array([1]) };
    const stored = await storable(value);
    expect(holdsBlob(stored)).toBe(false);
    const back = restored(stored);
    expect(back.a).toBe(1);
    expect(await back.garment.text()).toBe('tee');
    expect(back.garment.type).toBe('image/jpeg');
    expect(await (back.list[0] as Blob).text()).toBe('x');
    expect(back.list[1]).toBe('y');
    expect(back.nested.deep[0].b.type).toBe('video/mp4');
    expect(back.bytes).toEqual(new Uint8Array([1]));
  });

  test('a value without Blobs is stored as it is', async () => {
    const value = { a: 1, b: [2, { c: 'd' }] };
    expect(await storable(value)).toBe(value);
    expect(restored(value)).toBe(value);
  });
});

describe('every repository, where IndexedDB refuses Blobs', () => {
  test('the stand-in refuses a record that holds a Blob, as WebKit does', async () => {
    const db = await open();
    await expect(db.idb.put('payloads', { id: 'x', bytes: new ArrayBuffer(0), type: '', legacyBlob: blob('x') })).rejects.toThrow(/Blob\/File/);
    refused.length = 0;
  });

  test('a result is stored and read back; lists carry its size, not its bytes', async () => {
    const db = await open();
    const record = resultRecord({ blob: blob('cut-out'), contentType: 'image/png', ext: 'png', route: '/v1/remove-background', keyId: 'k', lifetimeMs: 1000 }, 5);
    await db.results.put(record);
    const read = await db.results.get(record.id);
    expect(await read!.blob.text()).toBe('cut-out');
    expect(read!.blob.type).toBe('image/png');
    expect(await db.results.list()).toEqual([expect.objectContaining({ id: record.id, size: 7 })]);
    expect(Object.keys((await db.results.list())[0])).not.toContain('blob');
    expect(await db.purgeExpired(2000)).toMatchObject({ results: 1 });
    expect(await db.idb.count('payloads')).toBe(0);
  });

  test('a job keeps its input and its request Blobs through progress, completion and the library', async () => {
    const db = await open();
    const job = pendingJob({ kind: 'try-on', keyId: null, request: { garment: blob('garment', 'image/jpeg'), label: 'x' }, input: blob('person', 'image/jpeg'), label: 'x', now: 1 });
    await db.jobs.put(job);
    const listed = (await db.jobs.list())[0];
    expect(listed.input).toEqual({ size: 6, type: 'image/jpeg' });
    expect(await ((listed.request as { garment: Blob }).garment).text()).toBe('garment');
    await db.jobs.update(job.id, (j) => nextJobState(j, { type: 'start' }, 2));
    await db.jobs.update(job.id, (j) => nextJobState(j, { type: 'progress', fraction: 0.5 }, 3));
    expect(await (await db.jobs.input(job.id))!.text()).toBe('person');
    const running = await db.jobs.withInput((await db.jobs.get(job.id))!);
    expect(await running!.input.text()).toBe('person');
    expect(await ((running!.request as { garment: Blob }).garment).text()).toBe('garment');

    const result = resultRecord({ blob: blob('dressed', 'image/jpeg'), contentType: 'image/jpeg', ext: 'jpg', route: 'try-on', keyId: null, lifetimeMs: KEPT }, 4);
    const item = libraryItem(job.id, result, { kind: 'try-on', name: 'x', source: running!.input, thumb: blob('thumb') }, 4);
    const completed = await db.jobs.complete(job.id, result, 0, 4, item);
    expect(completed).toMatchObject({ status: 'completed', resultId: result.id });
    expect(refused).toEqual([]);
    const kept = await db.library.get(job.id);
    expect(kept!.source).toEqual({ size: 6, type: 'image/jpeg' });
    expect(await kept!.thumb!.text()).toBe('thumb');
    expect(await (await db.library.source(job.id))!.text()).toBe('person');
    expect(await (await db.results.get(result.id))!.blob.text()).toBe('dressed');

    const touched = resultRecord({ blob: blob('touched'), contentType: 'image/png', ext: 'png', route: 'studio', keyId: null, lifetimeMs: KEPT }, 6);
    const updated = await db.library.addVersion(job.id, touched, 'touch-up', blob('thumb 2'), 6);
    expect(await updated.thumb!.text()).toBe('thumb 2');
    expect(updated.versions.map((v) => v.resultId)).toEqual([touched.id, result.id]);

    await db.library.delete([job.id]);
    await db.jobs.delete(job.id);
    expect(await db.idb.count('payloads')).toBe(0);
  });

  test('a big input is dropped when its job completes, and its payload with it', async () => {
    const db = await open();
    const video = new Blob([new Uint8Array(31 * 1024 * 1024)], { type: 'video/mp4' });
    const job = pendingJob({ kind: 'video', keyId: null, request: {}, input: video, label: 'clip.mp4', now: 1 });
    await db.jobs.put(job);
    await db.jobs.update(job.id, (j) => nextJobState(j, { type: 'start' }, 2));
    const result = resultRecord({ blob: blob('webm', 'video/webm'), contentType: 'video/webm', ext: 'webm', route: 'video', keyId: null, lifetimeMs: 1000 }, 3);
    const completed = await db.jobs.complete(job.id, result, 1, 3);
    expect(completed!.input).toEqual({ size: 0, type: 'video/mp4' });
    expect(await db.jobs.input(job.id)).toBeNull();
  });

  test("a batch's background image survives a change of its finishing", async () => {
    const db = await open();
    await db.batches.put({ id: 'b', name: 'batch', createdAt: 1, finish: { background: { kind: 'image', blob: blob('wall', 'image/jpeg') } }, itemFinish: {}, paused: false });
    await db.batches.setPaused('b', true, 2);
    const changed = await db.batches.update('b', (batch) => ({ ...batch, name: 'renamed' }));
    expect(changed).toMatchObject({ name: 'renamed', paused: true });
    const read = (await db.batches.get('b'))!.finish as { background: { blob: Blob } };
    expect(await read.background.blob.text()).toBe('wall');
    expect(read.background.blob.type).toBe('image/jpeg');
  });
});
