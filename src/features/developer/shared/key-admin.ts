// Creating and managing API keys from the Developer page. The plaintext key
// is returned once, at creation; only its hash is stored.
import { generateApiKey, hashApiKey, keyHint } from '../../../api/keys';
import type { KeyRecord } from '../../../store/schema';
import type { StudioDatabase } from '../../../store/database';

export async function createApiKey(db: StudioDatabase, name: string, now = Date.now()): Promise<{ key: string; record: KeyRecord }> {
  const key = generateApiKey();
  const record: KeyRecord = {
    id: crypto.randomUUID(),
    hash: await hashApiKey(key),
    name: name.trim() || 'Untitled key',
    hint: keyHint(key),
    createdAt: now,
    revokedAt: null,
    budget: null,
    spent: 0,
    ratePerSecond: null,
  };
  await db.keys.put(record);
  return { key, record };
}

export function revokeApiKey(db: StudioDatabase, id: string, now = Date.now()): Promise<KeyRecord> {
  return db.keys.update(id, { revokedAt: now });
}
