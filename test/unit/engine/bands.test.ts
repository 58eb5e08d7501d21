// The work after the model, split in two bands of rows, gives exactly the
// pixels of the whole-image pass, wherever the split falls; and without a
// helper worker (Node) the Banded pass is the whole-image one.
import { describe, expect, test } from 'vitest';
import { Banded, foregroundBand, upsampleBand } from '../../../src/engine/bands';
import { DEFAULT_FOREGROUND, estimateForeground, foregroundCoarse } from '../../../src/imaging/foreground';
import { applyGuidedUpsample, guidedCoefficients } from '../../../src/imaging/guided-filter';
import type { Plane, RgbaImage } from '../../../src/imaging/image';
import { stretchAlpha } from '../../../src/imaging/mask';
import { resizePlane, resizeRgbToPlanes } from '../../../src/imaging/resize';

/** A textured frame with a soft-edged disc, and a coarse mask of the disc. */
function scene(width: number, height: number): { image: RgbaImage; mask: Plane } {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = (y * width + x) * 4;
      const inside = Math.hypot(x - width / 2, y - height / 2) < Math.min(width, height) / 3;
      data[p] = inside ? 200 : 60 + ((x * 7 + y * 3) % 50);
      data[p + 1] = inside ? 80 : 90 + ((x * 3) % 40);
      data[p + 2] = inside ? 50 : 120 + ((y * 5) % 30);
      data[p + 3] = 255;
    }
  }
  const side = 32;
  const mask = new Float32Array(side * side);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const d = Math.hypot((x + 0.5) / side - 0.5, ((y + 0.5) / side - 0.5) * (height / width)) - Math.min(1, height / width) / 3;
      mask[y * side + x] = 1 / (1 + Math.exp(d * 60));
    }
  }
  return { image: { data, width, height }, mask: { data: mask, width: side, height: side } };
}

describe('post-model bands', () => {
  const { image, mask } = scene(96, 70);
  const guide = resizeRgbToPlanes(image, 48, 35);
  const coefficients = guidedCoefficients(guide, resizePlane(mask, 48, 35), 2, 1e-3);
  const whole = stretchAlpha(applyGuidedUpsample(coefficients, image), 0.15, 0.85);
  const options = { ...DEFAULT_FOREGROUND, coarseSide: 48, coarseRadius: 6, tile: 16 };

  test.each([16, 32, 48, 64])('alpha in two bands split at row %i equals the whole pass', (middle) => {
    const alpha = new Uint8ClampedArray(image.width * image.height);
    const band = { image, coefficients, alpha, stretch: [0.15, 0.85] as const, ownAlpha: false };
    upsampleBand({ ...band, from: middle, to: image.height });
    upsampleBand({ ...band, from: 0, to: middle });
    expect(alpha).toEqual(whole);
  });

  test.each([16, 48])('foreground colours in two bands split at row %i equal the whole pass', (middle) => {
    const coarse = foregroundCoarse(image, whole, options);
    const top = foregroundBand({ image, alpha: whole, coarse, from: 0, to: middle, options });
    const bottom = foregroundBand({ image, alpha: whole, coarse, from: middle, to: image.height, options });
    const joined = new Uint8ClampedArray(image.width * image.height * 4);
    joined.set(top);
    joined.set(bottom, top.length);
    expect(joined).toEqual(estimateForeground(image, whole, options));
  });

  test('without a helper worker, Banded runs the whole-image pass here', async () => {
    const banded = Banded.for(image);
    const alpha = await banded.alpha(coefficients, [0.15, 0.85], false);
    expect(alpha).toEqual(whole);
    expect(await banded.foreground(alpha, options)).toEqual(estimateForeground(image, whole, options));
  });
});
