// The touch-up brush on synthetic photos whose answer is known: it changes
// nothing outside its footprint, keep only raises and erase only lowers, its
// rim snaps to a colour edge, and its patches undo exactly.
import { describe, expect, test } from 'vitest';
import type { RgbaImage } from '../../../src/imaging/image';
import {
  applyPatch,
  applyStroke,
  brushWeight,
  isNoopPatch,
  strokeFootprint,
  type AlphaPatch,
  type BrushStroke,
} from '../../../src/imaging/touch-up';
import { clientToImage, brushRadiusInImage } from '../../../src/features/library/client/touch-up/pointer-mapping';
import { EMPTY_HISTORY, recordPatch, redoStep, undoStep } from '../../../src/features/library/client/touch-up/touch-up-history';
import { composeTouchUp, differingDelta, finishedRgba, resetPatch } from '../../../src/features/library/client/touch-up/touch-up-images';

const RED = [220, 30, 30] as const;
const BLUE = [30, 40, 220] as const;

function image(width: number, height: number, colour: (x: number, y: number) => readonly number[]): RgbaImage {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.set([...colour(x, y), 255], (y * width + x) * 4);
  return { data, width, height };
}

function alphaOf(width: number, height: number, value: (x: number, y: number) => number): Uint8ClampedArray {
  const alpha = new Uint8ClampedArray(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) alpha[y * width + x] = value(x, y);
  return alpha;
}

/** A reproducible jumble of colours and alpha, so no test passes by symmetry. */
function noise(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

/** The alpha after committing a patch, leaving `alpha` as it was. */
function committed(alpha: Uint8ClampedArray, width: number, patch: AlphaPatch): Uint8ClampedArray {
  const out = alpha.slice();
  applyPatch(out, width, patch, 'after');
  return out;
}

/** The image and the stroke are alike on every row, so the result must be too, up to rounding (the borders included). */
function expectRowsAlike(alpha: Uint8ClampedArray, width: number, height: number): void {
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) expect(Math.abs(alpha[y * width + x] - alpha[(height >> 1) * width + x]), `(${x}, ${y})`).toBeLessThanOrEqual(1);
  }
}

/** A vertical line through the whole image at x, so every row sees the same cross-section. */
function verticalStroke(mode: BrushStroke['mode'], x: number, height: number, radius: number, hardness: number): BrushStroke {
  return { mode, radius, hardness, points: [{ x, y: -radius }, { x, y: height + radius }] };
}

