// The model host's sessions: one per square input side, built on first use,
// and the backend chosen once, on the first side asked for (a host that only
// ever runs video builds only the video side). Each session holds a full copy
// of the weights in its runtime, so at most `limit` are kept (asked each time:
// the model host keeps one where memory may be short): building another
// releases the one used longest ago first, which keeps the peak at `limit`
// copies. Callers go through the model queue, so no run is in flight while a
// session is released.
import type { EngineProgress } from '../../api/tasks';
import type { BackendChoice } from './backend';
import type { Backend, ModelSource, Segmenter } from './segmenter';

type Progress = (p: EngineProgress) => void;

export interface SessionMaker {
  /** The model for a side, read only when a runtime asks for it. */
  source(side: number, progress: Progress): ModelSource;
  /** Picks the backend by building (and timing) a session for this side. */
  choose(source: ModelSource, progress: Progress): Promise<BackendChoice>;
  create(source: ModelSource, backend: Backend, progress: Progress): Promise<Segmenter>;
}

export class Sessions {
  private choice: Promise<BackendChoice> | null = null;
  /** Insertion order is use order: the first entry was used longest ago. */
  private readonly bySide = new Map<number, Promise<Segmenter>>();

  constructor(
    private readonly maker: SessionMaker,
    private readonly limit: () => number = () => 2,
  ) {}

  /** The backend choice, once a session has been asked for. */
  get chosen(): Promise<BackendChoice> | null {
    return this.choice;
  }

  /** Sides with a session built or being built, least recently used first. */
  get sides(): number[] {
    return [...this.bySide.keys()];
  }

  async get(side: number, progress: Progress = () => {}): Promise<Segmenter> {
    const existing = this.bySide.get(side);
    if (existing) {
      this.bySide.delete(side);
      this.bySide.set(side, existing);
      return existing;
    }
    await this.makeRoom();
    const session = this.make(side, progress);
    session.catch(() => {
      if (this.bySide.get(side) === session) this.bySide.delete(side);
    });
    this.bySide.set(side, session);
    return session;
  }

  private async makeRoom(): Promise<void> {
    while (this.bySide.size >= this.limit()) {
      const [oldest, session] = this.bySide.entries().next().value!;
      this.bySide.delete(oldest);
      await (await session.catch(() => null))?.release().catch(() => {});
    }
  }

  private async make(side: number, progress: Progress): Promise<Segmenter> {
    const source = this.maker.source(side, progress);
    if (!this.choice) {
      const choosing = this.maker.choose(source, progress);
      this.choice = choosing;
      choosing.catch(() => {
        if (this.choice === choosing) this.choice = null;
      });
      return (await choosing).segmenter;
    }
    return this.maker.create(source, (await this.choice).backend, progress);
  }
}
