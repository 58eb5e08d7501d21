// In a task worker: ISNet through the model host, over the MessagePort the
// window gave this worker. The tensor goes by transfer (no copy) and the mask
// comes back the same way. When the model host is replaced, the window hands
// over a new port, and whatever was waiting on the old one fails as lost, so
// a job is started again rather than left waiting for ever.
import type { EngineProgress } from '../api/tasks';
import { ApiError, toApiError } from '../api/errors';
import type { Plane } from '../imaging/image';
import type { ModelReply, ModelRequest } from './model-protocol';
import { WorkerLostError } from './worker-lost';

type Progress = (p: EngineProgress) => void;
type Done = ModelReply & { type: 'done' };

interface Waiting {
  resolve(reply: Done): void;
  reject(error: Error): void;
  progress: Progress;
}

/** How long a request waits for this worker's first port to the model host before it answers 503. */
export const CONNECT_WAIT_MS = 30_000;

let port: MessagePort | null = null;
/** Requests that came before the first port, waiting for it. */
let connected: Promise<MessagePort> | null = null;
let markConnected: (port: MessagePort) => void = () => {};
const waiting = new Map<number, Waiting>();
let nextId = 1;
let lastEngine = '';

function onReply(event: MessageEvent<ModelReply>): void {
  const reply = event.data;
  const entry = waiting.get(reply.id);
  if (!entry) return;
  if (reply.type === 'progress') {
    entry.progress(reply.progress);
    return;
  }
  waiting.delete(reply.id);
  if (reply.type === 'done') {
    lastEngine = reply.engine;
    entry.resolve(reply);
  } else {
    entry.reject(toApiError(reply.error, 'model'));
  }
}

/** Talks to the model host over `next` from now on; requests on the old port fail as lost. */
export function connectModel(next: MessagePort): void {
  port?.close();
  for (const entry of waiting.values()) entry.reject(new WorkerLostError('the model host was restarted; nothing was charged: send the request again'));
  waiting.clear();
  port = next;
  port.onmessage = onReply;
  markConnected(next);
}

/** This worker's port to the model host; the first one may still be on its way, so wait a while for it. */
function modelPort(): Promise<MessagePort> {
  if (port) return Promise.resolve(port);
  connected ??= new Promise<MessagePort>((resolve, reject) => {
    const timer = setTimeout(() => {
      connected = null;
      reject(new ApiError('engine_unavailable', `the model host did not connect within ${CONNECT_WAIT_MS / 1000} s; nothing was charged: send the request again`));
    }, CONNECT_WAIT_MS);
    markConnected = (next) => {
      clearTimeout(timer);
      markConnected = () => {};
      connected = null;
      resolve(next);
    };
  });
  return connected;
}

type Ask = ModelRequest extends infer R ? (R extends ModelRequest ? Omit<R, 'id'> : never) : never;

async function ask(request: Ask, progress: Progress, transfer: Transferable[] = []): Promise<Done> {
  const to = await modelPort();
  const id = nextId++;
  return new Promise<Done>((resolve, reject) => {
    waiting.set(id, { resolve, reject, progress });
    to.postMessage({ ...request, id } as ModelRequest, transfer);
  });
}

/**
 * ISNet on a normalised 1×3×side×side tensor. The tensor's buffer is
 * transferred: the caller must not use it afterwards.
 * @param progress reports from the model host while the side's session is built
 */
export async function segment(input: Float32Array, side: number, progress: Progress = () => {}): Promise<Plane> {
  // Only a buffer this tensor fills alone is transferred; a view into a larger one is copied.
  const own = input.byteOffset === 0 && input.byteLength === input.buffer.byteLength ? input : new Float32Array(input);
  const reply = await ask({ type: 'segment', input: own, side }, progress, [own.buffer]);
  if (!reply.mask) throw new Error('the model host sent no mask');
  return { data: reply.mask, width: side, height: side };
}

/** Has the session for `side` built (or waits for its build) without running it. */
export async function prepareModel(side: number, progress: Progress = () => {}): Promise<void> {
  await ask({ type: 'prepare', side }, progress);
}

/** The backend that ran the last model call here (X-Engine), e.g. "litert-threads(2)". */
export function engineLabel(): string {
  return lastEngine;
}
