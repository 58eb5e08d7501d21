// probeVideo: what a video file holds (duration, size, frame rate, tracks),
// read from its container, checked against the contract's limits. Decoding is
// only tried where WebCodecs exists (a page or worker, not a service worker).
import { EncodedPacketSink } from 'mediabunny';
import { ApiError } from '../../../api/errors';
import { checkVideoLimits } from '../shared/limits';
import type { VideoProbe } from '../shared/output';
import { openVideo, unreadable, type OpenedVideo } from './open-video';

/** Reads the last packet's bytes: a file cut short fails here rather than half-way through a job. */
async function checkComplete(opened: OpenedVideo): Promise<void> {
  const last = await new EncodedPacketSink(opened.video).getPacket(Infinity);
  if (!last || last.data.byteLength === 0) throw new ApiError('malformed_image', 'the video is truncated: its last frame has no data');
}

async function checkDecodable(opened: OpenedVideo, codec: string): Promise<void> {
  if (typeof VideoDecoder === 'undefined') return;
  if (!(await opened.video.canDecode())) {
    throw new ApiError('malformed_image', `the video's codec (${codec}) cannot be decoded by this browser`);
  }
}

export async function describeVideo(opened: OpenedVideo): Promise<VideoProbe> {
  let probe: VideoProbe;
  try {
    const { input, video, audio } = opened;
    const codec = await video.getCodec();
    if (!codec) throw new ApiError('malformed_image', 'the video track uses a codec we do not know');
    await checkComplete(opened);
    const stats = await video.computePacketStats();
    probe = {
      durationSeconds: await input.computeDuration(),
      width: await video.getDisplayWidth(),
      height: await video.getDisplayHeight(),
      frameRate: (await video.computeFrameRateMetrics()).bestGuessFrameRate || stats.averagePacketRate,
      frameCount: stats.packetCount || null,
      hasAudio: audio !== null,
      videoCodec: codec,
      audioCodec: audio ? await audio.getCodec() : null,
    };
    checkVideoLimits(probe);
    await checkDecodable(opened, codec);
  } catch (error) {
    throw unreadable(error);
  }
  return probe;
}

export default async function probeVideo({ input }: { input: Blob }): Promise<VideoProbe> {
  const opened = await openVideo(input);
  try {
    return await describeVideo(opened);
  } finally {
    opened.input.dispose();
  }
}
