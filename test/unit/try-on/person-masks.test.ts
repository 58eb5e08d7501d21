// grownOverPerson grows a mask over the person by a box mean taken only about
// the mask: it must equal the same rule applied to the whole image. skinHands
// does not take clothes in a skin-like colour for a hand, and finds a hand
// whose pose gives no direction (the hand point on the wrist) along its forearm;
// handCapsulesOffClothes (and offClothes, for the fingers) leaves the clothes beside a hand to the new garment.
import { describe, expect, test } from 'vitest';
import { boxMean } from '../../../src/imaging/box-filter';
import type { BodyKeypoints } from '../../../src/features/try-on/worker/body';
import type { BodyFrame } from '../../../src/features/try-on/worker/body-frame';
import { paletteDistance, type Palette, type Rgb } from '../../../src/features/try-on/worker/colour-palette';
import { grownOverPerson, handCapsulesOffClothes, limbMask, offClothes, skinHands } from '../../../src/features/try-on/worker/person-masks';

const W = 90;
const H = 70;

/** The rule over the whole image: a box mean of the mask above 0.02, on the person. */
function wholeImage(mask: Uint8ClampedArray, alpha: Uint8ClampedArray, radius: number): Uint8ClampedArray {
  const grown = boxMean({ data: Float32Array.from(mask, (v) => v / 255), width: W, height: H }, radius);
  return Uint8ClampedArray.from(mask, (v, i) => (v || (grown.data[i] > 0.02 && alpha[i] >= 128) ? 255 : v));
}

describe('grownOverPerson', () => {
  // The person: everything but a band on the left.
  const alpha = Uint8ClampedArray.from({ length: W * H }, (_, i) => (i % W < 10 ? 0 : 255));
  const cases: [string, [number, number][]][] = [
    ['a blob in the middle', [[40, 30], [41, 30], [41, 31], [42, 32]]],
    ['blobs at two corners (a box across the image, clipped at its edges)', [[1, 1], [2, 1], [88, 68], [87, 68], [88, 67]]],
    ['a single pixel (under the threshold at this radius)', [[50, 50]]],
  ];
  for (const [name, pixels] of cases) {
    for (const radius of [1, 3, 6]) {
      test(`${name}, radius ${radius}: as the whole image's box mean gives`, () => {
        const mask = new Uint8ClampedArray(W * H);
        for (const [x, y] of pixels) mask[y * W + x] = 255;
        expect(grownOverPerson(mask, { data: alpha, width: W, height: H }, radius)).toEqual(wholeImage(mask, alpha, radius));
      });
    }
  }

  test('an empty mask stays empty', () => {
    expect(grownOverPerson(new Uint8ClampedArray(W * H), { data: alpha, width: W, height: H }, 4).every((v) => v === 0)).toBe(true);
  });

  test('it grows, and only over the person', () => {
    const mask = new Uint8ClampedArray(W * H);
    for (let y = 20; y < 24; y++) for (let x = 10; x < 14; x++) mask[y * W + x] = 255;
    const grown = grownOverPerson(mask, { data: alpha, width: W, height: H }, 3);
    expect(grown[22 * W + 15]).toBe(255);
    expect(grown[22 * W + 8]).toBe(0);
  });
});

