// The camera's motion from block vectors: a pan, a zoom and a roll of a
// textured picture come back as the similarity that made them; a subject
// moving on its own on top of a pan neither bends the fit nor follows it;
// blocks that came in at the border and
// flat blocks do not vote; and a flat picture gives no motion rather than
// noise. The subject's motion from its own pixels: a flat subject over a
// backdrop that streams the other way is placed by its outline.
import { describe, expect, test } from 'vitest';
import { estimateBlockMotion } from '../../../src/imaging/block-motion';
import {
  blockCoverage,
  blockTexture,
  compose,
  estimateGlobalMotion,
  IDENTITY,
  invert,
  refineByMask,
  scaleOf,
  similarityField,
  vectorAt,
  type Similarity,
} from '../../../src/imaging/global-motion';
import { createPlane, type Plane } from '../../../src/imaging/image';
import { texture } from '../../support/texture';

const W = 128;
const H = 96;

function planeOf(value: (x: number, y: number) => number, width = W, height = H): Plane {
  const plane = createPlane(width, height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) plane.data[y * width + x] = value(x, y);
  return plane;
}

/** The world seen through a camera: pixel p of this frame shows world point M(p) for the similarity M about the centre. */
function seen(world: (x: number, y: number) => number, m: Similarity): Plane {
  const cx = (W - 1) / 2;
  const cy = (H - 1) / 2;
  return planeOf((x, y) => {
    const px = x - cx;
    const py = y - cy;
    return world(cx + m.a * px - m.b * py + m.tx, cy + m.b * px + m.a * py + m.ty);
  });
}

/** Residuals for every block inside the frame, as the subject's layer keeps them; zero (the model's vector) for the rest. */

/** The camera's motion from `previous` to `current`, as estimated. */
function cameraBetween(current: Plane, previous: Plane) {
  const blocks = estimateBlockMotion(current, previous);
  return { blocks, motion: estimateGlobalMotion(blocks, current) };
}

/** A similarity with zoom s (the current frame sees 1/s as much: previous = s·current) and roll θ. */
const similarity = (s: number, theta: number, tx: number, ty: number): Similarity => ({ a: s * Math.cos(theta), b: s * Math.sin(theta), tx, ty });

