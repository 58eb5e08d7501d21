// Starting a worker so that no message to it is lost. A module worker's
// listeners exist only once its module has run, and engines differ on what
// happens to a message that arrives before then: Chromium and Firefox queue
// it, WebKit drops it when the module is still loading its imports (seen with
// a worker whose import awaits: the first two messages, a MessagePort among
// them, never arrived). So every worker of ours says when it listens
// (`announceReady`), and the side that starts it holds its messages until then
// (`startWorker`): the same code in every engine, no engine named.

/** What a worker posts once its listeners are installed. */
export const WORKER_READY = 'cutout:worker-ready';

interface ReadyMessage {
  type: typeof WORKER_READY;
}

function isReady(data: unknown): data is ReadyMessage {
  return typeof data === 'object' && data !== null && (data as ReadyMessage).type === WORKER_READY;
}

/** In a worker, after its listeners are installed: lets the starting side send. */
export function announceReady(): void {
  (globalThis as unknown as { postMessage(message: ReadyMessage): void }).postMessage({ type: WORKER_READY });
}

/**
 * A worker whose `postMessage` waits for the worker to say it listens. It has
 * the shape Comlink's `wrap` takes, so a Comlink remote over it queues too.
 */
export interface StartedWorker {
  readonly worker: Worker;
  /** Settles once the worker listens. */
  readonly ready: Promise<void>;
  postMessage(message: unknown, transfer?: Transferable[]): void;
  addEventListener: Worker['addEventListener'];
  removeEventListener: Worker['removeEventListener'];
  terminate(): void;
}

/** Wraps a worker just made; messages sent before it listens are held and sent in order. */
export function startWorker(worker: Worker): StartedWorker {
  let held: Array<[unknown, Transferable[]]> | null = [];
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  const onMessage = (event: MessageEvent) => {
    if (!isReady(event.data) || held === null) return;
    event.stopImmediatePropagation();
    const queued = held;
    held = null;
    for (const [message, transfer] of queued) worker.postMessage(message, transfer);
    markReady();
  };
  worker.addEventListener('message', onMessage);
  return {
    worker,
    ready,
    postMessage(message, transfer = []) {
      if (held) held.push([message, transfer]);
      else worker.postMessage(message, transfer);
    },
    addEventListener: worker.addEventListener.bind(worker),
    removeEventListener: worker.removeEventListener.bind(worker),
    terminate() {
      held = null;
      worker.removeEventListener('message', onMessage);
      worker.terminate();
    },
  };
}
