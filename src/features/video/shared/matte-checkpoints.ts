// A video job's final masks, kept frame by frame as they are settled, so a job
// started again after a reload or a lost worker takes up where it stopped
// instead of running the model from the first frame. Its own IndexedDB
// database, apart from the studio's (src/store): work in progress, not
// records, and nothing to migrate. The worker writes (one transaction per
// batch of frames, while the next frames are matted) and reads a job's
// leading frames back; the page that runs the job clears them once it ends,
// and sweeps what a job left behind that never ended. Checkpoints are a
// convenience: anything IndexedDB refuses (private mode, quota, a blocked
// open) turns them off for the job, which runs as it would without them. So
// does anything it never answers: every operation has a time limit, because a
// transaction that never ends (another connection's, say a worker's that was
// stopped mid-write) holds every later one on the store, and a job must not
// wait on it.
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { Plane } from '../../../imaging/image';
import { JOB_LIFETIME_MS } from '../../../store/job-state';

export const CHECKPOINT_DB = 'cutout-video-work';
const STORE = 'masks';
/** Older entries are swept: no job runs, or waits, longer than a job lives. */
export const CHECKPOINT_MAX_AGE_MS = JOB_LIFETIME_MS;
/** Frames queued beyond this while a batch is written make the writer wait (a slow disk must not fill the memory). */
const MAX_BACKLOG = 32;
/**
 * How long opening the database, and then any one operation on it (a batch
 * written, a chunk read, a job's masks counted or deleted, the sweep), may
 * take before it is taken for stuck and given up. Tests shorten them.
 */
export const CHECKPOINT_LIMITS = { openMs: 5000, operationMs: 10_000 };
/** Records read at a time when a job resumes. */
const READ_CHUNK = 8;

/** One frame's final mask as stored: its bytes (0–255 per pixel), deflated where the browser can. */
export interface StoredMask {
  job: string;
  index: number;
  /** The frame's timestamp as the decoder gave it (seconds): a job resumed on different frames is told by it. */
  timestamp: number;
  width: number;
  height: number;
  encoding: 'deflate' | 'raw';
  bytes: ArrayBuffer;
  writtenAt: number;
}

interface CheckpointSchema extends DBSchema {
  masks: { key: [string, number]; value: StoredMask; indexes: { byWritten: number } };
}

type CheckpointDb = IDBPDatabase<CheckpointSchema>;

/** A frame's mask read back: 0–1, at the size it was written. */
export interface CheckpointFrame {
  index: number;
  timestamp: number;
  mask: Plane;
}

/**
 * `work`, or a rejection once `ms` have passed without its answer. A value
 * that comes too late goes to `late` (a connection to close).
 */
function limited<T>(work: Promise<T>, ms: number, what: string, late?: (value: T) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    let over = false;
    const timer = setTimeout(() => {
      over = true;
      reject(new Error(`the checkpoint database did not answer in ${ms} ms (${what})`));
    }, ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        if (over) late?.(value);
        else resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** An operation on the open database, given up after CHECKPOINT_LIMITS.operationMs. */
const operation = <T>(work: Promise<T>, what: string) => limited(work, CHECKPOINT_LIMITS.operationMs, what);

/** Opens the database, or gives up after CHECKPOINT_LIMITS.openMs (an open another connection blocks never answers). */
function open(): Promise<CheckpointDb> {
  const opening = openDB<CheckpointSchema>(CHECKPOINT_DB, 1, {
    upgrade(db) {
      db.createObjectStore(STORE, { keyPath: ['job', 'index'] }).createIndex('byWritten', 'writtenAt');
    },
  });
  return limited(opening, CHECKPOINT_LIMITS.openMs, 'open', (db) => db.close());
}

/** Every key of a job's frames. */
const jobRange = (job: string) => IDBKeyRange.bound([job, 0], [job, Infinity]);

const canDeflate = () => typeof CompressionStream === 'function' && typeof DecompressionStream === 'function';

/** The mask as bytes, 0–255. */
export function quantise(mask: Plane): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(mask.data.length);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Math.round(Math.min(1, Math.max(0, mask.data[i])) * 255);
  return bytes;
}

/** Runs bytes through a (de)compression stream. */
function transform(bytes: Uint8Array<ArrayBuffer>, through: CompressionStream | DecompressionStream): Promise<ArrayBuffer> {
  return new Response(new Blob([bytes]).stream().pipeThrough(through)).arrayBuffer();
}

async function encode(bytes: Uint8Array<ArrayBuffer>): Promise<{ encoding: StoredMask['encoding']; bytes: ArrayBuffer }> {
  if (canDeflate()) {
    return { encoding: 'deflate', bytes: await transform(bytes, new CompressionStream('deflate')) };
  }
  return { encoding: 'raw', bytes: bytes.buffer };
}

async function decode(record: StoredMask): Promise<Plane | null> {
  let bytes = new Uint8Array(record.bytes);
  if (record.encoding === 'deflate') {
    if (!canDeflate()) return null;
    bytes = new Uint8Array(await transform(bytes, new DecompressionStream('deflate')));
  }
  if (bytes.length !== record.width * record.height) return null;
  const data = new Float32Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) data[i] = bytes[i] / 255;
  return { data, width: record.width, height: record.height };
}

interface QueuedMask {
  index: number;
  timestamp: number;
  width: number;
  height: number;
  bytes: Uint8Array<ArrayBuffer>;
}

/**
 * One job's checkpoints, open in the worker that runs it: how many leading
 * frames are stored, each read back in turn, and new masks written in
 * batches behind the frame loop. A write that fails turns them off
 * (`enabled` false): reads answer nothing, writes are dropped. A record that
 * cannot be read reads as missing.
 */
