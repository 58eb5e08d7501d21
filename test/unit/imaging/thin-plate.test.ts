// The thin-plate spline interpolates its control points, reproduces affine
// maps exactly, approximates smoothly as λ grows, and survives duplicated
// points. The dense solver under it is checked on its own too.
import { describe, expect, test } from 'vitest';
import { solveLinear } from '../../../src/imaging/linear-solve';
import { fitThinPlate, type Point } from '../../../src/imaging/thin-plate';

/** Garment-like landmarks in a 768×1024 frame. */
const sources: Point[] = [
  { x: 300, y: 200 },
  { x: 470, y: 205 },
  { x: 210, y: 260 },
  { x: 560, y: 255 },
  { x: 240, y: 420 },
  { x: 530, y: 430 },
  { x: 260, y: 720 },
  { x: 510, y: 715 },
  { x: 385, y: 470 },
];
const targets: Point[] = sources.map((p, i) => ({ x: p.x + 25 * Math.sin(i * 1.7), y: p.y + 18 * Math.cos(i * 2.3) }));

const residual = (from: Point[], to: Point[], map: (x: number, y: number) => Point) =>
  Math.max(...from.map((p, i) => Math.hypot(map(p.x, p.y).x - to[i].x, map(p.x, p.y).y - to[i].y)));

describe('solveLinear', () => {
  test('solves a system that needs pivoting, for two right-hand sides', () => {
    // The first pivot is 0: elimination without row exchange would divide by it.
    const a = [0, 2, 1, 1, 1, 1, 2, 1, 3];
    const [x, y] = solveLinear(a, [[7, 6, 13], [3, 2, 4]], 3);
    expect(Array.from(x)).toEqual([expect.closeTo(1, 12), expect.closeTo(2, 12), expect.closeTo(3, 12)]);
    expect(Array.from(y)).toEqual([expect.closeTo(0, 12), expect.closeTo(1, 12), expect.closeTo(1, 12)]);
  });

  test('a consistent singular system gets a finite solution with the undetermined unknown at 0', () => {
    // x + y = 2 twice over, z = 3: y is free.
    const [x] = solveLinear([1, 1, 0, 1, 1, 0, 0, 0, 1], [[2, 2, 3]], 3);
    expect(Array.from(x)).toEqual([2, 0, 3]);
  });
});

