// Reading and writing the eval's images in Node: POV-Ray's PNGs as RGBA,
// label renders as one byte a pixel, and PNGs written for sheets and checks.
import { readFileSync, writeFileSync } from 'node:fs';
import type { RgbaImage } from '../../../src/imaging/image';
import { encodePng } from '../../../src/imaging/png-encode';
import { readPng } from '../png-read.mjs';

export function readRgba(file: string): RgbaImage {
  const png = readPng(readFileSync(file));
  const { width, height, channels, samples, maxValue } = png as { width: number; height: number; channels: number; samples: ArrayLike<number>; maxValue: number };
  const data = new Uint8ClampedArray(width * height * 4);
  const k = 255 / maxValue;
  for (let i = 0; i < width * height; i++) {
    for (let c = 0; c < 3; c++) data[i * 4 + c] = samples[i * channels + (channels >= 3 ? c : 0)] * k;
    data[i * 4 + 3] = channels === 4 || channels === 2 ? samples[i * channels + channels - 1] * k : 255;
  }
  return { data, width, height };
}

/** A label render's red channel. */
export function readLabels(file: string): { data: Uint8Array; width: number; height: number } {
  const image = readRgba(file);
  const data = new Uint8Array(image.width * image.height);
  for (let i = 0; i < data.length; i++) data[i] = image.data[i * 4];
  return { data, width: image.width, height: image.height };
}

export async function writePng(file: string, image: RgbaImage): Promise<void> {
  writeFileSync(file, Buffer.from(await (await encodePng(image.data, image.width, image.height)).arrayBuffer()));
}

/** Draws a filled dot (for checks and sheets). */
export function dot(image: RgbaImage, x: number, y: number, radius: number, colour: readonly [number, number, number]): void {
  for (let dy = -radius; dy <= radius; dy++) {
    for (let dx = -radius; dx <= radius; dx++) {
      if (dx * dx + dy * dy > radius * radius) continue;
      const px = Math.round(x + dx);
      const py = Math.round(y + dy);
      if (px < 0 || py < 0 || px >= image.width || py >= image.height) continue;
      image.data.set([...colour, 255], (py * image.width + px) * 4);
    }
  }
}