describe('strokeFootprint', () => {
  test('hardness 1 is a disc with a one-pixel rim; hardness 0 falls off smoothly from the centre', () => {
    const centre = { x: 20.5, y: 20.5 };
    const hard = strokeFootprint({ mode: 'keep', radius: 10, hardness: 1, points: [centre] }, 41, 41);
    const soft = strokeFootprint({ mode: 'keep', radius: 10, hardness: 0, points: [centre] }, 41, 41);
    expect(hard.box).toEqual({ x: 11, y: 11, width: 19, height: 19 });
    let hardSum = 0;
    let softSum = 0;
    for (let y = 0; y < 41; y++) {
      for (let x = 0; x < 41; x++) {
        const d = Math.hypot(x + 0.5 - centre.x, y + 0.5 - centre.y);
        const inHard = x >= hard.box.x && x < hard.box.x + hard.box.width && y >= hard.box.y && y < hard.box.y + hard.box.height;
        const h = inHard ? hard.weights[(y - hard.box.y) * hard.box.width + (x - hard.box.x)] : 0;
        const inSoft = x >= soft.box.x && x < soft.box.x + soft.box.width && y >= soft.box.y && y < soft.box.y + soft.box.height;
        const s = inSoft ? soft.weights[(y - soft.box.y) * soft.box.width + (x - soft.box.x)] : 0;
        hardSum += h;
        softSum += s;
        if (d <= 9) expect(h).toBe(1);
        if (d >= 10) {
          expect(h).toBe(0);
          expect(s).toBe(0);
        }
        expect(s).toBeCloseTo(brushWeight(d, 10, 0), 5);
      }
    }
    expect(soft.weights[(20 - soft.box.y) * soft.box.width + (20 - soft.box.x)]).toBe(1);
    // Smooth falloff: half strength half way out, and monotonic.
    expect(brushWeight(5, 10, 0)).toBeCloseTo(0.5, 5);
    for (let d = 0; d < 10; d += 0.5) expect(brushWeight(d + 0.5, 10, 0)).toBeLessThanOrEqual(brushWeight(d, 10, 0));
    // The hard disc covers about π(r − ½)²; the soft brush much less.
    expect(hardSum).toBeGreaterThan(Math.PI * 9.3 * 9.3);
    expect(hardSum).toBeLessThan(Math.PI * 9.7 * 9.7);
    expect(softSum).toBeLessThan(0.5 * hardSum);
  });

  test('a fast drag (two points far apart) leaves no gap along its path', () => {
    const footprint = strokeFootprint({ mode: 'keep', radius: 6, hardness: 1, points: [{ x: 10, y: 20 }, { x: 90, y: 20 }] }, 100, 40);
    const { box, weights } = footprint;
    for (let x = 10; x < 90; x++) {
      for (let y = 15; y <= 24; y++) expect(weights[(y - box.y) * box.width + (x - box.x)], `(${x}, ${y})`).toBe(1);
    }
  });

  test('a stroke is clipped to the image, and one off the image has an empty footprint', () => {
    const partly = strokeFootprint({ mode: 'keep', radius: 8, hardness: 0.5, points: [{ x: -2, y: 3 }] }, 20, 20);
    expect(partly.box).toEqual({ x: 0, y: 0, width: 6, height: 11 });
    const off = strokeFootprint({ mode: 'erase', radius: 8, hardness: 0.5, points: [{ x: -30, y: 5 }, { x: -30, y: 40 }] }, 20, 20);
    expect(off.box.width * off.box.height).toBe(0);
    expect(off.weights.length).toBe(0);
  });
});

describe('applyStroke', () => {
  const width = 48;
  const height = 40;
  const random = noise(7);
  const photo = image(width, height, () => [random() * 255, random() * 255, random() * 255]);
  const start = alphaOf(width, height, (x, y) => (x + y < 40 ? 255 : random() < 0.3 ? Math.floor(random() * 256) : 0));
  const strokes: BrushStroke[] = [
    { mode: 'keep', radius: 7, hardness: 0.5, points: [{ x: 20, y: 20 }, { x: 31, y: 24 }, { x: 35, y: 12 }] },
    { mode: 'erase', radius: 5, hardness: 0, points: [{ x: 10, y: 9 }] },
    { mode: 'keep', radius: 12, hardness: 1, points: [{ x: 1, y: 38 }, { x: 45, y: 2 }] },
    { mode: 'erase', radius: 3.5, hardness: 0.8, points: [{ x: 47, y: 39 }, { x: 40, y: 39.5 }] },
  ];

  test.each(strokes)('changes alpha only where the brush touches, and touches neither input (%#)', (stroke) => {
    const alpha = start.slice();
    const pixels = photo.data.slice();
    const patch = applyStroke(photo, alpha, stroke);
    expect(alpha).toEqual(start);
    expect(photo.data).toEqual(pixels);
    const footprint = strokeFootprint(stroke, width, height);
    expect(patch.box).toEqual(footprint.box);
    const after = committed(alpha, width, patch);
    const { box, weights } = footprint;
    let changed = 0;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = y * width + x;
        const inside = x >= box.x && x < box.x + box.width && y >= box.y && y < box.y + box.height;
        const w = inside ? weights[(y - box.y) * box.width + (x - box.x)] : 0;
        if (w === 0) expect(after[i], `(${x}, ${y})`).toBe(start[i]);
        else if (after[i] !== start[i]) changed++;
      }
    }
    expect(changed).toBeGreaterThan(0);
  });

  test.each(strokes)('keep never lowers alpha, erase never raises it (%#)', (stroke) => {
    const patch = applyStroke(photo, start, stroke);
    for (let i = 0; i < patch.before.length; i++) {
      if (stroke.mode === 'keep') expect(patch.after[i]).toBeGreaterThanOrEqual(patch.before[i]);
      else expect(patch.after[i]).toBeLessThanOrEqual(patch.before[i]);
    }
  });

  test('the firm core reaches the target: keep makes it opaque, erase clear', () => {
    for (const mode of ['keep', 'erase'] as const) {
      const stroke: BrushStroke = { mode, radius: 9, hardness: 0.6, points: [{ x: 24, y: 20 }] };
      const patch = applyStroke(photo, start, stroke);
      const { core } = strokeFootprint(stroke, width, height);
      let firm = 0;
      for (let i = 0; i < core.length; i++) {
        if (!core[i]) continue;
        firm++;
        expect(patch.after[i]).toBe(mode === 'keep' ? 255 : 0);
      }
      expect(firm).toBeGreaterThan(60);
    }
  });

  test('a stroke off the image changes nothing', () => {
    const patch = applyStroke(photo, start, { mode: 'keep', radius: 10, hardness: 0.5, points: [{ x: -40, y: -40 }, { x: -15, y: 90 }] });
    expect(patch.box.width * patch.box.height).toBe(0);
    expect(isNoopPatch(patch)).toBe(true);
    expect(committed(start, width, patch)).toEqual(start);
  });

  test('a stroke with no points changes nothing', () => {
    const patch = applyStroke(photo, start, { mode: 'erase', radius: 10, hardness: 0.5, points: [] });
    expect(patch.before.length).toBe(0);
  });
});

