// grownOverPerson grows a mask over the person by a box mean taken only about
// the mask: it must equal the same rule applied to the whole image.
import { describe, expect, test } from 'vitest';
import { boxMean } from '../../../src/imaging/box-filter';
import { grownOverPerson } from '../../../src/features/try-on/worker/person-masks';

const W = 90;
const H = 70;

/** The rule over the whole image: a box mean of the mask above 0.02, on the person. */
function wholeImage(mask: Uint8ClampedArray, alpha: Uint8ClampedArray, radius: number): Uint8ClampedArray {
  const grown = boxMean({ data: Float32Array.from(mask, (v) => v / 255), width: W, height: H }, radius);
  return Uint8ClampedArray.from(mask, (v, i) => (v || (grown.data[i] > 0.02 && alpha[i] >= 128) ? 255 : v));
}

describe('grownOverPerson', () => {
  // The person: everything but a band on the left.
  const alpha = Uint8ClampedArray.from({ length: W * H }, (_, i) => (i % W < 10 ? 0 : 255));
  const cases: [string, [number, number][]][] = [
    ['a blob in the middle', [[40, 30], [41, 30], [41, 31], [42, 32]]],
    ['blobs at two corners (a box across the image, clipped at its edges)', [[1, 1], [2, 1], [88, 68], [87, 68], [88, 67]]],
    ['a single pixel (under the threshold at this radius)', [[50, 50]]],
  ];
  for (const [name, pixels] of cases) {
    for (const radius of [1, 3, 6]) {
      test(`${name}, radius ${radius}: as the whole image's box mean gives`, () => {
        const mask = new Uint8ClampedArray(W * H);
        for (const [x, y] of pixels) mask[y * W + x] = 255;
        expect(grownOverPerson(mask, { data: alpha, width: W, height: H }, radius)).toEqual(wholeImage(mask, alpha, radius));
      });
    }
  }

  test('an empty mask stays empty', () => {
    expect(grownOverPerson(new Uint8ClampedArray(W * H), { data: alpha, width: W, height: H }, 4).every((v) => v === 0)).toBe(true);
  });

  test('it grows, and only over the person', () => {
    const mask = new Uint8ClampedArray(W * H);
    for (let y = 20; y < 24; y++) for (let x = 10; x < 14; x++) mask[y * W + x] = 255;
    const grown = grownOverPerson(mask, { data: alpha, width: W, height: H }, 3);
    expect(grown[22 * W + 15]).toBe(255);
    expect(grown[22 * W + 8]).toBe(0);
  });
});
