// Video's engine tasks, each loaded the first time it runs.
import type { TaskImplementations } from '../../../api/tasks';

export const tasks = {
  probeVideo: async () => (await import('./probeVideo')).default,
  removeVideoBackground: async () => (await import('./removeVideoBackground')).default,
} satisfies TaskImplementations<'probeVideo' | 'removeVideoBackground'>;
