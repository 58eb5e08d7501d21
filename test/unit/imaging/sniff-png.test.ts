// Image headers are read without decoding; our PNG encoder writes what a
// decoder reads back, byte for byte, alpha included — our own decoder and an
// independent one (ffmpeg's), so a bug shared by both of ours cannot hide.
import { execFileSync } from 'node:child_process';
import { describe, expect, test } from 'vitest';
import { encodePng, PngEncoder } from '../../../src/imaging/png-encode';
import { sniffImage } from '../../../src/imaging/sniff';
import { decodePng } from '../../support/png-decode';

describe('sniffImage', () => {
  test('PNG: size and alpha from IHDR', async () => {
    const png = new Uint8Array(await (await encodePng(new Uint8ClampedArray(300 * 200 * 4), 300, 200)).arrayBuffer());
    expect(sniffImage(png)).toEqual({ format: 'png', width: 300, height: 200, hasAlpha: true });
  });

  test('JPEG: size from the SOF marker after an APP segment', () => {
    const jpeg = new Uint8Array([
      0xff, 0xd8, 0xff, 0xe0, 0x00, 0x06, 0x4a, 0x46, 0x49, 0x46,
      0xff, 0xc0, 0x00, 0x11, 0x08, 0x01, 0xe0, 0x02, 0x80, 0x03, 0, 0, 0, 0, 0, 0,
    ]);
    expect(sniffImage(jpeg)).toEqual({ format: 'jpeg', width: 640, height: 480, hasAlpha: false });
  });

  test('WebP VP8X with alpha', () => {
    const webp = new Uint8Array(30);
    webp.set(new TextEncoder().encode('RIFF'), 0);
    webp.set(new TextEncoder().encode('WEBPVP8X'), 8);
    webp[20] = 0x10;
    webp[24] = 99; // width − 1 = 99
    webp[27] = 49; // height − 1 = 49
    expect(sniffImage(webp)).toEqual({ format: 'webp', width: 100, height: 50, hasAlpha: true });
  });

  test.each([
    ['GIF', 'GIF89a\x10\x00\x10\x00', 'gif'],
    ['SVG', '<svg xmlns="http://www.w3.org/2000/svg"></svg>', 'svg'],
    ['TIFF', 'II*\x00....', 'tiff'],
  ])('%s is recognised (and refused later)', (_, text, format) => {
    expect(sniffImage(new Uint8Array([...text].map((c) => c.charCodeAt(0))))?.format).toBe(format);
  });

  test('text is not an image', () => {
    expect(sniffImage(new TextEncoder().encode('hello, world'))).toBeNull();
  });
});

describe('encodePng', () => {
  test('round-trips straight RGBA, faint edge colours included', async () => {
    const width = 37;
    const height = 23;
    const data = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < data.length; i++) data[i] = (i * 7919) % 256;
    const png = new Uint8Array(await (await encodePng(data, width, height)).arrayBuffer());
    const decoded = decodePng(png);
    expect(decoded.width).toBe(width);
    expect(decoded.height).toBe(height);
    expect(Array.from(decoded.data)).toEqual(Array.from(data));
  });

  test("ffmpeg's PNG decoder reads back the same straight RGBA", async () => {
    const width = 41;
    const height = 17;
    const data = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < data.length; i++) data[i] = (i * 104729 + (i >> 2)) % 256;
    const png = Buffer.from(await (await encodePng(data, width, height)).arrayBuffer());
    const raw = execFileSync('ffmpeg', ['-v', 'error', '-f', 'png_pipe', '-i', '-', '-f', 'rawvideo', '-pix_fmt', 'rgba', '-'], { input: png });
    expect(raw.length).toBe(width * height * 4);
    expect(Array.from(raw)).toEqual(Array.from(data));
  });

  test('written band by band as rows become final, it is the same file', async () => {
    const width = 29;
    const height = 31;
    const data = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < data.length; i++) data[i] = (i * 31 + (i >> 3)) % 256;
    const whole = new Uint8Array(await (await encodePng(data, width, height)).arrayBuffer());
    const encoder = new PngEncoder(data, width, height);
    for (const upTo of [1, 1, 12, 30, 31]) encoder.rowsReady(upTo);
    expect(new Uint8Array(await (await encoder.finish()).arrayBuffer())).toEqual(whole);
  });

  test('an encoder asked to finish before its last row says so', async () => {
    const encoder = new PngEncoder(new Uint8ClampedArray(4 * 4 * 4), 4, 4);
    encoder.rowsReady(2);
    await expect(encoder.finish()).rejects.toThrow('the PNG has 2 of its 4 rows');
  });
});
