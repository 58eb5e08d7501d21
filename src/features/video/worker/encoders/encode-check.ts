// Whether this browser's WebCodecs really encodes a codec at a size. Its
// VideoEncoder.isConfigSupported (what mediabunny's canEncodeVideo asks) can
// say yes to a codec its encoder then fails on: WebKitGTK here accepts HEVC and
// answers the first frame with "Encoding failed". So a codec is taken only
// once one opaque frame of the output's size has gone through the same
// encoder and muxer a job uses; the answer is kept for the worker's life.
import { BufferTarget, Mp4OutputFormat, Output, QUALITY_HIGH, VideoSample, VideoSampleSource, WebMOutputFormat } from 'mediabunny';
import type { WebCodecsCodec } from '../../shared/encoder-plan';

const known = new Map<string, Promise<boolean>>();

/** How long one frame may take before the encoder is taken for one that hangs. */
const CHECK_MS = 10_000;

async function encodesOneFrame(codec: WebCodecsCodec, width: number, height: number): Promise<boolean> {
  const output = new Output({ format: codec === 'vp9' ? new WebMOutputFormat() : new Mp4OutputFormat(), target: new BufferTarget() });
  const video = new VideoSampleSource({ codec, quality: QUALITY_HIGH, alpha: 'discard' });
  output.addVideoTrack(video);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let finalized = false;
  const work = (async () => {
    await output.start();
    const sample = new VideoSample(new Uint8Array(width * height * 4), { format: 'RGBX', codedWidth: width, codedHeight: height, timestamp: 0, duration: 1 });
    try {
      await video.add(sample);
    } finally {
      sample.close();
    }
    video.close();
    await output.finalize();
    finalized = true;
    return ((output.target as BufferTarget).buffer?.byteLength ?? 0) > 0;
  })();
  const hung = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), CHECK_MS)));
  try {
    return await Promise.race([work.catch(() => false), hung]);
  } finally {
    clearTimeout(timer);
    // A check that failed or hung lets its encoder go; a finished one has nothing left to cancel.
    if (!finalized) void output.cancel().catch(() => {});
  }
}

/** Whether a codec WebCodecs says it offers (canEncodeVideo) encodes one frame at this (even) size. */
export function canReallyEncode(codec: WebCodecsCodec, width: number, height: number): Promise<boolean> {
  const key = `${codec} ${width}x${height}`;
  let answer = known.get(key);
  if (!answer) {
    answer = encodesOneFrame(codec, width, height);
    known.set(key, answer);
  }
  return answer;
}