describe('snapping to the photo', () => {
  // Red where x < 16, blue beyond; the model kept only x < 8 and dropped red columns 8–15.
  const size = 32;
  const photo = image(size, size, (x) => (x < 16 ? RED : BLUE));

  test('keep: the red pixels under the brush become opaque, the blue ones under its rim stay clear', () => {
    const alpha = alphaOf(size, size, (x) => (x < 8 ? 255 : 0));
    // Centred on column 12, so the firm core (radius 3.5) covers columns 9–15, all red; the rim reaches column 19.
    const stroke = verticalStroke('keep', 12.5, size, 7, 0.5);
    const after = committed(alpha, size, applyStroke(photo, alpha, stroke));
    const { box, weights } = strokeFootprint(stroke, size, size);
    for (let y = 0; y < size; y++) {
      for (let x = 8; x < 16; x++) expect(after[y * size + x], `red (${x}, ${y})`).toBeGreaterThanOrEqual(225);
      for (let x = 16; x < size; x++) expect(after[y * size + x], `blue (${x}, ${y})`).toBeLessThanOrEqual(x >= 17 ? 10 : 40);
    }
    expectRowsAlike(after, size, size);
    // Without snapping the rim would have painted column 16 almost opaque.
    expect(weights[16 * box.width + (16 - box.x)]).toBeGreaterThan(0.9);
  });

  test('erase: the blue pixels under the brush become clear, the red ones under its rim stay opaque', () => {
    // The model kept blue columns 16–23 too.
    const alpha = alphaOf(size, size, (x) => (x < 24 ? 255 : 0));
    const stroke = verticalStroke('erase', 19.5, size, 7, 0.5);
    const after = committed(alpha, size, applyStroke(photo, alpha, stroke));
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < 16; x++) expect(after[y * size + x], `red (${x}, ${y})`).toBeGreaterThanOrEqual(x <= 14 ? 245 : 215);
      for (let x = 16; x < 24; x++) expect(after[y * size + x], `blue (${x}, ${y})`).toBeLessThanOrEqual(25);
    }
    expectRowsAlike(after, size, size);
  });

  test('a big brush on a big photo (the filter on its coarser grid) snaps the same way', () => {
    const scale = 6;
    const wide = 32 * scale;
    const tall = 20 * scale;
    const big = image(wide, tall, (x) => {
      // A little texture across, so the colour classes are not flat; every row alike.
      const grain = ((x * 7) % 9) - 4;
      return (x < 16 * scale ? RED : BLUE).map((c) => c + grain);
    });
    const alpha = alphaOf(wide, tall, (x) => (x < 8 * scale ? 255 : 0));
    const stroke = verticalStroke('keep', 12.5 * scale, tall, 7 * scale, 0.5);
    const patch = applyStroke(big, alpha, stroke);
    const after = committed(alpha, wide, patch);
    const { box, weights } = strokeFootprint(stroke, wide, tall);
    for (let y = 0; y < tall; y++) {
      for (let x = box.x; x < box.x + box.width; x++) {
        const w = weights[(y - box.y) * box.width + (x - box.x)];
        const value = after[y * wide + x];
        if (x < 16 * scale && w >= 0.9) expect(value, `red (${x}, ${y})`).toBeGreaterThanOrEqual(200);
        if (x >= 16 * scale) expect(value, `blue (${x}, ${y})`).toBeLessThanOrEqual(50);
      }
    }
    expectRowsAlike(after, wide, tall);
  });
});

