// The SW side of the engine: hands a task to a page that runs an engine host
// (the page that asked first, then any other app window) and waits for its
// answer. A host that stops answering, or whose page closes, is given up on
// and the next one tried, so a request never waits for ever.
import { ApiError, toApiError } from '../api/errors';
import type { EngineReply, EngineTaskMessage } from '../engine/protocol';
import type { EngineGateway, EngineProgress, EngineTask, TaskName, TaskResult } from '../api/tasks';

declare const self: ServiceWorkerGlobalScope;

/** How long a page has to say it runs a host. */
const ACCEPT_MS = 3000;
/** How long a host may stay silent mid-task (it sends a heartbeat every second). */
const SILENCE_MS = 30_000;
/** How often we check that the host's page still holds its lock (is still open). */
const LOCK_CHECK_MS = 1000;

type Attempt = { kind: 'done'; output: unknown } | { kind: 'unavailable'; why: string };

async function hostIsAlive(lockName: string): Promise<boolean> {
  if (!self.navigator.locks) return true;
  const { held = [] } = await self.navigator.locks.query();
  return held.some((lock) => lock.name === lockName);
}

function attempt(client: Client, task: EngineTask, onProgress?: (p: EngineProgress) => void): Promise<Attempt> {
  return new Promise((resolve, reject) => {
    const channel = new MessageChannel();
    let hostLock: string | null = null;
    let lastHeard = Date.now();
    const timers: ReturnType<typeof setTimeout>[] = [];
    const finish = (result: () => void) => {
      timers.forEach(clearTimeout);
      clearInterval(watch);
      channel.port1.close();
      result();
    };
    timers.push(
      setTimeout(() => {
        if (!hostLock) finish(() => resolve({ kind: 'unavailable', why: 'did not answer' }));
      }, ACCEPT_MS),
    );
    const watch = setInterval(async () => {
      if (!hostLock) return;
      if (Date.now() - lastHeard > SILENCE_MS) finish(() => resolve({ kind: 'unavailable', why: 'stopped answering' }));
      else if (!(await hostIsAlive(hostLock))) finish(() => resolve({ kind: 'unavailable', why: 'was closed' }));
    }, LOCK_CHECK_MS);
    channel.port1.onmessage = (event: MessageEvent<EngineReply>) => {
      lastHeard = Date.now();
      const reply = event.data;
      if (reply.type === 'accepted') hostLock = reply.hostLock;
      else if (reply.type === 'progress') onProgress?.(reply.progress);
      else if (reply.type === 'done') finish(() => resolve({ kind: 'done', output: reply.output }));
      else if (reply.type === 'failed') finish(() => reject(toApiError(reply.error, 'engine')));
    };
    const message: EngineTaskMessage = { type: 'engine:task', taskId: crypto.randomUUID(), task };
    client.postMessage(message, [channel.port2]);
  });
}

/** The requesting page first, then other app windows, focused ones first. */
async function candidates(clientId: string | null): Promise<Client[]> {
  const windows = [...(await self.clients.matchAll({ type: 'window' }))];
  windows.sort((a, b) => Number(b.focused) - Number(a.focused));
  const first = windows.find((c) => c.id === clientId);
  return first ? [first, ...windows.filter((c) => c !== first)] : windows;
}

export function createEngineGateway(): EngineGateway {
  return {
    async run<K extends TaskName>(task: EngineTask<K>, { clientId, onProgress }: { clientId: string | null; onProgress?: (p: EngineProgress) => void }) {
      const tried: string[] = [];
      for (const client of await candidates(clientId)) {
        const outcome = await attempt(client, task as EngineTask, onProgress);
        if (outcome.kind === 'done') return outcome.output as TaskResult<K>;
        tried.push(`a window ${outcome.why}`);
      }
      if (tried.length === 0) {
        throw new ApiError('engine_unavailable', 'no window of the app is open to run the engine; open the app in a tab and send the request again');
      }
      throw new ApiError('unexpected_error', `the engine could not finish: ${tried.join(', ')}; nothing was charged, send the request again`);
    },
  };
}
