// A drawn garment, as a fashion drawing's template would specify it: its
// category and cut (silhouette or style), neckline, sleeves, length, waist
// treatment, ease, colours and print, and its measures in metres on the
// reference body flat.ts cuts for (a flat garment is as wide as half its
// girth). Drawn from a seed; the category and length come from the case
// schedule (cases.ts), so every half holds every kind and length.
import { pick, random, uniform, type Rng, type Slot } from '../cases';
import { FABRIC, FABRIC_NAMES, colourDistance, type FabricName } from './palette';

export type DrawnCategory = 'dress' | 'top' | 'skirt' | 'shorts' | 'trousers';
export type DressCut = 'shift' | 'a-line' | 'fitted' | 'fit-and-flare';
export type TopCut = 'tee' | 'tank' | 'blouse' | 'long-sleeve';
export type SkirtCut = 'a-line' | 'pencil';
export type TrouserCut = 'straight' | 'wide';
export type Cut = DressCut | TopCut | SkirtCut | TrouserCut | 'shorts';
export type Neckline = 'crew' | 'v' | 'scoop' | 'square' | 'boat';
export type SleeveName = 'sleeveless' | 'straps' | 'cap' | 'short' | 'elbow' | 'long';
export type LengthName = 'mini' | 'knee' | 'midi' | 'maxi';
export const LENGTHS: readonly LengthName[] = ['mini', 'knee', 'midi', 'maxi'];
export type PrintName = 'plain' | 'floral' | 'dots' | 'gingham' | 'ombre' | 'chevron' | 'blobs';
export type Waist = 'none' | 'seam' | 'band';

export interface DrawnSpec {
  seed: number;
  category: DrawnCategory;
  slot: Slot;
  cut: Cut;
  neckline: Neckline;
  sleeve: SleeveName;
  /** Dresses and skirts; null for tops, shorts and trousers. */
  length: LengthName | null;
  waist: Waist;
  /** Room added to the reference body's half-girths, metres. */
  ease: number;
  sleeveEase: number;
  /** Neckline: half-width at the neck corner, front depth below it, the back's depth (seen inside the front's). */
  neckHalf: number;
  neckDepth: number;
  backDepth: number;
  /** Strap width at the shoulder (sleeveless and strapped), metres; 0 with sleeves. */
  strap: number;
  /** Sleeve length from the shoulder seam to the cuff's middle, metres, and its angle below horizontal, degrees. */
  sleeveLength: number;
  sleeveAngle: number;
  /** Hem below the shoulder joints' level (tops, dresses) or the waistband's top (bottoms), metres, at the hem's corner. */
  hemDrop: number;
  /** The hem's flat half-width as a multiple of the hips' (dresses, skirts, trouser legs' width for wide ones). */
  flare: number;
  colours: { ground: FabricName; second: FabricName; third: FabricName; band: FabricName };
  print: PrintName;
  /** The print's repeat, metres. */
  printScale: number;
  /** The back's inside shows through the front's neckline (most flat lays); otherwise the neck is open to the backdrop. */
  insideShows: boolean;
  /** Named preset, if the spec is one (the issue's dress). */
  preset: string | null;
}

/**
 * Dresses' hems below the hip joints on the reference body (knee 0.42,
 * ankle 0.83), metres; skirts' likewise. Chosen so that, scaled by the
 * wearer's shoulder span, each length falls where its name says on the eval's
 * persons on average (their shoulder-to-hip is 0.56 shoulder spans over
 * 0.38 m, the reference's 0.51, so a dress cut for the reference rides
 * higher on them; a skirt hangs from the waistband and less so): mini at
 * 0.28–0.37 of the way from hips to ankles, knee 0.48–0.56, midi 0.69–0.80,
 * maxi 0.88–0.96 (a long one on a short, broad person reaches the floor).
 */
export const LENGTH_BELOW_HIP: Record<LengthName, readonly [number, number]> = {
  mini: [0.26, 0.33],
  knee: [0.41, 0.47],
  midi: [0.57, 0.65],
  maxi: [0.72, 0.78],
};
export const SKIRT_BELOW_HIP: Record<LengthName, readonly [number, number]> = {
  mini: [0.22, 0.29],
  knee: [0.37, 0.43],
  midi: [0.53, 0.61],
  maxi: [0.68, 0.74],
};

