// takeGarment takes a garment off the person wearing it in the garment photo.
// A tank top on a model: its shoulders are the straps' outer top corners, not
// the sides of its body below the armholes. A dark tee over dark trousers is a
// top (two legs below), a dark dress of the same colour is a dress.
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

const INK = [30, 30, 36];
const STRIPE = [120, 50, 150];

type Outfit = 'tank' | 'tee over trousers' | 'dress' | 'checked dress';

/**
 * The model: head and hair, arms, and an outfit: a yellow tank on straps 8 px wide over dark trousers; a
 * dark tee with purple stripes over trousers of the tee's dark; or a dark dress to below the knees.
 */
function model(outfit: Outfit = 'tank'): RgbaImage {
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
  const legs = (x: number, y: number) => y >= 165 && y <= 305 && ((x >= 78 && x <= 97) || (x >= 103 && x <= 122) || (y <= 185 && x >= 78 && x <= 122));
  if (outfit === 'tank') {
    paint(TROUSERS, legs);
    paint(TANK, (x, y) => (x >= 78 && x <= 122 && y >= 100 && y <= 175) || (y >= 74 && y < 100 && ((x >= 84 && x <= 92) || (x >= 108 && x <= 116))));
  } else if (outfit === 'tee over trousers') {
    paint(INK, legs);
    paint(INK, (x, y) => x >= 72 && x <= 128 && y >= 74 && y <= 172);
    paint(STRIPE, (x, y) => x >= 72 && x <= 128 && y >= 74 && y <= 172 && Math.floor(y / 6) % 2 === 0);
  } else {
    paint(SKIN, legs);
    const inDress = (x: number, y: number) => y >= 74 && y <= 250 && Math.abs(x - 100) <= 28 + Math.max(0, y - 170) * 0.1;
    if (outfit === 'dress') paint(INK, inDress);
    else {
      // Yellow and white checks of 3 px, with a fold's brown shade across the left thigh (two rows, a tenth of the thighs' sample).
      paint(TANK, inDress);
      paint([245, 245, 240], (x, y) => inDress(x, y) && (Math.floor(x / 3) + Math.floor(y / 3)) % 2 === 0);
      paint([150, 110, 70], (x, y) => inDress(x, y) && (y === 189 || y === 190) && x < 100);
    }
  }
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

describe('takeGarment, one dark colour from the chest down', () => {
  test('a tee over trousers of its dark is a top, taken down to its hem and no further', () => {
    const taken = takeGarment(model('tee over trousers'), pose(), 'auto');
    if (typeof taken === 'string') throw new Error(taken);
    expect(taken.kind).toBe('upper');
    let lowest = 0;
    for (let i = 0; i < W * H; i++) if (taken.image.data[i * 4 + 3] >= 128) lowest = Math.max(lowest, Math.floor(i / W));
    expect(lowest).toBeGreaterThanOrEqual(165);
    expect(lowest).toBeLessThanOrEqual(180);
  });

  test('a dress of that dark, one skirt across both legs, is a dress', () => {
    const taken = takeGarment(model('dress'), pose(), 'auto');
    if (typeof taken === 'string') throw new Error(taken);
    expect(taken.kind).toBe('full');
  });
});

describe('takeGarment, a bold print', () => {
  test('a checked dress whose thighs show a fold the chest does not is still one dress', () => {
    const taken = takeGarment(model('checked dress'), pose(), 'auto');
    if (typeof taken === 'string') throw new Error(taken);
    expect(taken.kind).toBe('full');
  });
});