describe('estimateGlobalMotion', () => {
  test.each([
    ['a pan', similarity(1, 0, 4.5, -2.25)],
    ['a zoom in', similarity(1 / 1.04, 0, 0, 0)],
    ['a zoom out with a pan', similarity(1.03, 0, -3, 1)],
    ['a roll with a shake', similarity(1, 0.015, 1.5, 2)],
  ])('%s comes back as the similarity that made it, and nearly every block follows it', (_, move) => {
    const world = texture(3);
    const previous = seen(world, IDENTITY);
    // The current frame shows what the previous one showed at M(p): previous(M(p)) = current(p).
    const current = seen(world, move);
    const { motion } = cameraBetween(current, previous);
    expect(motion.model.a).toBeCloseTo(move.a, 2);
    expect(motion.model.b).toBeCloseTo(move.b, 2);
    expect(Math.abs(motion.model.tx - move.tx)).toBeLessThan(0.1);
    expect(Math.abs(motion.model.ty - move.ty)).toBeLessThan(0.1);
    expect(motion.support).toBeGreaterThan(0.9);
  });

  test('a subject moving on its own over a pan: the camera is the backdrop\'s, the subject does not follow it and its blocks keep its own motion on top of the camera\'s', () => {
    const backdrop = texture(2);
    const skin = texture(9);
    const pan = { x: 3, y: -1 };
    const own = { x: -4, y: 2 };
    const r = 22;
    // The backdrop moves by −pan on screen (the camera pans by +pan); the disc by −pan + own.
    const frame = (t: number) => {
      const [cx, cy] = [64 + t * (own.x - pan.x), 48 + t * (own.y - pan.y)];
      return planeOf((x, y) => (Math.hypot(x - cx, y - cy) < r ? skin(x - cx, y - cy) : backdrop(x + t * pan.x, y + t * pan.y)));
    };
    const previous = frame(0);
    const current = frame(1);
    const { blocks, motion } = cameraBetween(current, previous);
    expect(motion.model.a).toBeCloseTo(1, 2);
    expect(motion.model.tx).toBeCloseTo(pan.x, 1);
    expect(motion.model.ty).toBeCloseTo(pan.y, 1);
    // Blocks well inside the disc: not inliers; the disc moved by own − pan on screen, so its vector is pan − own, and less the camera's, −own.
    const [dcx, dcy] = [64 + own.x - pan.x, 48 + own.y - pan.y];
    let counted = 0;
    for (let by = 0; by < blocks.rows; by++) {
      for (let bx = 0; bx < blocks.columns; bx++) {
        const x = bx * blocks.blockSize + blocks.blockSize / 2;
        const y = by * blocks.blockSize + blocks.blockSize / 2;
        if (Math.hypot(x - dcx, y - dcy) > r - 10) continue;
        const b = by * blocks.columns + bx;
        counted++;
        expect(motion.inliers[b]).toBe(0);
        const [cameraX, cameraY] = vectorAt(motion.model, x, y, blocks.width, blocks.height);
        expect(blocks.dx[b] - cameraX).toBeCloseTo(-own.x, 0);
        expect(blocks.dy[b] - cameraY).toBeCloseTo(-own.y, 0);
      }
    }
    expect(counted).toBeGreaterThan(4);
  });

  test('with a pan, the blocks whose match lies beyond the previous frame are marked as come in at the border, and vote for nothing', () => {
    const world = texture(5);
    const { blocks, motion } = cameraBetween(seen(world, similarity(1, 0, 6, 0)), seen(world, IDENTITY));
    // The camera moved right: the last column of blocks shows what the previous frame never did.
    for (let by = 0; by < blocks.rows; by++) {
      const last = by * blocks.columns + blocks.columns - 1;
      expect(motion.inside[last]).toBe(0);
      expect(motion.weight[last]).toBe(0);
      expect(motion.inside[by * blocks.columns + 1]).toBe(1);
    }
  });

  test('a flat picture gives no motion and no support, not noise', () => {
    const flat = planeOf(() => 0.4);
    const { motion } = cameraBetween(flat, flat);
    expect(motion.model).toEqual(IDENTITY);
    expect(motion.support).toBe(0);
  });

  test('flat blocks weigh little: a pan over a picture half plain wall, half texture, is the texture\'s', () => {
    const world = texture(4);
    const halfFlat = (x: number, y: number) => (x < 70 ? 0.45 : world(x, y));
    const { motion } = cameraBetween(seen(halfFlat, similarity(1, 0, 2, 1)), seen(halfFlat, IDENTITY));
    expect(motion.model.tx).toBeCloseTo(2, 1);
    expect(motion.model.ty).toBeCloseTo(1, 1);
  });
});

describe('blockTexture', () => {
  test('is zero on flat and on one-directional stripes (where a block can slide along them), high on a texture', () => {
    const flat = blockTexture(planeOf(() => 0.5), 8, 16, 12);
    const stripes = blockTexture(planeOf((x) => 0.5 + 0.3 * Math.sin(x * 0.8)), 8, 16, 12);
    const textured = blockTexture(planeOf(texture(1)), 8, 16, 12);
    expect(Math.max(...flat)).toBe(0);
    expect(Math.max(...stripes)).toBeLessThan(1e-6);
    expect([...textured].sort((a, b) => a - b)[textured.length >> 1]).toBeGreaterThan(1e-4);
    expect(Math.min(...textured)).toBeGreaterThan(100 * Math.max(...stripes));
  });
});

describe('compose and vectorAt', () => {
  test('two steps composed take a point where the two steps one after the other take it', () => {
    const first = similarity(1.02, 0.01, 2, -1);
    const then = similarity(0.97, -0.02, -1, 3);
    const both = compose(first, then);
    for (const [x, y] of [[0, 0], [100, 20], [37, 90]]) {
      const [ux, uy] = vectorAt(first, x, y, W, H);
      const [vx, vy] = vectorAt(then, x + ux, y + uy, W, H);
      const [wx, wy] = vectorAt(both, x, y, W, H);
      expect(wx).toBeCloseTo(ux + vx, 4);
      expect(wy).toBeCloseTo(uy + vy, 4);
    }
    expect(scaleOf(both)).toBeCloseTo(1.02 * 0.97, 6);
  });
});