/** The reference body's levels in the drawing's frame: y down from the shoulder joints (tops, dresses) or the waistband's top (bottoms). */
export const FRAME = {
  hipFromShoulders: 0.51,
  waistFromShoulders: 0.31,
  hipFromWaistband: 0.11,
};

const weighted = <T>(rng: Rng, options: readonly (readonly [T, number])[]): T => {
  const total = options.reduce((s, [, w]) => s + w, 0);
  let r = rng() * total;
  for (const [value, w] of options) {
    r -= w;
    if (r < 0) return value;
  }
  return options[options.length - 1][0];
};

function neckFor(rng: Rng, neckline: Neckline): { neckHalf: number; neckDepth: number } {
  switch (neckline) {
    case 'crew':
      return { neckHalf: uniform(rng, 0.07, 0.085), neckDepth: uniform(rng, 0.06, 0.09) };
    case 'scoop':
      return { neckHalf: uniform(rng, 0.085, 0.11), neckDepth: uniform(rng, 0.12, 0.17) };
    case 'v':
      return { neckHalf: uniform(rng, 0.07, 0.095), neckDepth: uniform(rng, 0.15, 0.22) };
    case 'square':
      return { neckHalf: uniform(rng, 0.085, 0.11), neckDepth: uniform(rng, 0.1, 0.15) };
    case 'boat':
      return { neckHalf: uniform(rng, 0.12, 0.14), neckDepth: uniform(rng, 0.025, 0.05) };
  }
}

function sleeveFor(rng: Rng, sleeve: SleeveName): { sleeveLength: number; sleeveAngle: number } {
  switch (sleeve) {
    case 'sleeveless':
    case 'straps':
      return { sleeveLength: 0, sleeveAngle: 0 };
    case 'cap':
      return { sleeveLength: uniform(rng, 0.05, 0.08), sleeveAngle: uniform(rng, 8, 22) };
    case 'short':
      return { sleeveLength: uniform(rng, 0.12, 0.2), sleeveAngle: uniform(rng, 15, 35) };
    case 'elbow':
      return { sleeveLength: uniform(rng, 0.28, 0.34), sleeveAngle: uniform(rng, 30, 50) };
    case 'long':
      return { sleeveLength: uniform(rng, 0.53, 0.6), sleeveAngle: uniform(rng, 45, 66) };
  }
}

/** Colours that stand apart from each other. */
function colours(rng: Rng): DrawnSpec['colours'] {
  const ground = pick(rng, FABRIC_NAMES);
  const apart = (c: FabricName, from: FabricName[]) => from.every((f) => colourDistance(FABRIC[c], FABRIC[f]) > 150);
  const choose = (from: FabricName[]) => {
    for (let k = 0; k < 20; k++) {
      const c = pick(rng, FABRIC_NAMES);
      if (apart(c, from)) return c;
    }
    return FABRIC_NAMES.find((c) => apart(c, from)) ?? 'white';
  };
  const second = choose([ground]);
  const third = choose([ground, second]);
  // A waist band no paler than mid-tone: a white band on a pale backdrop reads as a gap cutting the dress in two.
  const pale = (c: FabricName) => FABRIC[c][0] + FABRIC[c][1] + FABRIC[c][2] > 3 * 200;
  let band = choose([ground]);
  for (let k = 0; k < 20 && pale(band); k++) band = choose([ground]);
  if (pale(band)) band = ground === 'charcoal' ? 'mustard' : 'charcoal';
  return { ground, second, third, band };
}

function printFor(rng: Rng): { print: PrintName; printScale: number } {
  const print = weighted<PrintName>(rng, [
    ['plain', 30],
    ['floral', 20],
    ['dots', 12],
    ['gingham', 10],
    ['ombre', 8],
    ['chevron', 10],
    ['blobs', 10],
  ]);
  const scale: Record<PrintName, readonly [number, number]> = {
    plain: [0.05, 0.05],
    floral: [0.06, 0.11],
    dots: [0.03, 0.06],
    gingham: [0.02, 0.04],
    ombre: [0.05, 0.05],
    chevron: [0.05, 0.09],
    blobs: [0.08, 0.16],
  };
  return { print, printScale: uniform(rng, scale[print][0], scale[print][1]) };
}

