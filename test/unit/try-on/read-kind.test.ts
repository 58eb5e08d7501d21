// readGarmentKind, what the Try-on page shows before a try-on runs: the kind
// `auto` dresses a garment cut-out as (the try-on's own prepareGarment), with
// the outline's reason, and the try-on's own error when there is no garment.
import { describe, expect, test } from 'vitest';
import { ApiError } from '../../../src/api/errors';
import { prepareGarment } from '../../../src/features/try-on/worker/fit';
import type { AlphaMask } from '../../../src/features/try-on/worker/fit-types';
import { readGarmentKind } from '../../../src/features/try-on/worker/read-kind';
import type { RgbaImage } from '../../../src/imaging/image';
import { drawGarment, skirt, strapDress, sweater, trousers, tShirt, type GarmentOutline } from '../../support/garment-outlines';

/** A cut-out as the page's task reads it: a plain fabric colour with the mask as alpha. */
function cutOut(mask: AlphaMask): RgbaImage {
  const data = new Uint8ClampedArray(mask.width * mask.height * 4);
  for (let i = 0; i < mask.data.length; i++) data.set([70, 90, 160, mask.data[i]], i * 4);
  return { data, width: mask.width, height: mask.height };
}

const laidFlat = (outline: GarmentOutline) => ({ image: cutOut(drawGarment(outline, { height: 240 }).mask), landmarks: null });

describe('readGarmentKind', () => {
  for (const outline of [tShirt(40), sweater(), trousers(), skirt(), strapDress()]) {
    test(`${outline.name} laid flat reads as ${outline.kind}, the kind a job in auto dresses it as, with the reason`, () => {
      const garment = laidFlat(outline);
      const { kind, reason } = readGarmentKind(garment);
      expect(kind, reason).toBe(outline.kind);
      expect(kind).toBe(prepareGarment(garment, 'auto').kind);
      expect(reason.length).toBeGreaterThan(10);
    });
  }

  test('the reason names what the outline showed', () => {
    expect(readGarmentKind(laidFlat(trousers())).reason).toMatch(/two legs/);
    expect(readGarmentKind(laidFlat(skirt())).reason).toMatch(/skirt/);
  });

  test('no garment to take: the try-on’s own invalid_parameter, naming the garment photo', () => {
    const empty = { image: cutOut({ data: new Uint8ClampedArray(200 * 200), width: 200, height: 200 }), landmarks: null };
    let thrown: unknown;
    try {
      readGarmentKind(empty);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ApiError);
    expect(thrown).toMatchObject({ code: 'invalid_parameter', message: expect.stringMatching(/^garment_image: /) });
  });
});