describe('long strokes', () => {
  // Filtered tile by tile: a photo, alpha and stroke that repeat every 10 columns must give alpha that does too, across the tiles' seams.
  test.each([
    { radius: 7, wide: 700, scale: 1 },
    { radius: 42, wide: 1300, scale: 6 },
  ])('a stroke across several tiles leaves no seams (radius $radius)', ({ radius, wide, scale }) => {
    const tall = 32 * scale;
    const period = 10;
    const striped = (x: number) => x % period < period / 2;
    // Red and green stripes over blue; the model kept the red stripes and the top rows.
    const photo = image(wide, tall, (x, y) => (y >= 16 * scale ? BLUE : striped(x) ? RED : [40, 200, 60]));
    const alpha = alphaOf(wide, tall, (x, y) => (y < 8 * scale || (y < 16 * scale && striped(x)) ? 255 : 0));
    const stroke: BrushStroke = { mode: 'keep', radius, hardness: 0.5, points: [{ x: -radius, y: 12.5 * scale }, { x: wide + radius, y: 12.5 * scale }] };
    const after = committed(alpha, wide, applyStroke(photo, alpha, stroke));
    // Away from the image's own left and right edges, where the filter's windows are clipped.
    const margin = 4 * radius;
    let changed = 0;
    for (let y = 0; y < tall; y++) {
      for (let x = margin + period; x < wide - margin; x++) {
        const i = y * wide + x;
        expect(Math.abs(after[i] - after[i - period]), `(${x}, ${y})`).toBeLessThanOrEqual(1);
        if (after[i] !== alpha[i]) changed++;
      }
    }
    expect(changed).toBeGreaterThan(wide);
  });
});

describe('patches', () => {
  const width = 40;
  const height = 30;
  const random = noise(3);
  const photo = image(width, height, (x) => (x < 20 ? RED : BLUE).map((c) => c + random() * 20));
  const start = alphaOf(width, height, (x) => (x < 14 ? 255 : x < 18 ? 128 : 0));

  test('undo restores the exact alpha, redo the exact edit, over several overlapping strokes', () => {
    const alpha = start.slice();
    const strokes: BrushStroke[] = [
      { mode: 'keep', radius: 6, hardness: 0.5, points: [{ x: 16, y: 5 }, { x: 18, y: 25 }] },
      { mode: 'erase', radius: 4, hardness: 0.2, points: [{ x: 12, y: 10 }, { x: 30, y: 12 }] },
      { mode: 'keep', radius: 9, hardness: 0.9, points: [{ x: 22, y: 15 }] },
    ];
    const patches: AlphaPatch[] = [];
    const states: Uint8ClampedArray[] = [alpha.slice()];
    for (const stroke of strokes) {
      const patch = applyStroke(photo, alpha, stroke);
      applyPatch(alpha, width, patch, 'after');
      patches.push(patch);
      states.push(alpha.slice());
    }
    expect(alpha).not.toEqual(start);
    for (let k = patches.length - 1; k >= 0; k--) {
      applyPatch(alpha, width, patches[k], 'before');
      expect(alpha).toEqual(states[k]);
    }
    expect(alpha).toEqual(start);
    for (let k = 0; k < patches.length; k++) {
      applyPatch(alpha, width, patches[k], 'after');
      expect(alpha).toEqual(states[k + 1]);
    }
  });
});