/** A garment of `category` (and `length`, for dresses and skirts) drawn from `seed`. */
export function drawnSpec(seed: number, category: DrawnCategory, length: LengthName | null, topCut?: TopCut, bottomCut?: SkirtCut | TrouserCut): DrawnSpec {
  const rng = random(seed * 29 + 101);
  const slot: Slot = category === 'dress' ? 'full' : category === 'top' ? 'upper' : 'lower';
  const base = { seed, category, slot, length: null as LengthName | null, waist: 'none' as Waist, strap: 0, sleeveLength: 0, sleeveAngle: 0, insideShows: rng() < 0.8, preset: null, ...printFor(rng), colours: colours(rng) };
  const neckBase = (neckline: Neckline) => ({ neckline, ...neckFor(rng, neckline), backDepth: uniform(rng, 0.02, 0.035) });
  const sleeved = (sleeve: SleeveName) => {
    const s = sleeveFor(rng, sleeve);
    return { sleeve, ...s, strap: sleeve === 'straps' ? uniform(rng, 0.01, 0.018) : sleeve === 'sleeveless' ? uniform(rng, 0.045, 0.07) : 0 };
  };
  switch (category) {
    case 'dress': {
      const cut = weighted<DressCut>(rng, [
        ['shift', 1],
        ['a-line', 1.3],
        ['fitted', 0.8],
        ['fit-and-flare', 1.2],
      ]);
      const sleeve = weighted<SleeveName>(rng, [
        ['sleeveless', 30],
        ['straps', 20],
        ['cap', 15],
        ['short', 20],
        ['elbow', 7],
        ['long', 8],
      ]);
      const neckline = sleeve === 'straps' ? pick(rng, ['v', 'square', 'scoop'] as const) : pick(rng, ['crew', 'v', 'scoop', 'square', 'boat'] as const);
      const waist: Waist = cut === 'fit-and-flare' ? (rng() < 0.6 ? 'seam' : 'band') : cut === 'a-line' ? weighted<Waist>(rng, [['band', 4], ['seam', 2], ['none', 4]]) : cut === 'fitted' ? (rng() < 0.3 ? 'seam' : 'none') : 'none';
      const flare = cut === 'shift' ? uniform(rng, 1.0, 1.1) : cut === 'a-line' ? uniform(rng, 1.25, 1.6) : cut === 'fitted' ? uniform(rng, 0.88, 0.97) : uniform(rng, 1.5, 2.0);
      const ease = cut === 'fitted' || cut === 'fit-and-flare' ? uniform(rng, 0.006, 0.014) : uniform(rng, 0.012, 0.03);
      const l = length ?? 'knee';
      const spec: DrawnSpec = {
        ...base,
        ...neckBase(neckline),
        ...sleeved(sleeve),
        cut,
        length: l,
        waist,
        ease,
        sleeveEase: uniform(rng, 0.012, 0.03),
        hemDrop: FRAME.hipFromShoulders + uniform(rng, ...LENGTH_BELOW_HIP[l]),
        flare,
      };
      return fitStrap(spec);
    }
    case 'top': {
      const cut = topCut ?? pick(rng, ['tee', 'tank', 'blouse', 'long-sleeve'] as const);
      const sleeve: SleeveName = cut === 'tee' ? (rng() < 0.8 ? 'short' : 'cap') : cut === 'tank' ? (rng() < 0.7 ? 'sleeveless' : 'straps') : cut === 'blouse' ? pick(rng, ['elbow', 'long', 'short'] as const) : 'long';
      const neckline: Neckline = cut === 'tee' ? pick(rng, ['crew', 'crew', 'v', 'scoop'] as const) : cut === 'tank' ? pick(rng, ['scoop', 'square', 'v'] as const) : cut === 'blouse' ? pick(rng, ['v', 'boat', 'square', 'crew'] as const) : pick(rng, ['crew', 'boat', 'scoop'] as const);
      const hemShare = cut === 'tank' ? uniform(rng, 0.9, 1.06) : cut === 'blouse' ? uniform(rng, 0.95, 1.14) : uniform(rng, 0.93, 1.12);
      const spec: DrawnSpec = {
        ...base,
        ...neckBase(neckline),
        ...sleeved(sleeve),
        cut,
        ease: cut === 'blouse' ? uniform(rng, 0.025, 0.045) : uniform(rng, 0.01, 0.03),
        sleeveEase: cut === 'blouse' ? uniform(rng, 0.025, 0.04) : uniform(rng, 0.012, 0.025),
        hemDrop: FRAME.hipFromShoulders * hemShare,
        flare: cut === 'blouse' ? uniform(rng, 1.0, 1.08) : 1,
        waist: 'none',
      };
      return fitStrap(spec);
    }
    case 'skirt': {
      const cut = (bottomCut as SkirtCut | undefined) ?? (rng() < 0.6 ? 'a-line' : 'pencil');
      const l = length ?? 'knee';
      return {
        ...base,
        ...neckBase('crew'),
        sleeve: 'sleeveless',
        cut,
        length: l,
        waist: 'band',
        ease: uniform(rng, 0.006, 0.02),
        sleeveEase: 0,
        hemDrop: FRAME.hipFromWaistband + uniform(rng, ...SKIRT_BELOW_HIP[l]),
        flare: cut === 'a-line' ? uniform(rng, 1.2, 1.6) : uniform(rng, 0.88, 0.96),
      };
    }
    case 'shorts':
    case 'trousers': {
      const cut: Cut = category === 'shorts' ? 'shorts' : ((bottomCut as TrouserCut | undefined) ?? (rng() < 0.5 ? 'straight' : 'wide'));
      return {
        ...base,
        ...neckBase('crew'),
        sleeve: 'sleeveless',
        cut,
        waist: 'band',
        ease: uniform(rng, 0.008, 0.02),
        sleeveEase: 0,
        // Trousers to the ankle on the eval's persons (0.91–1.02 of the leg on average), shorts to mid-thigh.
        hemDrop: FRAME.hipFromWaistband + (category === 'shorts' ? uniform(rng, 0.17, 0.28) : uniform(rng, 0.7, 0.78)),
        // Trouser legs: the hem's flat width over a straight leg's (wide legs: over a straight leg's width at the knee, 1.3–1.6; shorts a little loose).
        flare: cut === 'wide' ? uniform(rng, 1.3, 1.6) : cut === 'shorts' ? uniform(rng, 1.0, 1.2) : uniform(rng, 0.95, 1.1),
      };
    }
  }
}

