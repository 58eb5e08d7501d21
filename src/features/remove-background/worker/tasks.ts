// Remove-background's engine tasks, each loaded the first time it runs.
import type { TaskImplementations } from '../../../api/tasks';

export const tasks = {
  removeBackground: async () => (await import('./removeBackground')).default,
  composeCutout: async () => (await import('./composeCutout')).default,
} satisfies TaskImplementations<'removeBackground' | 'composeCutout'>;
