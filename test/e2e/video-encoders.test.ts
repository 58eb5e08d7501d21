// The video core end to end, in headless Chromium: a 1-second clip (a subject
// moving across a still backdrop, with a 440 Hz AAC track) goes through the
// real engine worker (ISNet in onnxruntime-web, WebCodecs, ffmpeg.wasm) in
// each of the nine output formats; ffprobe and ffmpeg then check what came out.
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, type Browser } from '../support/chromium';
import { openApp } from '../support/app';
import { alphaPlanes, decodedPixelFormat, encodeClip, ffmpeg, ffprobe, renderClipFrames, rgbFrames, type Probed } from '../support/video-clip';
import { probeVideoInPage, removeVideoInPage, startVideoEngine, type VideoRun } from '../support/video-engine';
import type { OutputFormat, VideoOptions } from '../../src/features/video/shared/meta';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const baseUrl = inject('baseUrl');
const CLIP = { width: 320, height: 240, fps: 10, frames: 10, audio: true, from: 0.3, to: 0.7 };
let browser: Browser;
let page: Page;
let clip: Buffer;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await openApp(browser.context, baseUrl, '/');
  await startVideoEngine(page);
  clip = encodeClip((await renderClipFrames(page, CLIP)).map((f) => f.png), CLIP);
});

afterAll(() => browser?.close());

function videoStream(probed: Probed) {
  return probed.streams.find((s) => s.codec_type === 'video')!;
}

/** A frame's alpha at a pixel. */
function alphaAt(planes: Buffer, frame: number, x: number, y: number) {
  return planes[frame * CLIP.width * CLIP.height + y * CLIP.width + x];
}

interface Case {
  format: OutputFormat;
  background: VideoOptions['backgroundColor'];
  codec: string;
  container: RegExp;
  audio: string | null;
  /** Pixel format the frames decode to when the file keeps alpha, and the decoder that reads it. */
  alpha?: { pixFmt: RegExp; decoder?: string };
}

const CASES: Case[] = [
  { format: 'mp4_h264', background: '#00ff00', codec: 'h264', container: /mp4/, audio: 'aac' },
  { format: 'mkv_h264', background: '#00ff00', codec: 'h264', container: /matroska/, audio: 'aac' },
  { format: 'webm_vp9', background: 'transparent', codec: 'vp9', container: /webm/, audio: 'opus', alpha: { pixFmt: /^yuva420p$/, decoder: 'libvpx-vp9' } },
  { format: 'mkv_vp9', background: '#00ff00', codec: 'vp9', container: /matroska/, audio: 'aac' },
  { format: 'mp4_h265', background: '#00ff00', codec: 'hevc', container: /mp4/, audio: 'aac' },
  { format: 'mov_h265', background: '#00ff00', codec: 'hevc', container: /mov/, audio: 'aac' },
  { format: 'mkv_h265', background: '#00ff00', codec: 'hevc', container: /matroska/, audio: 'aac' },
  // Written as yuva444p10le; FFmpeg 5.1's ProRes decoder reads any 4444 as 12-bit.
  { format: 'mov_proresks', background: 'transparent', codec: 'prores', container: /mov/, audio: 'aac', alpha: { pixFmt: /^yuva444p12le$/ } },
  { format: 'gif', background: 'transparent', codec: 'gif', container: /gif/, audio: null, alpha: { pixFmt: /^bgra$/ } },
];

describe('removeVideoBackground writes every format', () => {
  for (const c of CASES) {
    test(`${c.format} (${c.background})`, async () => {
      const run: VideoRun = await removeVideoInPage(page, clip, { outputFormat: c.format, backgroundColor: c.background });
      if (!run.ok) throw new Error(`${run.error.code}: ${run.error.message}`);
      console.log(`${c.format}: ${run.output.encoder}`, run.output.timings);
      expect(run.output).toMatchObject({ width: CLIP.width, height: CLIP.height });
      expect(Math.abs(run.output.frames - CLIP.frames)).toBeLessThanOrEqual(1);
      expect(run.progress.at(-1)).toBe(1);
      expect(run.progress.length).toBeGreaterThan(CLIP.frames);

      const probed = ffprobe(run.bytes);
      const video = videoStream(probed);
      expect(video.codec_name).toBe(c.codec);
      expect(probed.format.format_name).toMatch(c.container);
      expect([video.width, video.height]).toEqual([CLIP.width, CLIP.height]);
      expect(Math.abs(Number(video.nb_read_frames) - CLIP.frames)).toBeLessThanOrEqual(1);
      expect(Number(probed.format.duration)).toBeCloseTo(CLIP.frames / CLIP.fps, 0);
      const audio = probed.streams.find((s) => s.codec_type === 'audio');
      expect(audio?.codec_name ?? null).toBe(c.audio);

      if (c.alpha) {
        expect(decodedPixelFormat(run.bytes, c.alpha.decoder)).toMatch(c.alpha.pixFmt);
        if (c.format === 'webm_vp9') expect(video.tags?.ALPHA_MODE ?? video.tags?.alpha_mode).toBe('1');
        if (c.format === 'mov_proresks') expect(video.profile).toBe('4444');
        const planes = alphaPlanes(run.bytes, c.alpha.decoder);
        expect(alphaAt(planes, 0, 4, 4)).toBeLessThan(16);
        expect(alphaAt(planes, CLIP.frames - 1, CLIP.width - 5, 4)).toBeLessThan(16);
        // The subject (centre at x = 0.3 of the width in the first frame) is opaque.
        expect(alphaAt(planes, 0, Math.round(CLIP.width * 0.3), Math.round(CLIP.height * 0.55))).toBeGreaterThan(200);
      } else {
        const rgb = rgbFrames(run.bytes);
        const corner = [rgb[0], rgb[1], rgb[2]];
        expect(corner[0]).toBeLessThan(40);
        expect(corner[1]).toBeGreaterThan(215);
        expect(corner[2]).toBeLessThan(40);
      }
    });
  }
});

