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
import { canReallyEncode } from './encode-check';
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

/**
 * The encoder for a format: the plan from what WebCodecs says it offers, each
 * WebCodecs codec the plan picks tried on one frame first (encode-check.ts);
 * one that fails is dropped and the plan made again without it.
 */
async function planFor(format: OutputFormat, transparent: boolean, width: number, height: number, allowed: readonly WebCodecsCodec[]) {
  const even = { width: width - (width % 2), height: height - (height % 2) };
  const offered = new Set<WebCodecsCodec>();
  if (typeof VideoEncoder !== 'undefined') {
    for (const codec of allowed) if (await canEncodeVideo(codec, even)) offered.add(codec);
  }
  const env: EncoderEnvironment = { webCodecs: offered, sharedMemory: hasSharedMemory() };
  for (;;) {
    const plan = planEncoder(format, transparent, env);
    if ('missing' in plan || plan.engine !== 'webcodecs' || (await canReallyEncode(plan.codec, even.width, even.height))) return plan;
    offered.delete(plan.codec);
  }
}

export async function openEncoder(
  format: OutputFormat,
  transparent: boolean,
  probe: VideoProbe,
  source: { file: Blob; audio: InputAudioTrack | null },
  webCodecs: readonly WebCodecsCodec[] = ['avc', 'vp9', 'hevc'],
): Promise<OpenedEncoder> {
  const plan = await planFor(format, transparent, probe.width, probe.height, webCodecs);
  // Not a fault of the app's: the caller asked for a format this browser cannot write.
  if ('missing' in plan) throw new ApiError('invalid_parameter', plan.missing);
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
