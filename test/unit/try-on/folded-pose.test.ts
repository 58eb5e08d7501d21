// A pose folded onto the body's midline (shoulders a third of their span
// apart, hips on top of each other, both knees on one line) opened out again
// from the torso's length and the person's silhouette; a pose that is not
// folded is left as it is.
import { describe, expect, test } from 'vitest';
import type { BodyKeypoints, BodyPointName } from '../../../src/features/try-on/worker/body';
import { openFoldedPose } from '../../../src/features/try-on/worker/folded-pose';
import type { AlphaMask } from '../../../src/features/try-on/worker/fit-types';

const WIDTH = 200;
const HEIGHT = 400;

function body(points: Record<BodyPointName, [number, number]>): BodyKeypoints {
  return Object.fromEntries(Object.entries(points).map(([name, [x, y]]) => [name, { x, y, visibility: 0.9 }])) as BodyKeypoints;
}

/** A standing person facing the camera: torso x 55–145 from y 60 to 200, legs x 75–95 and 105–125 from there to y 370. */
function silhouette(): AlphaMask {
  const data = new Uint8ClampedArray(WIDTH * HEIGHT);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const torso = y >= 60 && y < 200 && x >= 55 && x < 145;
      const leg = y >= 200 && y < 370 && ((x >= 75 && x < 95) || (x >= 105 && x < 125));
      if (torso || leg) data[y * WIDTH + x] = 255;
    }
  }
  return { data, width: WIDTH, height: HEIGHT };
}

const facing: Record<BodyPointName, [number, number]> = {
  nose: [100, 40],
  earLeft: [94, 38],
  earRight: [106, 38],
  shoulderLeft: [62, 70],
  shoulderRight: [138, 70],
  elbowLeft: [50, 130],
  elbowRight: [150, 130],
  wristLeft: [66, 180],
  wristRight: [134, 180],
  handLeft: [66, 195],
  handRight: [134, 195],
  hipLeft: [80, 190],
  hipRight: [120, 190],
  kneeLeft: [85, 280],
  kneeRight: [115, 280],
  ankleLeft: [85, 360],
  ankleRight: [115, 360],
};

describe('openFoldedPose', () => {
  test('a pose facing the camera is left as it is', () => {
    const pose = body(facing);
    expect(openFoldedPose(pose, silhouette())).toBe(pose);
  });

  test('folded shoulders, hips and legs are opened out: shoulders at a usual span on the same middle, hips under them, knees and ankles on the two legs', () => {
    const folded = body({
      ...facing,
      shoulderLeft: [92, 70],
      shoulderRight: [110, 72],
      hipLeft: [99, 190],
      hipRight: [103, 190],
      kneeLeft: [101, 280],
      kneeRight: [100, 281],
      ankleLeft: [99, 360],
      ankleRight: [102, 360],
    });
    const open = openFoldedPose(folded, silhouette());
    const span = open.shoulderRight.x - open.shoulderLeft.x;
    expect(span).toBeGreaterThan(0.6 * 120);
    expect(span).toBeLessThan(0.75 * 120);
    expect((open.shoulderLeft.x + open.shoulderRight.x) / 2).toBeCloseTo(101, 0);
    const hips = open.hipRight.x - open.hipLeft.x;
    expect(hips / span).toBeGreaterThan(0.45);
    expect(hips / span).toBeLessThan(0.65);
    for (const joint of ['knee', 'ankle'] as const) {
      expect(open[`${joint}Left`].x).toBeGreaterThan(80);
      expect(open[`${joint}Left`].x).toBeLessThan(90);
      expect(open[`${joint}Right`].x).toBeGreaterThan(110);
      expect(open[`${joint}Right`].x).toBeLessThan(120);
    }
  });

  test('ankles crossed over the midline where the silhouette shows two legs apart are put on them', () => {
    const crossed = body({ ...facing, ankleLeft: [112, 360], ankleRight: [88, 358] });
    const open = openFoldedPose(crossed, silhouette());
    expect(open.ankleLeft.x).toBeGreaterThan(80);
    expect(open.ankleLeft.x).toBeLessThan(90);
    expect(open.ankleRight.x).toBeGreaterThan(110);
    expect(open.ankleRight.x).toBeLessThan(120);
  });

  test('legs folded onto one line stay there when the silhouette shows one run (a long skirt)', () => {
    const mask = silhouette();
    for (let y = 200; y < 370; y++) for (let x = 55; x < 145; x++) mask.data[y * WIDTH + x] = 255;
    const folded = body({ ...facing, kneeLeft: [101, 280], kneeRight: [100, 281] });
    const open = openFoldedPose(folded, mask);
    expect(open.kneeLeft.x).toBe(101);
    expect(open.kneeRight.x).toBe(100);
  });
});