describe('the editor history', () => {
  const patch = (value: number, bytes = 1): AlphaPatch => ({
    box: { x: 0, y: 0, width: bytes, height: 1 },
    before: new Uint8ClampedArray(bytes),
    after: new Uint8ClampedArray(bytes).fill(value),
  });

  test('undo and redo walk the stack; a new stroke drops what was undone', () => {
    let history = recordPatch(recordPatch(EMPTY_HISTORY, patch(1)), patch(2));
    const undone = undoStep(history);
    expect(undone.patch?.after[0]).toBe(2);
    history = undone.history;
    expect(history.done.length).toBe(1);
    expect(history.undone.length).toBe(1);
    const redone = redoStep(history);
    expect(redone.patch?.after[0]).toBe(2);
    history = recordPatch(undoStep(redone.history).history, patch(3));
    expect(history.undone.length).toBe(0);
    expect(history.done.map((p) => p.after[0])).toEqual([1, 3]);
    expect(undoStep(EMPTY_HISTORY).patch).toBeNull();
    expect(redoStep(history).patch).toBeNull();
  });

  test('is capped by steps and by bytes, always keeping the newest step', () => {
    let history = EMPTY_HISTORY;
    for (let k = 0; k < 60; k++) history = recordPatch(history, patch(k), { steps: 50, bytes: 1e9 });
    expect(history.done.length).toBe(50);
    expect(history.done[0].after[0]).toBe(10);
    history = recordPatch(history, patch(99, 400), { steps: 50, bytes: 1000 });
    expect(history.bytes).toBeLessThanOrEqual(1000);
    expect(history.done[history.done.length - 1].after[0]).toBe(99);
    history = recordPatch(history, patch(98, 4000), { steps: 50, bytes: 1000 });
    expect(history.done.length).toBe(1);
  });
});

describe('the editor buffers', () => {
  const photo = image(4, 1, (x) => [10 * x, 20, 30]);
  const cutout: RgbaImage = { width: 4, height: 1, data: new Uint8ClampedArray([1, 2, 3, 255, 4, 5, 6, 128, 0, 0, 0, 0, 0, 0, 0, 0]) };

  test("the composite takes the cut-out's colours where it showed something, the photo's where it was clear", () => {
    const pixels = composeTouchUp(photo, cutout);
    expect(Array.from(pixels.composite)).toEqual([1, 2, 3, 255, 4, 5, 6, 128, 20, 20, 30, 0, 30, 20, 30, 0]);
    expect(Array.from(pixels.alpha)).toEqual([255, 128, 0, 0]);
    expect(() => composeTouchUp(image(3, 1, () => [0, 0, 0]), cutout)).toThrow(/not the same size/);
  });

  test("what is saved is clear as 0,0,0,0 wherever alpha is 0, and has the photo's colours where Keep brought pixels back", () => {
    const pixels = composeTouchUp(photo, cutout);
    pixels.composite[11] = 200;
    expect(Array.from(finishedRgba(pixels))).toEqual([1, 2, 3, 255, 4, 5, 6, 128, 20, 20, 30, 200, 0, 0, 0, 0]);
  });

  test('the count of pixels differing from the cut-out follows patches both ways', () => {
    const pixels = composeTouchUp(photo, cutout);
    const patch: AlphaPatch = { box: { x: 1, y: 0, width: 2, height: 1 }, before: new Uint8ClampedArray([128, 0]), after: new Uint8ClampedArray([128, 90]) };
    expect(differingDelta(pixels.original, 4, patch, 'after')).toBe(1);
    expect(differingDelta(pixels.original, 4, patch, 'before')).toBe(-1);
    applyPatch(pixels.alpha, 4, patch, 'after');
    const reset = resetPatch(pixels);
    expect(differingDelta(pixels.original, 4, reset, 'after')).toBe(-1);
  });

  test("client coordinates map linearly onto image pixels, and the brush's screen size onto an image radius", () => {
    const rect = { left: 100, top: 50, width: 400, height: 300 };
    expect(clientToImage(100, 50, rect, 4000, 3000)).toEqual({ x: 0, y: 0 });
    expect(clientToImage(300, 200, rect, 4000, 3000)).toEqual({ x: 2000, y: 1500 });
    expect(brushRadiusInImage(40, rect, 4000)).toBe(200);
  });
});
