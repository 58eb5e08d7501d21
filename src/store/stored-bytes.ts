// IndexedDB holds bytes, never Blobs. An engine's IndexedDB may refuse Blobs
// (WebKit's private windows, and its automation sessions: "Error preparing
// Blob/File data to be stored in object store") but every one takes an
// ArrayBuffer, so a Blob is stored as its bytes with its type beside them and
// made a Blob again when read: the same code in every engine, nothing lost.
//
// Big bodies (results, job inputs, library photos) are payloads of their own
// (the `payloads` store), so that a list of records or a job's progress write
// never reads or rewrites them. Small Blobs inside a record (a thumbnail, a
// try-on's garment, a batch's background image) go through storable() and
// restored(), which walk the record.
//
// Records written before the database's version 4 hold Blobs inline; reads
// take those as they are.

/** A Blob as IndexedDB holds it. */
export interface StoredBytes {
  bytes: ArrayBuffer;
  type: string;
}

/** A payload: the bytes of a result, a job's input or a library item's photo. */
export interface Payload extends StoredBytes {
  id: string;
  /** A Blob a record of version 3 held, moved here as it was by the upgrade to version 4. */
  legacyBlob?: Blob;
}

/** The payloads' keys, one kind of owner each. */
export const payloadId = {
  result: (resultId: string) => `result:${resultId}`,
  input: (jobId: string) => `input:${jobId}`,
  source: (itemId: string) => `source:${itemId}`,
};

/** What a record keeps of a payload it owns. */
export interface PayloadInfo {
  size: number;
  type: string;
}

/** Marks a Blob stored inside a record, so restored() can tell it from the record's own fields. */
const MARK = '$storedBlob';

interface MarkedBytes extends StoredBytes {
  [MARK]: true;
}

function isMarked(value: unknown): value is MarkedBytes {
  return typeof value === 'object' && value !== null && (value as MarkedBytes)[MARK] === true;
}

function isPlain(value: unknown): value is Record<string, unknown> | unknown[] {
  if (Array.isArray(value)) return true;
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

export async function toPayload(id: string, blob: Blob): Promise<Payload> {
  return { id, bytes: await blob.arrayBuffer(), type: blob.type };
}

export function fromStoredBytes(stored: StoredBytes): Blob {
  return new Blob([stored.bytes], { type: stored.type });
}

export function fromPayload(payload: Payload): Blob {
  return payload.legacyBlob ?? fromStoredBytes(payload);
}

/** Whether a plain value holds a Blob anywhere (records must not, once storable()). */
export function holdsBlob(value: unknown): boolean {
  if (value instanceof Blob) return true;
  if (!isPlain(value)) return false;
  return Object.values(value).some(holdsBlob);
}

/** `value` with every Blob in it (in plain objects and arrays) replaced by its bytes. */
export async function storable<T>(value: T): Promise<T> {
  if (value instanceof Blob) return { [MARK]: true, bytes: await value.arrayBuffer(), type: value.type } as unknown as T;
  if (!isPlain(value) || !holdsBlob(value)) return value;
  if (Array.isArray(value)) return (await Promise.all(value.map((item) => storable(item)))) as unknown as T;
  const entries = await Promise.all(Object.entries(value).map(async ([key, item]) => [key, await storable(item)] as const));
  return Object.fromEntries(entries) as T;
}

function holdsMarked(value: unknown): boolean {
  if (isMarked(value)) return true;
  if (!isPlain(value)) return false;
  return Object.values(value).some(holdsMarked);
}

/** A record as read, with every stored Blob made a Blob again. */
export function restored<T>(value: T): T {
  if (isMarked(value)) return fromStoredBytes(value) as unknown as T;
  if (!isPlain(value) || !holdsMarked(value)) return value;
  if (Array.isArray(value)) return value.map((item) => restored(item)) as unknown as T;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, restored(item)])) as T;
}
