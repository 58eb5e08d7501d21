// The library's engine tasks, each loaded the first time it runs.
import type { TaskImplementations } from '../../../api/tasks';

export const tasks = {
  thumbnail: async () => (await import('./thumbnail')).default,
} satisfies TaskImplementations<'thumbnail'>;
