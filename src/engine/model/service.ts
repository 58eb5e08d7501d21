// The model host's service: task workers reach it over MessagePorts (one per
// worker, given by the window), and every run and session build goes through
// one priority queue. A worker the window has replaced (crashed, cancelled)
// is disconnected, and what it still had queued is dropped rather than run.
import { ApiError, serializeError } from '../../api/errors';
import type { EngineProgress } from '../../api/tasks';
import type { ModelPriority, ModelReply, ModelRequest } from '../model-protocol';
import { SIDES_IN_USE } from '../model-side';
import { ModelQueue } from './queue';
import { engineLabel, keepSide, releaseShippedModel, sessionFor, sessionsHeld } from './runtime';

const queue = new ModelQueue();
const closed = new Set<string>();
/** Test hook: the next segment request crashes the model host instead of running. */
let crashOnNextRun = false;

export function crashOnNextSegment(): void {
  if (__TEST_HOOKS__) crashOnNextRun = true;
}

function crash(): Promise<never> {
  setTimeout(() => {
    throw new Error('simulated model host crash');
  });
  return new Promise<never>(() => {});
}

/** A buffer that holds exactly this array, so it can be transferred whole. */
function ownBuffer(data: Float32Array): Float32Array<ArrayBuffer> {
  const whole = data.byteOffset === 0 && data.byteLength === data.buffer.byteLength && data.buffer instanceof ArrayBuffer;
  return whole ? (data as Float32Array<ArrayBuffer>) : new Float32Array(data);
}

async function answer(port: MessagePort, connection: string, priority: ModelPriority, request: ModelRequest): Promise<void> {
  const reply = (message: ModelReply, transfer: Transferable[] = []) => port.postMessage(message, transfer);
  const progress = (p: EngineProgress) => reply({ type: 'progress', id: request.id, progress: p });
  try {
    const mask = await queue.run(priority, async () => {
      if (closed.has(connection)) throw new ApiError('unexpected_error', 'the task that asked was stopped');
      if (__TEST_HOOKS__ && crashOnNextRun && request.type === 'segment') return crash();
      const session = await sessionFor(request.side, progress);
      return request.type === 'segment' ? ownBuffer((await session.run(request.input, request.side)).data) : undefined;
    });
    reply({ type: 'done', id: request.id, mask, engine: await engineLabel() }, mask ? [mask.buffer] : []);
  } catch (error) {
    reply({ type: 'failed', id: request.id, error: serializeError(error) });
  }
}

/** Serves a task worker's requests arriving on `port`, at that worker's priority. */
export function serve(port: MessagePort, connection: string, priority: ModelPriority): void {
  port.onmessage = (event: MessageEvent<ModelRequest>) => void answer(port, connection, priority, event.data);
}

/**
 * Milliseconds since the model last had work (0 while it has some), or null
 * when it holds no session (nothing to release): the window releases an idle
 * model host (model-release.ts).
 */
export function idleFor(): number | null {
  return sessionsHeld() ? queue.idleFor() : null;
}

/** The worker behind `connection` is gone: its queued requests are dropped. */
export function disconnect(connection: string): void {
  closed.add(connection);
}

/**
 * Every side the app runs ISNet at (model-side.ts): each is converted and kept
 * during the first visit's warm-up, so a side first used offline is there.
 */
const SIDES_TO_KEEP = SIDES_IN_USE;

/**
 * Builds a side's session when nothing more urgent waits; then, one side at a
 * time and just as humbly, keeps the other sides converted.
 */
export async function warmUp(side: number): Promise<void> {
  await queue.run('warm-up', () => sessionFor(side));
  void (async () => {
    for (const other of SIDES_TO_KEEP.filter((s) => s !== side)) await queue.run('warm-up', () => keepSide(other));
    await queue.run('warm-up', () => releaseShippedModel(SIDES_TO_KEEP));
  })().catch((error: unknown) => console.warn('[model] could not keep every side converted', error));
}
