// Try-on's engine tasks, each loaded the first time it runs.
import type { TaskImplementations } from '../../../api/tasks';
import '../shared/tasks';

export const tasks = {
  tryOn: async () => (await import('./tryOn')).tryOn,
  tryOnReadings: async () => (await import('./tryOn')).tryOnReadings,
} satisfies TaskImplementations<'tryOn' | 'tryOnReadings'>;
