// takeGarment takes a garment off the person wearing it in the garment photo.
// A tank top on a model: its shoulders are the straps' outer top corners, not
// the sides of its body below the armholes.
import { describe, expect, test } from 'vitest';
import type { RgbaImage } from '../../../src/imaging/image';
import { takeGarment } from '../../../src/features/try-on/worker/garment-on-person';
import type { PoseLandmark } from '../../../src/features/try-on/worker/pose-model';

const W = 200;
const H = 320;
const SKIN = [205, 160, 130];
const HAIR = [60, 40, 30];
const TANK = [230, 190, 40];
const TROUSERS = [40, 45, 70];

/** MediaPipe's 33 landmarks (normalised), the wearer facing the camera: their right on the image's left. */
function pose(): PoseLandmark[] {
  const points: [number, number][] = Array.from({ length: 33 }, () => [100, 50]);
  const set = (index: number, x: number, y: number) => (points[index] = [x, y]);
  set(0, 100, 50);
  set(7, 112, 48); // left ear
  set(8, 88, 48);
  set(11, 125, 80); // left shoulder
  set(12, 75, 80);
  set(13, 135, 125);
  set(14, 65, 125);
  set(15, 138, 165);
  set(16, 62, 165);
  for (const [i, x] of [[17, 139], [19, 139], [18, 61], [20, 61]] as const) set(i, x, 180);
  set(23, 115, 160);
  set(24, 85, 160);
  set(25, 115, 230);
  set(26, 85, 230);
  set(27, 115, 300);
  set(28, 85, 300);
  return points.map(([x, y]) => ({ x: x / W, y: y / H, z: 0, visibility: 0.99 }));
}

/** The model: head and hair, bare shoulders and arms, a yellow tank on straps 8 px wide, dark trousers. */
function model(): RgbaImage {
  const data = new Uint8ClampedArray(W * H * 4);
  const paint = (colour: number[], inside: (x: number, y: number) => boolean) => {
    for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) if (inside(x, y)) data.set([...colour, 255], (y * W + x) * 4);
  };
  const capsule = (ax: number, ay: number, bx: number, by: number, r: number) => (x: number, y: number) => {
    const t = Math.max(0, Math.min(1, ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)));
    return Math.hypot(x - ax - t * (bx - ax), y - ay - t * (by - ay)) <= r;
  };
  paint(SKIN, (x, y) => Math.hypot(x - 100, y - 50) <= 15 || (Math.abs(x - 100) <= 6 && y >= 60 && y <= 80));
  paint(HAIR, (x, y) => Math.hypot(x - 100, y - 44) <= 15 && y < 40);
  paint(SKIN, (x, y) => x >= 70 && x <= 130 && y >= 72 && y <= 100);
  for (const side of [-1, 1]) paint(SKIN, (x, y) => capsule(100 + side * 25, 80, 100 + side * 35, 125, 7)(x, y) || capsule(100 + side * 35, 125, 100 + side * 38, 175, 6)(x, y));
  paint(TROUSERS, (x, y) => y >= 165 && y <= 305 && ((x >= 78 && x <= 98) || (x >= 102 && x <= 122) || (y <= 185 && x >= 78 && x <= 122)));
  paint(TANK, (x, y) => (x >= 78 && x <= 122 && y >= 100 && y <= 175) || (y >= 74 && y < 100 && ((x >= 84 && x <= 92) || (x >= 108 && x <= 116))));
  return { data, width: W, height: H };
}

describe('takeGarment', () => {
  const taken = takeGarment(model(), pose(), 'upper');

  test('a tank top on a model is taken as a top', () => {
    if (typeof taken === 'string') throw new Error(taken);
    expect(taken.kind).toBe('upper');
  });

  test("its shoulders are the straps' outer top corners, above the armholes", () => {
    if (typeof taken === 'string') throw new Error(taken);
    const { shoulderLeft, shoulderRight, armpitLeft } = taken.landmarks;
    expect(shoulderLeft!.y).toBeLessThan(armpitLeft!.y);
    expect(Math.abs(shoulderLeft!.x - 84)).toBeLessThanOrEqual(3);
    expect(Math.abs(shoulderRight!.x - 116)).toBeLessThanOrEqual(3);
    expect(shoulderLeft!.y).toBeLessThan(82);
  });
});
