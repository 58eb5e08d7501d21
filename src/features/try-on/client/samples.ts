// The sample photos the Try-on page offers under each picker, listed once.
// The files live in public/samples/try-on/; a sample whose file is missing is
// simply not shown (see SampleRow).

export interface TryOnSample {
  id: string;
  /** What the sample is called on its button and in the job's name. */
  name: string;
  path: string;
}

const PEOPLE: Record<string, string> = { ada: 'Ada', ben: 'Ben', cleo: 'Cleo' };
const GARMENTS: Record<string, string> = { tee: 'tee', sweater: 'sweater', trousers: 'trousers', skirt: 'skirt', dress: 'dress' };

const list = (kind: 'person' | 'garment', names: Record<string, string>): TryOnSample[] =>
  Object.entries(names).map(([id, name]) => ({ id, name, path: `/samples/try-on/${kind}-${id}.png` }));

export const PERSON_SAMPLES = list('person', PEOPLE);
export const GARMENT_SAMPLES = list('garment', GARMENTS);
