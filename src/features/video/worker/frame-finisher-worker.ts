// The helper of frame-finisher.ts: finishes each frame it is sent and sends
// its pixels back by transfer.
import { announceReady } from '../../../engine/worker-start';
import { finishFrame, type FinisherReply, type FinisherRequest } from './frame-finisher';

self.addEventListener('message', (event: MessageEvent<FinisherRequest>) => {
  const { id, ...frame } = event.data;
  let reply: FinisherReply;
  try {
    reply = { id, ok: true, frame: finishFrame(frame) };
  } catch (error) {
    reply = { id, ok: false, message: (error as Error).message || String(error) };
  }
  (self as unknown as Worker).postMessage(reply, reply.ok ? [reply.frame.pixels.buffer] : []);
});

announceReady();
