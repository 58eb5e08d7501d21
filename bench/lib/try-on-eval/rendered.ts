// One eval case rendered: its photos and label maps read back, with the case
// it came from. Renders happen on first use (render.ts caches them).
import type { RgbaImage } from '../../../src/imaging/image';
import { buildCase, PHOTO, type BuiltCase } from './build';
import type { CaseSpec } from './cases';
import { readLabels, readRgba } from './images';
import { render } from './render';

export interface LabelMap {
  data: Uint8Array;
  width: number;
  height: number;
}

export interface RenderedCase extends BuiltCase {
  personPhoto: RgbaImage;
  garmentPhoto: RgbaImage;
  personLabels: LabelMap;
  dressedLabels: LabelMap;
  garmentLabels: LabelMap;
  files: { person: string; garment: string };
}

export async function renderCase(spec: CaseSpec): Promise<RenderedCase> {
  const built = buildCase(spec);
  const file = (name: keyof BuiltCase['scenes']) => render(built.scenes[name], `${spec.name}-${name}`, PHOTO.width, PHOTO.height, name.endsWith('labels'));
  // Photos render on one thread each (render.ts), so two run side by side.
  const [person, garment] = await Promise.all([file('person'), file('garment')]);
  const [personLabels, dressedLabels, garmentLabels] = await Promise.all([file('person-labels'), file('dressed-labels'), file('garment-labels')]);
  return {
    ...built,
    personPhoto: readRgba(person),
    garmentPhoto: readRgba(garment),
    personLabels: readLabels(personLabels),
    dressedLabels: readLabels(dressedLabels),
    garmentLabels: readLabels(garmentLabels),
    files: { person, garment },
  };
}
