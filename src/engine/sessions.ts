// One ISNet session per square input side, and the backend chosen once, on the
// first side a task asks for: a video worker that wants 512² never builds the
// 1024² session (~176 MB of float32 weights) it would not use.
import type { EngineProgress } from '../api/tasks';
import type { BackendChoice } from './backend';
import type { Backend, Segmenter } from './segmenter';

type Progress = (p: EngineProgress) => void;

export interface SessionMaker {
  /** The model's bytes for a side: as shipped, or with its graph resized. */
  model(side: number, progress: Progress): Promise<Uint8Array>;
  /** Picks the backend by building (and timing) a session for this side. */
  choose(model: Uint8Array, side: number, progress: Progress): Promise<BackendChoice>;
  create(model: Uint8Array, side: number, backend: Backend): Promise<Segmenter>;
}

export class Sessions {
  private choice: Promise<BackendChoice> | null = null;
  private readonly bySide = new Map<number, Promise<Segmenter>>();

  constructor(private readonly maker: SessionMaker) {}

  /** The backend choice, once a session has been asked for. */
  get chosen(): Promise<BackendChoice> | null {
    return this.choice;
  }

  get(side: number, progress: Progress = () => {}): Promise<Segmenter> {
    let session = this.bySide.get(side);
    if (!session) {
      session = this.make(side, progress);
      session.catch(() => this.bySide.delete(side));
      this.bySide.set(side, session);
    }
    return session;
  }

  private async make(side: number, progress: Progress): Promise<Segmenter> {
    const model = await this.maker.model(side, progress);
    if (!this.choice) {
      const choosing = this.maker.choose(model, side, progress);
      this.choice = choosing;
      choosing.catch(() => {
        if (this.choice === choosing) this.choice = null;
      });
      return (await choosing).segmenter;
    }
    return this.maker.create(model, side, (await this.choice).backend);
  }
}
