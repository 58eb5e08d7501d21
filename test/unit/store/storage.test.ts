// Persistence is asked for, and short storage is said plainly.
import { describe, expect, test } from 'vitest';
import { checkStorage, SHORT_BYTES, storageWarning, type StorageLike } from '../../../src/store/storage';

const fakeStorage = (granted: boolean, quota: number, usage: number) =>
  ({
    persisted: async () => false,
    persist: async () => granted,
    estimate: async () => ({ quota, usage }),
  }) satisfies StorageLike;

describe('storage', () => {
  test('asks for persistence and reports what is free', async () => {
    expect(await checkStorage(fakeStorage(true, 10e9, 1e9))).toEqual({ persisted: true, free: 9e9, usage: 1e9, quota: 10e9 });
    expect(await checkStorage(undefined)).toEqual({ persisted: false, free: null, usage: null, quota: null });
  });

  test('warns only when space is short, in megabytes', () => {
    expect(storageWarning({ persisted: true, free: SHORT_BYTES, usage: null, quota: null })).toBeNull();
    expect(storageWarning({ persisted: false, free: null, usage: null, quota: null })).toBeNull();
    expect(storageWarning({ persisted: false, free: 50 * 1024 * 1024, usage: null, quota: null })).toMatch(/^Storage is short: 50 MB left/);
  });
});
