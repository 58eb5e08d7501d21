// What a task worker asks of the model host, and what comes back, over the
// MessagePort the window gives each task worker. Plain cloneable data; the
// tensors travel as transferred buffers, never copied.
import type { EngineProgress } from '../api/tasks';
import type { ErrorCode } from '../api/errors';

/**
 * Who is waiting, which decides the order of the model host's queue: a /v1
 * request or a page of the app first, then jobs (video, try-on, batches),
 * then the warm-up that builds a session nobody has asked for yet.
 */
export type ModelPriority = 'request' | 'job' | 'warm-up';

export type ModelRequest =
  /** Runs ISNet on a normalised 1×3×side×side NCHW tensor; the mask comes back. */
  | { type: 'segment'; id: number; input: Float32Array; side: number }
  /** Builds the session for a side (if not built yet) without running it. */
  | { type: 'prepare'; id: number; side: number };

export type ModelReply =
  | { type: 'progress'; id: number; progress: EngineProgress }
  /** `mask` for a segment request; `engine` is the backend's label (X-Engine). */
  | { type: 'done'; id: number; mask?: Float32Array; engine: string }
  | { type: 'failed'; id: number; error: { code: ErrorCode; message: string } };
