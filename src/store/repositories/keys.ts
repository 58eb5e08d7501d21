// API keys: stored by their SHA-256 (the key itself never is), with the budget
// they may spend and what they have spent.
import type { KeyRecord, StudioDb } from '../schema';

export class KeyRepository {
  constructor(private readonly db: StudioDb) {}

  put(record: KeyRecord): Promise<string> {
    return this.db.put('keys', record);
  }

  get(id: string): Promise<KeyRecord | undefined> {
    return this.db.get('keys', id);
  }

  findByHash(hash: string): Promise<KeyRecord | undefined> {
    return this.db.getFromIndex('keys', 'byHash', hash);
  }

  /** Newest first. */
  async list(): Promise<KeyRecord[]> {
    const keys = await this.db.getAll('keys');
    return keys.sort((a, b) => b.createdAt - a.createdAt);
  }

  async update(id: string, change: Partial<Omit<KeyRecord, 'id' | 'hash'>>): Promise<KeyRecord> {
    const tx = this.db.transaction('keys', 'readwrite');
    const key = await tx.store.get(id);
    if (!key) throw new Error(`no key ${id}`);
    const updated = { ...key, ...change };
    await tx.store.put(updated);
    await tx.done;
    return updated;
  }
}
