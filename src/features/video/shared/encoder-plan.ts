// Which encoder writes each output format, decided from what this browser
// offers. Measured on headless Chromium 156 (Debian, x86-64, no GPU):
// WebCodecs encodes H.264, VP9 (and HEVC where the platform has it) fast, but
// refuses alpha, so mediabunny encodes a transparent VP9 as two streams (colour
// and alpha) muxed as WebM alpha. ffmpeg.wasm 0.12 covers what WebCodecs lacks:
// libx265 (only in the multi-thread core: it hangs in the single-thread one),
// ProRes 4444 with alpha, GIF with a transparent palette entry, and libx264 as
// a fallback. Its libvpx-vp9 fails in both cores, so VP9 has no fallback.
import { VIDEO_FORMATS, type OutputFormat } from './meta';

export type WebCodecsCodec = 'avc' | 'vp9' | 'hevc';
export type FfmpegCodec = 'libx264' | 'libx265' | 'prores_ks' | 'gif';
export type FfmpegCore = 'single-thread' | 'multi-thread';

export type EncoderPlan =
  | { engine: 'webcodecs'; codec: WebCodecsCodec; container: 'mp4' | 'mov' | 'mkv' | 'webm'; alpha: boolean }
  | { engine: 'ffmpeg'; codec: FfmpegCodec; core: FfmpegCore; container: 'mp4' | 'mov' | 'mkv' | 'gif'; alpha: boolean };

export interface EncoderEnvironment {
  /** Codecs this browser's WebCodecs VideoEncoder accepts at the output size. */
  webCodecs: ReadonlySet<WebCodecsCodec>;
  /** SharedArrayBuffer is available, so ffmpeg's multi-thread core can start. */
  sharedMemory: boolean;
}

const WEBCODECS_CODEC = { h264: 'avc', vp9: 'vp9', hevc: 'hevc' } as const;

/**
 * The encoder for a format, or the reason there is none here. `transparent`
 * is only ever true for formats that hold alpha (request.ts refuses the rest).
 */
export function planEncoder(format: OutputFormat, transparent: boolean, env: EncoderEnvironment): EncoderPlan | { missing: string } {
  const { container, codec } = VIDEO_FORMATS[format];
  const alpha = transparent && VIDEO_FORMATS[format].alpha;
  if (codec === 'prores') return { engine: 'ffmpeg', codec: 'prores_ks', core: 'single-thread', container: 'mov', alpha };
  if (codec === 'gif') return { engine: 'ffmpeg', codec: 'gif', core: 'single-thread', container: 'gif', alpha };
  const webCodec = WEBCODECS_CODEC[codec];
  if (env.webCodecs.has(webCodec)) return { engine: 'webcodecs', codec: webCodec, container, alpha };
  if (codec === 'h264') return { engine: 'ffmpeg', codec: 'libx264', core: 'single-thread', container, alpha: false };
  if (codec === 'hevc') {
    if (env.sharedMemory) return { engine: 'ffmpeg', codec: 'libx265', core: 'multi-thread', container, alpha: false };
    return {
      missing: `${format} needs HEVC encoding: this browser's WebCodecs does not encode it, and ffmpeg's libx265 needs the multi-thread core, which needs SharedArrayBuffer (withheld here)`,
    };
  }
  return { missing: `${format} needs VP9 encoding, which this browser's WebCodecs does not encode (ffmpeg.wasm's libvpx-vp9 does not work)` };
}

/** A short name for the encoder, reported with the result. */
export function describePlan(plan: EncoderPlan): string {
  return plan.engine === 'webcodecs'
    ? `webcodecs ${plan.codec}${plan.alpha ? ' (colour + alpha streams)' : ''} + mediabunny ${plan.container}`
    : `ffmpeg.wasm ${plan.core} core: ${plan.codec}${plan.alpha ? ' with alpha' : ''} in ${plan.container}`;
}

/**
 * The frame size the encoder gets. 4:2:0 codecs (H.264, HEVC, VP9) and
 * ProRes want even sides, so an odd side loses its last row or column; GIF
 * takes any size.
 */
export function encodedSize(plan: EncoderPlan, width: number, height: number): { width: number; height: number } {
  if (plan.codec === 'gif') return { width, height };
  return { width: width - (width % 2), height: height - (height % 2) };
}