describe('skinHands', () => {
  const S = 100;
  const size = 120;
  const skin: Palette = { colours: [[200, 150, 120]] };
  // An orange top in a skin-like colour: near enough the skin to pass for it alone.
  const orange: Rgb = [215, 135, 80];
  const top: Palette = { colours: [orange] };
  const blue: Palette = { colours: [[40, 60, 160]] };
  // Left half of the image: the top's orange; right half: skin. The wrist and hand straddle the border.
  const data = new Uint8ClampedArray(size * size * 4);
  for (let i = 0; i < size * size; i++) data.set([...(i % size < 60 ? orange : skin.colours[0]), 255], i * 4);
  const person = { data, width: size, height: size };
  const alpha = { data: new Uint8ClampedArray(size * size).fill(255), width: size, height: size };
  const body = { wristLeft: { x: 60, y: 40 }, handLeft: { x: 60, y: 55 }, wristRight: { x: -500, y: -500 }, handRight: { x: -500, y: -490 } } as unknown as BodyKeypoints;
  const frame = { shoulderSpan: S } as BodyFrame;
  const count = (mask: Uint8ClampedArray, from: number, to: number) => mask.reduce((n, v, i) => n + (v && i % size >= from && i % size < to ? 1 : 0), 0);

  test('the orange passes for skin when nothing is known of the clothes', () => {
    expect(paletteDistance(skin, orange)).toBeLessThan(56);
    const hands = skinHands(person, alpha, body, frame, skin);
    expect(count(hands, 0, 60)).toBeGreaterThan(0);
  });

  test('a pixel that matches the clothes better than the skin is the clothes', () => {
    const hands = skinHands(person, alpha, body, frame, skin, [top]);
    expect(count(hands, 0, 60)).toBe(0);
    expect(count(hands, 60, size)).toBeGreaterThan(0);
  });

  test('clothes of another colour, or sampled on bare skin, change nothing', () => {
    const alone = skinHands(person, alpha, body, frame, skin);
    expect(skinHands(person, alpha, body, frame, skin, [blue])).toEqual(alone);
    expect(skinHands(person, alpha, body, frame, skin, [{ colours: [[198, 152, 118]] }])).toEqual(alone);
  });
});

describe('skinHands, a hand whose pose gives no direction', () => {
  const S = 100;
  const size = 120;
  const skin: Rgb = [200, 150, 120];
  const top: Rgb = [40, 60, 160];
  // A blue top; a hand of skin 12 px wide hanging 50 px down from the wrist at (60, 40); a patch of skin
  // 45 px from the wrist that the hand does not touch; the forearm comes down to the wrist from the upper left.
  const data = new Uint8ClampedArray(size * size * 4);
  const isHand = (x: number, y: number) => Math.abs(x - 60) <= 6 && y >= 36 && y <= 90;
  const isPatch = (x: number, y: number) => x >= 90 && x <= 100 && y >= 70 && y <= 80;
  for (let i = 0; i < size * size; i++) data.set([...(isHand(i % size, Math.floor(i / size)) || isPatch(i % size, Math.floor(i / size)) ? skin : top), 255], i * 4);
  const person = { data, width: size, height: size };
  const alpha = { data: new Uint8ClampedArray(size * size).fill(255), width: size, height: size };
  const far = { x: -500, y: -500 };
  const body = { elbowLeft: { x: 30, y: 10 }, wristLeft: { x: 60, y: 40 }, handLeft: { x: 60, y: 40 }, elbowRight: far, wristRight: far, handRight: far } as unknown as BodyKeypoints;
  const frame = { shoulderSpan: S } as BodyFrame;
  const hands = skinHands(person, alpha, body, frame, { colours: [skin] }, [{ colours: [top] }]);
  const at = (x: number, y: number) => hands[y * size + x];

  test("its skin is found a hand's length past the wrist, beyond the reach about the wrist alone", () => {
    expect(at(60, 85)).toBe(255);
    expect(at(60, 50)).toBe(255);
  });

  test('skin not joined to the hand is left out, and so are the clothes', () => {
    expect(at(95, 75)).toBe(0);
    expect(at(75, 60)).toBe(0);
  });

  test('a hand whose pose gives its direction keeps to it', () => {
    const pointing = { ...body, handLeft: { x: 60, y: 30 } } as unknown as BodyKeypoints;
    const up = skinHands(person, alpha, pointing, frame, { colours: [skin] }, [{ colours: [top] }]);
    expect(up[85 * size + 60]).toBe(0);
  });
});

