// The finishing after the model (shadow, crop, margins) refuses an output over
// the ceiling with the size it would have had, before it allocates it: the
// route's bound covers the API, this covers the studio's previews and a shadow
// that reaches past the image.
import { describe, expect, test } from 'vitest';
import { ApiError } from '../../../src/api/errors';
import { RAW_CUTOUT } from '../../../src/features/remove-background/shared/meta';
import { finishCutout } from '../../../src/features/remove-background/worker/pipeline';
import type { RgbaImage } from '../../../src/imaging/image';

/** A 100×100 cut-out whose subject is an opaque 20×30 block. */
function cutout(): RgbaImage {
  const width = 100;
  const height = 100;
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 40; y < 70; y++) for (let x = 40; x < 60; x++) data.set([200, 40, 40, 255], (y * width + x) * 4);
  return { data, width, height };
}

const px = (value: number) => ({ unit: 'px' as const, value });

describe('finishCutout', () => {
  test('a crop with margins inside the ceiling is the subject plus margins', () => {
    const out = finishCutout(cutout(), { ...RAW_CUTOUT, crop: true, margins: { top: px(5), right: px(5), bottom: px(5), left: px(5) } });
    expect([out.width, out.height]).toEqual([30, 40]);
  });

  test('margins that would make it over 8000×8000 px: invalid_parameter with the size, not a crash', () => {
    const huge = { top: px(100_000), right: px(100_000), bottom: px(100_000), left: px(100_000) };
    let thrown: unknown;
    try {
      finishCutout(cutout(), { ...RAW_CUTOUT, crop: true, margins: huge });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ApiError);
    expect(thrown).toMatchObject({ code: 'invalid_parameter', message: expect.stringContaining('200020×200030 px') });
  });
});
