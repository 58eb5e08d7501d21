// Results: the bytes behind /v1/results/<id>, each with its expiry (kept
// library versions never expire). A result's bytes are a payload of their
// own, so listing results reads none of them.
import type { ResultInfo, ResultRecord, StudioDb } from '../schema';
import { fromPayload, payloadId, toPayload } from '../stored-bytes';

/** The row and the payload of a result, ready to be put in one transaction. */
export async function storedResult(record: ResultRecord) {
  const { blob, ...info } = record;
  return { info: { ...info, size: blob.size } satisfies ResultInfo, payload: await toPayload(payloadId.result(record.id), blob) };
}

export class ResultRepository {
  constructor(private readonly db: StudioDb) {}

  async put(record: ResultRecord): Promise<void> {
    const { info, payload } = await storedResult(record);
    const tx = this.db.transaction(['results', 'payloads'], 'readwrite');
    await Promise.all([tx.objectStore('results').put(info), tx.objectStore('payloads').put(payload), tx.done]);
  }

  /** A result with its bytes. */
  async get(id: string): Promise<ResultRecord | undefined> {
    const tx = this.db.transaction(['results', 'payloads'], 'readonly');
    const [info, payload] = await Promise.all([tx.objectStore('results').get(id), tx.objectStore('payloads').get(payloadId.result(id))]);
    if (!info || !payload) return undefined;
    const { size: _size, ...rest } = info;
    return { ...rest, blob: fromPayload(payload) };
  }

  /** Newest first, without their bytes. */
  async list(): Promise<ResultInfo[]> {
    const results = await this.db.getAllFromIndex('results', 'byCreated');
    return results.reverse();
  }

  async delete(id: string): Promise<void> {
    const tx = this.db.transaction(['results', 'payloads'], 'readwrite');
    await Promise.all([tx.objectStore('results').delete(id), tx.objectStore('payloads').delete(payloadId.result(id)), tx.done]);
  }

  /** Deletes every result whose expiry has passed; returns how many. */
  async purgeExpired(now: number): Promise<number> {
    const tx = this.db.transaction(['results', 'payloads'], 'readwrite');
    let purged = 0;
    let cursor = await tx.objectStore('results').index('byExpiry').openCursor(IDBKeyRange.upperBound(now));
    while (cursor) {
      await tx.objectStore('payloads').delete(payloadId.result(cursor.value.id));
      await cursor.delete();
      purged++;
      cursor = await cursor.continue();
    }
    await tx.done;
    return purged;
  }
}
