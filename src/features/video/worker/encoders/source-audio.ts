// The source's audio in a mediabunny output: its packets copied as they are
// when the container takes the codec, else decoded and re-encoded to the
// first codec the container takes and this browser encodes (Opus, mostly).
import {
  AudioSampleSink,
  AudioSampleSource,
  EncodedAudioPacketSource,
  EncodedPacketSink,
  QUALITY_HIGH,
  getFirstEncodableAudioCodec,
  type InputAudioTrack,
  type Output,
} from 'mediabunny';

export interface AudioCopy {
  /** How the audio got there, for the encoder description. */
  how: string;
  /** Moves every packet or sample; run after the output started, alongside the video. */
  run(): Promise<void>;
}

/** Adds the audio track to `output` (before it starts); null when no codec fits. */
export async function addSourceAudio(output: Output, track: InputAudioTrack): Promise<AudioCopy | null> {
  const codec = await track.getCodec();
  const supported = output.format.getSupportedAudioCodecs();
  if (codec && supported.includes(codec)) {
    const source = new EncodedAudioPacketSource(codec);
    output.addAudioTrack(source);
    return {
      how: `${codec} copied`,
      async run() {
        const decoderConfig = (await track.getDecoderConfig()) ?? undefined;
        let first = true;
        for await (const packet of new EncodedPacketSink(track).packets()) {
          await source.add(packet, first ? { decoderConfig } : undefined);
          first = false;
        }
        source.close();
      },
    };
  }
  const target = await getFirstEncodableAudioCodec(supported, {
    numberOfChannels: await track.getNumberOfChannels(),
    sampleRate: await track.getSampleRate(),
  });
  if (!target) return null;
  const source = new AudioSampleSource({ codec: target, quality: QUALITY_HIGH });
  output.addAudioTrack(source);
  return {
    how: `${codec ?? 'audio'} re-encoded to ${target}`,
    async run() {
      for await (const sample of new AudioSampleSink(track).samples()) {
        try {
          await source.add(sample);
        } finally {
          sample.close();
        }
      }
      source.close();
    },
  };
}
