// A database made by the first version of the app, holding a key, a result, a
// job and a ledger line, opens in the current version with all of it intact,
// the Blobs its records held moved to payloads of their own.
import { openDB } from 'idb';
import { describe, expect, test } from 'vitest';
import { LATEST_VERSION } from '../../../src/store/migrations';
import { openStudioDatabase } from '../../../src/store/database';

const NAME = `migrate-${process.pid}`;

/** The schema exactly as version 1 created it. */
async function makeVersion1(): Promise<void> {
  const db = await openDB(NAME, 1, {
    upgrade(db) {
      const keys = db.createObjectStore('keys', { keyPath: 'id' });
      keys.createIndex('byHash', 'hash', { unique: true });
      const results = db.createObjectStore('results', { keyPath: 'id' });
      results.createIndex('byExpiry', 'expiresAt');
      results.createIndex('byCreated', 'createdAt');
      const jobs = db.createObjectStore('jobs', { keyPath: 'id' });
      jobs.createIndex('byStatus', 'status');
      jobs.createIndex('byCreated', 'createdAt');
      const ledger = db.createObjectStore('ledger', { keyPath: 'id', autoIncrement: true });
      ledger.createIndex('byKey', 'keyId');
    },
  });
  await db.put('keys', { id: 'k1', hash: 'h1', name: 'shop', hint: 'cs_…x', createdAt: 1, revokedAt: null, budget: 10, spent: 3, ratePerSecond: null });
  await db.put('results', { id: 'r1', keyId: 'k1', blob: new Blob(['png']), contentType: 'image/png', ext: 'png', route: '/v1/remove-background', createdAt: 1, expiresAt: 2 });
  await db.put('jobs', { id: 'j1', keyId: 'k1', kind: 'video', status: 'pending', progress: 0, request: {}, input: new Blob(['mp4']), createdAt: 1, updatedAt: 1, attempts: 0, cost: 0 });
  await db.add('ledger', { keyId: 'k1', route: '/v1/remove-background', credits: 3, at: 1 });
  db.close();
}

describe('migrations', () => {
  test('a version 1 database upgrades with its data, and gains the credit holds', async () => {
    await makeVersion1();
    const db = await openStudioDatabase(NAME);
    expect(db.idb.version).toBe(LATEST_VERSION);
    expect(await db.keys.get('k1')).toMatchObject({ name: 'shop', spent: 3, budget: 10 });
    expect(await db.results.get('r1')).toMatchObject({ ext: 'png' });
    expect(await db.jobs.get('j1')).toMatchObject({ status: 'pending', kind: 'video' });
    expect(await db.credits.ledgerFor('k1')).toHaveLength(1);
    await db.credits.reserve({ id: 'hold', keyId: 'k1', credits: 7, at: 5, expiresAt: 100 });
    expect(await db.credits.held('k1', 5)).toBe(7);
    // Version 3: the library and the batches, and jobs found by batch.
    expect(await db.library.list()).toEqual([]);
    expect(await db.batches.list()).toEqual([]);
    expect(await db.jobs.inGroup('none')).toEqual([]);
    // Version 4: the Blobs the records held are payloads; the records keep their size and type.
    expect(await (await db.results.get('r1'))!.blob.text()).toBe('png');
    expect((await db.results.list())[0]).toMatchObject({ id: 'r1', size: 3 });
    expect((await db.jobs.get('j1'))!.input).toEqual({ size: 3, type: '' });
    expect(await (await db.jobs.input('j1'))!.text()).toBe('mp4');
    await expect(db.credits.reserve({ id: 'more', keyId: 'k1', credits: 1, at: 5, expiresAt: 100 })).rejects.toMatchObject({
      code: 'insufficient_api_credits',
    });
    db.idb.close();
  });
});
