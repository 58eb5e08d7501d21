// The eval's pairs from either source, in one shape: the rendered source
// (POV-Ray garments laid flat or on a model, cases.ts) and the drawn source
// (2-D fashion drawings, drawn/), each a person photo, a garment photo,
// their label maps and the truth, with what the report groups them by.
// Halves: the rendered source's tuning and held-out halves (odd and even
// seeds) and its closing half (new seeds); the drawn source's three halves
// by seed. 'all' is the tuning and held-out halves; the closing half is
// read only when named.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { RgbaImage } from '../../../src/imaging/image';
import type { BuiltCase } from './build';
import { closingCases, evalCases, secondClosingCases, thirdClosingCases, type GarmentType, type PoseName, type Slot } from './cases';
import type { GarmentSpec } from './garment';
import { readLabels, readRgba, writePng } from './images';
import { EVAL_DIR, render } from './render';
import { renderCase, type LabelMap } from './rendered';
import { drawnCases } from './drawn/cases';
import { buildDrawnCase } from './drawn/build';
import { PHOTO } from './build';

export type Source = 'rendered' | 'drawn';
export const SOURCES: readonly Source[] = ['rendered', 'drawn'];
export type Half = 'tuning' | 'held-out' | 'closing' | 'closing-2' | 'closing-3';
export type LengthClass = 'mini' | 'knee' | 'midi' | 'maxi' | 'tops' | 'trousers/shorts';
export const LENGTH_CLASSES: readonly LengthClass[] = ['mini', 'knee', 'midi', 'maxi', 'tops', 'trousers/shorts'];

export interface EvalPair {
  source: Source;
  name: string;
  half: Half;
  pose: PoseName;
  /** The by-garment table's row (the rendered source's garment type, the drawn source's category and cut). */
  garmentRow: string;
  onModel: boolean;
  length: LengthClass;
  /** The landmarks the hem is read from: a skirt's, dress's or top's hem corners, or trouser legs' ends. */
  hemNames: readonly ['hemLeft', 'hemRight'] | readonly ['legLeft', 'legRight'];
  /** The garment as worn for the truth (its slot is the true kind). */
  garment: GarmentSpec;
  personPhoto: RgbaImage;
  garmentPhoto: RgbaImage;
  personLabels: LabelMap;
  dressedLabels: LabelMap;
  garmentLabels: LabelMap;
  truth: BuiltCase['truth'];
  files: { person: string; garment: string };
}

/** A dress's or skirt's length by where its hem falls between hips (0) and ankles (1). */
export function lengthOfHem(hem: number): LengthClass {
  return hem < 0.42 ? 'mini' : hem < 0.62 ? 'knee' : hem < 0.86 ? 'midi' : 'maxi';
}

function lengthClass(slot: Slot, type: GarmentType | string, hem: number): LengthClass {
  if (slot === 'upper') return 'tops';
  if (type === 'shorts' || type === 'trousers') return 'trousers/shorts';
  return lengthOfHem(hem);
}

const legs = ['legLeft', 'legRight'] as const;
const hems = ['hemLeft', 'hemRight'] as const;

async function renderedPairs(halves: readonly Half[]): Promise<EvalPair[]> {
  const specs = [...evalCases(), ...closingCases(), ...secondClosingCases(), ...thirdClosingCases()].filter((c) => halves.includes(c.half));
  const out: EvalPair[] = [];
  for (const spec of specs) {
    const c = await renderCase(spec);
    out.push({
      source: 'rendered',
      name: spec.name,
      half: spec.half,
      pose: spec.pose,
      garmentRow: spec.garment,
      onModel: spec.onModel,
      length: lengthClass(c.garment.slot, c.garment.type, c.garment.hem),
      hemNames: c.garment.type === 'shorts' || c.garment.type === 'trousers' ? legs : hems,
      garment: c.garment,
      personPhoto: c.personPhoto,
      garmentPhoto: c.garmentPhoto,
      personLabels: c.personLabels,
      dressedLabels: c.dressedLabels,
      garmentLabels: c.garmentLabels,
      truth: c.truth,
      files: c.files,
    });
  }
  return out;
}

