// ffmpeg.wasm encoding. Frames are gathered into chunks of raw RGBA; while
// ffmpeg (in its own worker) encodes one chunk into a segment, the pipeline
// segments the next. At the end one run joins the segments and adds the
// source's audio (ffmpeg-args.ts has the command lines and why they are so).
import type { FFmpeg } from '@ffmpeg/ffmpeg';
import { ApiError } from '../../../../api/errors';
import { finalArgs, segmentArgs, segmentName, type FfmpegJob } from '../../shared/ffmpeg-args';
import type { Watchdog } from '../watchdog';
import type { CompositedFrame, FrameEncoder } from './frame-encoder';

/** Raw bytes per chunk: small enough to hold two (one filling, one encoding), big enough for long segments. */
const CHUNK_BYTES = 64 * 1024 * 1024;
/**
 * At most this many seconds per segment, so encoding starts early on small
 * frames too. Each segment starts with a key frame: 2 s is the key frame
 * interval the WebCodecs encoders use as well.
 */
const CHUNK_SECONDS = 2;
const LOG_LINES = 12;

/**
 * @param audio the original file, read for its audio track at the end; null without audio (or for GIF)
 * @param label names the format in errors
 */
export function createFfmpegEncoder(
  job: FfmpegJob,
  audio: { file: Blob; codec: string } | null,
  ffmpeg: FFmpeg,
  watchdog: Watchdog,
  label: string,
): FrameEncoder {
  const log: string[] = [];
  ffmpeg.on('log', ({ message }) => {
    watchdog.alive();
    log.push(message);
    if (log.length > LOG_LINES) log.shift();
  });
  const run = async (args: string[]) => {
    const code = await watchdog.guard(ffmpeg.exec(args));
    if (code !== 0) {
      throw new ApiError('unexpected_error', `${label} encoder failed: ffmpeg exited with ${code} (${log.slice(-3).join(' / ')})`);
    }
  };

  const frameBytes = job.width * job.height * 4;
  const chunkFrames = Math.max(1, Math.min(Math.floor(CHUNK_BYTES / frameBytes), Math.ceil(job.frameRate * CHUNK_SECONDS)));
  let chunk = new Uint8Array(chunkFrames * frameBytes);
  let filled = 0;
  const segments: string[] = [];
  let encoding: Promise<void> = Promise.resolve();

  /** Hands the filled chunk to ffmpeg once the previous one is encoded. */
  const flush = async () => {
    await encoding;
    if (filled === 0) return;
    const index = segments.length;
    const raw = `chunk-${index}.rgba`;
    // writeFile transfers the buffer to ffmpeg's worker, so the next chunk needs a new one.
    const bytes = filled === chunkFrames ? chunk : chunk.slice(0, filled * frameBytes);
    chunk = new Uint8Array(chunkFrames * frameBytes);
    filled = 0;
    segments.push(segmentName(job, index));
    encoding = (async () => {
      await ffmpeg.writeFile(raw, bytes);
      await run(segmentArgs(job, raw, index));
      await ffmpeg.deleteFile(raw);
    })();
    // A failure surfaces at the next flush or at finish; until then nothing waits on it.
    encoding.catch(() => {});
  };

  return {
    async add({ pixels }: CompositedFrame) {
      chunk.set(pixels, filled * frameBytes);
      filled++;
      if (filled === chunkFrames) await flush();
    },
    async finish() {
      await flush();
      await encoding;
      if (audio) await ffmpeg.writeFile('source', new Uint8Array(await audio.file.arrayBuffer()));
      const output = `output.${job.container}`;
      const final = finalArgs(job, segments, output, audio && { source: 'source', codec: audio.codec });
      await ffmpeg.writeFile(final.list.name, final.list.text);
      await run(final.args);
      const data = await ffmpeg.readFile(output);
      ffmpeg.terminate();
      if (typeof data === 'string') throw new Error('ffmpeg returned text for a video file');
      return new Blob([data as Uint8Array<ArrayBuffer>]);
    },
    abort() {
      ffmpeg.terminate();
    },
  };
}
