// The Developer page, for the app's navigation; its code loads when it is first shown.
import type { PageEntry } from '../../../ui/page-entry';

export const pages: PageEntry[] = [
  { path: '/developer', title: 'Developer', icon: 'code', nav: 7, load: async () => (await import('./DeveloperPage')).DeveloperPage },
];
