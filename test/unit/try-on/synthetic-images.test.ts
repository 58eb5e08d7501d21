// The try-on's synthetic test images: every person and garment renders at the
// size asked for, opaque, with the person standing out from the backdrop and
// each garment's reported landmarks lying on the garment, not the background.
import { describe, expect, test } from 'vitest';
import type { RgbaImage } from '../../../src/imaging/image';
import { GARMENT_IDS, garmentTruth, renderGarment } from '../../support/garments';
import { PERSON_IDS, personTruth, renderPerson } from '../../support/people';

const WIDTH = 96;
const HEIGHT = 128;

function pixel(image: RgbaImage, x: number, y: number): [number, number, number, number] {
  const px = Math.min(image.width - 1, Math.max(0, Math.round(x)));
  const py = Math.min(image.height - 1, Math.max(0, Math.round(y)));
  const o = (py * image.width + px) * 4;
  return [image.data[o], image.data[o + 1], image.data[o + 2], image.data[o + 3]];
}

function colourDistance(a: readonly number[], b: readonly number[]): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}

function everyPixelOpaque(image: RgbaImage): boolean {
  for (let i = 3; i < image.data.length; i += 4) if (image.data[i] !== 255) return false;
  return true;
}

/** Whether some pixel within `radius` of (x, y) differs clearly from `background`. */
function somethingNear(image: RgbaImage, x: number, y: number, background: readonly number[], radius = 2): boolean {
  for (let dy = -radius; dy <= radius; dy++) {
    for (let dx = -radius; dx <= radius; dx++) if (colourDistance(pixel(image, x + dx, y + dy), background) > 24) return true;
  }
  return false;
}

describe('synthetic people', () => {
  test.each(PERSON_IDS)('%s renders opaque at the size asked for, the torso standing out from the backdrop', (id) => {
    const image = renderPerson(id, WIDTH, HEIGHT);
    expect(image.width).toBe(WIDTH);
    expect(image.height).toBe(HEIGHT);
    expect(image.data.length).toBe(WIDTH * HEIGHT * 4);
    expect(everyPixelOpaque(image)).toBe(true);
    const truth = personTruth(id, WIDTH, HEIGHT);
    const torso = {
      x: (truth.shoulderLeft.x + truth.shoulderRight.x + truth.hipLeft.x + truth.hipRight.x) / 4,
      y: (truth.shoulderLeft.y + truth.shoulderRight.y + truth.hipLeft.y + truth.hipRight.y) / 4,
    };
    const backdrop = pixel(image, 2, torso.y);
    expect(colourDistance(pixel(image, torso.x, torso.y), backdrop)).toBeGreaterThan(40);
  });

  test.each(PERSON_IDS)("%s's joints sit in a plausible standing pose inside the frame", (id) => {
    const t = personTruth(id, WIDTH, HEIGHT);
    expect(t.top).toBeGreaterThan(0);
    expect(t.bottom).toBeLessThan(HEIGHT);
    expect(t.shoulderLeft.x).toBeLessThan(t.shoulderRight.x);
    expect(t.hipLeft.x).toBeLessThan(t.hipRight.x);
    for (const side of ['Left', 'Right'] as const) {
      const chain = [t.nose, t[`shoulder${side}`], t[`hip${side}`], t[`knee${side}`], t[`ankle${side}`]];
      for (let i = 1; i < chain.length; i++) expect(chain[i].y).toBeGreaterThan(chain[i - 1].y);
    }
  });
});

describe('synthetic garments', () => {
  test.each(GARMENT_IDS)('%s renders opaque at the size asked for, its landmarks on the garment', (id) => {
    const image = renderGarment(id, WIDTH, HEIGHT);
    expect(image.width).toBe(WIDTH);
    expect(image.height).toBe(HEIGHT);
    expect(everyPixelOpaque(image)).toBe(true);
    const background = pixel(image, 1, 1);
    const truth = garmentTruth(id, WIDTH, HEIGHT);
    const points = Object.entries(truth.landmarks);
    expect(points.length).toBeGreaterThanOrEqual(4);
    for (const [name, point] of points) {
      expect(point, name).toBeDefined();
      expect(somethingNear(image, point!.x, point!.y, background), `${id} ${name}`).toBe(true);
    }
  });

  test('each garment reports the landmarks of its kind', () => {
    expect(garmentTruth('tee').kind).toBe('upper');
    expect(garmentTruth('sweater').kind).toBe('upper');
    expect(garmentTruth('trousers').kind).toBe('lower');
    expect(garmentTruth('skirt').kind).toBe('lower');
    expect(garmentTruth('dress').kind).toBe('full');
    expect(Object.keys(garmentTruth('tee').landmarks)).toEqual(expect.arrayContaining(['neckLeft', 'shoulderRight', 'armpitLeft', 'cuffRightOuter', 'hemLeft']));
    expect(Object.keys(garmentTruth('trousers').landmarks)).toEqual(expect.arrayContaining(['waistLeft', 'crotch', 'legLeftOuter', 'legRightInner']));
    expect(garmentTruth('skirt').landmarks.crotch).toBeUndefined();
    for (const id of GARMENT_IDS) {
      const { landmarks } = garmentTruth(id);
      for (const [left, right] of [
        ['neckLeft', 'neckRight'],
        ['shoulderLeft', 'shoulderRight'],
        ['waistLeft', 'waistRight'],
        ['hemLeft', 'hemRight'],
      ] as const) {
        if (landmarks[left]) expect(landmarks[left]!.x, `${id} ${left}`).toBeLessThan(landmarks[right]!.x);
      }
    }
  });
});
