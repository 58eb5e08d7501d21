// Decoded frames as straight RGBA, in presentation order. mediabunny decodes
// with WebCodecs a few frames ahead of us (so decoding overlaps the model) and
// applies the container's rotation; the crop trims the odd row or column an
// encoder cannot take (encoder-plan.ts, encodedSize).
import { CanvasSink, type InputVideoTrack } from 'mediabunny';
import { ApiError } from '../../../api/errors';
import type { RgbaImage } from '../../../imaging/image';

export interface DecodedFrame {
  image: RgbaImage;
  /** Seconds. */
  timestamp: number;
  duration: number;
}

export async function* decodeFrames(track: InputVideoTrack, size: { width: number; height: number }): AsyncGenerator<DecodedFrame> {
  const { width, height } = size;
  const sink = new CanvasSink(track, { crop: { left: 0, top: 0, width, height }, width, height, fit: 'fill', poolSize: 2 });
  let index = 0;
  const frames = sink.canvases();
  for (;;) {
    let next: Awaited<ReturnType<typeof frames.next>>;
    try {
      next = await frames.next();
    } catch (error) {
      throw new ApiError('malformed_image', `the video could not be decoded at frame ${index + 1} (${(error as Error).message || error})`);
    }
    if (next.done) return;
    const { canvas, timestamp, duration } = next.value;
    const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
    yield { image: { data: context.getImageData(0, 0, width, height).data, width, height }, timestamp, duration };
    index++;
  }
}
