// Occlusion ordering: layers stack in order, a mask cuts a layer, and
// straight-alpha "over" is exact on half-transparent pixels.
import { describe, expect, test } from 'vitest';
import type { RgbaImage } from '../../../src/imaging/image';
import { layerOver } from '../../../src/imaging/layering';

const solid = (rgba: [number, number, number, number], width = 2, height = 1): RgbaImage => {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let p = 0; p < data.length; p += 4) data.set(rgba, p);
  return { data, width, height };
};

const pixel = (image: RgbaImage, i: number) => Array.from(image.data.subarray(i * 4, i * 4 + 4));

describe('layerOver', () => {
  const person = solid([200, 150, 100, 255]);
  const garment = solid([0, 0, 255, 255]);
  const arm = solid([255, 0, 0, 255]);

  test('order matters: the last layer is on top', () => {
    expect(pixel(layerOver(person, [{ image: garment }, { image: arm }]), 0)).toEqual([255, 0, 0, 255]);
    expect(pixel(layerOver(person, [{ image: arm }, { image: garment }]), 0)).toEqual([0, 0, 255, 255]);
  });

  test('a mask cuts a layer where it is 0 and keeps it where it is 255', () => {
    const out = layerOver(person, [{ image: garment, mask: Uint8ClampedArray.from([255, 0]) }]);
    expect(pixel(out, 0)).toEqual([0, 0, 255, 255]);
    expect(pixel(out, 1)).toEqual([200, 150, 100, 255]);
  });

  test('a half mask and a half-transparent layer multiply', () => {
    // Alpha 255 × mask 128 and alpha 128 × mask 255 both cover about half.
    const masked = layerOver(person, [{ image: garment, mask: Uint8ClampedArray.from([128, 128]) }]);
    const faint = layerOver(person, [{ image: solid([0, 0, 255, 128]) }]);
    // 0.502 of blue over 0.498 of the person: (100, 75, 178).
    expect(pixel(masked, 0)).toEqual([100, 75, 178, 255]);
    expect(pixel(faint, 0)).toEqual([100, 75, 178, 255]);
  });

  test('over a half-transparent base, straight alpha is un-premultiplied', () => {
    // Red at α 128 over blue at α 128: α = 0.502 + 0.502·0.498 = 0.752 → 192;
    // colour = (0.502·red + 0.250·blue) / 0.752 → (170, 0, 85).
    const out = layerOver(solid([0, 0, 255, 128]), [{ image: solid([255, 0, 0, 128]) }]);
    expect(pixel(out, 0)).toEqual([170, 0, 85, 192]);
  });

  test('a fully transparent layer leaves the base untouched, and the base is not modified', () => {
    const base = solid([10, 20, 30, 40]);
    const out = layerOver(base, [{ image: solid([255, 255, 255, 0]) }]);
    expect(pixel(out, 0)).toEqual([10, 20, 30, 40]);
    layerOver(base, [{ image: arm }]);
    expect(pixel(base, 0)).toEqual([10, 20, 30, 40]);
  });

  test('refuses a layer of another size', () => {
    expect(() => layerOver(person, [{ image: solid([0, 0, 0, 255], 3, 1) }])).toThrow(/layer/);
  });
});
