// Outline geometry of a mask: blobs, holes, row runs, the traced contour and
// what is read off it (turning, hull concavities, simplification, walks).
import { describe, expect, test } from 'vitest';
import {
  concavities,
  concavityHitBy,
  convexHullIndices,
  distanceFromLine,
  fillShortColumnGaps,
  fillSmallHoles,
  findHoles,
  fitLine,
  labelBlobs,
  largestBlob,
  lastInsideAlong,
  lineCrossing,
  nearestIndex,
  ringArea,
  ringPath,
  rowSpans,
  simplifyPath,
  smoothRing,
  thresholdAlpha,
  traceOuterContour,
  turningAngles,
  type BinaryMask,
  type Point,
} from '../../../src/imaging/contour';

/** A mask from rows of text: '#' inside, anything else outside. */
function maskOf(rows: readonly string[]): BinaryMask {
  const width = rows[0].length;
  const data = Uint8Array.from(rows.join('').split(''), (c) => (c === '#' ? 1 : 0));
  return { data, width, height: rows.length };
}

/** A width × height mask filled where `inside(x, y)`. */
function maskWhere(width: number, height: number, inside: (x: number, y: number) => boolean): BinaryMask {
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data[y * width + x] = inside(x, y) ? 1 : 0;
  return { data, width, height };
}

const rectangle = maskOf(['.......', '.#####.', '.#####.', '.#####.', '.......']);

/** A 60 × 40 block with a V notch cut into its top middle, 20 deep. */
const notched = maskWhere(80, 60, (x, y) => x >= 10 && x < 70 && y >= 10 && y < 50 && !(y < 30 && Math.abs(x - 40) < (30 - y) * 0.5));

describe('masks and blobs', () => {
  test('thresholdAlpha keeps alpha from the threshold up', () => {
    const alpha = { data: Uint8ClampedArray.from([0, 127, 128, 255]), width: 4, height: 1 };
    expect([...thresholdAlpha(alpha).data]).toEqual([0, 0, 1, 1]);
    expect([...thresholdAlpha(alpha, 200).data]).toEqual([0, 0, 0, 1]);
  });

  test('labelBlobs joins diagonal neighbours and counts areas', () => {
    const { labels, areas } = labelBlobs(maskOf(['##...', '##...', '..#..', '....#', '.....']));
    expect(areas).toEqual([5, 1]);
    expect(labels[0]).toBe(1);
    expect(labels[12]).toBe(1);
    expect(labels[19]).toBe(2);
  });

  test('largestBlob keeps only the biggest blob', () => {
    const mask = maskOf(['##..###', '##..###', '....###', '#......']);
    expect([...largestBlob(mask).data].reduce((a, b) => a + b, 0)).toBe(9);
    expect(largestBlob(maskOf(['...'])).data.every((v) => v === 0)).toBe(true);
  });

  test('findHoles finds enclosed background only', () => {
    const ring = maskOf(['.......', '.#####.', '.#...#.', '.#..##.', '.#####.', '.......']);
    expect(findHoles(ring)).toEqual([{ area: 5, top: { x: 3, y: 2 }, centroid: { x: 2.8, y: 2.4 } }]);
    const cup = maskOf(['.#...#.', '.#...#.', '.#####.']);
    expect(findHoles(cup)).toEqual([]);
  });

  test('fillShortColumnGaps mends short gaps between filled pixels, not gaps open at an end', () => {
    const striped = maskOf(['#####.', '#...#.', '#####.', '.....#', '#.#..#', '#.#...', '#.#...']);
    const mended = fillShortColumnGaps(striped, 2);
    expect(mended.data).toEqual(maskOf(['#####.', '#####.', '#####.', '#.#..#', '#.#..#', '#.#...', '#.#...']).data);
    expect(fillShortColumnGaps(striped, 1).data).toEqual(striped.data);
    expect(striped.data[7]).toBe(0);
  });

  test('fillSmallHoles fills holes under the size given, never open background', () => {
    const holes = maskOf(['.......', '.#####.', '.#.#..#', '.#####.', '.......']);
    const filled = fillSmallHoles(holes, 2);
    expect(filled.data).toEqual(maskOf(['.......', '.#####.', '.###..#', '.#####.', '.......']).data);
    expect(fillSmallHoles(holes, 3).data).toEqual(maskOf(['.......', '.#####.', '.######', '.#####.', '.......']).data);
  });

  test('rowSpans gives each row its runs and outer ends', () => {
    const spans = rowSpans(maskOf(['#..##', '#####', '.....']));
    expect(spans[0]).toEqual({ left: 0, right: 4, runs: [{ start: 0, end: 0 }, { start: 3, end: 4 }] });
    expect(spans[1]).toEqual({ left: 0, right: 4, runs: [{ start: 0, end: 4 }] });
    expect(spans[2]).toEqual({ left: -1, right: -1, runs: [] });
  });
});

