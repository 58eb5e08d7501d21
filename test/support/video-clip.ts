// Test clips and what is in them: frames rendered in the page (a subject that
// moves across a still, textured backdrop; see scene.ts), encoded with
// Debian's ffmpeg, and read back with ffprobe and ffmpeg.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { renderScene, testScene, type SceneSpec } from './scene';

export interface ClipSpec {
  width: number;
  height: number;
  fps: number;
  frames: number;
  /** Adds a 440 Hz AAC track as long as the video. */
  audio: boolean;
  /** The subject's path: x from `from` to `to` (fractions of the width). */
  from: number;
  to: number;
  scene?: Partial<SceneSpec>;
}

/** Renders the clip's frames in the page; returns them as PNG bytes, with each frame's true alpha when asked. */
export async function renderClipFrames(page: Pick<Page, 'evaluate'>, spec: ClipSpec, withAlpha = false): Promise<{ png: Buffer; alpha: number[] | null }[]> {
  const frames = [];
  for (let i = 0; i < spec.frames; i++) {
    const x = spec.from + ((spec.to - spec.from) * i) / Math.max(1, spec.frames - 1);
    const scene = testScene({ width: spec.width, height: spec.height, format: 'image/png', subject: { x, y: 0.55, size: 0.6 }, ...spec.scene });
    const { dataUrl, alpha } = await renderScene(page, scene, withAlpha);
    frames.push({ png: Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64'), alpha });
  }
  return frames;
}

/** Encodes PNG frames as H.264 (yuv420p, as cameras and phones write it) in MP4, with AAC audio when asked. */
export function encodeClip(frames: Buffer[], spec: Pick<ClipSpec, 'fps' | 'audio'>, crf = 18): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'cutout-clip-'));
  try {
    frames.forEach((png, i) => writeFileSync(join(dir, `f${String(i).padStart(4, '0')}.png`), png));
    const seconds = frames.length / spec.fps;
    const audio = spec.audio ? ['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${seconds}`] : [];
    const audioCodec = spec.audio ? ['-c:a', 'aac', '-b:a', '96k'] : [];
    const out = join(dir, 'clip.mp4');
    ffmpeg(['-framerate', String(spec.fps), '-i', join(dir, 'f%04d.png'), ...audio, '-c:v', 'libx264', '-crf', String(crf), '-pix_fmt', 'yuv420p', ...audioCodec, '-shortest', out]);
    return readFileSync(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function ffmpeg(args: string[]): Buffer {
  return execFileSync('ffmpeg', ['-v', 'error', '-y', ...args], { maxBuffer: 1 << 30 });
}

export interface ProbedStream {
  codec_type: 'video' | 'audio';
  codec_name: string;
  profile?: string;
  pix_fmt?: string;
  width?: number;
  height?: number;
  nb_read_frames?: string;
  tags?: Record<string, string>;
}

export interface Probed {
  streams: ProbedStream[];
  format: { format_name: string; duration: string };
}

/** Runs `use` on the bytes written to a temporary file (MP4 and MOV demuxers need to seek). */
function withFile<T>(bytes: Buffer, use: (file: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'cutout-probe-'));
  try {
    const file = join(dir, 'file');
    writeFileSync(file, bytes);
    return use(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** ffprobe's view of a file, with frames counted by decoding. */
export function ffprobe(bytes: Buffer): Probed {
  return withFile(bytes, (file) => {
    const json = execFileSync('ffprobe', ['-v', 'error', '-count_frames', '-show_streams', '-show_format', '-of', 'json', file]);
    return JSON.parse(json.toString()) as Probed;
  });
}

/**
 * The pixel format frames decode to. ffprobe cannot pick a decoder, and
 * FFmpeg's own VP9 decoder drops WebM alpha, so this asks ffmpeg, which can
 * (`decoder` = libvpx-vp9 reads the alpha).
 */
export function decodedPixelFormat(bytes: Buffer, decoder?: string): string {
  const forced = decoder ? ['-c:v', decoder] : [];
  return withFile(bytes, (file) => {
    const log = spawnSync('ffmpeg', ['-hide_banner', ...forced, '-i', file, '-frames:v', '1', '-f', 'null', '-'], { encoding: 'utf8' }).stderr;
    const stream = /Stream #0:\d+[^:]*: Video: [^,]+(?:\([^)]*\))?, (\w+)/.exec(log);
    if (!stream) throw new Error(`no video stream in:\n${log}`);
    return stream[1];
  });
}

/** Every frame's alpha plane, 8-bit, frame after frame. */
export function alphaPlanes(bytes: Buffer, decoder?: string): Buffer {
  const forced = decoder ? ['-c:v', decoder] : [];
  return withFile(bytes, (file) => ffmpeg([...forced, '-i', file, '-vf', 'alphaextract', '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1']));
}

/** Every frame as RGB24, frame after frame. */
export function rgbFrames(bytes: Buffer): Buffer {
  return withFile(bytes, (file) => ffmpeg(['-i', file, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1']));
}
