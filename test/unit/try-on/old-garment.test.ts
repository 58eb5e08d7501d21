// The old garment painted out where the new one leaves it: an old long
// sleeve below a new short one becomes skin (the face's colour), a loose old
// top beside the body becomes the backdrop (and transparent), and what the
// new garment covers, the hands and the head stay as they were. Trouser legs
// under shorts go down to each leg's own ankle (a stride lifts one) and a
// hem's fall onto the shoe; the shoes stay.
import { expect, test } from 'vitest';
import type { RgbaImage } from '../../../src/imaging/image';
import type { BodyKeypoints, BodyPointName } from '../../../src/features/try-on/worker/body';
import { bodyFrame } from '../../../src/features/try-on/worker/body-frame';
import type { Point } from '../../../src/features/try-on/worker/fit-types';
import { removeOldGarment } from '../../../src/features/try-on/worker/old-garment';

const W = 300;
const H = 420;
const SKIN = [205, 160, 130];
const RED = [200, 40, 50];
const GREY = [128, 128, 128];

const points: Record<BodyPointName, Point> = {
  nose: { x: 150, y: 45 },
  earLeft: { x: 132, y: 42 },
  earRight: { x: 168, y: 42 },
  shoulderLeft: { x: 115, y: 95 },
  shoulderRight: { x: 185, y: 95 },
  elbowLeft: { x: 105, y: 160 },
  elbowRight: { x: 195, y: 160 },
  wristLeft: { x: 100, y: 220 },
  wristRight: { x: 200, y: 220 },
  handLeft: { x: 99, y: 236 },
  handRight: { x: 201, y: 236 },
  hipLeft: { x: 132, y: 220 },
  hipRight: { x: 168, y: 220 },
  kneeLeft: { x: 130, y: 310 },
  kneeRight: { x: 170, y: 310 },
  ankleLeft: { x: 129, y: 395 },
  ankleRight: { x: 171, y: 395 },
};
const body = Object.fromEntries(Object.entries(points).map(([name, p]) => [name, { ...p, visibility: 0.99 }])) as BodyKeypoints;

function segmentNear(p: Point, a: Point, b: Point, r: number): boolean {
  const t = Math.max(0, Math.min(1, ((p.x - a.x) * (b.x - a.x) + (p.y - a.y) * (b.y - a.y)) / ((b.x - a.x) ** 2 + (b.y - a.y) ** 2)));
  return Math.hypot(p.x - a.x - t * (b.x - a.x), p.y - a.y - t * (b.y - a.y)) <= r;
}

// The person: a skin head and hands, legs in skin, a red long-sleeved top that also hangs loose 20 px past the left side.
const person: RgbaImage = { data: new Uint8ClampedArray(W * H * 4), width: W, height: H };
const alpha = new Uint8ClampedArray(W * H);
const covered = new Uint8ClampedArray(W * H);
for (let y = 0; y < H; y++) {
  for (let x = 0; x < W; x++) {
    const p = { x, y };
    const i = y * W + x;
    let colour = GREY;
    const head = Math.hypot(x - 150, y - 45) < 24 || segmentNear(p, { x: 150, y: 60 }, { x: 150, y: 95 }, 9);
    const hands = segmentNear(p, body.wristLeft, body.handLeft, 9) || segmentNear(p, body.wristRight, body.handRight, 9);
    const torso = x >= 112 && x <= 188 && y >= 90 && y <= 225;
    const loose = x >= 92 && x < 112 && y >= 180 && y <= 225;
    const arms = ['Left', 'Right'].some((s) => segmentNear(p, points[`shoulder${s}` as BodyPointName], points[`elbow${s}` as BodyPointName], 11) || segmentNear(p, points[`elbow${s}` as BodyPointName], points[`wrist${s}` as BodyPointName], 9));
    const legs = segmentNear(p, body.hipLeft, body.ankleLeft, 14) || segmentNear(p, body.hipRight, body.ankleRight, 14);
    if (legs || head) colour = SKIN;
    if (torso || arms || loose) colour = RED;
    if (hands) colour = SKIN;
    const inPerson = head || hands || torso || loose || arms || legs;
    person.data.set([...colour, 255], i * 4);
    alpha[i] = inPerson ? 255 : 0;
    // The new garment: the torso and the upper arms to 20 px below the shoulders.
    if (torso || ['Left', 'Right'].some((s) => segmentNear(p, points[`shoulder${s}` as BodyPointName], { x: points[`shoulder${s}` as BodyPointName].x, y: 125 }, 12))) covered[i] = 255;
  }
}
// The loose part's soft edge: half opaque, its red blended with a beige wall into a colour that passes for skin.
const EDGE_BLEND = [200, 158, 126];
// Past it, a faint rim (alpha 10) still tinted red, which the backdrop must not be read from.
for (let y = 180; y <= 225; y++) {
  person.data.set([...EDGE_BLEND, 255], (y * W + 91) * 4);
  alpha[y * W + 91] = 128;
  person.data.set([170, 70, 75, 255], (y * W + 90) * 4);
  alpha[y * W + 90] = 10;
}
const keep = new Uint8ClampedArray(W * H);
const cleaned = removeOldGarment({ person, alpha, body, frame: bodyFrame(body), kind: 'upper', covered, keep });
const at = (x: number, y: number) => Array.from(cleaned.image.data.slice((y * W + x) * 4, (y * W + x) * 4 + 3));
const near = (c: number[], want: number[], tolerance: number) => c.every((v, k) => Math.abs(v - want[k]) <= tolerance);

