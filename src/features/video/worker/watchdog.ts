// Turns an encoder that stops making progress into an error instead of a job
// that never ends. An encoder shows it is alive by finishing what it was given
// or by any sign of work (an ffmpeg log line); only the time it spends with
// work outstanding and no sign of life counts, so a slow model upstream never
// trips it.
import { ApiError } from '../../../api/errors';

export class Watchdog {
  private lastSign = Date.now();
  private outstanding = 0;
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly stalled = new Set<(error: ApiError) => void>();

  /**
   * @param label names the encoder in the error, e.g. "mp4_h265"
   * @param onStall releases the stuck encoder (terminates its worker)
   */
  constructor(
    private readonly label: string,
    private readonly stallMs: number,
    private readonly onStall: () => void = () => {},
  ) {}

  /** Any sign of progress. */
  alive(): void {
    this.lastSign = Date.now();
  }

  /** Resolves as `work` does, or rejects once the encoder shows no sign of life for stallMs. */
  guard<T>(work: Promise<T>): Promise<T> {
    if (this.outstanding++ === 0) {
      this.alive();
      this.timer = setInterval(() => this.check(), Math.min(1000, this.stallMs / 4));
    }
    let fail: (error: ApiError) => void = () => {};
    const stall = new Promise<never>((_, reject) => {
      fail = reject;
    });
    this.stalled.add(fail);
    return Promise.race([work, stall]).finally(() => {
      this.stalled.delete(fail);
      this.alive();
      if (--this.outstanding === 0) clearInterval(this.timer);
    });
  }

  private check(): void {
    const quietMs = Date.now() - this.lastSign;
    if (quietMs < this.stallMs) return;
    clearInterval(this.timer);
    const error = new ApiError(
      'unexpected_error',
      `${this.label} encoder stalled: no progress for ${Math.round(quietMs / 1000)} s; it was stopped, nothing was charged`,
    );
    for (const fail of this.stalled) fail(error);
    this.onStall();
  }
}
