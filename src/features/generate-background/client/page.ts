// The Backgrounds page, for the app's navigation; its code loads when it is first shown.
import type { PageEntry } from '../../../ui/page-entry';

export const pages: PageEntry[] = [
  { path: '/backgrounds', title: 'Backgrounds', icon: 'image', nav: 2, load: async () => (await import('./BackgroundsPage')).BackgroundsPage },
];
