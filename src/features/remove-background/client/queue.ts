// The studio's batch: images wait in order, one is worked on at a time, each
// ends done or failed. Cancelling removes an image, so its result is dropped
// and the queue moves on. Pure state; useStudioQueue runs it.
import type { EngineProgress } from '../../../api/tasks';

export type ItemStatus = 'queued' | 'working' | 'done' | 'failed';

/** The raw cut-out the model made: full size, no crop, no shadow. Options re-finish it. */
export interface Cutout {
  blob: Blob;
  url: string;
  width: number;
  height: number;
  engine: string;
  seconds: number;
}

export interface StudioItem {
  id: string;
  file: File;
  /** An object URL of the original, for thumbnails and the before side. */
  sourceUrl: string;
  status: ItemStatus;
  progress: EngineProgress | null;
  cutout?: Cutout;
  error?: { message: string; code: string };
  /** Where History keeps it, once saved. */
  resultId?: string;
}

export type QueueAction =
  | { type: 'add'; items: StudioItem[] }
  | { type: 'start'; id: string }
  | { type: 'progress'; id: string; progress: EngineProgress }
  | { type: 'done'; id: string; cutout: Cutout }
  | { type: 'failed'; id: string; error: { message: string; code: string } }
  | { type: 'saved'; id: string; resultId: string }
  | { type: 'retry'; id: string }
  | { type: 'remove'; id: string };

function update(items: StudioItem[], id: string, change: (item: StudioItem) => StudioItem): StudioItem[] {
  return items.map((item) => (item.id === id ? change(item) : item));
}

export function queueReducer(items: StudioItem[], action: QueueAction): StudioItem[] {
  switch (action.type) {
    case 'add':
      return [...items, ...action.items];
    case 'start':
      return update(items, action.id, (item) => ({ ...item, status: 'working', progress: null, error: undefined }));
    case 'progress':
      return update(items, action.id, (item) => (item.status === 'working' ? { ...item, progress: action.progress } : item));
    case 'done':
      return update(items, action.id, (item) => ({ ...item, status: 'done', progress: null, cutout: action.cutout }));
    case 'failed':
      return update(items, action.id, (item) => ({ ...item, status: 'failed', progress: null, error: action.error }));
    case 'saved':
      return update(items, action.id, (item) => ({ ...item, resultId: action.resultId }));
    case 'retry':
      return update(items, action.id, (item) => (item.status === 'failed' ? { ...item, status: 'queued', error: undefined } : item));
    case 'remove':
      return items.filter((item) => item.id !== action.id);
  }
}

/** The next image to work on, unless one is being worked on. */
export function nextInQueue(items: StudioItem[]): StudioItem | undefined {
  if (items.some((item) => item.status === 'working')) return undefined;
  return items.find((item) => item.status === 'queued');
}
