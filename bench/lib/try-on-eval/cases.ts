// The try-on eval's cases: each is one person and one garment, both drawn
// from the case's seed alone (nothing is shared between cases, so tuning on
// one half tells nothing about the other's persons or garments). Odd seeds
// are the held-out half, even seeds the tuning half: split once, here; a
// closing half of new seeds (closingCases) is kept for the last run.
// Garments and poses cycle through the seeds so that both halves hold every
// garment and every pose.

export type PoseName = 'arms-down' | 'arms-out' | 'one-arm-up' | 'hands-on-hips' | 'arms-crossed' | 'three-quarter' | 'walking' | 'seated';
export const POSES: readonly PoseName[] = ['arms-down', 'arms-out', 'one-arm-up', 'hands-on-hips', 'arms-crossed', 'three-quarter', 'walking', 'seated'];

export type GarmentType =
  | 'tee'
  | 'wide-tee'
  | 'tank'
  | 'long-sleeve'
  | 'hoodie'
  | 'strap-dress'
  | 'midi-dress'
  | 'maxi-dress'
  | 'shorts'
  | 'trousers'
  | 'skirt';
export const GARMENT_TYPES: readonly GarmentType[] = [
  'tee',
  'wide-tee',
  'tank',
  'long-sleeve',
  'hoodie',
  'strap-dress',
  'midi-dress',
  'maxi-dress',
  'shorts',
  'trousers',
  'skirt',
];

export type Print = 'plain' | 'stripes' | 'checks' | 'flowers' | 'logo';
export const PRINTS: readonly Print[] = ['plain', 'stripes', 'checks', 'flowers', 'logo'];

/** Which part of an outfit a garment replaces. */
export type Slot = 'upper' | 'lower' | 'full';

export function slotOf(type: GarmentType): Slot {
  if (type === 'shorts' || type === 'trousers' || type === 'skirt') return 'lower';
  if (type.endsWith('dress')) return 'full';
  return 'upper';
}

/** A small seeded generator (mulberry32): the same seed, the same case. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Rng = () => number;
export const uniform = (rng: Rng, a: number, b: number) => a + (b - a) * rng();
export const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length) % list.length];

export interface CaseSpec {
  seed: number;
  name: string;
  half: 'tuning' | 'held-out' | 'closing' | 'closing-2' | 'closing-3';
  pose: PoseName;
  garment: GarmentType;
  /** The garment photo shows it worn by a model instead of laid flat. */
  onModel: boolean;
}

export const CASE_COUNT = 72;

/**
 * Case i: seed 1000 + i, held out when odd. Within each half the j-th case
 * takes garment j mod 11 and pose (j + ⌊j/11⌋·3) mod 8; a seated person is
 * given a top (a skirt or trousers on a seated person is out of scope). Every
 * sixth case per half shows its garment on a model.
 */
export function evalCases(): CaseSpec[] {
  const cases: CaseSpec[] = [];
  for (let i = 0; i < CASE_COUNT; i++) {
    const seed = 1000 + i;
    cases.push(caseOf(seed, seed % 2 === 1 ? 'held-out' : 'tuning', Math.floor(i / 2)));
  }
  return cases;
}

/** The j-th case of a half, from its seed. */
function caseOf(seed: number, half: CaseSpec['half'], j: number): CaseSpec {
  let garment = GARMENT_TYPES[j % GARMENT_TYPES.length];
  const pose = POSES[(j + Math.floor(j / GARMENT_TYPES.length) * 3) % POSES.length];
  if (pose === 'seated' && slotOf(garment) !== 'upper') garment = (['tee', 'long-sleeve', 'tank', 'hoodie', 'wide-tee'] as const)[j % 5];
  const onModel = j % 6 === 5 && pose !== 'seated';
  const prefix = half === 'held-out' ? 'h' : half === 'tuning' ? 't' : half === 'closing' ? 'c' : half === 'closing-2' ? 'k' : 'q';
  return { seed, name: `${prefix}${String(seed)}-${garment}-${pose}${onModel ? '-on-model' : ''}`, half, pose, garment, onModel };
}

export const CLOSING_FIRST_SEED = 2000;

/**
 * The closing half: 36 more cases made the same way from seeds 2000–2035
 * (the j-th from seed 2000 + j), read only by the closing run
 * (EVAL_HALF=closing), once, after every change is chosen.
 */
export function closingCases(): CaseSpec[] {
  return Array.from({ length: CASE_COUNT / 2 }, (_, j) => caseOf(CLOSING_FIRST_SEED + j, 'closing', j));
}

export const SECOND_CLOSING_FIRST_SEED = 3000;

/**
 * A second closing half (seeds 3000–3035, made as the first), added when
 * the first had been read: read only by a closing run (EVAL_HALF=closing-2),
 * once, after every change is chosen.
 */
export function secondClosingCases(): CaseSpec[] {
  return Array.from({ length: CASE_COUNT / 2 }, (_, j) => caseOf(SECOND_CLOSING_FIRST_SEED + j, 'closing-2', j));
}

export const THIRD_CLOSING_FIRST_SEED = 4000;

/**
 * A third closing half (seeds 4000–4035, made as the first), added on
 * 2026-11-29 when the second had been read: read only by a closing run
 * (EVAL_HALF=closing-3), once, after every change is chosen.
 */
export function thirdClosingCases(): CaseSpec[] {
  return Array.from({ length: CASE_COUNT / 2 }, (_, j) => caseOf(THIRD_CLOSING_FIRST_SEED + j, 'closing-3', j));
}
