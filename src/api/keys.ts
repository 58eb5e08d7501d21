// API keys: made from 32 random bytes, shown once, stored only as a SHA-256 hash.

const KEY_PREFIX = 'cs_';

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function generateApiKey(): string {
  return KEY_PREFIX + base64url(crypto.getRandomValues(new Uint8Array(32)));
}

export async function hashApiKey(key: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(key));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** What the Developer page shows of a key after creation: enough to tell keys apart. */
export function keyHint(key: string): string {
  return `${key.slice(0, KEY_PREFIX.length + 4)}…${key.slice(-4)}`;
}

/** An unguessable id for result URLs: 128 random bits, base64url. */
export function randomToken(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(16)));
}
