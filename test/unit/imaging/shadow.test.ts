// The cast and contact shadow follow the light: direction, softness, opacity,
// and a contact shadow even for a subject cut off at the bottom edge.
import { describe, expect, test } from 'vitest';
import { castShadow, composeOverShadow, shadowAt, type ShadowSettings } from '../../../src/imaging/shadow';

const WIDTH = 200;
const HEIGHT = 200;

/** A standing rectangle: x 80–120, y 60–150 (its foot on row 150). */
function standingBlock(bottom = 150): Uint8ClampedArray {
  const alpha = new Uint8ClampedArray(WIDTH * HEIGHT);
  for (let y = 60; y < bottom; y++) for (let x = 80; x < 120; x++) alpha[y * WIDTH + x] = 255;
  return alpha;
}

const settings = (change: Partial<Omit<ShadowSettings, 'light'>> & { light?: Partial<ShadowSettings['light']> } = {}): ShadowSettings => ({
  opacity: 0.5,
  lightSize: 0.3,
  ...change,
  light: { x: -0.3, y: -0.6, z: 0.7, ...change.light },
});

/** Shadow-weighted centre of the shadow outside the subject. */
function centroid(alpha: Uint8ClampedArray, s: ShadowSettings) {
  const layer = castShadow(alpha, WIDTH, HEIGHT, s, 200)!;
  let sum = 0;
  let sx = 0;
  let sy = 0;
  for (let y = -100; y < 300; y += 2) {
    for (let x = -100; x < 300; x += 2) {
      const inside = x >= 0 && x < WIDTH && y >= 0 && y < HEIGHT && alpha[y * WIDTH + x] > 0;
      if (inside) continue;
      const v = shadowAt(layer, x, y);
      sum += v;
      sx += v * x;
      sy += v * y;
    }
  }
  return { x: sx / sum, y: sy / sum };
}

describe('castShadow', () => {
  test('a light on the left throws the shadow right, a light on the right throws it left', () => {
    expect(centroid(standingBlock(), settings({ light: { x: -0.8 } })).x).toBeGreaterThan(110);
    expect(centroid(standingBlock(), settings({ light: { x: 0.8 } })).x).toBeLessThan(90);
  });

  test('a light in front puts the shadow behind (up the image); a light behind puts it in front (down)', () => {
    expect(centroid(standingBlock(), settings({ light: { x: 0, y: -0.8 } })).y).toBeLessThan(150);
    expect(centroid(standingBlock(), settings({ light: { x: 0, y: 0.8 } })).y).toBeGreaterThan(150);
  });

  test('a bigger light gives a wider penumbra', () => {
    const edgeWidth = (lightSize: number) => {
      const layer = castShadow(standingBlock(), WIDTH, HEIGHT, settings({ lightSize, light: { x: 0, y: 0.8, z: 0.5 } }), 200)!;
      // Across the shadow's right edge, 40 px in front of the foot.
      const row = 190;
      const values = Array.from({ length: 80 }, (_, i) => shadowAt(layer, 90 + i, row));
      const peak = Math.max(...values);
      const above = (f: number) => values.filter((v) => v > peak * f).length;
      return above(0.1) - above(0.9);
    };
    expect(edgeWidth(1)).toBeGreaterThan(edgeWidth(0.05) + 3);
  });

  test('opacity scales the darkness', () => {
    const at = (opacity: number) => shadowAt(castShadow(standingBlock(), WIDTH, HEIGHT, settings({ opacity }), 200)!, 100, 151);
    expect(at(1)).toBeGreaterThan(at(0.25) * 3);
  });

  test('a subject cut off at the bottom edge still gets a contact shadow beside its foot', () => {
    const layer = castShadow(standingBlock(HEIGHT), WIDTH, HEIGHT, settings(), 200)!;
    expect(shadowAt(layer, 78, HEIGHT - 1)).toBeGreaterThan(0.05);
    expect(shadowAt(layer, 122, HEIGHT - 1)).toBeGreaterThan(0.05);
  });

  test('no subject, no shadow', () => {
    expect(castShadow(new Uint8ClampedArray(WIDTH * HEIGHT), WIDTH, HEIGHT, settings())).toBeNull();
  });
});

describe('composeOverShadow', () => {
  test('the subject stays on top; the shadow is black with alpha; straight alpha out', () => {
    const alpha = standingBlock();
    const cutout = { data: new Uint8ClampedArray(WIDTH * HEIGHT * 4), width: WIDTH, height: HEIGHT };
    for (let i = 0; i < alpha.length; i++) cutout.data.set([200, 100, 50, alpha[i]], i * 4);
    const layer = castShadow(alpha, WIDTH, HEIGHT, settings({ opacity: 0.8 }), 200);
    const out = composeOverShadow(cutout, layer, { x: 0, y: 0, width: WIDTH, height: HEIGHT });
    const subject = (100 * WIDTH + 100) * 4;
    expect(Array.from(out.data.slice(subject, subject + 4))).toEqual([200, 100, 50, 255]);
    const foot = (151 * WIDTH + 100) * 4;
    expect(out.data[foot + 3]).toBeGreaterThan(60);
    expect(Array.from(out.data.slice(foot, foot + 3))).toEqual([0, 0, 0]);
  });
});
