import { describe, expect, test } from 'vitest';
import { describePlan, encodedSize, planEncoder, type EncoderEnvironment } from '../../../src/features/video/shared/encoder-plan';
import { OUTPUT_FORMATS } from '../../../src/features/video/shared/meta';

/** What headless Chromium on this machine offers: WebCodecs H.264 and VP9, no HEVC; shared memory. */
const CHROMIUM: EncoderEnvironment = { webCodecs: new Set(['avc', 'vp9']), sharedMemory: true };

describe('planEncoder on headless Chromium', () => {
  test('each of the nine formats has its encoder', () => {
    const plans = Object.fromEntries(OUTPUT_FORMATS.map((format) => [format, planEncoder(format, false, CHROMIUM)]));
    expect(plans).toEqual({
      mp4_h264: { engine: 'webcodecs', codec: 'avc', container: 'mp4', alpha: false },
      mkv_h264: { engine: 'webcodecs', codec: 'avc', container: 'mkv', alpha: false },
      webm_vp9: { engine: 'webcodecs', codec: 'vp9', container: 'webm', alpha: false },
      mkv_vp9: { engine: 'webcodecs', codec: 'vp9', container: 'mkv', alpha: false },
      mp4_h265: { engine: 'ffmpeg', codec: 'libx265', core: 'multi-thread', container: 'mp4', alpha: false },
      mov_h265: { engine: 'ffmpeg', codec: 'libx265', core: 'multi-thread', container: 'mov', alpha: false },
      mkv_h265: { engine: 'ffmpeg', codec: 'libx265', core: 'multi-thread', container: 'mkv', alpha: false },
      mov_proresks: { engine: 'ffmpeg', codec: 'prores_ks', core: 'single-thread', container: 'mov', alpha: false },
      gif: { engine: 'ffmpeg', codec: 'gif', core: 'single-thread', container: 'gif', alpha: false },
    });
  });

  test('transparent keeps alpha in the three formats that hold it', () => {
    expect(planEncoder('webm_vp9', true, CHROMIUM)).toMatchObject({ engine: 'webcodecs', alpha: true });
    expect(planEncoder('mov_proresks', true, CHROMIUM)).toMatchObject({ engine: 'ffmpeg', alpha: true });
    expect(planEncoder('gif', true, CHROMIUM)).toMatchObject({ engine: 'ffmpeg', alpha: true });
  });
});

describe('planEncoder where an encoder is missing', () => {
  test('HEVC from WebCodecs is preferred when the browser offers it', () => {
    const env = { ...CHROMIUM, webCodecs: new Set(['avc', 'vp9', 'hevc'] as const) };
    expect(planEncoder('mov_h265', false, env)).toEqual({ engine: 'webcodecs', codec: 'hevc', container: 'mov', alpha: false });
  });

  test('H.264 falls back to ffmpeg libx264 on the single-thread core', () => {
    const env = { webCodecs: new Set<never>(), sharedMemory: false };
    expect(planEncoder('mkv_h264', false, env)).toEqual({ engine: 'ffmpeg', codec: 'libx264', core: 'single-thread', container: 'mkv', alpha: false });
  });

  test('HEVC without shared memory has no encoder (libx265 hangs on the single-thread core)', () => {
    const plan = planEncoder('mp4_h265', false, { webCodecs: new Set(['avc']), sharedMemory: false });
    expect(plan).toEqual({ missing: expect.stringMatching(/mp4_h265 needs HEVC.*SharedArrayBuffer/) });
  });

  test('VP9 without WebCodecs has no encoder (ffmpeg.wasm libvpx-vp9 fails)', () => {
    const plan = planEncoder('webm_vp9', true, { webCodecs: new Set(['avc']), sharedMemory: true });
    expect(plan).toEqual({ missing: expect.stringMatching(/webm_vp9 needs VP9/) });
  });
});

describe('encodedSize', () => {
  test('4:2:0 codecs and ProRes drop an odd last row or column; GIF keeps every pixel', () => {
    expect(encodedSize({ engine: 'webcodecs', codec: 'avc', container: 'mp4', alpha: false }, 321, 241)).toEqual({ width: 320, height: 240 });
    expect(encodedSize({ engine: 'ffmpeg', codec: 'prores_ks', core: 'single-thread', container: 'mov', alpha: true }, 640, 359)).toEqual({ width: 640, height: 358 });
    expect(encodedSize({ engine: 'ffmpeg', codec: 'gif', core: 'single-thread', container: 'gif', alpha: true }, 321, 241)).toEqual({ width: 321, height: 241 });
  });
});

describe('describePlan', () => {
  test('names the engine, codec and container', () => {
    expect(describePlan({ engine: 'webcodecs', codec: 'vp9', container: 'webm', alpha: true })).toBe('webcodecs vp9 (colour + alpha streams) + mediabunny webm');
    expect(describePlan({ engine: 'ffmpeg', codec: 'libx265', core: 'multi-thread', container: 'mp4', alpha: false })).toBe('ffmpeg.wasm multi-thread core: libx265 in mp4');
  });
});
