// image_transform → the product's pixel box: scale 1 spans the canvas with
// the longest edge, the centre lands on the canvas fractions given.
import { describe, expect, test } from 'vitest';
import { placementBox } from '../../../src/imaging/placement';

const canvas = { width: 1024, height: 1024 };

describe('placementBox', () => {
  test('scale 1 makes the longest edge span the canvas, keeping the aspect ratio', () => {
    expect(placementBox({ width: 200, height: 400 }, { scale: 1, xCenter: 0.5, yCenter: 0.5 }, canvas)).toEqual({ x: 256, y: 0, width: 512, height: 1024 });
    expect(placementBox({ width: 300, height: 150 }, { scale: 1, xCenter: 0.5, yCenter: 0.5 }, canvas)).toEqual({ x: 0, y: 256, width: 1024, height: 512 });
  });

  test('scale and centre move and size the box', () => {
    const box = placementBox({ width: 100, height: 100 }, { scale: 0.25, xCenter: 0.25, yCenter: 0.75 }, canvas);
    expect(box).toEqual({ x: 128, y: 640, width: 256, height: 256 });
    expect(box.x + box.width / 2).toBe(256);
    expect(box.y + box.height / 2).toBe(768);
  });

  test('the box may reach past the canvas, and never shrinks below a pixel', () => {
    expect(placementBox({ width: 100, height: 50 }, { scale: 2, xCenter: 0, yCenter: 1 }, canvas)).toEqual({ x: -1024, y: 512, width: 2048, height: 1024 });
    expect(placementBox({ width: 1000, height: 1 }, { scale: 0.05, xCenter: 0.5, yCenter: 0.5 }, canvas).height).toBe(1);
  });
});