test('an old sleeve below the new one becomes skin', () => {
  const forearm = at(102, 195);
  expect(near(forearm, SKIN, 45), String(forearm)).toBe(true);
});

test('a loose old top past the body becomes the backdrop (read past its faint rim), transparent in a cut-out', () => {
  expect(near(at(95, 200), GREY, 6), String(at(95, 200))).toBe(true);
  expect(cleaned.alpha[200 * W + 95]).toBe(0);
});

test("the loose top's soft edge goes with it, though its blend passes for skin", () => {
  expect(near(at(91, 200), GREY, 6), String(at(91, 200))).toBe(true);
  expect(cleaned.alpha[200 * W + 91]).toBe(0);
});

test('the faint tint just past the matte goes too, so no outline of the old top is left', () => {
  expect(near(at(90, 200), GREY, 6), String(at(90, 200))).toBe(true);
});

test('what the new garment covers, the head and the hands are left as they were', () => {
  expect(at(150, 150)).toEqual(RED);
  expect(at(150, 45)).toEqual(SKIN);
  expect(at(100, 228)).toEqual(SKIN);
});

test('trouser legs under shorts become skin down to each ankle and the hem past it, a lifted foot too; the shoes stay', () => {
  // Walking: the right foot is lifted, its ankle 30 px above the left one.
  const stride = { ...body, ankleRight: { x: 171, y: 365, visibility: 0.99 } } as BodyKeypoints;
  const BLACK = [20, 20, 22];
  const image: RgbaImage = { data: new Uint8ClampedArray(W * H * 4), width: W, height: H };
  const matte = new Uint8ClampedArray(W * H);
  const shorts = new Uint8ClampedArray(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const p = { x, y };
      const i = y * W + x;
      const head = Math.hypot(x - 150, y - 45) < 24;
      const top = x >= 112 && x <= 188 && y >= 90 && y <= 220;
      // Each trouser leg hangs 5 px past its ankle joint; the shoe is below that.
      const leg = (hip: Point, ankle: Point) => segmentNear(p, hip, { x: ankle.x, y: ankle.y + 5 }, 14);
      const shoe = (ankle: Point) => y > ankle.y + 5 && y <= ankle.y + 16 && Math.abs(x - ankle.x) <= 12;
      const trousers = leg(stride.hipLeft, stride.ankleLeft) || leg(stride.hipRight, stride.ankleRight);
      const shoes = shoe(stride.ankleLeft) || shoe(stride.ankleRight);
      const colour = shoes ? BLACK : trousers ? RED : head ? SKIN : top ? [40, 90, 200] : GREY;
      image.data.set([...colour, 255], i * 4);
      matte[i] = head || top || trousers || shoes ? 255 : 0;
      if (y >= 215 && y <= 265 && x >= 112 && x <= 188) shorts[i] = 255;
    }
  }
  const out = removeOldGarment({ person: image, alpha: matte, body: stride, frame: bodyFrame(stride), kind: 'lower', covered: shorts, keep: new Uint8ClampedArray(W * H) });
  const pixelAt = (x: number, y: number) => Array.from(out.image.data.slice((y * W + x) * 4, (y * W + x) * 4 + 3));
  // The standing leg between the two ankles' heights, and its hem just past its ankle.
  expect(near(pixelAt(129, 380), SKIN, 45), String(pixelAt(129, 380))).toBe(true);
  expect(near(pixelAt(129, 399), SKIN, 45), String(pixelAt(129, 399))).toBe(true);
  // The lifted leg's hem.
  expect(near(pixelAt(171, 369), SKIN, 45), String(pixelAt(171, 369))).toBe(true);
  expect(pixelAt(129, 405)).toEqual(BLACK);
  expect(pixelAt(171, 376)).toEqual(BLACK);
});
