// The model host's one queue: ISNet runs on every core the model has, so two
// runs at once only slow each other. Work runs one item at a time, the most
// urgent first (a request, then a job, then the warm-up), in arrival order
// within a priority. A running item is never interrupted; an urgent one
// waits at most for the item in progress.
//
// Every item starts in a task of its own (a zero timeout), never inside the
// task that queued it. Requests arrive as MessagePort `message` events, and
// LiteRT's run computes on the calling thread: a 1024² ISNet run started
// inside the message event took 7.9–8.4 s in Chromium, the same run on the
// same session started from a timer task 5.4–5.5 s (interleaved in one
// sitting). The hop costs a few milliseconds.
import type { ModelPriority } from '../model-protocol';

const RANK: Record<ModelPriority, number> = { request: 0, job: 1, 'warm-up': 2 };

interface Waiting {
  rank: number;
  order: number;
  start: () => void;
}

export class ModelQueue {
  private readonly waiting: Waiting[] = [];
  private running = false;
  private arrivals = 0;
  /** When the last item ended (performance.now()); -Infinity before any. */
  private lastEnded = Number.NEGATIVE_INFINITY;

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** Milliseconds since the queue last had work: 0 while an item runs or waits. */
  idleFor(): number {
    return this.running || this.waiting.length > 0 ? 0 : this.now() - this.lastEnded;
  }

  /** Items waiting, not counting the one running. */
  get length(): number {
    return this.waiting.length;
  }

  get busy(): boolean {
    return this.running;
  }

  run<T>(priority: ModelPriority, work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const finish = () => {
        this.running = false;
        this.lastEnded = this.now();
        this.next();
      };
      const start = () => {
        work().then(
          (value) => {
            finish();
            resolve(value);
          },
          (error: unknown) => {
            finish();
            reject(error);
          },
        );
      };
      this.waiting.push({ rank: RANK[priority], order: this.arrivals++, start });
      if (!this.running) this.next();
    });
  }

  private next(): void {
    if (this.running || this.waiting.length === 0) return;
    this.running = true;
    // Chosen when the task starts, so a request that came meanwhile goes first.
    setTimeout(() => this.pick().start(), 0);
  }

  private pick(): Waiting {
    let best = 0;
    for (let i = 1; i < this.waiting.length; i++) {
      const a = this.waiting[i];
      const b = this.waiting[best];
      if (a.rank < b.rank || (a.rank === b.rank && a.order < b.order)) best = i;
    }
    return this.waiting.splice(best, 1)[0];
  }
}
