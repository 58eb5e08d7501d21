// WebCodecs encoding, muxed by mediabunny. For a transparent VP9 WebM,
// mediabunny (alpha: 'keep') splits each RGBA frame into colour and alpha,
// encodes both with VP9 and writes the alpha as Matroska BlockAdditions with
// AlphaMode set: the WebM alpha layout browsers and libvpx decode.
import {
  BufferTarget,
  MkvOutputFormat,
  MovOutputFormat,
  Mp4OutputFormat,
  Output,
  QUALITY_HIGH,
  VideoSample,
  VideoSampleSource,
  WebMOutputFormat,
  type EncodedPacket,
  type InputAudioTrack,
} from 'mediabunny';
import type { EncoderPlan } from '../../shared/encoder-plan';
import type { Watchdog } from '../watchdog';
import { repairAvcDescription } from './avc-description';
import type { CompositedFrame, FrameEncoder } from './frame-encoder';
import { addSourceAudio } from './source-audio';

type WebCodecsPlan = Extract<EncoderPlan, { engine: 'webcodecs' }>;

function outputFormat(container: WebCodecsPlan['container']) {
  switch (container) {
    case 'mp4':
      return new Mp4OutputFormat({ fastStart: 'in-memory' });
    case 'mov':
      return new MovOutputFormat({ fastStart: 'in-memory' });
    case 'mkv':
      return new MkvOutputFormat();
    case 'webm':
      return new WebMOutputFormat();
  }
}

/** Puts a repaired avcC in place of a broken one (see avc-description.ts). */
function mendAvcDescription(_packet: EncodedPacket, meta: EncodedVideoChunkMetadata | undefined): void {
  const config = meta?.decoderConfig;
  if (!meta || !config?.description) return;
  const bytes = ArrayBuffer.isView(config.description)
    ? new Uint8Array(config.description.buffer, config.description.byteOffset, config.description.byteLength)
    : new Uint8Array(config.description);
  const repaired = repairAvcDescription(bytes);
  if (repaired) meta.decoderConfig = { ...config, description: repaired };
}

export interface WebCodecsEncoder extends FrameEncoder {
  /** How the audio was carried over, or null without audio. */
  audio: string | null;
}

export async function createWebCodecsEncoder(
  plan: WebCodecsPlan,
  size: { width: number; height: number },
  audioTrack: InputAudioTrack | null,
  watchdog: Watchdog,
): Promise<WebCodecsEncoder> {
  const output = new Output({ format: outputFormat(plan.container), target: new BufferTarget() });
  const video = new VideoSampleSource({
    codec: plan.codec,
    quality: QUALITY_HIGH,
    alpha: plan.alpha ? 'keep' : 'discard',
    keyFrameInterval: 2,
    // Runs before the muxer sees the packet and its metadata (the same object), so a mended avcC is what gets written.
    onEncodedPacket: plan.codec === 'avc' ? mendAvcDescription : undefined,
  });
  output.addVideoTrack(video);
  const audio = audioTrack ? await addSourceAudio(output, audioTrack) : null;
  await output.start();
  // Audio moves alongside the video, so the muxer can interleave as it goes.
  const audioDone = audio?.run();
  audioDone?.catch(() => {});
  return {
    audio: audio?.how ?? null,
    async add({ pixels, timestamp, duration }: CompositedFrame) {
      // RGBX tells WebCodecs the frame is opaque; RGBA makes mediabunny split off the alpha.
      const sample = new VideoSample(pixels, {
        format: plan.alpha ? 'RGBA' : 'RGBX',
        codedWidth: size.width,
        codedHeight: size.height,
        timestamp,
        duration,
      });
      try {
        await watchdog.guard(video.add(sample));
      } finally {
        sample.close();
      }
    },
    async finish() {
      video.close();
      await watchdog.guard(
        (async () => {
          await audioDone;
          await output.finalize();
        })(),
      );
      const buffer = (output.target as BufferTarget).buffer;
      if (!buffer) throw new Error('the muxer wrote no file');
      return new Blob([buffer], { type: output.format.mimeType });
    },
    abort() {
      void output.cancel().catch(() => {});
    },
  };
}
