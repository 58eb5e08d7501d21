// Try-on's engine tasks, each loaded the first time it runs.
import type { TaskImplementations } from '../../../api/tasks';
import '../shared/tasks';

export const tasks = {
  tryOn: async () => (await import('./tryOn')).tryOn,
  tryOnGarmentKind: async () => (await import('./tryOn')).tryOnGarmentKind,
  tryOnReadings: async () => (await import('./tryOn')).tryOnReadings,
} satisfies TaskImplementations<'tryOn' | 'tryOnGarmentKind' | 'tryOnReadings'>;
