import { describe, expect, test } from 'vitest';
import { finalArgs, frameRateFraction, segmentArgs, segmentName, type FfmpegJob } from '../../../src/features/video/shared/ffmpeg-args';

const HEVC: FfmpegJob = { codec: 'libx265', container: 'mp4', alpha: false, width: 640, height: 360, frameRate: 30 };
const PRORES: FfmpegJob = { codec: 'prores_ks', container: 'mov', alpha: true, width: 640, height: 360, frameRate: 25 };
const GIF: FfmpegJob = { codec: 'gif', container: 'gif', alpha: true, width: 320, height: 240, frameRate: 12 };

/** The value that follows a flag (its `nth` occurrence, from 0). */
const after = (args: string[], flag: string, nth = 0) => args.filter((_, i) => args[i - 1] === flag)[nth];

describe('frameRateFraction', () => {
  test('whole rates stay whole, NTSC rates become n·1000/1001, others are exact in thousandths', () => {
    expect(frameRateFraction(30)).toBe('30');
    expect(frameRateFraction(30000 / 1001)).toBe('30000/1001');
    expect(frameRateFraction(24000 / 1001)).toBe('24000/1001');
    expect(frameRateFraction(12.5)).toBe('25/2');
    expect(frameRateFraction(14.999)).toBe('14999/1000');
  });
});

describe('segmentArgs', () => {
  test('raw RGBA in at the job size and rate; HEVC as 4:2:0 in Matroska', () => {
    const args = segmentArgs(HEVC, 'chunk-3.rgba', 3);
    expect(args.slice(1, 11)).toEqual(['-f', 'rawvideo', '-pix_fmt', 'rgba', '-s', '640x360', '-framerate', '30', '-i', 'chunk-3.rgba']);
    expect(after(args, '-c:v')).toBe('libx265');
    // The output side asks for 4:2:0: left to itself ffmpeg would pick 4:4:4 for RGBA input.
    expect(args[args.lastIndexOf('-pix_fmt') + 1]).toBe('yuv420p');
    expect(after(args, '-f', 1)).toBe('matroska');
  });

  test('ProRes is profile 4444 with a 10-bit alpha plane when transparent, without when not', () => {
    const transparent = segmentArgs(PRORES, 'c.rgba', 0);
    expect(after(transparent, '-profile:v')).toBe('4444');
    expect(transparent.slice(transparent.indexOf('-c:v'))).toContain('yuva444p10le');
    const opaque = segmentArgs({ ...PRORES, alpha: false }, 'c.rgba', 0);
    expect(opaque.slice(opaque.indexOf('-c:v'))).toContain('yuv444p10le');
  });

  test('segments are numbered files in a container the concat demuxer reads', () => {
    expect(segmentName(HEVC, 7)).toBe('segment-0007.mkv');
    expect(segmentName(PRORES, 12)).toBe('segment-0012.mov');
    expect(segmentArgs(GIF, 'c.rgba', 1).at(-1)).toBe('segment-0001.mkv');
  });
});

describe('finalArgs', () => {
  const segments = ['segment-0000.mkv', 'segment-0001.mkv'];

  test('joins the segments through a concat list and copies the video', () => {
    const run = finalArgs(HEVC, segments, 'output.mp4', null);
    expect(run.list).toEqual({ name: 'segments.txt', text: "file 'segment-0000.mkv'\nfile 'segment-0001.mkv'\n" });
    expect(run.args).toEqual(expect.arrayContaining(['-f', 'concat', '-i', 'segments.txt', '-c:v', 'copy']));
    expect(run.args).not.toContain('1:a:0?');
  });

  test('HEVC in MP4/MOV is tagged hvc1 (what Apple players want); in MKV it is not', () => {
    expect(after(finalArgs(HEVC, segments, 'o.mp4', null).args, '-tag:v')).toBe('hvc1');
    expect(finalArgs({ ...HEVC, container: 'mkv' }, segments, 'o.mkv', null).args).not.toContain('-tag:v');
  });

  test('audio: AAC is copied into MP4, Opus is re-encoded to AAC there, and MKV copies Opus', () => {
    const aac = finalArgs(HEVC, segments, 'o.mp4', { source: 'source', codec: 'aac' }).args;
    expect(aac).toEqual(expect.arrayContaining(['-i', 'source', '-map', '1:a:0?', '-c:a', 'copy']));
    expect(after(finalArgs(HEVC, segments, 'o.mp4', { source: 'source', codec: 'opus' }).args, '-c:a')).toBe('aac');
    expect(after(finalArgs({ ...HEVC, container: 'mkv' }, segments, 'o.mkv', { source: 'source', codec: 'opus' }).args, '-c:a')).toBe('copy');
  });

  test('GIF makes one palette for the whole clip, with a transparent entry when transparent', () => {
    const transparent = after(finalArgs(GIF, segments, 'output.gif', null).args, '-filter_complex');
    expect(transparent).toContain('palettegen=reserve_transparent=1');
    expect(transparent).toContain('alpha_threshold=128');
    const opaque = after(finalArgs({ ...GIF, alpha: false }, segments, 'output.gif', null).args, '-filter_complex');
    expect(opaque).toContain('reserve_transparent=0');
  });
});
