// Command lines for ffmpeg.wasm. Frames reach ffmpeg as raw RGBA in chunks
// (ffmpeg.wasm has no stdin, and a whole video of raw frames would not fit in
// memory); each chunk is encoded to a segment while the next chunk is being
// segmented, and a last run joins the segments and adds the audio.
//
// - Segments are files in a container (Matroska, or MOV for ProRes), joined by
//   the concat demuxer, which shifts each one's timestamps to follow the last.
//   (Raw Annex-B streams joined byte for byte lose the B-frames' presentation
//   times: the first frames came out with negative timestamps and were cut.)
//   Each segment starts with a key frame, and the same settings give the same
//   parameter sets, so the joined stream decodes as one.
// - GIF needs one palette for the whole clip, so its segments are lossless
//   (FFV1, BGRA) and the last run makes the palette and the GIF from all of them.
import type { FfmpegCodec } from './encoder-plan';

export interface FfmpegJob {
  codec: FfmpegCodec;
  container: 'mp4' | 'mov' | 'mkv' | 'gif';
  alpha: boolean;
  width: number;
  height: number;
  frameRate: number;
}

export interface FinalRun {
  args: string[];
  /** The concat demuxer's list of segments, to write before the run. */
  list: { name: string; text: string };
}

const SEGMENT_EXTENSION: Record<FfmpegCodec, string> = { libx264: 'mkv', libx265: 'mkv', prores_ks: 'mov', gif: 'mkv' };

/** Containers whose muxer takes these audio codecs as they are; others are re-encoded to AAC. */
const COPYABLE_AUDIO: Record<FfmpegJob['container'], readonly string[]> = {
  mp4: ['aac', 'mp3'],
  mov: ['aac', 'mp3'],
  mkv: ['aac', 'mp3', 'opus', 'vorbis', 'flac', 'ac3', 'pcm-s16', 'pcm-s24', 'pcm-f32'],
  gif: [],
};

/**
 * A frame rate as ffmpeg's exact rational: NTSC rates (29.97…) as n·1000/1001,
 * anything else in thousandths.
 */
export function frameRateFraction(fps: number): string {
  const ntsc = (fps * 1001) / 1000;
  if (Math.abs(ntsc - Math.round(ntsc)) < 0.005 && Math.abs(fps - Math.round(fps)) > 0.005) return `${Math.round(ntsc) * 1000}/1001`;
  const thousandths = Math.round(fps * 1000);
  const divisor = gcd(thousandths, 1000);
  return divisor === 1000 ? String(thousandths / 1000) : `${thousandths / divisor}/${1000 / divisor}`;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

export function segmentName(job: FfmpegJob, index: number): string {
  return `segment-${String(index).padStart(4, '0')}.${SEGMENT_EXTENSION[job.codec]}`;
}

function rawInput(job: FfmpegJob, rawFile: string): string[] {
  return ['-f', 'rawvideo', '-pix_fmt', 'rgba', '-s', `${job.width}x${job.height}`, '-framerate', frameRateFraction(job.frameRate), '-i', rawFile];
}

function segmentCodecArgs(job: FfmpegJob): string[] {
  switch (job.codec) {
    case 'libx264':
      return ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p', '-f', 'matroska'];
    case 'libx265':
      return ['-c:v', 'libx265', '-preset', 'fast', '-crf', '24', '-pix_fmt', 'yuv420p', '-x265-params', 'log-level=error', '-f', 'matroska'];
    case 'prores_ks':
      // Profile 4444 carries a 16-bit alpha plane when the pixel format has one.
      return ['-c:v', 'prores_ks', '-profile:v', '4444', '-vendor', 'apl0', '-pix_fmt', job.alpha ? 'yuva444p10le' : 'yuv444p10le', '-f', 'mov'];
    case 'gif':
      return ['-c:v', 'ffv1', '-pix_fmt', 'bgra', '-f', 'matroska'];
  }
}

/** Encodes one chunk of raw RGBA frames into segment `index`. */
export function segmentArgs(job: FfmpegJob, rawFile: string, index: number): string[] {
  return ['-hide_banner', ...rawInput(job, rawFile), ...segmentCodecArgs(job), segmentName(job, index)];
}

function audioArgs(job: FfmpegJob, audioCodec: string): string[] {
  const copy = COPYABLE_AUDIO[job.container].includes(audioCodec);
  return ['-map', '1:a:0?', ...(copy ? ['-c:a', 'copy'] : ['-c:a', 'aac', '-b:a', '192k'])];
}

/**
 * Joins the segments into the output file, with the source's first audio
 * track when there is one (`source` is the original input file).
 */
export function finalArgs(job: FfmpegJob, segments: string[], output: string, audio: { source: string; codec: string } | null): FinalRun {
  const list = { name: 'segments.txt', text: segments.map((name) => `file '${name}'\n`).join('') };
  if (job.codec === 'gif') {
    const palette = job.alpha ? 'palettegen=reserve_transparent=1:stats_mode=full' : 'palettegen=reserve_transparent=0:stats_mode=full';
    const use = job.alpha ? 'paletteuse=dither=sierra2_4a:alpha_threshold=128' : 'paletteuse=dither=sierra2_4a';
    return {
      list,
      args: ['-hide_banner', '-f', 'concat', '-safe', '0', '-i', list.name, '-filter_complex', `[0:v]split[a][b];[a]${palette}[p];[b][p]${use}`, '-loop', '0', output],
    };
  }
  const tag = job.codec === 'libx265' && job.container !== 'mkv' ? ['-tag:v', 'hvc1'] : [];
  const faststart = job.container === 'mkv' ? [] : ['-movflags', '+faststart'];
  const withAudio = audio ? ['-i', audio.source] : [];
  const audioMap = audio ? audioArgs(job, audio.codec) : [];
  return {
    list,
    args: ['-hide_banner', '-f', 'concat', '-safe', '0', '-i', list.name, ...withAudio, '-map', '0:v', ...audioMap, '-c:v', 'copy', ...tag, ...faststart, output],
  };
}
