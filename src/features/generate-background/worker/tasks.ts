// Generate-background's engine tasks, each loaded the first time it runs.
import type { TaskImplementations } from '../../../api/tasks';
import '../shared/tasks';

export const tasks = {
  generateBackground: async () => (await import('./generateBackground')).generateBackground,
} satisfies TaskImplementations<'generateBackground'>;