describe('traceOuterContour', () => {
  test('walks the boundary pixels clockwise from the top-left one', () => {
    const contour = traceOuterContour(rectangle);
    expect(contour).toHaveLength(12);
    expect(contour[0]).toEqual({ x: 1, y: 1 });
    expect(contour[1]).toEqual({ x: 2, y: 1 });
    expect(contour).not.toContainEqual({ x: 3, y: 2 });
    expect(ringArea(contour)).toBeGreaterThan(0);
  });

  test('steps between eight-neighbours all the way round', () => {
    const disc = maskWhere(60, 60, (x, y) => (x - 30) ** 2 + (y - 30) ** 2 < 400);
    const contour = traceOuterContour(disc);
    contour.forEach((p, i) => {
      const q = contour[(i + 1) % contour.length];
      expect(Math.max(Math.abs(p.x - q.x), Math.abs(p.y - q.y))).toBe(1);
    });
    expect(Math.abs(ringArea(contour) - Math.PI * 19.5 ** 2)).toBeLessThan(60);
  });

  test('passes a one-pixel neck both ways and ignores holes', () => {
    const bowtie = maskOf(['......', '.##...', '.##...', '...##.', '...##.', '......']);
    const contour = traceOuterContour(bowtie);
    expect(contour).toContainEqual({ x: 4, y: 4 });
    expect(new Set(contour.map((p) => `${p.x},${p.y}`)).size).toBe(8);
    const framed = maskOf(['#####', '#...#', '#####']);
    expect(traceOuterContour(framed)).toHaveLength(12);
  });

  test('a single pixel and an empty mask', () => {
    expect(traceOuterContour(maskOf(['...', '.#.', '...']))).toEqual([{ x: 1, y: 1 }]);
    expect(traceOuterContour(maskOf(['...']))).toEqual([]);
  });
});

