// The drawn source's cases: each is a POV-Ray person (body.ts, scene.ts,
// from the case's seed, as the rendered source's) and a drawn garment. Three
// halves by seed: seed 5000 + i belongs to half i mod 3 (tuning, held-out,
// closing), 36 cases each. Within a half the j-th case is a dress when j is
// even (lengths mini, knee, midi, maxi in turn; j = 2 is the issue's dress),
// else a top or a bottom in turn (tops: tee, tank, blouse, long sleeve;
// bottoms: A-line and pencil skirts through the four lengths, straight and
// wide trousers, shorts); poses cycle through six standing poses, and two
// tops a half are worn by a seated person. A second closing half (seeds
// 8000 + j, made the same way) was added when the first had been read, and
// a third (seeds 9000 + j) when the second had.
import type { PoseName, Slot } from '../cases';
import { LENGTHS, drawnSpec, issueDress, type DrawnCategory, type DrawnSpec, type LengthName, type SkirtCut, type TopCut, type TrouserCut } from './spec';

export type DrawnHalf = 'tuning' | 'held-out' | 'closing' | 'closing-2' | 'closing-3';
export const DRAWN_HALVES: readonly DrawnHalf[] = ['tuning', 'held-out', 'closing'];
export const DRAWN_POSES: readonly PoseName[] = ['arms-down', 'arms-out', 'one-arm-up', 'hands-on-hips', 'walking', 'three-quarter'];
export const DRAWN_PER_HALF = 36;
export const DRAWN_FIRST_SEED = 5000;
export const DRAWN_SECOND_CLOSING_SEED = 8000;
export const DRAWN_THIRD_CLOSING_SEED = 9000;
const PREFIX: Record<DrawnHalf, string> = { tuning: 't', 'held-out': 'h', closing: 'c', 'closing-2': 'k', 'closing-3': 'q' };

export interface DrawnCaseSpec {
  seed: number;
  name: string;
  half: DrawnHalf;
  pose: PoseName;
  category: DrawnCategory;
  slot: Slot;
  /** Dresses and skirts. */
  length: LengthName | null;
  topCut?: TopCut;
  bottomCut?: SkirtCut | TrouserCut;
  preset: 'issue-dress' | null;
}

const TOPS: readonly TopCut[] = ['tee', 'tank', 'blouse', 'long-sleeve'];
const BOTTOMS: readonly { category: DrawnCategory; cut: SkirtCut | TrouserCut | null }[] = [
  { category: 'skirt', cut: 'a-line' },
  { category: 'trousers', cut: 'straight' },
  { category: 'skirt', cut: 'pencil' },
  { category: 'shorts', cut: null },
  { category: 'skirt', cut: 'a-line' },
  { category: 'trousers', cut: 'wide' },
  { category: 'skirt', cut: 'a-line' },
  { category: 'shorts', cut: null },
  { category: 'skirt', cut: 'pencil' },
];

export function drawnCases(): DrawnCaseSpec[] {
  const cases: DrawnCaseSpec[] = [];
  for (let j = 0; j < DRAWN_PER_HALF; j++) {
    for (const [h, half] of DRAWN_HALVES.entries()) cases.push(drawnCase(DRAWN_FIRST_SEED + 3 * j + h, half, j));
  }
  for (let j = 0; j < DRAWN_PER_HALF; j++) cases.push(drawnCase(DRAWN_SECOND_CLOSING_SEED + j, 'closing-2', j));
  for (let j = 0; j < DRAWN_PER_HALF; j++) cases.push(drawnCase(DRAWN_THIRD_CLOSING_SEED + j, 'closing-3', j));
  return cases;
}

/** The j-th case of a half, from its seed. */
function drawnCase(seed: number, half: DrawnHalf, j: number): DrawnCaseSpec {
  let pose = DRAWN_POSES[(j + Math.floor(j / 6)) % DRAWN_POSES.length];
  let category: DrawnCategory;
  let length: LengthName | null = null;
  let topCut: TopCut | undefined;
  let bottomCut: SkirtCut | TrouserCut | undefined;
  if (j % 2 === 0) {
    category = 'dress';
    length = LENGTHS[(j / 2) % LENGTHS.length];
  } else {
    const k = (j - 1) / 2;
    if (k % 2 === 0) {
      category = 'top';
      topCut = TOPS[(k / 2) % TOPS.length];
      if (k / 2 === 2 || k / 2 === 7) pose = 'seated';
    } else {
      const b = (k - 1) / 2;
      category = BOTTOMS[b].category;
      bottomCut = BOTTOMS[b].cut ?? undefined;
      if (category === 'skirt') length = LENGTHS[BOTTOMS.slice(0, b).filter((x) => x.category === 'skirt').length % LENGTHS.length];
    }
  }
  const preset = j === 2 ? 'issue-dress' : null;
  const slot: Slot = category === 'dress' ? 'full' : category === 'top' ? 'upper' : 'lower';
  const c: DrawnCaseSpec = { seed, name: '', half, pose, category, slot, length, topCut, bottomCut, preset };
  const cut = caseGarment(c).cut;
  c.name = `d${PREFIX[half]}${seed}-${category}${cut === category ? '' : `-${cut}`}${length ? `-${length}` : ''}${preset ? '-issue' : ''}-${pose}`;
  return c;
}

/** The garment a case draws. */
export function caseGarment(c: DrawnCaseSpec): DrawnSpec {
  return c.preset === 'issue-dress' ? issueDress(c.seed) : drawnSpec(c.seed, c.category, c.length, c.topCut, c.bottomCut);
}
