// The prompt composer: words into parts, unknown words reported, negatives
// that counter what they name.
import { describe, expect, test } from 'vitest';
import { COLOUR_WORDS } from '../../../src/features/generate-background/worker/colour-words';
import { parsePrompt } from '../../../src/features/generate-background/worker/prompt';
import { planFromPrompt } from '../../../src/features/generate-background/worker/prompt-plan';
import { DEFAULT_SET } from '../../../src/features/generate-background/worker/sets';
import { VOCABULARY } from '../../../src/features/generate-background/worker/vocabulary';
import { resembles } from '../../../src/imaging/scene/color';

describe('parsePrompt', () => {
  test('understands far more than 80 words', () => {
    const meaningful = Object.values(VOCABULARY).filter((m) => m.kind !== 'filler').length;
    expect(meaningful).toBeGreaterThanOrEqual(80);
    expect(COLOUR_WORDS.size).toBeGreaterThan(140);
  });

  test('reads settings, materials, lighting and moods', () => {
    const { wanted, unused } = parsePrompt('A luxury marble table on the beach at golden hour, minimal');
    expect(wanted.settings).toEqual(['beach']);
    expect(wanted.surfaces).toEqual(['marble']);
    expect(wanted.lightings).toEqual(['sunset']);
    expect(wanted.moods).toEqual(['luxury', 'minimal']);
    expect(unused).toEqual([]);
  });

  test('reports the words it does not know, once each', () => {
    expect(parsePrompt('cosy kitchen with a purple unicorn and a unicorn, zorbs').unused).toEqual(['unicorn', 'zorbs']);
  });

  test('colour words: CSS names, design names, phrases, and what they colour', () => {
    const { wanted } = parsePrompt('sage wall, terracotta floor, pastel pink, navy, cream, light blue');
    expect(wanted.colours.map((c) => c.target)).toEqual(['backdrop', 'surface', null, null, null, null]);
    expect(wanted.colours[0].colour).toEqual(COLOUR_WORDS.get('sage'));
    expect(wanted.colours[2].colour).toEqual(COLOUR_WORDS.get('pastelpink'));
    expect(wanted.colours[5].colour).toEqual(COLOUR_WORDS.get('lightblue'));
  });

  test('a material named like a colour is the material', () => {
    const { wanted } = parsePrompt('linen and sand');
    expect(wanted.surfaces).toEqual(['linen', 'sand']);
    expect(wanted.colours).toEqual([]);
  });

  test('"marble wall" is a backdrop, "brick" can only be one', () => {
    const { wanted } = parsePrompt('marble wall, brick');
    expect(wanted.backdrops).toEqual(['marble', 'brick']);
    expect(wanted.surfaces).toEqual([]);
  });

  test('negative prompt items are read into what to avoid', () => {
    const { avoided, unused } = parsePrompt('studio', ['dark', 'cluttered', 'red', 'shadows', 'glorp']);
    expect(avoided.moods).toEqual(['moody']);
    expect(avoided.counters).toEqual(['clutter', 'shadow']);
    expect(avoided.colours).toHaveLength(1);
    expect(unused).toEqual(['glorp']);
  });
});

describe('planFromPrompt', () => {
  test('a setting composes from the parts: a beach is sand, sea and sun', () => {
    const plan = planFromPrompt(parsePrompt('beach'));
    expect(plan.surface.material).toBe('sand');
    expect(plan.backdrop.kind).toBe('sea');
  });

  test('nothing understood falls back to the studio set', () => {
    expect(planFromPrompt(parsePrompt('qwerty'))).toEqual(DEFAULT_SET);
  });

  test('"dark" in the negative prompt makes it brighter', () => {
    const plain = planFromPrompt(parsePrompt('moody cafe'));
    const countered = planFromPrompt(parsePrompt('moody cafe', ['dark']));
    expect(countered.exposure).toBeGreaterThan(plain.exposure);
  });

  test('"cluttered" in the negative prompt removes a busy backdrop', () => {
    expect(planFromPrompt(parsePrompt('cafe')).backdrop.kind).toBe('bokeh');
    expect(planFromPrompt(parsePrompt('cafe', ['cluttered'])).backdrop.kind).toBe('plaster');
  });

  test('a colour in the negative prompt is kept out of the palettes', () => {
    const pink = COLOUR_WORDS.get('pink')!;
    const palettes = planFromPrompt(parsePrompt('plaster wall')).backdrop.palettes;
    expect(palettes.some((p) => resembles(p[0], pink))).toBe(true);
    const countered = planFromPrompt(parsePrompt('plaster wall', ['pink'])).backdrop.palettes;
    expect(countered.length).toBeGreaterThan(0);
    for (const palette of countered) expect(resembles(palette[0], pink)).toBe(false);
  });

  test('when every palette has the avoided colour, its hue is taken out', () => {
    const palettes = planFromPrompt(parsePrompt('cafe', ['orange'])).backdrop.palettes;
    for (const palette of palettes) expect(resembles(palette[2], COLOUR_WORDS.get('orange')!)).toBe(false);
  });

  test('a named colour paints the backdrop', () => {
    const plan = planFromPrompt(parsePrompt('terracotta studio'));
    expect(plan.backdrop.palettes).toHaveLength(1);
    expect(plan.backdrop.palettes[0][0]).toEqual(COLOUR_WORDS.get('terracotta'));
  });
});
