// A video job's stored masks (shared/matte-checkpoints.ts), in fake-indexeddb:
// a mask comes back as it was written (to the byte it was quantised to),
// deflated where CompressionStream exists and raw where it does not; a job
// resumes only from an unbroken run of frames from the first; a job's
// masks are cleared, others' stay; a day-old mask is swept. Without
// IndexedDB, with a write refused, or behind a transaction that never ends,
// nothing throws and nothing waits for ever: checkpoints are off.
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { Plane } from '../../../src/imaging/image';
import {
  CHECKPOINT_DB,
  CHECKPOINT_LIMITS,
  CHECKPOINT_MAX_AGE_MS,
  clearCheckpoints,
  openCheckpoints,
  quantise,
  sweepCheckpoints,
  type JobCheckpoints,
  type StoredMask,
} from '../../../src/features/video/shared/matte-checkpoints';

const W = 40;
const H = 30;

/** A soft disc at x = cx, 0–1, with a ramp at its edge. */
function mask(cx: number): Plane {
  const data = new Float32Array(W * H);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) data[y * W + x] = Math.min(1, Math.max(0, (10 - Math.hypot(x - cx, y - H / 2)) / 3));
  return { data, width: W, height: H };
}

/** A connection of its own to the checkpoint database, with the bare IndexedDB API. */
function openRaw(): Promise<IDBDatabase> {
  return new Promise<IDBDatabase>((resolve, reject) => {
    const open = indexedDB.open(CHECKPOINT_DB);
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
}

/** Every record the database holds, as stored. */
async function records(): Promise<StoredMask[]> {
  const db = await openRaw();
  try {
    return await new Promise<StoredMask[]>((resolve, reject) => {
      const all = db.transaction('masks').objectStore('masks').getAll();
      all.onsuccess = () => resolve(all.result as StoredMask[]);
      all.onerror = () => reject(all.error);
    });
  } finally {
    db.close();
  }
}

/**
 * Another connection keeps a read-write transaction on the store busy until
 * the returned release is called, with the operations' time limit shortened
 * to 150 ms meanwhile (release puts it back).
 */
async function holdStore(): Promise<() => void> {
  const limits = { ...CHECKPOINT_LIMITS };
  CHECKPOINT_LIMITS.operationMs = 150;
  const blocker = await openRaw();
  let holding = true;
  const store = blocker.transaction('masks', 'readwrite').objectStore('masks');
  const hold = () => {
    if (holding) store.get(['job', 0]).onsuccess = hold;
  };
  hold();
  return () => {
    holding = false;
    Object.assign(CHECKPOINT_LIMITS, limits);
    blocker.close();
  };
}

async function writeFrames(job: string, indices: number[], now?: () => number): Promise<void> {
  const checkpoints = (await openCheckpoints(job, now))!;
  for (const i of indices) await checkpoints.write(i, i / 30, mask(10 + i));
  await checkpoints.close();
}

async function reopen(job: string): Promise<JobCheckpoints> {
  const checkpoints = await openCheckpoints(job);
  expect(checkpoints).not.toBeNull();
  return checkpoints!;
}

beforeEach(() => {
  // A fresh, empty IndexedDB for each test.
  vi.stubGlobal('indexedDB', new IDBFactory());
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a mask comes back as it was stored', () => {
  test('deflated where CompressionStream exists: the bytes it was quantised to, its timestamp and size', async () => {
    expect(typeof CompressionStream).toBe('function');
    await writeFrames('job', [0, 1, 2]);
    const stored = await records();
    expect(stored.map((r) => [r.job, r.index, r.encoding])).toEqual([
      ['job', 0, 'deflate'],
      ['job', 1, 'deflate'],
      ['job', 2, 'deflate'],
    ]);
    // Deflated: a mostly flat mask is far smaller than a byte a pixel.
    for (const record of stored) expect(record.bytes.byteLength).toBeLessThan((W * H) / 3);
    const checkpoints = await reopen('job');
    expect(checkpoints.stored).toBe(3);
    for (const i of [0, 1, 2]) {
      const frame = (await checkpoints.read(i))!;
      expect(frame.timestamp).toBe(i / 30);
      expect([frame.mask.width, frame.mask.height]).toEqual([W, H]);
      expect(Array.from(frame.mask.data, (v) => Math.round(v * 255))).toEqual(Array.from(quantise(mask(10 + i))));
      // Within half a grey level of the mask as it was.
      const original = mask(10 + i).data;
      for (let p = 0; p < original.length; p++) expect(Math.abs(frame.mask.data[p] - original[p])).toBeLessThanOrEqual(0.5 / 255 + 1e-6);
    }
    await checkpoints.close();
  });

  test('raw where it does not, and read back all the same', async () => {
    vi.stubGlobal('CompressionStream', undefined);
    await writeFrames('job', [0, 1]);
    const stored = await records();
    expect(stored.map((r) => r.encoding)).toEqual(['raw', 'raw']);
    expect(stored.map((r) => r.bytes.byteLength)).toEqual([W * H, W * H]);
    const checkpoints = await reopen('job');
    expect(Array.from((await checkpoints.read(1))!.mask.data, (v) => Math.round(v * 255))).toEqual(Array.from(quantise(mask(11))));
    await checkpoints.close();
  });
});

describe('resuming reads an unbroken run from the first frame', () => {
  test('the prefix stops at the first gap; frames past it are not read', async () => {
    await writeFrames('job', [0, 1, 2, 4, 5]);
    const checkpoints = await reopen('job');
    expect(checkpoints.stored).toBe(3);
    expect(await checkpoints.read(2)).not.toBeNull();
    expect(await checkpoints.read(3)).toBeNull();
    expect(await checkpoints.read(4)).toBeNull();
    await checkpoints.close();
  });

  test('no first frame, nothing to resume; another job under another key is not read', async () => {
    await writeFrames('job', [1, 2, 3]);
    await writeFrames('other', [0, 1]);
    expect((await reopen('job')).stored).toBe(0);
    expect((await reopen('other')).stored).toBe(2);
    expect((await reopen('nobody')).stored).toBe(0);
  });

  test('reads ahead in chunks across a long run, every frame in order', async () => {
    const indices = Array.from({ length: 20 }, (_, i) => i);
    await writeFrames('job', indices);
    const checkpoints = await reopen('job');
    expect(checkpoints.stored).toBe(20);
    for (const i of indices) expect((await checkpoints.read(i))?.timestamp).toBe(i / 30);
    await checkpoints.close();
  });
});

describe('discarding, clearing and sweeping', () => {
  test("discard deletes the job's masks and stops its reads; masks written after it are kept", async () => {
    await writeFrames('job', [0, 1, 2]);
    await writeFrames('other', [0]);
    const checkpoints = await reopen('job');
    await checkpoints.discard();
    expect(checkpoints.stored).toBe(0);
    expect(await checkpoints.read(0)).toBeNull();
    await checkpoints.write(0, 0, mask(20));
    await checkpoints.close();
    expect((await records()).map((r) => [r.job, r.index, r.timestamp])).toEqual([
      ['job', 0, 0],
      ['other', 0, 0],
    ]);
  });

  test("clearCheckpoints deletes one job's masks, not another's", async () => {
    await writeFrames('job', [0, 1, 2]);
    await writeFrames('other', [0, 1]);
    await clearCheckpoints('job');
    expect((await records()).map((r) => [r.job, r.index])).toEqual([
      ['other', 0],
      ['other', 1],
    ]);
  });

  test('the sweep deletes masks written more than a day ago, and only those', async () => {
    const t0 = 1_000_000;
    await writeFrames('old', [0, 1], () => t0);
    await writeFrames('recent', [0], () => t0 + 2 * 60 * 60 * 1000);
    expect(await sweepCheckpoints(t0 + CHECKPOINT_MAX_AGE_MS - 1)).toBe(0);
    expect(await sweepCheckpoints(t0 + CHECKPOINT_MAX_AGE_MS + 1)).toBe(2);
    expect((await records()).map((r) => r.job)).toEqual(['recent']);
  });
});

describe('checkpoints never fail a job', () => {
  test('without IndexedDB: nothing opens, clearing and sweeping do nothing', async () => {
    vi.stubGlobal('indexedDB', undefined);
    expect(await openCheckpoints('job')).toBeNull();
    await expect(clearCheckpoints('job')).resolves.toBeUndefined();
    await expect(sweepCheckpoints()).resolves.toBe(0);
  });

  test('an IndexedDB that refuses to open', async () => {
    vi.stubGlobal('indexedDB', {
      open() {
        throw new DOMException('refused', 'InvalidStateError');
      },
    });
    expect(await openCheckpoints('job')).toBeNull();
  });

  test('a write that fails turns them off without throwing', async () => {
    const checkpoints = (await openCheckpoints('job'))!;
    await checkpoints.write(0, 0, mask(10));
    await checkpoints.settled();
    // Its connection gone, the next transaction cannot start.
    await checkpoints.close();
    expect(checkpoints.enabled).toBe(true);
    await expect(checkpoints.write(1, 1 / 30, mask(11))).resolves.toBeUndefined();
    await checkpoints.settled();
    expect(checkpoints.enabled).toBe(false);
    await expect(checkpoints.write(2, 2 / 30, mask(12))).resolves.toBeUndefined();
    expect((await records()).map((r) => r.index)).toEqual([0]);
  });

  test('behind a transaction that never ends, every operation gives up in its time and the job goes on without them', async () => {
    await writeFrames('job', [0, 1]);
    const release = await holdStore();
    try {
      const started = performance.now();
      // Counting the stored frames is given up: no checkpoints, not a hang.
      expect(await openCheckpoints('job')).toBeNull();
      await expect(clearCheckpoints('job')).resolves.toBeUndefined();
      await expect(sweepCheckpoints(Date.now() + 2 * CHECKPOINT_MAX_AGE_MS)).resolves.toBe(0);
      expect(performance.now() - started).toBeLessThan(3000);
    } finally {
      release();
    }
    // The clear that was given up was still queued: once the store is free it lands, as it was asked to.
    expect(await records()).toEqual([]);
  });

  test('a batch whose write never ends turns them off, and the frames after it do not wait', async () => {
    const checkpoints = (await openCheckpoints('job'))!;
    const release = await holdStore();
    try {
      // More frames than may wait to be written: the writer would make the caller wait on the stuck batch.
      for (let i = 0; i < 40; i++) await checkpoints.write(i, i / 30, mask(10));
      await checkpoints.settled();
      expect(checkpoints.enabled).toBe(false);
      await expect(checkpoints.read(0)).resolves.toBeNull();
      await checkpoints.close();
    } finally {
      release();
    }
  });
});
