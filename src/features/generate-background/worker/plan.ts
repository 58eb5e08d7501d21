// A set plan: the parts of a scene with the ranges a seed chooses within.
// Preset sets and prompt settings are both plans; `realise` turns a plan and
// a seed into the renderer's exact recipe.
import { hexToLinear, type Rgb } from '../../../imaging/scene/color';
import { between, createRandom, pickOne } from '../../../imaging/scene/random';
import type { BackdropKind, SceneRecipe, SurfaceMaterial } from '../../../imaging/scene/recipe';

export type Palette = readonly [Rgb, Rgb, Rgb];
export type Range = readonly [number, number];

export function palette(a: string, b: string, c: string): Palette {
  return [hexToLinear(a), hexToLinear(b), hexToLinear(c)];
}

export interface SurfacePart {
  material: SurfaceMaterial;
  palettes: readonly Palette[];
  gloss: number;
  scale: Range;
}

export interface BackdropPart {
  kind: BackdropKind;
  palettes: readonly Palette[];
  scale: Range;
}

export interface LightPart {
  color: Rgb;
  ambient: Rgb;
  /** Ranges of the LightSpec position (see imaging/scene/recipe). */
  x: Range;
  y: Range;
  z: Range;
  size: Range;
  shadowOpacity: number;
}

export interface CameraPart {
  horizon: Range;
  tilt: Range;
  aperture: Range;
}

export interface SetPlan {
  surface: SurfacePart;
  backdrop: BackdropPart;
  light: LightPart;
  camera: CameraPart;
  sweep: boolean;
  exposure: number;
  saturation: number;
  vignette: number;
}

/** The light on the side the seed chooses: left or right, never dead centre. */
function sided(random: () => number, range: Range): number {
  const magnitude = between(random, Math.abs(range[0]), Math.abs(range[1]));
  return range[0] < 0 && range[1] > 0 ? (random() < 0.5 ? -1 : 1) * Math.max(0.25, magnitude) : between(random, range[0], range[1]);
}

export function realise(plan: SetPlan, seed: number): SceneRecipe {
  const random = createRandom(seed);
  const { surface, backdrop, light, camera } = plan;
  return {
    surface: { material: surface.material, colors: pickOne(random, surface.palettes), gloss: surface.gloss, scale: between(random, ...surface.scale) },
    backdrop: { kind: backdrop.kind, colors: pickOne(random, backdrop.palettes), scale: between(random, ...backdrop.scale) },
    light: {
      color: light.color,
      ambient: light.ambient,
      x: sided(random, light.x),
      y: between(random, ...light.y),
      z: between(random, ...light.z),
      size: between(random, ...light.size),
      shadowOpacity: light.shadowOpacity,
    },
    camera: { horizon: between(random, ...camera.horizon), tilt: between(random, ...camera.tilt), aperture: between(random, ...camera.aperture) },
    sweep: plan.sweep,
    exposure: plan.exposure,
    saturation: plan.saturation,
    vignette: plan.vignette,
    seed: Math.floor(random() * 2 ** 31),
  };
}
