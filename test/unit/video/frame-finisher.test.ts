// The video frame helper's protocol, with a stand-in worker that answers as
// frame-finisher-worker.ts does: frames come back in order with exactly the
// pixels of finishing them here, and a helper that stops (or is closed)
// rejects every frame it held instead of leaving the job waiting.
import { describe, expect, test } from 'vitest';
import { compositeOverColor } from '../../../src/imaging/composite';
import { estimateForeground } from '../../../src/imaging/foreground';
import type { RgbaImage } from '../../../src/imaging/image';
import { finishFrame, inlineFinisher, workerFinisher, type FinisherReply, type FinisherRequest } from '../../../src/features/video/worker/frame-finisher';

const W = 40;
const H = 24;

function frame(seed: number): { image: RgbaImage; alpha: Uint8ClampedArray } {
  const data = new Uint8ClampedArray(W * H * 4);
  const alpha = new Uint8ClampedArray(W * H);
  for (let i = 0; i < W * H; i++) {
    data.set([(i * 7 + seed * 31) % 256, (i * 3 + seed) % 256, (i * 11) % 256, 255], i * 4);
    const x = i % W;
    alpha[i] = x < 12 ? 0 : x > 20 ? 255 : (x - 12) * 32;
  }
  return { image: { data, width: W, height: H }, alpha };
}

/** A worker stand-in: answers each request a turn later, or fails when told. */
class StandInWorker extends EventTarget {
  transferred: ArrayBuffer[][] = [];
  terminated = false;
  silent = false;

  postMessage(request: FinisherRequest, transfer: ArrayBuffer[]) {
    this.transferred.push(transfer);
    if (this.silent) return;
    const { id, ...toFinish } = request;
    setTimeout(() => {
      const reply: FinisherReply = { id, ok: true, frame: finishFrame(toFinish) };
      this.dispatchEvent(new MessageEvent('message', { data: reply }));
    }, 1);
  }

  terminate() {
    this.terminated = true;
  }

  crash(message: string) {
    const event = new Event('error', { cancelable: true }) as Event & { message: string };
    event.message = message;
    this.dispatchEvent(event);
  }
}

const green = [0, 177, 64] as const;

describe('video frame helper', () => {
  test('finishing a frame is the foreground colours composited over the fill, or straight RGBA without one', () => {
    const { image, alpha } = frame(1);
    const expected = compositeOverColor(estimateForeground(image, alpha), green);
    expect(finishFrame({ image, alpha, fill: green }).pixels).toEqual(expected);
    const straight = finishFrame({ image, alpha, fill: null }).pixels;
    expect(straight).toEqual(estimateForeground(image, alpha));
    expect(straight.filter((_, i) => i % 4 === 3)).toEqual(alpha);
  });

  test('frames sent to the helper come back in order, their pixels equal to finishing them here, the buffers transferred', async () => {
    const worker = new StandInWorker();
    const finisher = workerFinisher(worker as unknown as Worker);
    const frames = [1, 2, 3].map(frame);
    const expected = await Promise.all(frames.map(({ image, alpha }) => inlineFinisher.finish({ image: { ...image, data: image.data.slice() }, alpha: alpha.slice(), fill: green })));
    const results = await Promise.all(frames.map(({ image, alpha }) => finisher.finish({ image, alpha, fill: green })));
    expect(results.map((r) => r.pixels)).toEqual(expected.map((r) => r.pixels));
    expect(results[0].timings.foreground).toBeGreaterThanOrEqual(0);
    expect(worker.transferred.map((t) => t.length)).toEqual([2, 2, 2]);
    finisher.close();
    expect(worker.terminated).toBe(true);
  });

  test('a helper that stops rejects the frames it held and every frame after', async () => {
    const worker = new StandInWorker();
    worker.silent = true;
    const finisher = workerFinisher(worker as unknown as Worker);
    const held = [1, 2].map((seed) => finisher.finish({ ...frame(seed), fill: null }));
    worker.crash('out of memory');
    for (const promise of held) await expect(promise).rejects.toThrow(/video frame helper stopped \(out of memory\)/);
    await expect(finisher.finish({ ...frame(3), fill: null })).rejects.toThrow(/stopped/);
  });

  test('closing the helper rejects what it held', async () => {
    const worker = new StandInWorker();
    worker.silent = true;
    const finisher = workerFinisher(worker as unknown as Worker);
    const held = finisher.finish({ ...frame(1), fill: null });
    finisher.close();
    await expect(held).rejects.toThrow(/closed/);
  });
});
