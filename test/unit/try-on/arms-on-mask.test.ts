// The arms read off the silhouette: where an arm hangs against the torso's
// side and the torso (a wide top, puffed shorts) stands out past the
// standard torso's band, the silhouette's room runs on down the torso's side
// past the hand. Its far end must still be the fingertips, beyond the pose's
// wrist, and the pose's arm on it kept.
import { describe, expect, test } from 'vitest';
import type { BodyKeypoints, BodyPointName } from '../../../src/features/try-on/worker/body';
import { bodyFrame } from '../../../src/features/try-on/worker/body-frame';
import { armsOnMask, silhouetteArms } from '../../../src/features/try-on/worker/arms-on-mask';
import type { Point } from '../../../src/features/try-on/worker/fit-types';

const W = 300;
const H = 420;
const SKIN = [205, 150, 118];
const CLOTH = [40, 44, 52];

function capsuleDistance(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const t = Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy || 1)));
  return Math.hypot(p.x - a.x - dx * t, p.y - a.y - dy * t);
}

interface Drawn {
  /** The image-right arm's drawn joints, shoulder to fingertips, and the pose's reading of its elbow, wrist and hand. */
  right: Point[];
  pose: { elbow: Point; wrist: Point; hand: Point };
  /** The torso's half-width and bottom. */
  torsoHalf: number;
  torsoBottom: number;
}

/** Image-right arm hanging against a torso that stands out past the band down to the thighs. */
const HANGING: Drawn = {
  right: [
    { x: 180, y: 100 },
    { x: 192, y: 150 },
    { x: 198, y: 195 },
    { x: 200, y: 220 },
  ],
  pose: { elbow: { x: 192, y: 150 }, wrist: { x: 198, y: 195 }, hand: { x: 199, y: 208 } },
  torsoHalf: 42,
  torsoBottom: 250,
};

/** A person facing the camera; the image-left arm hangs clear of the torso. */
function scene(drawn: Drawn) {
  const at = (x: number, y: number) => ({ x, y, visibility: 0.99 });
  const points: Record<BodyPointName, { x: number; y: number; visibility: number }> = {
    nose: at(150, 62),
    earLeft: at(136, 58),
    earRight: at(164, 58),
    shoulderLeft: at(120, 100),
    shoulderRight: at(180, 100),
    elbowLeft: at(96, 150),
    elbowRight: at(drawn.pose.elbow.x, drawn.pose.elbow.y),
    wristLeft: at(88, 195),
    wristRight: at(drawn.pose.wrist.x, drawn.pose.wrist.y),
    handLeft: at(86, 208),
    handRight: at(drawn.pose.hand.x, drawn.pose.hand.y),
    hipLeft: at(130, 190),
    hipRight: at(170, 190),
    kneeLeft: at(136, 300),
    kneeRight: at(164, 300),
    ankleLeft: at(138, 400),
    ankleRight: at(162, 400),
  };
  const body = points as BodyKeypoints;
  const right = drawn.right;
  const left = [at(120, 100), at(96, 150), at(88, 195), at(85, 220)];
  const alpha = new Uint8ClampedArray(W * H);
  const data = new Uint8ClampedArray(W * H * 4);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const p = { x, y };
      const head = Math.hypot(x - 150, y - 62) < 22;
      const torso = Math.abs(x - 150) <= drawn.torsoHalf && y >= 92 && y <= drawn.torsoBottom;
      const arm = (path: Point[]) => path.slice(1).some((b, k) => capsuleDistance(p, path[k], b) <= 7.5);
      const legs = y > 180 && y < 405 && ((x >= 124 && x <= 148) || (x >= 152 && x <= 176));
      const neck = x >= 140 && x <= 160 && y >= 80 && y <= 95;
      if (!(head || torso || arm(right) || arm(left) || legs || neck)) continue;
      const i = y * W + x;
      alpha[i] = 255;
      const colour = torso && !arm(right) && !arm(left) ? CLOTH : SKIN;
      data.set([...colour, 255], i * 4);
    }
  }
  return { body, image: { data, width: W, height: H }, mask: { data: alpha, width: W, height: H } };
}

describe('arms read off the silhouette', () => {
  test('an arm hanging against a torso that stands out past the band ends at its fingertips, and the pose’s wrist on it is kept', () => {
    const { body, image, mask } = scene(HANGING);
    const frame = bodyFrame(body);
    const [, right] = silhouetteArms(body, image, mask, frame);
    expect(right).not.toBeNull();
    const tip = right!.path[right!.path.length - 1];
    // The fingertips are at (200, 227); the torso's side runs on to (190, 250), further from the shoulder.
    expect(Math.hypot(tip.x - 200, tip.y - 227)).toBeLessThan(5);
    const checked = armsOnMask(body, image, mask, frame);
    expect(checked.wristRight).toEqual(body.wristRight);
    expect(checked.handRight).toEqual(body.handRight);
  });

  test('a hand on the hip: the wrist is where the arm meets the hip, a forearm past the elbow, not a whole hand back from the silhouette’s end', () => {
    // The elbow held out, the hand on the hip (its fingers on the torso, where the silhouette cannot tell them); the pose put the elbow inside the torso.
    const { body, image, mask } = scene({
      right: [
        { x: 180, y: 100 },
        { x: 222, y: 148 },
        { x: 189, y: 185 },
        { x: 181, y: 203 },
      ],
      pose: { elbow: { x: 178, y: 150 }, wrist: { x: 168, y: 190 }, hand: { x: 160, y: 196 } },
      torsoHalf: 28,
      torsoBottom: 240,
    });
    const checked = armsOnMask(body, image, mask, bodyFrame(body));
    expect(Math.hypot(checked.elbowRight.x - 222, checked.elbowRight.y - 148)).toBeLessThan(10);
    expect(Math.hypot(checked.wristRight.x - 189, checked.wristRight.y - 185)).toBeLessThan(8);
    // The hand point is not back up the forearm, between the elbow and the wrist.
    const elbowToHand = Math.hypot(checked.handRight.x - checked.elbowRight.x, checked.handRight.y - checked.elbowRight.y);
    const elbowToWrist = Math.hypot(checked.wristRight.x - checked.elbowRight.x, checked.wristRight.y - checked.elbowRight.y);
    expect(elbowToHand).toBeGreaterThanOrEqual(elbowToWrist - 1);
  });
});
