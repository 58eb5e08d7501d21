// The Video page, for the app's navigation; its code loads when it is first shown.
import type { PageEntry } from '../../../ui/page-entry';

export const pages: PageEntry[] = [
  { path: '/video', title: 'Video', icon: 'video', nav: 3, load: async () => (await import('./VideoPage')).VideoPage },
];
