// The Studio page, for the app's navigation; its code loads when it is first shown.
import type { PageEntry } from '../../../ui/page-entry';

export const pages: PageEntry[] = [
  { path: '/', title: 'Studio', icon: 'sparkle', nav: 1, load: async () => (await import('./StudioPage')).StudioPage },
];
