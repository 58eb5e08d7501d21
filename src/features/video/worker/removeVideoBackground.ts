// removeVideoBackground: a video file in, the clip with its background removed
// out, in any of the nine output formats. Per frame: decode (WebCodecs, ahead
// of us) → segment (ISNet at a small input, on key frames; the frames between
// wait for the next key frame and take both key frames' masks, carried by
// motion) → refine and smooth over time →
// foreground colours → composite (on a helper worker, while the next frame is
// matted here) → encode (WebCodecs or ffmpeg.wasm, which run on their own
// threads too). A job started again after a reload or a lost worker takes
// the frames an earlier start stored the final masks of as they are, and
// goes on from the first one missing (resumable-matter.ts).
import { prepareModel, segment } from '../../../engine/model-client';
import type { TaskContext } from '../../../api/tasks';
import { ApiError } from '../../../api/errors';
import { backgroundFill } from '../shared/color';
import { openCheckpoints, type JobCheckpoints } from '../shared/matte-checkpoints';
import { VIDEO_FORMATS } from '../shared/meta';
import type { VideoOutput } from '../shared/output';
import type { RemoveVideoBackgroundArgs } from '../shared/tasks';
import { decodeFrames } from './decode-frames';
import type { FrameEncoder } from './encoders/frame-encoder';
import { openEncoder } from './encoders/open-encoder';
import { openFrameFinisher, type FinishedFrame, type FrameFinisher } from './frame-finisher';
import { VIDEO_MATTE, VideoMatter, type MattedFrame } from './frame-matte';
import { openVideo } from './open-video';
import { describeVideo } from './probeVideo';
import { ResumableMatter } from './resumable-matter';
import { StageTimer } from './stage-timer';

/** Where a frame sits: its place in decode order, and on the timeline (seconds). */
interface FrameTime {
  index: number;
  timestamp: number;
  duration: number;
}

/** Shares of the progress bar: loading the model, the frames, the final mux. */
const MODEL_SHARE = 0.05;
const FINISH_SHARE = 0.05;
/**
 * At most this many frames, and this many bytes of them, wait at the helper
 * that finishes them (a stretch of 15 frames at 360p; two at 4K).
 */
const MAX_FINISHING = 16;
const MAX_FINISHING_BYTES = 96 * 1024 * 1024;
/** How often the finish reports that it goes on. */
const FINISH_ALIVE_MS = 10_000;

