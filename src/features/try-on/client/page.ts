// The Try-on page, for the app's navigation; its code loads when it is first shown.
import type { PageEntry } from '../../../ui/page-entry';

export const pages: PageEntry[] = [
  { path: '/try-on', title: 'Try-on', icon: 'layers', nav: 4, load: async () => (await import('./TryOnPage')).TryOnPage },
];
