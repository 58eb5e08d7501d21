import type { TaskImplementations } from '../../../api/tasks';
import probeVideo from './probeVideo';
import removeVideoBackground from './removeVideoBackground';

export const tasks = { probeVideo, removeVideoBackground } satisfies TaskImplementations<'probeVideo' | 'removeVideoBackground'>;
