import type { TaskImplementations } from '../../../api/tasks';
import composeCutout from './composeCutout';
import removeBackground from './removeBackground';

export const tasks = { removeBackground, composeCutout } satisfies TaskImplementations<'removeBackground' | 'composeCutout'>;
