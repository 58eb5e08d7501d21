// Try-on's engine tasks.
import type { TaskImplementations } from '../../../api/tasks';
import '../shared/tasks';
import { tryOn, tryOnReadings } from './tryOn';

export const tasks = { tryOn, tryOnReadings } satisfies TaskImplementations<'tryOn' | 'tryOnReadings'>;
