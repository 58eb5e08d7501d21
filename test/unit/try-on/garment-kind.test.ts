// classifyGarment reads top / bottom / dress off the silhouette alone;
// garmentMaskProblem turns away masks that cannot be one garment;
// mendGarmentMatte fills the bites a background remover took out of one.
import { describe, expect, test } from 'vitest';
import { classifyGarment } from '../../../src/features/try-on/worker/garment-class';
import { garmentMaskProblem, mendGarmentMatte } from '../../../src/features/try-on/worker/garment-kind';
import type { AlphaMask } from '../../../src/features/try-on/worker/fit-types';
import { DRAWINGS, drawGarment, everyGarment, rasterise, shorts, skirt, sleevedDress, sleevelessDress, strapDress, sweater, trousers, tShirt } from '../../support/garment-outlines';

function blankMask(width: number, height: number, fill = 0): AlphaMask {
  return { data: new Uint8ClampedArray(width * height).fill(fill), width, height };
}

function squaresMask(width: number, height: number, squares: readonly [number, number, number][]): AlphaMask {
  const mask = blankMask(width, height);
  for (const [left, top, size] of squares) {
    for (let y = top; y < top + size; y++) mask.data.fill(255, y * width + left, y * width + left + size);
  }
  return mask;
}

/** A small seeded generator, so the noise is the same every run. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const drawn = everyGarment().flatMap((outline) => DRAWINGS.map((drawing) => ({ outline, drawing, mask: drawGarment(outline, drawing).mask })));

describe('classifyGarment', () => {
  for (const { outline, drawing, mask } of drawn) {
    test(`${outline.name}, ${drawing.height} px tilted ${drawing.tiltDegrees ?? 0}°, is ${outline.kind}`, () => {
      const { kind, reason } = classifyGarment(mask);
      expect(kind, reason).toBe(outline.kind);
      expect(reason.length).toBeGreaterThan(10);
    });
  }

  test('the reason names what it saw', () => {
    const reasonFor = (outline: ReturnType<typeof trousers>) => classifyGarment(drawGarment(outline, { height: 240 }).mask).reason;
    expect(reasonFor(trousers())).toMatch(/two legs/);
    expect(reasonFor(shorts())).toMatch(/two legs/);
    expect(reasonFor(skirt())).toMatch(/skirt/);
    expect(reasonFor(strapDress())).toMatch(/dress/);
    expect(reasonFor(sleevedDress(35))).toMatch(/sleeves .*dress/);
  });

  // A dress is a garment with shoulders and a hem below the hips, whatever its neckline or length: a shallow
  // boat neckline on a maxi dress is still a neckline (it dips a fair share of the span between the shoulders).
  for (const dress of [
    sleevelessDress(),
    sleevelessDress({ hemY: 0.85, hemHalf: 0.4 }),
    sleevelessDress({ hemY: 1.3 }),
    sleevelessDress({ hemY: 1.6, hemHalf: 0.35 }),
    sleevelessDress({ strapOuter: 0.18, neckHalf: 0.15, neckDepth: 0.03, hemY: 1.6 }),
    sleevelessDress({ strapOuter: 0.18, neckHalf: 0.15, neckDepth: 0.03, hemY: 1 }),
    sleevelessDress({ strapOuter: 0.12, neckHalf: 0.07, neckDepth: 0.18, hemY: 1.3, hemHalf: 0.3 }),
  ]) {
    test(`${dress.name} is a dress`, () => {
      for (const drawing of [{ height: 560 }, { height: 400, tiltDegrees: 4 }]) {
        const { kind, reason } = classifyGarment(drawGarment(dress, drawing).mask);
        expect(kind, reason).toBe('full');
      }
    });
  }

  test('a dress whose straps the mask lost is still a dress: its bodice narrows to a waist', () => {
    // 100 wide at the bust, 84 at the waist a third of the way down (too little for sleeves), flaring to 170 at the hem 300 rows below.
    const mask = blankMask(200, 320);
    for (let y = 10; y < 310; y++) {
      const t = (y - 10) / 300;
      const half = t < 0.33 ? 50 - 8 * (t / 0.33) : 42 + 43 * ((t - 0.33) / 0.67);
      mask.data.fill(255, y * 200 + Math.round(100 - half), y * 200 + Math.round(100 + half));
    }
    const { kind, reason } = classifyGarment(mask);
    expect(kind, reason).toBe('full');
    expect(reason).toMatch(/dress/);
  });

  test('a top with a pocket the mask dropped is no pair of legs: a gap between legs is open at the hem', () => {
    // A kangaroo pocket in a contrasting colour: the background remover cut it out, leaving a hole above a strip of hem.
    const { mask } = drawGarment(sweater(), { height: 240 });
    const middle = Math.round(mask.width / 2);
    for (let y = Math.round(12 + 0.62 * 240); y < 12 + 0.94 * 240; y++) mask.data.fill(0, y * mask.width + middle - 45, y * mask.width + middle + 45);
    const { kind, reason } = classifyGarment(mask);
    expect(kind, reason).toBe('upper');
  });

  test('an empty mask cannot be classified', () => {
    expect(() => classifyGarment(blankMask(50, 50))).toThrow(RangeError);
  });
});

describe('garmentMaskProblem', () => {
  test('accepts every drawn garment', () => {
    for (const { outline, mask } of drawn) expect(garmentMaskProblem(mask), outline.name).toBeNull();
  });

  test('an empty mask', () => {
    expect(garmentMaskProblem(blankMask(300, 300))).toMatch(/empty/);
  });

  test('a garment under 2% of the image', () => {
    expect(garmentMaskProblem(squaresMask(300, 300, [[100, 100, 40]]))).toMatch(/under 2%/);
    expect(garmentMaskProblem(squaresMask(300, 300, [[100, 100, 44]]))).toBeNull();
  });

  test('a mask covering the whole frame: the background was kept', () => {
    expect(garmentMaskProblem(blankMask(300, 300, 255))).toMatch(/border/);
    const almost = blankMask(300, 300, 255);
    almost.data.fill(0, 0, 300 * 20);
    expect(garmentMaskProblem(almost)).toMatch(/border/);
  });

  test('a garment trimmed to its own edges is no kept background', () => {
    const { mask } = drawGarment(trousers(), { height: 240, margin: 0 });
    expect(garmentMaskProblem(mask)).toBeNull();
  });

  test('several pieces of similar size', () => {
    const grid: [number, number, number][] = [];
    for (let row = 0; row < 3; row++) for (let column = 0; column < 3; column++) grid.push([30 + 90 * column, 30 + 90 * row, 50]);
    expect(garmentMaskProblem(squaresMask(300, 300, grid))).toMatch(/9 separate pieces/);
    expect(garmentMaskProblem(squaresMask(300, 300, [[20, 20, 150], [200, 200, 30], [250, 30, 20]]))).toBeNull();
  });

  test('noise', () => {
    const random = seededRandom(7);
    for (const density of [0.2, 0.5, 0.8]) {
      const noise: AlphaMask = { data: Uint8ClampedArray.from({ length: 200 * 200 }, () => (random() < density ? 255 : 0)), width: 200, height: 200 };
      expect(garmentMaskProblem(noise), `density ${density}`).not.toBeNull();
    }
  });

  test('a garment riddled with holes', () => {
    const { mask } = drawGarment(skirt(), { height: 240 });
    const random = seededRandom(3);
    for (let i = 0; i < mask.data.length; i++) if (random() < 0.35) mask.data[i] = 0;
    expect(garmentMaskProblem(mask)).toMatch(/holes/);
  });

  test('soft alpha counts from half opacity', () => {
    const triangle = [[{ x: 20, y: 20 }, { x: 180, y: 20 }, { x: 100, y: 180 }]];
    const faint: AlphaMask = { data: rasterise(triangle, 200, 200).map((a) => a * 0.45), width: 200, height: 200 };
    expect(garmentMaskProblem(faint)).toMatch(/empty/);
  });
});

describe('mendGarmentMatte', () => {
  // A tee whose every other 8-row stripe the remover dropped (a print of the backdrop's colour) from its top to
  // its hem, all but a rim of 4 px at its sides, which the remover kept with the garment's outline.
  const { mask } = drawGarment(tShirt(30), { height: 200 });
  const { width } = mask;
  const whole = Uint8ClampedArray.from(mask.data);
  const rows = [...new Set([...whole.keys()].filter((i) => whole[i] >= 128).map((i) => Math.floor(i / width)))];
  const [top, bottom] = [Math.min(...rows), Math.max(...rows)];
  const bitten: AlphaMask = { ...mask, data: Uint8ClampedArray.from(whole) };
  for (let y = top + 12; y < bottom - 12; y++) {
    if (Math.floor((y - top) / 8) % 2 === 0) continue;
    const inside = [...Array(width).keys()].filter((x) => whole[y * width + x] >= 128);
    for (let x = Math.min(...inside) + 4; x <= Math.max(...inside) - 4; x++) bitten.data[y * width + x] = 0;
  }

  test('the dropped stripes are refused as they come, and dressed once mended', () => {
    expect(garmentMaskProblem(bitten)).not.toBeNull();
    expect(garmentMaskProblem({ ...bitten, data: mendGarmentMatte(bitten) })).toBeNull();
  });

  test("mended pixels are opaque; the garment's own soft edge and the backdrop are left as they were", () => {
    const mended = mendGarmentMatte(bitten);
    let filled = 0;
    for (let i = 0; i < mended.length; i++) {
      if (bitten.data[i] >= 128 || whole[i] === 0) expect(mended[i], `pixel ${i}`).toBe(bitten.data[i]);
      if (whole[i] === 255 && bitten.data[i] === 0 && mended[i] === 255) filled++;
    }
    const dropped = bitten.data.reduce((n, a, i) => n + (whole[i] === 255 && a === 0 ? 1 : 0), 0);
    expect(filled / dropped).toBeGreaterThan(0.95);
  });

  test('a whole garment is left as it is', () => {
    expect(mendGarmentMatte(mask)).toEqual(mask.data);
  });
});
