import { describe, expect, test } from 'vitest';
import { compositeOverColor } from '../../../src/imaging/composite';

describe('compositeOverColor', () => {
  const px = (...rgba: number[]) => new Uint8ClampedArray(rgba);

  test('opaque foreground stays, transparent becomes the colour, and alpha is 255 everywhere', () => {
    const out = compositeOverColor(px(10, 20, 30, 255, 99, 99, 99, 0), [0, 255, 0]);
    expect([...out]).toEqual([10, 20, 30, 255, 0, 255, 0, 255]);
  });

  test('half alpha mixes foreground and colour half and half', () => {
    const out = compositeOverColor(px(200, 100, 0, 128), [0, 0, 200]);
    const a = 128 / 255;
    expect([...out]).toEqual([Math.round(200 * a), Math.round(100 * a), Math.round(200 * (1 - a)), 255]);
  });
});
