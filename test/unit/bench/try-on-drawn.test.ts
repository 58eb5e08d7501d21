// The try-on eval's drawn garment source (bench/lib/try-on-eval/drawn/): a
// seed draws the same photo byte for byte, every landmark lies on the
// garment it names, each of the three halves holds the three kinds and the
// four lengths, and the hem's truth on a person follows the garment's own
// proportions scaled by the person's shoulder span.
import { describe, expect, test } from 'vitest';
import { makePerson, type Person } from '../../../bench/lib/try-on-eval/body';
import { random, evalCases, closingCases } from '../../../bench/lib/try-on-eval/cases';
import { levels } from '../../../bench/lib/try-on-eval/worn';
import { DRAWN_HALVES, caseGarment, drawnCases } from '../../../bench/lib/try-on-eval/drawn/cases';
import { drawnPhoto } from '../../../bench/lib/try-on-eval/drawn/photo';
import { drawnSpec } from '../../../bench/lib/try-on-eval/drawn/spec';
import { drawGarment } from '../../../bench/lib/try-on-eval/drawn/template';
import { REF_SHOULDER_SPAN, shoulderScale, wornTruth } from '../../../bench/lib/try-on-eval/drawn/truth';

const SIZE = { width: 240, height: 320 };

/** A person with the shoulders (and arms with them) moved out by `k` times their span. */
function widerShoulders(person: Person, k: number): Person {
  const arms = person.arms.map((arm) => {
    const dx = arm.shoulder.x * (k - 1);
    const move = (p: { x: number; y: number; z: number }) => ({ ...p, x: p.x + dx });
    return { shoulder: move(arm.shoulder), elbow: move(arm.elbow), wrist: move(arm.wrist), hand: move(arm.hand) };
  }) as Person['arms'];
  return { ...person, arms };
}

