// Generate-background's engine tasks.
import type { TaskImplementations } from '../../../api/tasks';
import '../shared/tasks';
import { generateBackground } from './generateBackground';

export const tasks = { generateBackground } satisfies TaskImplementations<'generateBackground'>;