describe('handCapsulesOffClothes', () => {
  const S = 100;
  const size = 120;
  const skin: Rgb = [200, 150, 120];
  const top: Rgb = [40, 60, 160];
  // A hand of skin 12 px wide down from the wrist at (60, 40), on a blue top.
  const data = new Uint8ClampedArray(size * size * 4);
  for (let i = 0; i < size * size; i++) data.set([...(Math.abs((i % size) - 60) <= 6 && Math.floor(i / size) >= 36 ? skin : top), 255], i * 4);
  const person = { data, width: size, height: size };
  const alpha = { data: new Uint8ClampedArray(size * size).fill(255), width: size, height: size };
  const far = { x: -500, y: -500 };
  const body = { shoulderLeft: { x: 20, y: -20 }, elbowLeft: { x: 40, y: 0 }, wristLeft: { x: 60, y: 40 }, handLeft: { x: 60, y: 55 }, shoulderRight: far, elbowRight: far, wristRight: far, handRight: far } as unknown as BodyKeypoints;
  const frame = { shoulderSpan: S } as BodyFrame;

  test('the capsule keeps the hand and gives up the top beside it', () => {
    const capsules = limbMask(alpha, body, frame, 'hands');
    const clipped = handCapsulesOffClothes(person, alpha, body, frame, { colours: [skin] }, [{ colours: [top] }]);
    expect(capsules[50 * size + 72]).toBeGreaterThan(0);
    expect(clipped[50 * size + 72]).toBe(0);
    expect(clipped[50 * size + 60]).toBe(capsules[50 * size + 60]);
    expect(clipped[50 * size + 60]).toBeGreaterThan(0);
  });

  test('the fingers past the palm keep their skin and give up the top beside them too', () => {
    const fingers = limbMask(alpha, body, frame, 'fingers');
    const clipped = offClothes(fingers, person, { colours: [skin] }, [{ colours: [top] }]);
    expect(fingers[66 * size + 67]).toBeGreaterThan(0);
    expect(clipped[66 * size + 67]).toBe(0);
    expect(clipped[66 * size + 60]).toBe(fingers[66 * size + 60]);
    expect(clipped[66 * size + 60]).toBeGreaterThan(0);
  });

  test("'forearms' are the arms without the hand's capsule, which the clothes filter may clip", () => {
    const arms = limbMask(alpha, body, frame, 'arms');
    const forearms = limbMask(alpha, body, frame, 'forearms');
    // Beside the hand: in the arms' capsule, not the forearms'.
    expect(arms[55 * size + 72]).toBeGreaterThan(0);
    expect(forearms[55 * size + 72]).toBe(0);
    // On the forearm: in both.
    expect(forearms[20 * size + 50]).toBeGreaterThan(0);
    expect(forearms[20 * size + 50]).toBe(arms[20 * size + 50]);
  });

  test("with nothing known of the clothes, or clothes of the skin's colour, the capsule is whole", () => {
    const capsules = limbMask(alpha, body, frame, 'hands');
    expect(handCapsulesOffClothes(person, alpha, body, frame, { colours: [skin] }, [])).toEqual(capsules);
    expect(handCapsulesOffClothes(person, alpha, body, frame, { colours: [skin] }, [{ colours: [[198, 152, 118]] }])).toEqual(capsules);
  });
});

describe('skinHands, at the wrist', () => {
  const S = 100;
  const size = 120;
  const skin: Rgb = [200, 150, 120];
  const data = new Uint8ClampedArray(size * size * 4);
  for (let i = 0; i < size * size; i++) data.set([...skin, 255], i * 4);
  const person = { data, width: size, height: size };
  const alpha = { data: new Uint8ClampedArray(size * size).fill(255), width: size, height: size };
  const far = { x: -500, y: -500 };
  const body = { elbowLeft: { x: 60, y: 0 }, wristLeft: { x: 60, y: 40 }, handLeft: { x: 60, y: 55 }, elbowRight: far, wristRight: far, handRight: far } as unknown as BodyKeypoints;
  const hands = skinHands(person, alpha, body, { shoulderSpan: S } as BodyFrame, { colours: [skin] });

  test("skin just behind the pose's wrist point is the hand; further up the forearm it is not", () => {
    expect(hands[37 * size + 60]).toBe(255);
    expect(hands[30 * size + 60]).toBe(0);
  });
});
