// Gives the model's memory back when the app does not need it: the model host
// is replaced by a fresh one, which holds nothing until the next model run
// builds its session again from what is kept (a second or two). Terminating
// the worker is the only way: WebAssembly memory never shrinks, so releasing a
// session inside it would free nothing the system could take back. A phone
// ends pages that hold memory in the background (iOS near 1.5 GB), and
// LiteRT's 1024² session holds about 0.9 GB.
//   - In the background (the page hidden) for HIDDEN_MS with the model idle.
//   - In view but idle for IDLE_MS.
// Never while the model has work, waiting or running.

export const HIDDEN_MS = 15_000;
export const IDLE_MS = 5 * 60_000;
const CHECK_EVERY_MS = 5_000;

export interface ReleasableModel {
  /** Milliseconds since the model last had work, 0 while it has some, null when it holds no session. */
  idleFor(): Promise<number | null>;
  /** Replaces the model host with one that holds nothing. */
  release(reason: string): void;
}

export interface PageVisibility {
  hidden(): boolean;
  onChange(listener: () => void): () => void;
}

export function documentVisibility(): PageVisibility {
  return {
    hidden: () => document.visibilityState === 'hidden',
    onChange(listener) {
      document.addEventListener('visibilitychange', listener);
      return () => document.removeEventListener('visibilitychange', listener);
    },
  };
}

export class ModelRelease {
  private readonly hiddenMs: number;
  private readonly idleMs: number;
  private hiddenSince: number | null = null;
  private readonly stopVisibility: () => void;
  private readonly timer: ReturnType<typeof setInterval>;
  private checking = false;

  constructor(
    private readonly model: ReleasableModel,
    private readonly page: PageVisibility,
    private readonly now: () => number = () => performance.now(),
    limits: { hiddenMs?: number; idleMs?: number; checkEveryMs?: number } = {},
  ) {
    this.hiddenMs = limits.hiddenMs ?? HIDDEN_MS;
    this.idleMs = limits.idleMs ?? IDLE_MS;
    this.noteVisibility();
    this.stopVisibility = page.onChange(() => this.noteVisibility());
    this.timer = setInterval(() => void this.check(), limits.checkEveryMs ?? CHECK_EVERY_MS);
  }

  private noteVisibility(): void {
    this.hiddenSince = this.page.hidden() ? (this.hiddenSince ?? this.now()) : null;
  }

  /** Releases the model when the page has been hidden, or the model idle, long enough. */
  async check(): Promise<void> {
    if (this.checking) return;
    this.checking = true;
    try {
      const idle = await this.model.idleFor();
      if (idle === null || idle === 0) return;
      const hiddenFor = this.hiddenSince === null ? 0 : this.now() - this.hiddenSince;
      if (hiddenFor >= this.hiddenMs && idle >= this.hiddenMs) this.model.release('the app is in the background');
      else if (idle >= this.idleMs) this.model.release(`the model was idle for ${Math.round(idle / 60_000)} min`);
    } catch {
      // A model host that is being replaced answers nothing; the next check asks the new one.
    } finally {
      this.checking = false;
    }
  }

  stop(): void {
    clearInterval(this.timer);
    this.stopVisibility();
  }
}
