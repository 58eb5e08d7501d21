// The app's pages, found by file layout: every feature's client/page.ts
// exports `pages`, so adding a page names it nowhere else. A page's code is
// split from the app's and fetched when the page is first shown.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PageEntry, PageProps } from '../ui/page-entry';

export interface RoutedPage {
  entry: PageEntry;
  Component: LazyExoticComponent<ComponentType<PageProps>>;
  pattern: RegExp;
  names: string[];
}

export interface PageMatch {
  page: RoutedPage;
  params: Record<string, string>;
}

const declared = import.meta.glob<readonly PageEntry[]>('../features/*/client/page.ts', { eager: true, import: 'pages' });

/** `/library/:id` as a pattern whose groups are the `:name` segments, in order. */
function compile(path: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = path
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(segment.slice(1));
      return '([\\w-]+)';
    })
    .join('/');
  return { pattern: new RegExp(`^${source}$`), names };
}

function route(entry: PageEntry): RoutedPage {
  return { entry, Component: lazy(async () => ({ default: await entry.load() })), ...compile(entry.path) };
}

export const pages: readonly RoutedPage[] = Object.values(declared).flat().map(route);

/** The top bar's pages, in their order. */
export const navPages: readonly PageEntry[] = pages
  .map((page) => page.entry)
  .filter((entry) => entry.nav !== undefined)
  .sort((a, b) => a.nav! - b.nav!);

export function matchPage(path: string): PageMatch | undefined {
  for (const page of pages) {
    const match = page.pattern.exec(path);
    if (match) return { page, params: Object.fromEntries(page.names.map((name, i) => [name, match[i + 1]])) };
  }
  return undefined;
}
