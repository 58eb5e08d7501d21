// probeVideo in Node: no DOM, no Worker constructor, no WebCodecs — the same
// as inside a service worker — on files made with Debian's ffmpeg.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import probeVideo from '../../../src/features/video/worker/probeVideo';

const dir = mkdtempSync(join(tmpdir(), 'cutout-probe-unit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs ffmpeg on lavfi sources; returns the file it wrote. */
function make(name: string, args: string[]): Blob {
  execFileSync('ffmpeg', ['-v', 'error', '-y', ...args, join(dir, name)]);
  return new Blob([readFileSync(join(dir, name))]);
}

const video = (size: string, seconds: number, rate = 12) => ['-f', 'lavfi', '-i', `testsrc=size=${size}:rate=${rate}:duration=${seconds}`];
const tone = (seconds: number) => ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`];

async function refusal(input: Blob) {
  try {
    await probeVideo({ input });
  } catch (error) {
    return error as { code: string; message: string };
  }
  throw new Error('probeVideo accepted it');
}

describe('probeVideo where there is no DOM, Worker or WebCodecs', () => {
  test('the environment really has none of them', () => {
    expect([typeof document, typeof Worker, typeof VideoDecoder]).toEqual(['undefined', 'undefined', 'undefined']);
  });

  test('reads an MP4 with audio: duration, size, rate, frames, codecs', async () => {
    const clip = make('clip.mp4', [...video('320x240', 1), ...tone(1), '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest']);
    const probe = await probeVideo({ input: clip });
    expect(probe).toMatchObject({ width: 320, height: 240, frameRate: 12, frameCount: 12, hasAudio: true, videoCodec: 'avc', audioCodec: 'aac' });
    expect(probe.durationSeconds).toBeCloseTo(1, 1);
  });

  test('reads a WebM without audio, and a rotated phone video at its display size', async () => {
    const webm = await probeVideo({ input: make('clip.webm', [...video('160x120', 1, 10), '-c:v', 'libvpx-vp9', '-b:v', '200k']) });
    expect(webm).toMatchObject({ width: 160, height: 120, frameCount: 10, hasAudio: false, audioCodec: null, videoCodec: 'vp9' });
    make('upright.mp4', [...video('320x240', 1), '-c:v', 'libx264', '-pix_fmt', 'yuv420p']);
    // ffmpeg 5.1 keeps the rotate tag (a display matrix) only when copying.
    const rotated = make('rotated.mp4', ['-i', join(dir, 'upright.mp4'), '-c', 'copy', '-metadata:s:v:0', 'rotate=90']);
    expect(await probeVideo({ input: rotated })).toMatchObject({ width: 240, height: 320 });
  });

  test('text is malformed_image: not a video', async () => {
    expect(await refusal(new Blob(['just some text, no video here\n'.repeat(50)]))).toMatchObject({
      code: 'malformed_image',
      message: expect.stringMatching(/not a video/),
    });
  });

  test('an empty file is malformed_image', async () => {
    expect(await refusal(new Blob([]))).toMatchObject({ code: 'malformed_image', message: 'the video is empty (0 bytes)' });
  });

  test('an MP4 cut before its index is malformed_image: truncated', async () => {
    const clip = new Uint8Array(await make('cut.mp4', [...video('320x240', 1), '-c:v', 'libx264', '-pix_fmt', 'yuv420p']).arrayBuffer());
    expect(await refusal(new Blob([clip.subarray(0, clip.length >> 1)]))).toMatchObject({
      code: 'malformed_image',
      message: expect.stringMatching(/video .*truncated/),
    });
  });

  test('an M4A (audio only) is malformed_image: no video track', async () => {
    expect(await refusal(make('tone.m4a', [...tone(1), '-c:a', 'aac']))).toMatchObject({
      code: 'malformed_image',
      message: 'the file has no video track: it holds audio only',
    });
  });

  test('over 60 s is invalid_parameter; over 4096 px is resolution_too_high; under 64 px is invalid_parameter', async () => {
    const long = make('long.mp4', [...video('64x64', 61, 1), '-c:v', 'libx264', '-pix_fmt', 'yuv420p']);
    expect(await refusal(long)).toMatchObject({ code: 'invalid_parameter', message: expect.stringMatching(/61\.0 s long; the limit is 60 s/) });
    const wide = make('wide.mp4', [...video('4112x64', 0.1, 10), '-c:v', 'libx264', '-pix_fmt', 'yuv420p']);
    expect(await refusal(wide)).toMatchObject({ code: 'resolution_too_high', message: expect.stringMatching(/4112×64 px; the limit is 4096 px/) });
    const small = make('small.mp4', [...video('48x48', 1), '-c:v', 'libx264', '-pix_fmt', 'yuv420p']);
    expect(await refusal(small)).toMatchObject({ code: 'invalid_parameter', message: expect.stringMatching(/minimum is 64 px/) });
  });
});