export class JobCheckpoints {
  private queue: QueuedMask[] = [];
  private writing: Promise<void> | null = null;
  private reads = new Map<number, Promise<StoredMask | undefined>>();
  private on = true;

  constructor(
    private readonly db: CheckpointDb,
    readonly job: string,
    private prefix: number,
    private readonly now: () => number,
  ) {}

  /** Frames 0 … stored − 1 were all there when the job opened them (0 once discarded). */
  get stored(): number {
    return this.prefix;
  }

  get enabled(): boolean {
    return this.on;
  }

  /**
   * Frame `index`'s stored mask, while it lies in the stored prefix; reads
   * ahead a few frames at a time. Null past the prefix, when the record
   * cannot be read, or once checkpoints are off.
   */
  async read(index: number): Promise<CheckpointFrame | null> {
    if (!this.on || index >= this.prefix) return null;
    if (!this.reads.has(index)) {
      const last = Math.min(this.prefix, index + READ_CHUNK) - 1;
      const chunk = operation(this.db.getAll(STORE, IDBKeyRange.bound([this.job, index], [this.job, last])), 'read');
      // A chunk that cannot be read reads as missing: the job goes on from there without checkpoints to resume from.
      for (let i = index; i <= last; i++) this.reads.set(i, chunk.then((records) => records.find((r) => r.index === i), () => undefined));
    }
    const pending = this.reads.get(index)!;
    this.reads.delete(index);
    try {
      const record = await pending;
      const mask = record && (await decode(record));
      return record && mask ? { index, timestamp: record.timestamp, mask } : null;
    } catch {
      // Bytes that do not inflate: this frame is matted again (and written anew).
      return null;
    }
  }

  /**
   * Queues frame `index`'s final mask. Resolves at once, unless so many
   * frames wait to be written that the caller should wait for a batch.
   */
  write(index: number, timestamp: number, mask: Plane): Promise<void> {
    if (!this.on) return Promise.resolve();
    this.queue.push({ index, timestamp, width: mask.width, height: mask.height, bytes: quantise(mask) });
    this.writing ??= this.writeQueued();
    return this.queue.length > MAX_BACKLOG ? this.settled() : Promise.resolve();
  }

  /** Waits until every queued mask is written (or checkpoints went off). */
  async settled(): Promise<void> {
    while (this.writing) await this.writing;
  }

  /**
   * Deletes the job's checkpoints: they are not of the frames the job
   * decodes. Masks written from now on are kept as usual (a job that resumes
   * later finds its first frames missing, and starts from the beginning).
   */
  async discard(): Promise<void> {
    this.prefix = 0;
    this.reads.clear();
    await this.settled();
    try {
      await operation(this.db.delete(STORE, jobRange(this.job)), 'discard');
    } catch {
      this.off();
    }
  }

  /** Writes what is queued, then closes the connection. */
  async close(): Promise<void> {
    await this.settled();
    this.db.close();
  }

  private off(): void {
    this.on = false;
    this.queue = [];
    this.reads.clear();
  }

  /** Writes the queue a batch at a time: what queued while one batch was written makes the next. */
  private async writeQueued(): Promise<void> {
    try {
      while (this.on && this.queue.length) {
        const batch = this.queue.splice(0);
        // Encoded before the transaction opens: a transaction commits as soon as it waits on anything else.
        const records = await Promise.all(
          batch.map(async ({ bytes, ...frame }): Promise<StoredMask> => ({ ...frame, job: this.job, ...(await encode(bytes)), writtenAt: this.now() })),
        );
        if (!this.on) break;
        const tx = this.db.transaction(STORE, 'readwrite');
        await operation(Promise.all([...records.map((record) => tx.store.put(record)), tx.done]), 'write');
      }
    } catch {
      this.off();
    } finally {
      this.writing = null;
    }
  }
}

/**
 * Opens a job's checkpoints and counts its stored leading frames; null when
 * IndexedDB cannot be used here (the job then runs without them).
 */
export async function openCheckpoints(job: string, now: () => number = Date.now): Promise<JobCheckpoints | null> {
  let db: CheckpointDb;
  try {
    db = await open();
  } catch {
    return null;
  }
  try {
    const keys = await operation(db.getAllKeys(STORE, jobRange(job)), 'count');
    let stored = 0;
    for (const [, index] of keys) {
      if (index !== stored) break;
      stored++;
    }
    return new JobCheckpoints(db, job, stored, now);
  } catch {
    db.close();
    return null;
  }
}

/** Runs `use` on the database; a database that cannot be opened, or a failing `use`, changes nothing. */
async function withDb<T>(fallback: T, use: (db: CheckpointDb) => Promise<T>): Promise<T> {
  let db: CheckpointDb;
  try {
    db = await open();
  } catch {
    return fallback;
  }
  try {
    return await operation(use(db), 'clear or sweep');
  } catch {
    return fallback;
  } finally {
    db.close();
  }
}

/** Deletes a job's checkpoints: it completed, failed or was cancelled. */
export function clearCheckpoints(job: string): Promise<void> {
  return withDb(undefined, (db) => db.delete(STORE, jobRange(job)));
}

/** Deletes every checkpoint written more than `maxAgeMs` ago (a job that never ended); returns how many. */
export function sweepCheckpoints(now = Date.now(), maxAgeMs = CHECKPOINT_MAX_AGE_MS): Promise<number> {
  return withDb(0, async (db) => {
    const tx = db.transaction(STORE, 'readwrite');
    let swept = 0;
    for (let cursor = await tx.store.index('byWritten').openCursor(IDBKeyRange.upperBound(now - maxAgeMs)); cursor; cursor = await cursor.continue()) {
      await cursor.delete();
      swept++;
    }
    await tx.done;
    return swept;
  });
}
