// Picks and starts the encoder for an output format (encoder-plan.ts decides,
// from what this browser offers), each behind a watchdog.
import { FFmpeg } from '@ffmpeg/ffmpeg';
import { canEncodeVideo, type InputAudioTrack } from 'mediabunny';
import { ApiError } from '../../../../api/errors';
import { hasSharedMemory } from '../../../../engine/shared-memory';
import { describePlan, encodedSize, planEncoder, type EncoderEnvironment, type WebCodecsCodec } from '../../shared/encoder-plan';
import type { OutputFormat } from '../../shared/meta';
import type { VideoProbe } from '../../shared/output';
import { Watchdog } from '../watchdog';
import { createFfmpegEncoder } from './ffmpeg-encoder';
import { loadFfmpeg } from './ffmpeg-loader';
import type { FrameEncoder } from './frame-encoder';
import { createWebCodecsEncoder } from './webcodecs-encoder';

/** No sign of progress for this long is a stall. ffmpeg logs every frame, so its quiet spells are short too. */
const STALL_MS = { webcodecs: 60_000, ffmpeg: 120_000 };

export interface OpenedEncoder {
  encoder: FrameEncoder;
  size: { width: number; height: number };
  description: string;
}

async function encoderEnvironment(width: number, height: number, allowed: readonly WebCodecsCodec[]): Promise<EncoderEnvironment> {
  const offered = new Set<WebCodecsCodec>();
  if (typeof VideoEncoder !== 'undefined') {
    for (const codec of allowed) {
      if (await canEncodeVideo(codec, { width: width - (width % 2), height: height - (height % 2) })) offered.add(codec);
    }
  }
  return { webCodecs: offered, sharedMemory: hasSharedMemory() };
}

export async function openEncoder(
  format: OutputFormat,
  transparent: boolean,
  probe: VideoProbe,
  source: { file: Blob; audio: InputAudioTrack | null },
  webCodecs: readonly WebCodecsCodec[] = ['avc', 'vp9', 'hevc'],
): Promise<OpenedEncoder> {
  const plan = planEncoder(format, transparent, await encoderEnvironment(probe.width, probe.height, webCodecs));
  if ('missing' in plan) throw new ApiError('unexpected_error', plan.missing);
  const size = encodedSize(plan, probe.width, probe.height);
  let release = () => {};
  const watchdog = new Watchdog(format, STALL_MS[plan.engine], () => release());
  let encoder: FrameEncoder;
  let description = describePlan(plan);
  if (plan.engine === 'webcodecs') {
    const webCodecs = await createWebCodecsEncoder(plan, size, source.audio, watchdog);
    if (webCodecs.audio) description += `, audio ${webCodecs.audio}`;
    encoder = webCodecs;
  } else {
    const ffmpeg = new FFmpeg();
    release = () => ffmpeg.terminate();
    await watchdog.guard(loadFfmpeg(ffmpeg, plan.core));
    const audio = source.audio && plan.container !== 'gif' ? { file: source.file, codec: probe.audioCodec ?? 'unknown' } : null;
    const job = { codec: plan.codec, container: plan.container, alpha: plan.alpha, ...size, frameRate: probe.frameRate };
    encoder = createFfmpegEncoder(job, audio, ffmpeg, watchdog, format);
    if (audio) description += ', audio muxed by ffmpeg';
  }
  release = () => encoder.abort();
  return { encoder, size, description };
}
