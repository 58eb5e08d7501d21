// The library's pages: the list, one item, and an item's touch-up.
import type { PageEntry } from '../../../ui/page-entry';

export const pages: PageEntry[] = [
  { path: '/library', title: 'Library', icon: 'library', nav: 5, load: async () => (await import('./LibraryPage')).LibraryPage },
  { path: '/library/:id', title: 'Library', icon: 'library', load: async () => (await import('./LibraryItemPage')).LibraryItemPage },
  { path: '/library/:id/touch-up', title: 'Touch up', icon: 'library', load: async () => (await import('./TouchUpPage')).TouchUpPage },
];
