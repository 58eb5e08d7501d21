// The studio's batch for as long as the window lives, so it keeps running
// (and keeps its results) while the user looks at another page. The model runs
// once per image, with no options: crop, shadow and background are applied
// afterwards from the raw cut-out, without the model.
import { useSyncExternalStore } from 'react';
import { toApiError } from '../../../api/errors';
import { ZERO_MARGIN } from '../../../api/margin';
import type { EngineHost } from '../../../engine/host';
import { task } from '../../../api/tasks';
import { fileStem } from '../../../ui/download';
import { useServices } from '../../../ui/services';
import type { RemoveBackgroundOptions } from '../shared/meta';
import { nextInQueue, queueReducer, type QueueAction, type StudioItem } from './queue';
import { saveStudioResult } from './save-result';
import { DEFAULT_STUDIO_OPTIONS, type StudioOptions } from './studio-options';

const RAW_CUTOUT: RemoveBackgroundOptions = {
  crop: false,
  margins: { top: ZERO_MARGIN, right: ZERO_MARGIN, bottom: ZERO_MARGIN, left: ZERO_MARGIN },
  shadow: null,
};

export interface StudioState {
  items: StudioItem[];
  selectedId: string | null;
  options: StudioOptions;
}

export class StudioSession {
  private state: StudioState = { items: [], selectedId: null, options: DEFAULT_STUDIO_OPTIONS };
  private readonly listeners = new Set<() => void>();
  private running: string | null = null;
  /** Stops the running item's engine task when the item is removed (cancelled). */
  private abort: AbortController | null = null;

  constructor(private readonly engine: EngineHost) {}

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly snapshot = () => this.state;

  private set(change: Partial<StudioState>) {
    this.state = { ...this.state, ...change };
    this.listeners.forEach((listener) => listener());
  }

  private dispatch(action: QueueAction) {
    this.set({ items: queueReducer(this.state.items, action) });
  }

  private has(id: string): boolean {
    return this.state.items.some((item) => item.id === id);
  }

  /** Queues images; the first of them becomes the selected one. */
  add(files: File[]): void {
    const added: StudioItem[] = files.map((file) => ({
      id: crypto.randomUUID(),
      file,
      sourceUrl: URL.createObjectURL(file),
      status: 'queued',
      progress: null,
    }));
    if (!added.length) return;
    this.dispatch({ type: 'add', items: added });
    this.set({ selectedId: added[0].id });
    this.pump();
  }

  select(id: string): void {
    this.set({ selectedId: id });
  }

  setOptions(options: StudioOptions): void {
    this.set({ options });
  }

  /** Stops waiting for an image and drops it; a model run already going finishes unseen. */
  cancel(id: string): void {
    const index = this.state.items.findIndex((item) => item.id === id);
    const item = this.state.items[index];
    if (!item) return;
    URL.revokeObjectURL(item.sourceUrl);
    if (item.cutout) URL.revokeObjectURL(item.cutout.url);
    this.dispatch({ type: 'remove', id });
    if (this.state.selectedId === id) {
      const { items } = this.state;
      this.set({ selectedId: items[Math.min(index, items.length - 1)]?.id ?? null });
    }
    if (this.running === id) {
      this.abort?.abort();
      this.running = null;
      this.pump();
    }
  }

  retry(id: string): void {
    this.dispatch({ type: 'retry', id });
    this.pump();
  }

  private pump(): void {
    if (this.running) return;
    const next = nextInQueue(this.state.items);
    if (next) void this.run(next);
  }

  private async run(item: StudioItem): Promise<void> {
    this.running = item.id;
    this.abort = new AbortController();
    const { signal } = this.abort;
    this.dispatch({ type: 'start', id: item.id });
    // Timed from the engine's first word on it: waiting for the model to load is not cutting out.
    let started: number | null = null;
    try {
      const output = await this.engine.run(task('removeBackground', { input: item.file, options: RAW_CUTOUT }), {
        onProgress: (progress) => {
          started ??= performance.now();
          if (this.running === item.id) this.dispatch({ type: 'progress', id: item.id, progress });
        },
        signal,
      });
      if (!this.has(item.id)) return;
      const cutout = {
        blob: output.blob,
        url: URL.createObjectURL(output.blob),
        width: output.width,
        height: output.height,
        engine: output.engine,
        seconds: (performance.now() - (started ?? performance.now())) / 1000,
      };
      this.dispatch({ type: 'done', id: item.id, cutout });
      saveStudioResult(cutout, fileStem(item.file.name)).then(
        (resultId) => this.dispatch({ type: 'saved', id: item.id, resultId }),
        (error: unknown) => console.warn('[studio] could not save to History', error),
      );
    } catch (error) {
      if (!this.has(item.id)) return;
      const apiError = toApiError(error, 'remove-background');
      this.dispatch({ type: 'failed', id: item.id, error: { message: apiError.message, code: apiError.code } });
    } finally {
      if (this.running === item.id) {
        this.running = null;
        this.pump();
      }
    }
  }
}

const sessions = new WeakMap<EngineHost, StudioSession>();

export function useStudioSession(): [StudioState, StudioSession] {
  const { engine } = useServices();
  let session = sessions.get(engine);
  if (!session) {
    session = new StudioSession(engine);
    sessions.set(engine, session);
  }
  return [useSyncExternalStore(session.subscribe, session.snapshot), session];
}
