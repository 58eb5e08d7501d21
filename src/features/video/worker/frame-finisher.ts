// The last steps of a video frame, foreground colours and the backdrop
// colour, on a helper worker of their own: while it finishes frame n, the
// task worker mattes frame n + 1, so the two halves of the frame's work use
// both cores instead of one after the other. The frame and its alpha travel
// by transfer (no copy) and the pixels come back the same way. Where there
// are no workers (Node), frames are finished here, in turn.
import { compositeOverColor } from '../../../imaging/composite';
import { estimateForeground } from '../../../imaging/foreground';
import type { RgbaImage } from '../../../imaging/image';
import { startWorker, type StartedWorker } from '../../../engine/worker-start';

export type Fill = readonly [number, number, number];

export interface FrameToFinish {
  image: RgbaImage;
  /** The frame's alpha, 0–255, one byte a pixel. */
  alpha: Uint8ClampedArray;
  /** A colour to put behind the subject; none keeps straight RGBA with alpha. */
  fill: Fill | null;
}

export interface FinishedFrame {
  pixels: Uint8ClampedArray;
  /** Milliseconds the foreground colours and the composite took, where they ran. */
  timings: { foreground: number; composite: number };
}

/** One frame's last steps, on this thread. */
export function finishFrame({ image, alpha, fill }: FrameToFinish): FinishedFrame {
  const start = performance.now();
  const foreground = estimateForeground(image, alpha);
  const between = performance.now();
  const pixels = fill ? compositeOverColor(foreground, fill) : foreground;
  return { pixels, timings: { foreground: between - start, composite: performance.now() - between } };
}

export interface FrameFinisher {
  finish(frame: FrameToFinish): Promise<FinishedFrame>;
  close(): void;
}

/** What the helper is sent and answers (frame-finisher-worker.ts). */
export type FinisherRequest = { id: number } & FrameToFinish;
export type FinisherReply = { id: number } & ({ ok: true; frame: FinishedFrame } | { ok: false; message: string });

/** Finishes frames on this thread: for Node, and as the fallback. */
export const inlineFinisher: FrameFinisher = {
  finish: async (frame) => finishFrame(frame),
  close: () => {},
};

/**
 * A helper worker that finishes frames in the order they are sent. Its own
 * failure (a crash, a script that does not load) rejects every frame it holds,
 * so a job fails instead of waiting for an answer that will not come.
 */
export function workerFinisher(worker: Pick<StartedWorker, 'postMessage' | 'addEventListener' | 'terminate'>): FrameFinisher {
  const waiting = new Map<number, { resolve: (frame: FinishedFrame) => void; reject: (error: Error) => void }>();
  let next = 0;
  let broken: Error | null = null;
  const failAll = (error: Error) => {
    broken = error;
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };
  worker.addEventListener('message', (event: MessageEvent<FinisherReply>) => {
    const reply = event.data;
    const call = waiting.get(reply.id);
    if (!call) return;
    waiting.delete(reply.id);
    if (reply.ok) call.resolve(reply.frame);
    else call.reject(new Error(reply.message));
  });
  worker.addEventListener('error', (event) => {
    event.preventDefault();
    failAll(new Error(`the video frame helper stopped (${event.message || 'it could not start'})`));
  });
  worker.addEventListener('messageerror', () => failAll(new Error('the video frame helper could not read a frame')));
  return {
    finish(frame) {
      if (broken) return Promise.reject(broken);
      const id = next++;
      return new Promise<FinishedFrame>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        const request: FinisherRequest = { id, ...frame };
        worker.postMessage(request, [frame.image.data.buffer, frame.alpha.buffer]);
      });
    },
    close() {
      failAll(new Error('the video frame helper was closed'));
      worker.terminate();
    },
  };
}

/** A helper worker where workers exist, else this thread. */
export function openFrameFinisher(): FrameFinisher {
  if (typeof Worker === 'undefined') return inlineFinisher;
  return workerFinisher(startWorker(new Worker(new URL('./frame-finisher-worker.ts', import.meta.url), { type: 'module', name: 'video frames' })));
}
