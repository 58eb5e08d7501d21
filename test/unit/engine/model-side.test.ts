// modelSideFor: the model side follows the image's long side through a table
// of steps, never above the full side, in either orientation; a size that is
// not an image is refused. The shipped table is whatever eval:sides chose; the
// rule itself is tested on a sample table.
import { describe, expect, test } from 'vitest';
import { FULL_MODEL_SIDE, MODEL_SIDE_STEPS, modelSideFor, SIDES_IN_USE, VIDEO_MODEL_SIDE, type ModelSideStep } from '../../../src/engine/model-side';

const SAMPLE: ModelSideStep[] = [
  { maxLongSide: 400, side: 512 },
  { maxLongSide: 700, side: 768 },
];

describe('the shipped table', () => {
  test('sides are multiples of 32 below the full side, both columns ascending', () => {
    MODEL_SIDE_STEPS.forEach((step, i) => {
      expect(step.side % 32).toBe(0);
      expect(step.side).toBeLessThan(FULL_MODEL_SIDE);
      if (i > 0) {
        expect(step.maxLongSide).toBeGreaterThan(MODEL_SIDE_STEPS[i - 1].maxLongSide);
        expect(step.side).toBeGreaterThan(MODEL_SIDE_STEPS[i - 1].side);
      }
    });
  });

  test('every side in use is kept: the full side first, every step, the video side', () => {
    expect(SIDES_IN_USE[0]).toBe(FULL_MODEL_SIDE);
    for (const step of MODEL_SIDE_STEPS) expect(SIDES_IN_USE).toContain(step.side);
    expect(SIDES_IN_USE).toContain(VIDEO_MODEL_SIDE);
    expect(new Set(SIDES_IN_USE).size).toBe(SIDES_IN_USE.length);
  });

  test('a photo past the last step runs at the full side', () => {
    expect(modelSideFor(4000, 3000)).toBe(FULL_MODEL_SIDE);
    expect(modelSideFor(1024, 1024)).toBe(FULL_MODEL_SIDE);
  });
});

describe('modelSideFor', () => {
  test('each step covers long sides up to its bound, the next one begins right after', () => {
    expect(modelSideFor(1, 1, SAMPLE)).toBe(512);
    expect(modelSideFor(400, 300, SAMPLE)).toBe(512);
    expect(modelSideFor(401, 10, SAMPLE)).toBe(768);
    expect(modelSideFor(700, 700, SAMPLE)).toBe(768);
    expect(modelSideFor(701, 10, SAMPLE)).toBe(FULL_MODEL_SIDE);
  });

  test('an empty table runs everything at the full side', () => {
    expect(modelSideFor(64, 64, [])).toBe(FULL_MODEL_SIDE);
  });

  test('goes by the long side, whichever way the image stands', () => {
    for (const [w, h] of [
      [256, 1280],
      [600, 400],
      [1000, 90],
    ]) {
      expect(modelSideFor(w, h, SAMPLE)).toBe(modelSideFor(h, w, SAMPLE));
      expect(modelSideFor(w, h, SAMPLE)).toBe(modelSideFor(Math.max(w, h), Math.max(w, h), SAMPLE));
    }
  });

  test.each([
    [0, 100],
    [100, -1],
    [Number.NaN, 10],
    [10, Number.POSITIVE_INFINITY],
  ])('refuses %s×%s', (w, h) => {
    expect(() => modelSideFor(w, h)).toThrow(RangeError);
  });
});