/** Keeps a strap inside the shoulder: its outer edge no further out than 0.185 m. */
function fitStrap(spec: DrawnSpec): DrawnSpec {
  return spec.strap > 0 ? { ...spec, strap: Math.max(0.01, Math.min(spec.strap, 0.185 - spec.neckHalf)) } : spec;
}

/** The issue's dress: sleeveless, knee length, A-line from a mustard waist band, a floral print on cobalt. */
export function issueDress(seed: number): DrawnSpec {
  const spec = drawnSpec(seed, 'dress', 'knee');
  const rng = random(seed * 7 + 5);
  return fitStrap({
    ...spec,
    cut: 'a-line',
    sleeve: 'sleeveless',
    sleeveLength: 0,
    sleeveAngle: 0,
    strap: uniform(rng, 0.05, 0.07),
    neckline: rng() < 0.5 ? 'scoop' : 'crew',
    neckHalf: uniform(rng, 0.08, 0.1),
    neckDepth: uniform(rng, 0.08, 0.13),
    waist: 'band',
    flare: uniform(rng, 1.35, 1.55),
    ease: uniform(rng, 0.01, 0.02),
    colours: { ground: 'cobalt', second: rng() < 0.5 ? 'white' : 'blush', third: 'lemon', band: 'mustard' },
    print: 'floral',
    printScale: uniform(rng, 0.07, 0.1),
    preset: 'issue-dress',
  });
}