describe('drawn garments for the try-on eval', () => {
  test('a seed draws the same photo, byte for byte', () => {
    for (const seed of [5000, 5021, 5039]) {
      const spec = caseGarment(drawnCases().find((c) => c.seed === seed)!);
      const a = drawnPhoto(spec, drawGarment(spec), SIZE.width, SIZE.height);
      const b = drawnPhoto(caseGarment(drawnCases().find((c) => c.seed === seed)!), drawGarment(spec), SIZE.width, SIZE.height);
      expect(Buffer.from(a.image.data).equals(Buffer.from(b.image.data))).toBe(true);
      expect(a.landmarks).toEqual(b.landmarks);
      expect(a.image.data.length).toBe(SIZE.width * SIZE.height * 4);
    }
  });

  test('every landmark lies on the garment, and the garment fills most of the frame', () => {
    for (const c of drawnCases().filter((x) => x.half === 'tuning')) {
      const spec = caseGarment(c);
      const photo = drawnPhoto(spec, drawGarment(spec), SIZE.width, SIZE.height);
      const { data, width, height } = photo.labels;
      const names = Object.keys(photo.landmarks);
      expect(names, c.name).toContain(c.slot === 'lower' ? 'waistLeft' : 'neckLeft');
      if (c.category === 'shorts' || c.category === 'trousers') expect(names).toEqual(expect.arrayContaining(['crotch', 'legLeft', 'legRight']));
      else expect(names).toEqual(expect.arrayContaining(['hemLeft', 'hemRight']));
      for (const [name, p] of Object.entries(photo.landmarks)) {
        // On the outline or inside it: a garment pixel within 1.5 px.
        let near = false;
        for (let dy = -2; dy <= 2 && !near; dy++) {
          for (let dx = -2; dx <= 2 && !near; dx++) {
            const x = Math.floor(p!.x) + dx;
            const y = Math.floor(p!.y) + dy;
            if (x >= 0 && y >= 0 && x < width && y < height && Math.hypot(x + 0.5 - p!.x, y + 0.5 - p!.y) <= 1.5 && data[y * width + x] === 240) near = true;
          }
        }
        expect(near, `${c.name} ${name}`).toBe(true);
      }
      let minX = width;
      let maxX = 0;
      let minY = height;
      let maxY = 0;
      for (let i = 0; i < data.length; i++) {
        if (!data[i]) continue;
        minX = Math.min(minX, i % width);
        maxX = Math.max(maxX, i % width);
        minY = Math.min(minY, Math.floor(i / width));
        maxY = Math.max(maxY, Math.floor(i / width));
      }
      const fill = Math.max((maxX - minX + 1) / width, (maxY - minY + 1) / height);
      expect(fill, c.name).toBeGreaterThan(0.66);
      expect(fill, c.name).toBeLessThan(0.92);
    }
  });

  test('each half holds 36 pairs of the three kinds and the four lengths, seeds apart from the rendered source', () => {
    const cases = drawnCases();
    const rendered = new Set([...evalCases(), ...closingCases()].map((c) => c.seed));
    expect(new Set(cases.map((c) => c.seed)).size).toBe(cases.length);
    for (const half of DRAWN_HALVES) {
      const group = cases.filter((c) => c.half === half);
      expect(group).toHaveLength(36);
      expect(new Set(group.map((c) => c.slot))).toEqual(new Set(['upper', 'lower', 'full']));
      const dresses = group.filter((c) => c.category === 'dress');
      expect(dresses.length).toBeGreaterThan(group.length / 3);
      expect(new Set(dresses.map((c) => c.length))).toEqual(new Set(['mini', 'knee', 'midi', 'maxi']));
      expect(new Set(group.filter((c) => c.category === 'skirt').map((c) => c.length))).toEqual(new Set(['mini', 'knee', 'midi', 'maxi']));
      expect(new Set(group.map((c) => c.category))).toEqual(new Set(['dress', 'top', 'skirt', 'shorts', 'trousers']));
      expect(group.filter((c) => c.preset === 'issue-dress')).toHaveLength(1);
      // Seated persons wear tops only.
      for (const c of group.filter((x) => x.pose === 'seated')) expect(c.slot).toBe('upper');
      for (const c of group) expect(rendered.has(c.seed)).toBe(false);
    }
  });

  test("the hem's truth is the drawing's length scaled by the person's shoulder span", () => {
    const person = makePerson(random(77), 'arms-down');
    for (const [category, length] of [
      ['dress', 'knee'],
      ['top', null],
      ['skirt', 'midi'],
      ['trousers', null],
    ] as const) {
      const spec = drawnSpec(5100, category, length);
      const garment = drawGarment(spec);
      const spans: number[] = [];
      const drops: number[] = [];
      for (const k of [0.92, 1, 1.1]) {
        const p = widerShoulders(person, k);
        const truth = wornTruth(spec, garment, p);
        const L = levels(p);
        const s = shoulderScale(p);
        expect(s).toBeCloseTo((Math.abs(p.arms[0].shoulder.x) * 2) / REF_SHOULDER_SPAN, 10);
        // The hem's drop from the person's shoulders (waistband for bottoms) is the drawing's, times s.
        // (Trousers: the leg's length along it from the hip joint, plus the waistband's height over the hips.)
        const drop = category === 'trousers' ? truth.hemY + (L.waistbandY - L.hipY) : (spec.slot === 'lower' ? L.waistbandY : L.shoulderY) - truth.hemY;
        expect(truth.clamped).toBe(false);
        expect(drop).toBeCloseTo(garment.measures.hemDrop * s, 9);
        spans.push(s);
        drops.push(drop);
      }
      // Wider shoulders, a longer garment, in proportion.
      expect(drops[2] / drops[0]).toBeCloseTo(spans[2] / spans[0], 6);
    }
  });

  test("the issue's dress is sleeveless, knee length and A-line, and its worn hem flares past the hips", () => {
    const c = drawnCases().find((x) => x.preset === 'issue-dress')!;
    const spec = caseGarment(c);
    expect(spec).toMatchObject({ category: 'dress', cut: 'a-line', sleeve: 'sleeveless', length: 'knee', waist: 'band', print: 'floral', colours: { ground: 'cobalt', band: 'mustard' } });
    const truth = wornTruth(spec, drawGarment(spec), makePerson(random(c.seed), c.pose));
    expect(truth.spec.flare).toBeGreaterThan(1.2);
    expect(truth.spec.sleeve).toBe(0);
    expect(truth.spec.strap).toBeGreaterThan(0.03);
    expect(truth.spec.hem).toBeGreaterThan(0.35);
    expect(truth.spec.hem).toBeLessThan(0.75);
  });
});