describe('where an encoder is missing', () => {
  test('without WebCodecs H.264, mp4_h264 falls back to ffmpeg.wasm libx264', async () => {
    const run = await removeVideoInPage(page, clip, { outputFormat: 'mp4_h264', backgroundColor: '#00ff00' }, { webCodecs: [] });
    if (!run.ok) throw new Error(`${run.error.code}: ${run.error.message}`);
    expect(run.output.encoder).toMatch(/^ffmpeg\.wasm single-thread core: libx264 in mp4/);
    const probed = ffprobe(run.bytes);
    expect(videoStream(probed)).toMatchObject({ codec_name: 'h264', pix_fmt: 'yuv420p', nb_read_frames: String(CLIP.frames) });
    expect(probed.streams.find((s) => s.codec_type === 'audio')?.codec_name).toBe('aac');
  });

  test('without WebCodecs VP9, webm_vp9 fails at once: unexpected_error saying why', async () => {
    const run = await removeVideoInPage(page, clip, { outputFormat: 'webm_vp9', backgroundColor: 'transparent' }, { webCodecs: ['avc'] });
    expect(run).toMatchObject({ ok: false, error: { code: 'invalid_parameter', message: expect.stringMatching(/^webm_vp9 needs VP9 encoding/) } });
  });
});

describe('probeVideo', () => {
  test('reads the clip: duration, size, frame rate, frames, audio, codec', async () => {
    const probed = await probeVideoInPage(page, clip);
    expect(probed).toMatchObject({
      ok: true,
      value: { width: 320, height: 240, frameRate: 10, frameCount: 10, hasAudio: true, videoCodec: 'avc', audioCodec: 'aac' },
    });
    if (probed.ok) expect(probed.value.durationSeconds).toBeCloseTo(1, 1);
  });

  test('a text file is malformed_image: not a video', async () => {
    const probed = await probeVideoInPage(page, Buffer.from('this is not a video, just some text\n'.repeat(20)));
    expect(probed).toMatchObject({ ok: false, error: { code: 'malformed_image' } });
    if (!probed.ok) expect(probed.error.message).toMatch(/not a video/);
  });

  test('a truncated file is malformed_image: truncated', async () => {
    for (const cut of [clip.subarray(0, Math.floor(clip.length / 2)), faststart(clip).subarray(0, Math.floor(clip.length * 0.6))]) {
      const probed = await probeVideoInPage(page, cut);
      expect(probed).toMatchObject({ ok: false, error: { code: 'malformed_image' } });
      if (!probed.ok) expect(probed.error.message).toMatch(/video .*truncated/);
    }
  });

  test('an audio-only file is malformed_image: no video track', async () => {
    const probed = await probeVideoInPage(page, audioOnly());
    expect(probed).toMatchObject({ ok: false, error: { code: 'malformed_image' } });
    if (!probed.ok) expect(probed.error.message).toMatch(/no video track.*audio only/);
  });
});

/** The clip with its index (moov) moved to the front, so a cut keeps the index but loses frames. */
function faststart(bytes: Buffer): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'cutout-faststart-'));
  try {
    const input = join(dir, 'in.mp4');
    writeFileSync(input, bytes);
    ffmpeg(['-i', input, '-c', 'copy', '-movflags', '+faststart', join(dir, 'out.mp4')]);
    return readFileSync(join(dir, 'out.mp4'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function audioOnly(): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'cutout-audio-'));
  try {
    ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', '-c:a', 'aac', join(dir, 'audio.m4a')]);
    return readFileSync(join(dir, 'audio.m4a'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