describe('fitThinPlate', () => {
  test('control points land exactly on their targets (λ = 0)', () => {
    const spline = fitThinPlate(sources, targets);
    sources.forEach((p, i) => {
      const q = spline.map(p.x, p.y);
      expect(Math.abs(q.x - targets[i].x)).toBeLessThan(1e-6);
      expect(Math.abs(q.y - targets[i].y)).toBeLessThan(1e-6);
    });
  });

  test('it bends between control points rather than being affine', () => {
    const spline = fitThinPlate(sources, targets);
    const affineAt = fitThinPlate(sources, targets, 1e9);
    const q = spline.map(385, 330);
    const r = affineAt.map(385, 330);
    expect(Math.hypot(q.x - r.x, q.y - r.y)).toBeGreaterThan(1);
  });

  test('an affine map is reproduced exactly everywhere, far from the control points too', () => {
    const affine = (p: Point): Point => ({ x: 1.1 * p.x - 0.2 * p.y + 40, y: 0.15 * p.x + 0.9 * p.y - 12 });
    const spline = fitThinPlate(sources, sources.map(affine));
    for (const [x, y] of [[0, 0], [767, 1023], [384, 512], [-200, 1500], [123.4, 876.5]]) {
      const q = spline.map(x, y);
      const expected = affine({ x, y });
      expect(Math.abs(q.x - expected.x)).toBeLessThan(1e-6);
      expect(Math.abs(q.y - expected.y)).toBeLessThan(1e-6);
    }
  });

  test('the identity needs no fitting: equal from and to give the identity', () => {
    const spline = fitThinPlate(sources, sources);
    const q = spline.map(10, 900);
    expect(q.x).toBeCloseTo(10, 9);
    expect(q.y).toBeCloseTo(900, 9);
  });

  test('with λ > 0 the residual shrinks steadily as λ goes to 0', () => {
    const lambdas = [100, 10, 1, 0.1, 0.01, 0.001, 0];
    const residuals = lambdas.map((lambda) => residual(sources, targets, fitThinPlate(sources, targets, lambda).map));
    for (let i = 1; i < residuals.length; i++) expect(residuals[i]).toBeLessThan(residuals[i - 1]);
    expect(residuals[0]).toBeGreaterThan(5);
    expect(residuals[residuals.length - 1]).toBeLessThan(1e-6);
    // Smooth: a small change of λ moves the fit a little.
    const a = fitThinPlate(sources, targets, 0.1).map(385, 330);
    const b = fitThinPlate(sources, targets, 0.11).map(385, 330);
    expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeLessThan(0.5);
  });

  test('the fit does not depend on the image scale (coordinates are normalised)', () => {
    const scaled = (p: Point) => ({ x: p.x * 4, y: p.y * 4 });
    const small = fitThinPlate(sources, targets, 0.05).map(400, 300);
    const large = fitThinPlate(sources.map(scaled), targets.map(scaled), 0.05).map(1600, 1200);
    expect(large.x / 4).toBeCloseTo(small.x, 6);
    expect(large.y / 4).toBeCloseTo(small.y, 6);
  });

  test('duplicated and near-duplicated points give finite maps through their averaged displacements', () => {
    const from = [...sources, sources[0], { x: sources[3].x + 0.5, y: sources[3].y - 0.3 }];
    const to = [...targets, { x: targets[0].x + 4, y: targets[0].y }, { x: targets[3].x, y: targets[3].y - 6 }];
    const spline = fitThinPlate(from, to);
    for (let y = 0; y < 1024; y += 64) {
      for (let x = 0; x < 768; x += 64) {
        const q = spline.map(x, y);
        expect(Number.isFinite(q.x) && Number.isFinite(q.y)).toBe(true);
      }
    }
    const first = spline.map(sources[0].x, sources[0].y);
    expect(first.x).toBeCloseTo(targets[0].x + 2, 6);
    expect(first.y).toBeCloseTo(targets[0].y, 6);
    // Merged points average their displacements: (0 + (−6 + 0.3)) / 2.
    expect(spline.map(sources[3].x, sources[3].y).y).toBeCloseTo(targets[3].y - 2.85, 6);
    // The conflicting near pair bends the map only locally, not wildly.
    const plain = fitThinPlate(sources, targets).map(385, 330);
    const merged = spline.map(385, 330);
    expect(Math.hypot(merged.x - plain.x, merged.y - plain.y)).toBeLessThan(3);
  });

  test('degenerate sets stay finite: one point translates, collinear points keep the cross direction', () => {
    const one = fitThinPlate([{ x: 10, y: 10 }], [{ x: 13, y: 6 }]).map(200, -50);
    expect(one).toEqual({ x: 203, y: -54 });

    const line = [0, 100, 200, 300].map((x) => ({ x, y: 50 }));
    const spline = fitThinPlate(line, line.map((p) => ({ x: p.x * 1.5, y: p.y + 10 })));
    const q = spline.map(100, 250);
    expect(q.x).toBeCloseTo(150, 6);
    expect(q.y).toBeCloseTo(260, 6);

    const all = fitThinPlate([sources[0], sources[0], sources[0]], [targets[0], targets[0], targets[0]]).map(0, 0);
    expect(all.x).toBeCloseTo(targets[0].x - sources[0].x, 9);
  });

  test('no control points is the identity; mismatched lists are refused', () => {
    expect(fitThinPlate([], []).map(3, 4)).toEqual({ x: 3, y: 4 });
    expect(() => fitThinPlate(sources, targets.slice(1))).toThrow(/targets/);
  });
});
