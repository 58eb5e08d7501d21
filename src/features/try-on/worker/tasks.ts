// Try-on's engine tasks.
import type { TaskImplementations } from '../../../api/tasks';
import '../shared/tasks';
import { tryOn } from './tryOn';

export const tasks = { tryOn } satisfies TaskImplementations<'tryOn'>;
