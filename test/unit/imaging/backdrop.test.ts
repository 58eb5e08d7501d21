// backdropMask finds a subject of nearly the backdrop's own colour on a plain,
// unevenly lit backdrop, finds nothing on an empty one, and declines a busy
// one. garmentMatte keeps the remover's matte where the photo stands off the
// backdrop, and falls back to the backdrop only when the matte cannot be a
// garment.
import { describe, expect, test } from 'vitest';
import { backdropMask } from '../../../src/imaging/backdrop';
import type { RgbaImage } from '../../../src/imaging/image';
import { garmentMatte } from '../../../src/features/try-on/worker/garment-kind';

const W = 160;
const H = 120;

function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** The subject: a rectangle with a notch at its top (a tee's neckline, roughly). */
const inSubject = (x: number, y: number) => x >= 40 && x < 120 && y >= 30 && y < 95 && !(y < 40 && Math.abs(x - 80) < 12);

/** Trousers: a waistband and two legs with the backdrop between them. */
const inTrousers = (x: number, y: number) => y >= 20 && y < 110 && ((x >= 50 && x < 110 && y < 50) || (x >= 50 && x < 76) || (x >= 84 && x < 110));

/** A warm off-white backdrop falling off towards the bottom, with a near-white subject, both with ±`noise` grain. */
function photo({ subject = true, noise = 1, busy = false, seed = 1, shape = inSubject, colour = [240, 240, 236] } = {}): RgbaImage {
  const random = seededRandom(seed);
  const data = new Uint8ClampedArray(W * H * 4);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const fall = -8 * (y / H) ** 2;
      const base = subject && shape(x, y) ? colour : [237 + fall, 235 + fall, 230 + fall];
      const grain = () => (busy ? 60 : 2 * noise) * (random() - 0.5);
      data.set([base[0] + grain(), base[1] + grain(), base[2] + grain(), 255], (y * W + x) * 4);
    }
  }
  return { data, width: W, height: H };
}

function iou(mask: ArrayLike<number>): number {
  let both = 0;
  let either = 0;
  for (let i = 0; i < W * H; i++) {
    const m = mask[i] >= 128;
    const t = inSubject(i % W, Math.floor(i / W));
    if (m && t) both++;
    if (m || t) either++;
  }
  return both / either;
}

describe('backdropMask', () => {
  test('a near-white subject on an off-white backdrop that falls off', () => {
    const mask = backdropMask(photo());
    expect(mask).not.toBeNull();
    expect(iou(mask!)).toBeGreaterThan(0.9);
  });

  test('an empty backdrop holds no subject', () => {
    const mask = backdropMask(photo({ subject: false }))!;
    expect(mask.reduce((n, a) => n + (a ? 1 : 0), 0)).toBeLessThan(0.005 * W * H);
  });

  test('a busy background is no plain backdrop', () => {
    expect(backdropMask(photo({ busy: true }))).toBeNull();
  });
});

describe('garmentMatte', () => {
  const image = photo();
  const none = new Uint8ClampedArray(W * H);

  test('the remover found nothing: the garment is read off the backdrop', () => {
    expect(iou(garmentMatte(image, none))).toBeGreaterThan(0.9);
  });

  test("the remover's matte is kept when it can be a garment", () => {
    // A matte a little smaller than the subject (2 px in from its edge, and short of its right side): kept as it is, not swapped for the backdrop's.
    const inside = (x: number, y: number) => [-2, 0, 2].every((dx) => [-2, 0, 2].every((dy) => inSubject(x + dx, y + dy)));
    const matte = Uint8ClampedArray.from({ length: W * H }, (_, i) => (inside(i % W, Math.floor(i / W)) && i % W < 110 ? 255 : 0));
    expect(garmentMatte(image, matte)).toEqual(matte);
  });

  test('nothing found on a busy background stays nothing, for the refusal to say so', () => {
    expect(garmentMatte(photo({ busy: true }), none).every((a) => a === 0)).toBe(true);
  });
});

describe('garmentMatte, a remover that bridged the legs', () => {
  test('the backdrop between two trouser legs is left out of the matte, the legs kept', () => {
    const image = photo({ shape: inTrousers, colour: [60, 70, 120] });
    // The remover's matte: the trousers' box, the floor between the legs included.
    const bridged = Uint8ClampedArray.from({ length: W * H }, (_, i) => (i % W >= 50 && i % W < 110 && Math.floor(i / W) >= 20 && Math.floor(i / W) < 110 ? 255 : 0));
    const matte = garmentMatte(image, bridged);
    expect(matte[90 * W + 80]).toBe(0);
    expect(matte[90 * W + 60]).toBe(255);
    expect(matte[90 * W + 100]).toBe(255);
    expect(matte[30 * W + 80]).toBe(255);
  });
});

describe('garmentMatte, holes', () => {
  // A dark garment with a blue pocket the remover dropped, and a window (a gap between sleeve and body) showing the backdrop.
  const inPocket = (x: number, y: number) => x >= 70 && x < 90 && y >= 70 && y < 85;
  const inWindow = (x: number, y: number) => x >= 100 && x < 112 && y >= 50 && y < 70;
  const garment = (x: number, y: number) => inSubject(x, y) && !inWindow(x, y);
  const image = photo({ shape: garment, colour: [60, 60, 70] });
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) if (inPocket(x, y)) image.data.set([40, 90, 200], (y * W + x) * 4);
  const matte = Uint8ClampedArray.from({ length: W * H }, (_, i) => (garment(i % W, Math.floor(i / W)) && !inPocket(i % W, Math.floor(i / W)) ? 255 : 0));

  test('a hole that does not show the backdrop is garment: the pocket is filled, rim and all', () => {
    const mended = garmentMatte(image, matte);
    for (let y = 70; y < 85; y++) for (let x = 70; x < 90; x++) expect(mended[y * W + x], `${x}, ${y}`).toBe(255);
  });

  test('a hole that shows the backdrop stays open', () => {
    expect(garmentMatte(image, matte)[60 * W + 106]).toBe(0);
  });
});