describe('measures on a contour', () => {
  test('smoothRing averages neighbours and keeps a symmetric ring centred', () => {
    const square: Point[] = [
      { x: 0, y: 0 },
      { x: 2, y: 0 },
      { x: 2, y: 2 },
      { x: 0, y: 2 },
    ];
    expect(smoothRing(square, 1)[1]).toEqual({ x: 4 / 3, y: 2 / 3 });
    const centre = smoothRing(square, 1).reduce((c, p) => ({ x: c.x + p.x / 4, y: c.y + p.y / 4 }), { x: 0, y: 0 });
    expect(centre.x).toBeCloseTo(1, 9);
    expect(centre.y).toBeCloseTo(1, 9);
  });

  test('turningAngles: convex corners turn positive, a notch negative, a full turn in all', () => {
    const ring = smoothRing(traceOuterContour(notched), 1);
    const turning = turningAngles(ring, 3);
    const total = turning.reduce((a, b) => a + b, 0);
    const bottom = nearestIndex(ring, { x: 40, y: 29 });
    const corner = nearestIndex(ring, { x: 69, y: 49 });
    expect(turning[bottom]).toBeLessThan(-Math.PI / 3);
    expect(turning[corner]).toBeGreaterThan(Math.PI / 4);
    expect(total / 3).toBeCloseTo(2 * Math.PI, 0);
  });

  test('distanceFromLine is positive on the right of a→b on screen', () => {
    expect(distanceFromLine({ x: 5, y: 3 }, { x: 0, y: 0 }, { x: 10, y: 0 })).toBe(3);
    expect(distanceFromLine({ x: 5, y: -3 }, { x: 0, y: 0 }, { x: 10, y: 0 })).toBe(-3);
  });

  test('fitLine fits the points across, and lineCrossing meets two lines', () => {
    const slope = fitLine([0, 1, 2, 3, 4].map((t) => ({ x: 2 + t, y: 1 + 2 * t + (t % 2 ? 0.1 : -0.1) })))!;
    expect(Math.abs(slope.direction.y / slope.direction.x)).toBeCloseTo(2, 1);
    expect(fitLine([{ x: 1, y: 1 }])).toBeUndefined();
    expect(fitLine([{ x: 1, y: 1 }, { x: 1, y: 1 }])).toBeUndefined();
    const upright = fitLine([{ x: 5, y: 0 }, { x: 5, y: 10 }])!;
    const flat = fitLine([{ x: 0, y: 3 }, { x: 8, y: 3 }])!;
    const crossing = lineCrossing(upright, flat)!;
    expect(crossing.x).toBeCloseTo(5);
    expect(crossing.y).toBeCloseTo(3);
    expect(lineCrossing(flat, fitLine([{ x: 0, y: 7 }, { x: 4, y: 7 }])!)).toBeUndefined();
  });

  test('the hull leaves out the notch, and its concavity reaches the notch bottom', () => {
    const ring = traceOuterContour(notched);
    const hull = convexHullIndices(ring).map((i) => ring[i]);
    expect(hull).toHaveLength(4);
    const dip = concavityHitBy(concavities(ring), ring, { x: 40, y: 40 }, { x: 0, y: -1 })!;
    expect(ring[dip.deepest].x).toBeCloseTo(40, 0);
    expect(ring[dip.deepest].y).toBeGreaterThanOrEqual(28);
    expect(dip.depth).toBeGreaterThan(17);
    const floor = concavityHitBy(concavities(ring), ring, { x: 40, y: 40 }, { x: 0, y: 1 })!;
    expect(floor.depth).toBe(0);
  });

  test('simplifyPath keeps one point per corner, even a rounded one', () => {
    const path: Point[] = [];
    for (let x = 0; x <= 40; x++) path.push({ x, y: 0.3 * Math.sin(x) });
    for (let y = 1; y <= 30; y++) path.push({ x: 40 + 0.3 * Math.sin(y), y });
    expect(simplifyPath(path, 1.5).map((i) => path[i])).toEqual([path[0], path[40], path[path.length - 1]]);
    const rounded = [...path.slice(0, 38), { x: 39, y: 0.5 }, { x: 39.6, y: 1.2 }, ...path.slice(42)];
    const corners = simplifyPath(rounded, 1.5);
    expect(corners).toHaveLength(3);
    expect(Math.hypot(rounded[corners[1]].x - 40, rounded[corners[1]].y)).toBeLessThan(2);
  });

  test('ringPath wraps round in either direction', () => {
    expect(ringPath(6, 4, 1, 1)).toEqual([4, 5, 0, 1]);
    expect(ringPath(6, 1, 4, -1)).toEqual([1, 0, 5, 4]);
    expect(ringPath(6, 2, 2, 1)).toEqual([2]);
  });

  test('lastInsideAlong walks to the edge, starting from a point on the outline', () => {
    const mask = maskWhere(40, 20, (x, y) => x >= 5 && x < 30 && y >= 5 && y < 15);
    expect(lastInsideAlong(mask, { x: 10, y: 10 }, { x: 1, y: 0 })).toEqual({ x: 29, y: 10 });
    expect(lastInsideAlong(mask, { x: 10, y: 4 }, { x: 0, y: 2 })).toEqual({ x: 10, y: 14 });
    expect(lastInsideAlong(mask, { x: 35, y: 10 }, { x: 1, y: 0 })).toEqual({ x: 35, y: 10 });
  });
});
