// The models' readings of every eval photo (pose landmarks and matte), made
// once in the test build with the real models and cached in
// bench/out/try-on-eval/readings/ under a hash of the photo, so the fit can
// be run again and again in Node (fit.ts is pure). Opens the browser only
// when some reading is missing. EVAL_READINGS names another folder under
// bench/out/try-on-eval/ (readings made by another build, CUTOUT_DIST).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TryOnReadings } from '../../../src/features/try-on/shared/tasks';
import { openTryOnPage, type TryOnPage } from '../try-on-page';
import { EVAL_DIR } from './render';

const DIR = join(EVAL_DIR, process.env.EVAL_READINGS ?? 'readings');

export interface ReadingRequest {
  file: string;
  role: 'person' | 'garment';
}

function cachePath(request: ReadingRequest): string {
  const hash = createHash('sha256').update(readFileSync(request.file)).update(request.role).digest('hex').slice(0, 16);
  return join(DIR, `${request.role}-${hash}`);
}

/** The cached reading of one photo, or null when it has not been made yet. */
export function cachedReading(request: ReadingRequest): TryOnReadings | null {
  const path = cachePath(request);
  return existsSync(`${path}.json`) ? load(path) : null;
}

function load(path: string): TryOnReadings {
  const meta = JSON.parse(readFileSync(`${path}.json`, 'utf8')) as Omit<TryOnReadings, 'alpha'>;
  return { ...meta, alpha: new Uint8ClampedArray(readFileSync(`${path}.alpha`)) };
}

/** Readings for every request, in order; missing ones are made in one browser session. */
export async function readAll(requests: readonly ReadingRequest[], log: (line: string) => void = () => {}): Promise<TryOnReadings[]> {
  mkdirSync(DIR, { recursive: true });
  const paths = requests.map(cachePath);
  const missing = requests.map((r, i) => ({ r, path: paths[i] })).filter(({ path }) => !existsSync(`${path}.json`));
  if (missing.length > 0) {
    let session: TryOnPage | null = null;
    try {
      session = await openTryOnPage();
      for (const [k, { r, path }] of missing.entries()) {
        const started = Date.now();
        const reading = await session.readings(readFileSync(r.file), 'image/png', r.role);
        writeFileSync(`${path}.alpha`, reading.alpha);
        writeFileSync(`${path}.json`, JSON.stringify({ landmarks: reading.landmarks, width: reading.width, height: reading.height }));
        log(`[readings] ${k + 1}/${missing.length} ${r.role} ${((Date.now() - started) / 1000).toFixed(1)} s`);
      }
    } finally {
      await session?.close();
    }
  }
  return paths.map(load);
}
