// NCHW ↔ NHWC index maps: the input reorder the LiteRT segmenter does per run,
// and the axis map a Concat needs.
import { describe, expect, test } from 'vitest';
import { chwToHwc, nhwcAxis, nhwcShape } from '../../../../src/engine/tflite/layout';

describe('layout', () => {
  test('chwToHwc interleaves the channel planes, into a reused buffer', () => {
    // 2 channels of 1×3: [r0 r1 r2 | g0 g1 g2] → [r0 g0 r1 g1 r2 g2]
    const out = new Float32Array(6);
    expect([...chwToHwc(Float32Array.from([1, 2, 3, 10, 20, 30]), 2, 1, 3, out)]).toEqual([1, 10, 2, 20, 3, 30]);
    expect(out[1]).toBe(10);
  });

  test('NCHW axes and shapes in NHWC', () => {
    expect([0, 1, 2, 3, -3, -1].map((a) => nhwcAxis(a, 4))).toEqual([0, 3, 1, 2, 3, 2]);
    expect(nhwcShape([1, 3, 64, 32])).toEqual([1, 64, 32, 3]);
    expect(() => nhwcAxis(0, 2)).toThrow(/only 4-D/);
  });
});