describe('refineByMask', () => {
  /** A disc (antialiased, flat or with markings of its own) at (cx, cy) over a textured backdrop shifted by (bx, 0). */
  const scene = (cx: number, cy: number, bx: number, marked = true) => {
    const backdrop = texture(8);
    const markings = texture(2);
    return planeOf((x, y) => {
      const cover = Math.min(1, Math.max(0, 16.5 - Math.hypot(x - cx, y - cy)));
      return cover * (marked ? markings(x - cx, y - cy) * 0.6 : 0.3) + (1 - cover) * backdrop(x + bx, y);
    });
  };
  const discMask = (cx: number, cy: number) => planeOf((x, y) => Math.min(1, Math.max(0, 16.5 - Math.hypot(x - cx, y - cy))));

  test('a subject over a backdrop streaming the other way is placed by its own pixels to an eighth of a pixel; a flat one by its outline, to a pixel', () => {
    // The subject moved by (+1.25, −0.5) while the backdrop moved by −3: its vector is (−1.25, +0.5).
    const guesses = [{ a: 1, b: 0, tx: 3, ty: 0 }, IDENTITY];
    const marked = refineByMask(guesses, scene(61.25, 47.5, 3), scene(60, 48, 0), discMask(60, 48));
    expect(Math.abs(marked.tx + 1.25)).toBeLessThanOrEqual(0.125);
    expect(Math.abs(marked.ty - 0.5)).toBeLessThanOrEqual(0.125);
    // Flat inside, the disc can slide by up to the pixel its rim gives.
    const flat = refineByMask(guesses, scene(61.25, 47.5, 3, false), scene(60, 48, 0, false), discMask(60, 48));
    expect(Math.abs(flat.tx + 1.25)).toBeLessThanOrEqual(1);
    expect(Math.abs(flat.ty - 0.5)).toBeLessThanOrEqual(1);
  });

  test('searches around every guess: a first guess far off does not trap it', () => {
    const key = scene(60, 48, 0);
    const current = scene(52, 48, 0);
    // The backdrop did not move: the first guess says no motion; the second is near the subject's 8 px.
    const found = refineByMask([IDENTITY, { a: 1, b: 0, tx: 7, ty: 1 }], current, key, discMask(60, 48));
    expect(found.tx).toBeCloseTo(8, 1);
    expect(found.ty).toBeCloseTo(0, 1);
  });

  test('a mask too small to match gives the first guess back', () => {
    const guess = { a: 1, b: 0, tx: 2, ty: -1 };
    expect(refineByMask([guess], scene(60, 48, 0), scene(60, 48, 0), planeOf(() => 0))).toEqual(guess);
  });
});

describe('blockCoverage', () => {
  test('each block\'s share of a mask where it came from: 1 inside, 0 outside, between on the edge', () => {
    const plane = planeOf(texture(1));
    const blocks = estimateBlockMotion(plane, plane);
    // The mask covers the left half, up to x = 60 (inside block column 7 of 16).
    const coverage = blockCoverage(blocks, planeOf((x) => (x < 60 ? 1 : 0)));
    expect(coverage[3]).toBe(1);
    expect(coverage[12]).toBe(0);
    expect(coverage[7]).toBeGreaterThan(0.3);
    expect(coverage[7]).toBeLessThan(0.8);
    // Moved: a block whose vector points 24 px left reads the mask there.
    const moved = { ...blocks, dx: blocks.dx.map(() => -24) };
    expect(blockCoverage(moved, planeOf((x) => (x < 60 ? 1 : 0)))[9]).toBe(1);
  });
});

describe('invert and similarityField', () => {
  test('a model composed with its inverse goes nowhere; the field is the model at every pixel', () => {
    const m = similarity(1.03, -0.02, 4, -2);
    const none = compose(m, invert(m));
    expect(none.a).toBeCloseTo(1, 9);
    expect(none.b).toBeCloseTo(0, 9);
    expect(none.tx).toBeCloseTo(0, 9);
    expect(none.ty).toBeCloseTo(0, 9);
    const field = similarityField(m, W, H);
    const [vx, vy] = vectorAt(m, 100, 20, W, H);
    expect(field.dx[20 * W + 100]).toBeCloseTo(vx, 5);
    expect(field.dy[20 * W + 100]).toBeCloseTo(vy, 5);
  });
});
