// A garment of the try-on eval, drawn from a seed: its kind, how it sits on a
// body (lengths as shares of the body's own spans, so it is "in the wearer's
// size" on anyone), its ease, its colours and print. The same spec is laid
// flat for its photo (flat.ts) and worn as a shell around a posed body
// (scene.ts), which is where the truth comes from.
import { pick, uniform, slotOf, type GarmentType, type Print, type Rng, type Slot } from './cases';
import type { Rgb } from './body';

export interface GarmentSpec {
  type: GarmentType;
  slot: Slot;
  /** Tops: hem between shoulders (0) and hip joints (1), may pass 1. Dresses, skirts and legs: hem between hip joints (0) and ankles (1). */
  hem: number;
  /** Sleeve length as a share of the arm from shoulder to wrist (0: sleeveless). */
  sleeve: number;
  /** Extra room around the torso and arms, metres. */
  ease: number;
  sleeveEase: number;
  /** Neckline half-width and depth below the neck base, metres (tops and dresses). */
  neckHalf: number;
  neckDepth: number;
  /** Strap width in metres (tank, strap dress), 0 for a shoulder seam. */
  strap: number;
  /** A skirt's hem half-width as a multiple of the hips' (dresses and skirts). */
  flare: number;
  /** Extra leg radius at the hem (wide trouser legs), metres, growing from nothing at the hip; absent for the rendered source's garments. */
  legFlare?: number;
  /** Flat-photo sleeve angle below horizontal, degrees. */
  sleeveAngle: number;
  colour: Rgb;
  second: Rgb;
  print: Print;
  printScale: number;
}

const COLOURS: readonly Rgb[] = [
  [200, 40, 48],
  [30, 70, 150],
  [40, 130, 80],
  [240, 200, 60],
  [235, 235, 230],
  [30, 30, 34],
  [120, 60, 140],
  [240, 130, 40],
  [90, 160, 200],
  [150, 150, 150],
  [110, 70, 40],
  [230, 120, 160],
];

export function makeGarment(rng: Rng, type: GarmentType, print: Print): GarmentSpec {
  const colour = pick(rng, COLOURS);
  let second = pick(rng, COLOURS);
  if (second === colour) second = COLOURS[(COLOURS.indexOf(colour) + 5) % COLOURS.length];
  const base: GarmentSpec = {
    type,
    slot: slotOf(type),
    hem: 1,
    sleeve: 0,
    ease: uniform(rng, 0.01, 0.025),
    sleeveEase: uniform(rng, 0.012, 0.025),
    neckHalf: uniform(rng, 0.065, 0.085),
    neckDepth: uniform(rng, 0.02, 0.06),
    strap: 0,
    flare: 1,
    sleeveAngle: uniform(rng, 20, 45),
    colour,
    second,
    print,
    printScale: uniform(rng, 0.035, 0.07),
  };
  switch (type) {
    case 'tee':
      return { ...base, hem: uniform(rng, 1.0, 1.12), sleeve: uniform(rng, 0.2, 0.32) };
    case 'wide-tee':
      return { ...base, hem: uniform(rng, 1.08, 1.22), sleeve: uniform(rng, 0.33, 0.46), ease: uniform(rng, 0.045, 0.07), sleeveEase: uniform(rng, 0.04, 0.06), sleeveAngle: uniform(rng, 10, 25) };
    case 'tank':
      return { ...base, hem: uniform(rng, 0.98, 1.1), strap: uniform(rng, 0.035, 0.06), neckDepth: uniform(rng, 0.06, 0.11), neckHalf: uniform(rng, 0.07, 0.09) };
    case 'long-sleeve':
      return { ...base, hem: uniform(rng, 1.0, 1.12), sleeve: uniform(rng, 0.92, 1.0), sleeveAngle: uniform(rng, 40, 62) };
    case 'hoodie':
      return { ...base, hem: uniform(rng, 1.02, 1.15), sleeve: uniform(rng, 0.94, 1.0), ease: uniform(rng, 0.03, 0.05), sleeveEase: uniform(rng, 0.025, 0.04), sleeveAngle: uniform(rng, 40, 60), neckDepth: 0.03 };
    case 'strap-dress':
      return { ...base, hem: uniform(rng, 0.45, 0.62), strap: uniform(rng, 0.012, 0.025), neckDepth: uniform(rng, 0.09, 0.14), neckHalf: uniform(rng, 0.06, 0.08), flare: uniform(rng, 1.15, 1.45) };
    case 'midi-dress':
      return { ...base, hem: uniform(rng, 0.68, 0.8), strap: rng() < 0.5 ? uniform(rng, 0.04, 0.06) : 0, sleeve: 0, neckDepth: uniform(rng, 0.05, 0.1), flare: uniform(rng, 1.2, 1.6) };
    case 'maxi-dress':
      return { ...base, hem: uniform(rng, 0.9, 0.96), strap: uniform(rng, 0.015, 0.04), neckDepth: uniform(rng, 0.07, 0.13), flare: uniform(rng, 1.3, 1.7) };
    case 'shorts':
      return { ...base, hem: uniform(rng, 0.18, 0.32), ease: uniform(rng, 0.01, 0.03) };
    case 'trousers':
      return { ...base, hem: uniform(rng, 0.93, 1.0), ease: uniform(rng, 0.008, 0.02) };
    case 'skirt':
      return { ...base, hem: uniform(rng, 0.3, 0.7), flare: uniform(rng, 1.1, 1.55) };
  }
}

/** The outfit a person of the eval wears before the try-on: a top and a bottom, or a dress. */
export function makeOutfit(rng: Rng, replaced: Slot): GarmentSpec[] {
  const plain = () => (rng() < 0.7 ? 'plain' : 'stripes') as Print;
  if (replaced === 'full' && rng() < 0.35) return [makeGarment(rng, pick(rng, ['midi-dress', 'strap-dress'] as const), plain())];
  const top = makeGarment(rng, pick(rng, ['tee', 'long-sleeve', 'wide-tee', 'tee', 'tank'] as const), plain());
  const bottom = makeGarment(rng, pick(rng, ['trousers', 'trousers', 'shorts', 'skirt'] as const), plain());
  return [top, bottom];
}
