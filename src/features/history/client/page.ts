// The History page, for the app's navigation; its code loads when it is first shown.
import type { PageEntry } from '../../../ui/page-entry';

export const pages: PageEntry[] = [
  { path: '/history', title: 'History', icon: 'history', nav: 6, load: async () => (await import('./HistoryPage')).HistoryPage },
];
