import type { TaskImplementations } from '../../../api/tasks';
import thumbnail from './thumbnail';

export const tasks = { thumbnail } satisfies TaskImplementations<'thumbnail'>;
