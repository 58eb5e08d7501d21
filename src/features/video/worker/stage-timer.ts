// Where a video's time goes: milliseconds summed per pipeline stage, reported
// with the result (and printed by `npm run bench:video`).

export class StageTimer {
  readonly totals: Record<string, number> = {};

  add(stage: string, since: number): void {
    this.record(stage, performance.now() - since);
  }

  /** Milliseconds a stage took elsewhere (a helper worker). */
  record(stage: string, ms: number): void {
    this.totals[stage] = (this.totals[stage] ?? 0) + ms;
  }

  async time<T>(stage: string, work: () => T | Promise<T>): Promise<T> {
    const start = performance.now();
    try {
      return await work();
    } finally {
      this.add(stage, start);
    }
  }

  /** The totals rounded to whole milliseconds. */
  rounded(): Record<string, number> {
    return Object.fromEntries(Object.entries(this.totals).map(([stage, ms]) => [stage, Math.round(ms)]));
  }
}
