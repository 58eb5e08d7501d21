// Seeded randomness. Every choice a scene makes comes from one seed, so the
// same seed redraws the same picture byte for byte on any machine.

export type Random = () => number;

/** mulberry32: a 32-bit state PRNG, uniform in [0, 1); fast and good enough for textures. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function between(random: Random, min: number, max: number): number {
  return min + (max - min) * random();
}

export function pickOne<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length) % items.length];
}

/**
 * A stateless hash of two integers and a seed to [0, 1): per-cell randomness
 * (one plank's tone, one brick's shade, one pixel's grain) without a PRNG
 * stream whose order would then matter.
 */
export function hash2(x: number, y: number, seed: number): number {
  let h = Math.imul(x | 0, 0x27d4eb2d) ^ Math.imul(y | 0, 0x165667b1) ^ Math.imul(seed | 0, 0x9e3779b1);
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}