/** Writes a drawn garment photo under the renders folder, named by its bytes' hash (so a changed drawing is a new file). */
async function garmentFile(name: string, image: RgbaImage): Promise<string> {
  const dir = join(EVAL_DIR, 'renders');
  mkdirSync(dir, { recursive: true });
  const key = createHash('sha256').update(image.data).digest('hex').slice(0, 12);
  const file = join(dir, `${name}-garment-drawn-${key}.png`);
  if (!existsSync(file)) await writePng(file, image);
  return file;
}

/** One drawn pair, rendered (person) and drawn (garment) on first use. */
export async function drawnPair(spec: ReturnType<typeof drawnCases>[number]): Promise<EvalPair> {
  const built = buildDrawnCase(spec);
  const file = (name: keyof typeof built.scenes) => render(built.scenes[name], `${spec.name}-${name}`, PHOTO.width, PHOTO.height, name.endsWith('labels'));
  const person = await file('person');
  const [personLabels, dressedLabels] = await Promise.all([file('person-labels'), file('dressed-labels')]);
  const garment = await garmentFile(spec.name, built.photo.image);
  // The photo as the models will read it: from its PNG, like the rendered photos.
  return {
    source: 'drawn',
    name: spec.name,
    half: spec.half,
    pose: spec.pose,
    garmentRow: `${spec.category}${built.drawn.cut === spec.category ? '' : ` ${built.drawn.cut}`}`,
    onModel: false,
    length: spec.category === 'top' ? 'tops' : spec.category === 'shorts' || spec.category === 'trousers' ? 'trousers/shorts' : spec.length!,
    hemNames: spec.category === 'shorts' || spec.category === 'trousers' ? legs : hems,
    garment: built.garment,
    personPhoto: readRgba(person),
    garmentPhoto: readRgba(garment),
    personLabels: readLabels(personLabels),
    dressedLabels: readLabels(dressedLabels),
    garmentLabels: built.photo.labels,
    truth: built.truth,
    files: { person, garment },
  };
}

async function drawnPairs(halves: readonly Half[]): Promise<EvalPair[]> {
  const specs = drawnCases().filter((c) => halves.includes(c.half));
  // Each pair renders one antialiased photo on one thread: two pairs at a time.
  const out: EvalPair[] = new Array(specs.length);
  let next = 0;
  const worker = async () => {
    while (next < specs.length) {
      const k = next++;
      out[k] = await drawnPair(specs[k]);
    }
  };
  await Promise.all([worker(), worker()]);
  return out;
}

/** The halves an EVAL_HALF names: 'all' is tuning and held-out (the closing half only when named). */
export function halvesOf(half: string): Half[] {
  if (half === 'all') return ['tuning', 'held-out'];
  if (half === 'tuning' || half === 'held-out' || half === 'closing' || half === 'closing-2' || half === 'closing-3') return [half];
  throw new Error(`EVAL_HALF must be tuning, held-out, closing, closing-2, closing-3 or all, not ${half}`);
}

export function sourcesOf(source: string): Source[] {
  if (source === 'both') return [...SOURCES];
  if (source === 'rendered' || source === 'drawn') return [source];
  throw new Error(`EVAL_SOURCE must be rendered, drawn or both, not ${source}`);
}

/** Every pair of the sources and halves, rendered (or drawn) on first use. */
export async function loadPairs(sources: readonly Source[], halves: readonly Half[]): Promise<EvalPair[]> {
  const out: EvalPair[] = [];
  if (sources.includes('rendered')) out.push(...(await renderedPairs(halves)));
  if (sources.includes('drawn')) out.push(...(await drawnPairs(halves)));
  return out;
}
