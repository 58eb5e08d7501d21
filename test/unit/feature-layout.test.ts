// A feature is a folder: the app, the service worker and the engine find its
// parts by file layout (import.meta.glob), never by name. A part that exports
// the wrong name, or a file one letter off the layout, would simply not be
// found; these tests say which.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { ApiRoute } from '../../src/api/context';
import type { JobHandler } from '../../src/engine/jobs';
import type { PageEntry } from '../../src/ui/page-entry';

const features = join(import.meta.dirname, '..', '..', 'src', 'features');

/** What each glob of the app finds, by the path it finds it at (the same patterns, from here). */
const pageFiles = import.meta.glob<unknown>('../../src/features/*/client/page.ts', { import: 'pages' });
const routeFiles = import.meta.glob<unknown>('../../src/features/*/route.ts', { import: 'routes' });
const jobFiles = import.meta.glob<unknown>('../../src/features/*/jobs.ts', { import: 'jobHandler' });
const offlineFiles = import.meta.glob<unknown>('../../src/features/*/shared/offline-files.ts', { import: 'offlineFiles' });

async function loadAll(files: Record<string, () => Promise<unknown>>): Promise<[string, unknown][]> {
  return Promise.all(Object.entries(files).map(async ([path, load]) => [path, await load()] as [string, unknown]));
}

function allFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((name) => name.split('\\').join('/'));
}

describe('pages: client/page.ts exports `pages`', () => {
  test('each entry has a path, a title, an icon and a loader that gives a component', async () => {
    const found = await loadAll(pageFiles);
    expect(found.length).toBeGreaterThan(0);
    for (const [path, pages] of found) {
      expect(Array.isArray(pages), path).toBe(true);
      for (const page of pages as PageEntry[]) {
        expect(page.path, path).toMatch(/^\/(?:[\w-]+|:\w+)?(?:\/(?:[\w-]+|:\w+))*$/);
        expect(page.title, path).toBeTruthy();
        expect(page.icon, path).toBeTruthy();
        expect(typeof await page.load(), `${path}: ${page.path}`).toBe('function');
      }
    }
  });

  test('no two pages share a path or a place in the top bar', async () => {
    const pages = (await loadAll(pageFiles)).flatMap(([, pages]) => pages as PageEntry[]);
    const paths = pages.map((page) => page.path);
    expect(new Set(paths).size).toBe(paths.length);
    const places = pages.flatMap((page) => (page.nav === undefined ? [] : [page.nav]));
    expect(new Set(places).size).toBe(places.length);
    expect(paths).toContain('/');
  });
});

describe('routes: route.ts exports `routes`', () => {
  test('each route has a method, a /v1 pattern, what it produces, its auth and a handler; none is declared twice', async () => {
    const seen = new Set<string>();
    for (const [path, routes] of await loadAll(routeFiles)) {
      expect(Array.isArray(routes), path).toBe(true);
      for (const route of routes as ApiRoute[]) {
        expect(['GET', 'POST', 'DELETE'], path).toContain(route.method);
        expect(route.pattern, path).toMatch(/^\/v1\//);
        expect(route.produces.length, path).toBeGreaterThan(0);
        expect(['key', 'none'], path).toContain(route.auth);
        expect(typeof route.handle, path).toBe('function');
        const id = `${route.method} ${route.pattern}`;
        expect(seen.has(id), id).toBe(false);
        seen.add(id);
      }
    }
  });
});

describe('jobs: jobs.ts exports `jobHandler`', () => {
  test('each handler names its kind, its ledger route, its time budget and how to run; kinds are unique', async () => {
    const kinds = new Set<string>();
    for (const [path, handler] of await loadAll(jobFiles)) {
      const { kind, route, timeBudgetMs, run } = handler as JobHandler;
      expect(kind, path).toBeTruthy();
      expect(route, path).toBeTruthy();
      expect(timeBudgetMs, path).toBeGreaterThan(0);
      expect(typeof run, path).toBe('function');
      expect(kinds.has(kind), kind).toBe(false);
      kinds.add(kind);
    }
  });
});

describe('offline files: shared/offline-files.ts exports `offlineFiles`', () => {
  test('a list of URLs', async () => {
    for (const [path, urls] of await loadAll(offlineFiles)) {
      expect(Array.isArray(urls), path).toBe(true);
      for (const url of urls as string[]) expect(typeof url, path).toBe('string');
    }
  });
});

// The worker's code needs a browser (OffscreenCanvas, WASM runtimes), so its
// file is read, not run: `tasks` holds exactly the tasks the feature declares.
describe('tasks: worker/tasks.ts exports `tasks`, one for each task its shared/tasks.ts declares', () => {
  const declared = (text: string) => {
    const registry = /interface TaskRegistry \{([\s\S]*?)\n {2}\}/.exec(text)?.[1] ?? '';
    return [...registry.matchAll(/^\s+(\w+): TaskFn</gm)].map((m) => m[1]).sort();
  };
  const implemented = (text: string) => {
    const object = /export const tasks = \{([^}]*)\}/.exec(text)?.[1] ?? '';
    return object
      .split(',')
      .map((part) => part.split(':')[0].trim())
      .filter(Boolean)
      .sort();
  };

  const withTasks = readdirSync(features).filter((feature) => allFiles(join(features, feature)).includes('worker/tasks.ts'));

  test.each(withTasks)('%s', (feature) => {
    const names = implemented(readFileSync(join(features, feature, 'worker', 'tasks.ts'), 'utf8'));
    expect(names.length).toBeGreaterThan(0);
    expect(names).toEqual(declared(readFileSync(join(features, feature, 'shared', 'tasks.ts'), 'utf8')));
  });

  test('no two features declare the same task', () => {
    const names = readdirSync(features).flatMap((feature) => {
      const file = join(features, feature, 'shared', 'tasks.ts');
      return allFiles(join(features, feature)).includes('shared/tasks.ts') ? declared(readFileSync(file, 'utf8')) : [];
    });
    expect(new Set(names).size).toBe(names.length);
  });
});

test('no file is one step off the layout, where no glob would find it', () => {
  const wrong = allFiles(features).filter((path) => {
    const [, ...rest] = path.split('/');
    const inFeature = rest.join('/');
    return (
      (/(^|\/)pages?\.tsx?$/i.test(inFeature) && inFeature !== 'client/page.ts') ||
      (/(^|\/)routes?\.tsx?$/.test(inFeature) && inFeature !== 'route.ts') ||
      (/(^|\/)jobs?\.tsx?$/.test(inFeature) && inFeature !== 'jobs.ts' && inFeature !== 'shared/jobs.ts') ||
      (/(^|\/)tasks?\.tsx?$/.test(inFeature) && inFeature !== 'worker/tasks.ts' && inFeature !== 'shared/tasks.ts') ||
      (/offline-files?\.tsx?$/.test(inFeature) && inFeature !== 'shared/offline-files.ts')
    );
  });
  expect(wrong).toEqual([]);
});
