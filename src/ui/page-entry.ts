// What a feature declares for each of its pages, in its client/page.ts
// (`export const pages: PageEntry[]`). The app finds those files by their
// layout and loads a page's code only when it is first shown.
import type { ComponentType } from 'react';
import type { IconName } from './components/Icon';

/** What a page is given: the values of its path's `:name` segments. */
export interface PageProps {
  params: Record<string, string>;
}

export interface PageEntry {
  /** `/library`, or with `:name` for a segment: `/library/:id/touch-up`. */
  path: string;
  /** The tab's title, and the link's in the top bar. */
  title: string;
  icon: IconName;
  /** Its place in the top bar; a page without one is reached by links only. */
  nav?: number;
  /** The page's component, imported on demand. */
  load(): Promise<ComponentType<PageProps>>;
}
