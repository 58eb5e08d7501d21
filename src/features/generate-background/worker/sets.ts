// The six preset sets of the contract, each a composition of parts.
import type { Scene } from '../shared/meta';
import { BACKDROPS, CAMERAS, LIGHTS, SURFACES } from './parts';
import type { SetPlan } from './plan';

const look = { sweep: false, exposure: 1.05, saturation: 1, vignette: 0.18 };

export const SETS: Record<Scene, SetPlan> = {
  marble: { ...look, surface: SURFACES.marble, backdrop: BACKDROPS.plaster, light: LIGHTS.studio, camera: CAMERAS.tabletop },
  wood: { ...look, surface: SURFACES.wood, backdrop: BACKDROPS.plaster, light: LIGHTS.warm, camera: CAMERAS.tabletop },
  industrial: { ...look, surface: SURFACES.concrete, backdrop: BACKDROPS.steel, light: LIGHTS.hard, camera: CAMERAS.low, vignette: 0.3 },
  linen: { ...look, surface: SURFACES.linen, backdrop: BACKDROPS.linen, light: LIGHTS.window, camera: CAMERAS.tabletop, exposure: 1.1 },
  brick: { ...look, surface: SURFACES.wood, backdrop: BACKDROPS.brick, light: LIGHTS.warm, camera: CAMERAS.wall },
  counter: { ...look, surface: SURFACES.quartz, backdrop: BACKDROPS.tiles, light: LIGHTS.window, camera: CAMERAS.wall },
};

/** With neither a scene nor a prompt: a warm seamless studio sweep, the most neutral set a product can stand in. */
export const DEFAULT_SET: SetPlan = {
  ...look,
  sweep: true,
  surface: SURFACES.paper,
  backdrop: BACKDROPS.paper,
  light: LIGHTS.studio,
  camera: CAMERAS.tabletop,
};