export default async function removeVideoBackground(
  { input, options, tuning = {}, resumeKey }: RemoveVideoBackgroundArgs,
  { progress }: TaskContext,
): Promise<VideoOutput> {
  const started = performance.now();
  const timer = new StageTimer();
  const format = VIDEO_FORMATS[options.outputFormat];
  progress({ stage: 'reading the video', fraction: 0 });
  const opened = await openVideo(input);
  let startedEncoder: FrameEncoder | undefined;
  let finisher: FrameFinisher | undefined;
  let checkpoints: JobCheckpoints | null = null;
  try {
    const probe = await describeVideo(opened);
    const fill = backgroundFill(options.backgroundColor);
    // Each step says so before it starts: a worker that goes quiet is named with the step it stopped in.
    progress({ stage: 'starting the encoder', fraction: 0 });
    // The encoder first: a format this browser cannot write fails before the model loads.
    const opening = await timer.time('encoder start', () =>
      openEncoder(options.outputFormat, fill === null, probe, { file: input, audio: opened.audio }, tuning.webCodecs),
    );
    const { encoder } = opening;
    startedEncoder = encoder;
    const { keyInterval } = tuning;
    const settings = {
      ...VIDEO_MATTE,
      modelSide: tuning.modelSide ?? VIDEO_MATTE.modelSide,
      keyFrames: { ...VIDEO_MATTE.keyFrames, maxInterval: keyInterval ?? VIDEO_MATTE.keyFrames.maxInterval },
    };
    // The model host's session for this side: built once per page, shared by every job.
    progress({ stage: 'loading the model', fraction: 0 });
    await timer.time('model load', () => prepareModel(settings.modelSide, (p) => progress({ stage: p.stage, fraction: MODEL_SHARE * p.fraction })));
    // Without IndexedDB (or with a write refused) the job simply has no checkpoints.
    progress({ stage: 'looking for frames an earlier start stored', fraction: MODEL_SHARE });
    checkpoints = resumeKey ? await timer.time('resume read', () => openCheckpoints(resumeKey)) : null;
    const videoMatter = new VideoMatter<FrameTime>((tensor, side) => segment(tensor, side), settings, timer);
    const matter = new ResumableMatter(videoMatter, checkpoints, settings, timer);
    finisher = openFrameFinisher();
    const expected = Math.max(1, probe.frameCount ?? Math.round(probe.durationSeconds * probe.frameRate));

    let frames = 0;
    let end = 0;
    let queued: Promise<void> = Promise.resolve();
    // The frames at the helper, oldest first, with their time on the timeline: a key frame
    // settles a whole stretch at once, and the helper finishes it while the frames after it
    // are read and matted here, instead of this worker waiting on each in turn.
    const finishing: { pixels: Promise<FinishedFrame>; done: boolean; bytes: number; timestamp: number; duration: number }[] = [];
    let finishingBytes = 0;
    /** The oldest frame at the helper, once finished, to the encoder. */
    const toEncoder = async () => {
      const oldest = finishing.shift();
      if (!oldest) return;
      const { pixels, timestamp, duration } = oldest;
      finishingBytes -= oldest.bytes;
      const finished = await timer.time('finish wait', () => pixels);
      for (const [stage, ms] of Object.entries(finished.timings)) timer.record(stage, ms);
      // One frame waits at the encoder while the ones after it are finished and matted.
      await timer.time('encode', () => queued);
      queued = encoder.add({ pixels: finished.pixels, timestamp, duration });
      queued.catch(() => {});
      frames++;
      end = Math.max(end, timestamp + duration);
      reportFrames();
    };
    // Frames wait in the matte until the next key frame, so progress counts frames read as well as frames written: half each.
    let read = 0;
    // Frames taken from an earlier start's masks count as read and written like any other.
    const reportFrames = () => {
      const share = Math.min(1, (read + frames) / (2 * expected));
      const stage = matter.isResuming ? `resuming at frame ${matter.resumeAt + 1} of ${expected}` : `frame ${frames} of ${expected}`;
      progress({ stage, fraction: MODEL_SHARE + (1 - MODEL_SHARE - FINISH_SHARE) * share });
    };
    if (matter.isResuming) reportFrames();
    else progress({ stage: 'reading the first frame', fraction: MODEL_SHARE });
    /** The frames the helper has finished, in order, to the encoder; none is waited for. */
    const toEncoderFinished = async () => {
      while (finishing[0]?.done) await toEncoder();
    };
    const toFinisher = async (matted: MattedFrame<FrameTime>[]) => {
      for (const { frame: image, alpha, tag } of matted) {
        const bytes = image.data.byteLength + alpha.byteLength;
        while (finishing.length >= MAX_FINISHING || (finishing.length > 0 && finishingBytes + bytes > MAX_FINISHING_BYTES)) await toEncoder();
        const pixels = finisher!.finish({ image, alpha, fill });
        const entry = { pixels, done: false, bytes, timestamp: tag.timestamp, duration: tag.duration };
        pixels.then(
          () => (entry.done = true),
          () => (entry.done = true),
        );
        finishing.push(entry);
        finishingBytes += bytes;
      }
      await toEncoderFinished();
    };
    const decoded = decodeFrames(opened.video, opening.size);
    for (;;) {
      const next = await timer.time('decode', () => decoded.next());
      if (next.done) break;
      const { image, timestamp, duration } = next.value;
      const matted = await matter.push(image, { index: read, timestamp, duration });
      read++;
      if (!matted.length) reportFrames();
      await toFinisher(matted);
    }
    await toFinisher(await matter.flush());
    while (finishing.length) await toEncoder();
    await timer.time('encode', () => queued);
    // Every mask stored before the long finish: a reload during it resumes at the last frame.
    await timer.time('checkpoints', () => checkpoints?.settled());
    if (frames === 0) throw new ApiError('malformed_image', 'the video has no frames that could be decoded');
    progress({ stage: 'finishing the file', fraction: 1 - FINISH_SHARE });
    // The encoder's watchdog guards the finish (a GIF's palette pass can take minutes);
    // meanwhile the job says it is alive, so the job runner does not take it for hung.
    const alive = setInterval(() => progress({ stage: 'finishing the file', fraction: 1 - FINISH_SHARE }), FINISH_ALIVE_MS);
    const file = await timer.time('finish', () => encoder.finish()).finally(() => clearInterval(alive));
    progress({ stage: 'done', fraction: 1 });
    return {
      blob: new Blob([file], { type: format.mimeType }),
      contentType: format.mimeType,
      extension: format.extension,
      width: opening.size.width,
      height: opening.size.height,
      frames,
      segmentedFrames: videoMatter.counts.segmented,
      keyReasons: { ...videoMatter.reasons },
      resumedFrames: matter.resumed,
      durationSeconds: end,
      encoder: opening.description,
      timings: { ...timer.rounded(), total: Math.round(performance.now() - started) },
    };
  } catch (error) {
    startedEncoder?.abort();
    throw error;
  } finally {
    void checkpoints?.close();
    finisher?.close();
    opened.input.dispose();
  }
}
