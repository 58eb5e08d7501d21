// Runs the try-on's pure fit (src/features/try-on/worker/fit.ts, or another
// implementation of the same two functions named by EVAL_FIT) on a case's
// cached model readings, with the probes the score needs, and scores it.
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import type { RgbaImage } from '../../../src/imaging/image';
import { estimateForeground } from '../../../src/imaging/foreground';
import { garmentMatte } from '../../../src/features/try-on/worker/garment-kind';
import type * as FitModule from '../../../src/features/try-on/worker/fit';
import type { TryOnReadings } from '../../../src/features/try-on/shared/tasks';
import type { RenderedCase } from './rendered';
import { probeGarment, scoreCase, type CaseScore } from './score';

export type Fit = Pick<typeof FitModule, 'prepareGarment' | 'dressPerson'>;

export async function loadFit(): Promise<Fit> {
  const path = process.env.EVAL_FIT ? resolve(process.env.EVAL_FIT) : resolve(import.meta.dirname, '../../../src/features/try-on/worker/fit.ts');
  return (await import(pathToFileURL(path).href)) as Fit;
}

export interface CaseRun {
  result: RgbaImage | null;
  kind: string | null;
  /** The refusal's message, when the fit refused. */
  refused: string | null;
  score: CaseScore | null;
  ms: number;
}

/** The garment's colours freed of its photo's background, its matte made as the worker's readGarment makes it. */
export function garmentCutOut(photo: RgbaImage, matte: Uint8ClampedArray): RgbaImage {
  const alpha = garmentMatte(photo, matte);
  const data = estimateForeground(photo, alpha);
  return { data, width: photo.width, height: photo.height };
}

/** What a case must give for the fit to run on it and be scored (a rendered case, or an EvalPair of either source). */
export type RunnableCase = Pick<RenderedCase, 'personPhoto' | 'garmentPhoto' | 'personLabels' | 'dressedLabels' | 'truth'> & { garment: Pick<RenderedCase['garment'], 'slot'> };

export function runCase(fit: Fit, c: RunnableCase, person: TryOnReadings, garment: TryOnReadings): CaseRun {
  const started = performance.now();
  const personReading = { image: c.personPhoto, alpha: person.alpha, landmarks: person.landmarks };
  const garmentReading = { image: garmentCutOut(c.garmentPhoto, garment.alpha), landmarks: garment.landmarks };
  let prepared;
  let result;
  try {
    prepared = fit.prepareGarment(garmentReading, 'auto');
    result = fit.dressPerson(personReading, prepared);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if ((error as { code?: string }).code !== 'invalid_parameter') throw error;
    return { result: null, kind: null, refused: message, score: null, ms: performance.now() - started };
  }
  const ms = performance.now() - started;
  const black = fit.dressPerson(personReading, { ...prepared, image: probeGarment(prepared.image, 'black') });
  const uv = fit.dressPerson(personReading, { ...prepared, image: probeGarment(prepared.image, 'uv') });
  const score = scoreCase({
    photo: c.personPhoto,
    result: result.image,
    black: black.image,
    uv: uv.image,
    personLabels: c.personLabels,
    dressedLabels: c.dressedLabels,
    slot: c.garment.slot,
    truth: c.truth,
    garmentSize: { width: c.garmentPhoto.width, height: c.garmentPhoto.height },
  });
  return { result: result.image, kind: result.kind, refused: null, score, ms };
}
