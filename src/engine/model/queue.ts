// The model host's one queue: ISNet runs on every core the model has, so two
// runs at once only slow each other. Work runs one item at a time, the most
// urgent first (a request, then a job, then the warm-up), in arrival order
// within a priority. A running item is never interrupted; an urgent one
// waits at most for the item in progress.
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

  /** Items waiting, not counting the one running. */
  get length(): number {
    return this.waiting.length;
  }

  get busy(): boolean {
    return this.running;
  }

  run<T>(priority: ModelPriority, work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        this.running = true;
        work()
          .then(resolve, reject)
          .finally(() => {
            this.running = false;
            this.next();
          });
      };
      this.waiting.push({ rank: RANK[priority], order: this.arrivals++, start });
      if (!this.running) this.next();
    });
  }

  private next(): void {
    if (this.running || this.waiting.length === 0) return;
    let best = 0;
    for (let i = 1; i < this.waiting.length; i++) {
      const a = this.waiting[i];
      const b = this.waiting[best];
      if (a.rank < b.rank || (a.rank === b.rank && a.order < b.order)) best = i;
    }
    const [item] = this.waiting.splice(best, 1);
    item.start();
  }
}
