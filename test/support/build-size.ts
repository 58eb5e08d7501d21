// What a build costs a first visit, read from the build itself: the files the
// service worker precaches (its injected manifest) and the JavaScript the
// first page runs (Vite's manifest: the entry's static imports, and the lazy
// page chunk that `/` loads).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
}

const root = join(import.meta.dirname, '..', '..');

/** The precached files: every `url` the build wrote into sw.js's manifest. */
export function precache(dir: string): { files: number; bytes: number } {
  const sw = readFileSync(join(dir, 'sw.js'), 'utf8');
  const urls = [...sw.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1]);
  return { files: urls.length, bytes: urls.reduce((sum, url) => sum + statSync(join(dir, url)).size, 0) };
}

/** The module a feature's client/page.ts loads for `path` (e.g. src/features/studio/client/StudioPage.tsx). */
export function pageModule(path: string): string {
  const features = join(root, 'src', 'features');
  for (const feature of readdirSync(features)) {
    let text: string;
    try {
      text = readFileSync(join(features, feature, 'client', 'page.ts'), 'utf8');
    } catch {
      continue;
    }
    const escaped = path.replace(/[/]/g, '\\/');
    const match = new RegExp(`path: '${escaped}',[^\\n]*import\\('\\./([\\w-]+)'\\)`).exec(text);
    if (match) return `src/features/${feature}/client/${match[1]}.tsx`;
  }
  throw new Error(`no page.ts declares ${path}`);
}

/** Bytes of the JavaScript behind `entries` and everything they import statically, each file once. */
function scriptBytes(dir: string, manifest: Record<string, ManifestChunk>, entries: string[], counted = new Set<string>()): number {
  let bytes = 0;
  const visit = (key: string) => {
    if (counted.has(key)) return;
    counted.add(key);
    const chunk = manifest[key];
    if (chunk.file.endsWith('.js')) bytes += statSync(join(dir, chunk.file)).size;
    chunk.imports?.forEach(visit);
  };
  entries.forEach(visit);
  return bytes;
}

/**
 * The first page's JavaScript: the entry chunk (index.html's script) with its
 * static imports, and what `path`'s lazy page chunk adds to them.
 * Needs a build made with `--manifest`.
 */
export function firstPageScripts(dir: string, path = '/'): { entry: number; page: number; total: number } {
  const manifest = JSON.parse(readFileSync(join(dir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const counted = new Set<string>();
  const entry = scriptBytes(dir, manifest, ['index.html'], counted);
  const page = scriptBytes(dir, manifest, [pageModule(path)], counted);
  return { entry, page, total: entry + page };
}
