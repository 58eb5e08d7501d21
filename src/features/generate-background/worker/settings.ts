// Places a prompt can name, composed from the same parts as the preset sets:
// a beach is sand, a sea backdrop and a warm low sun.
import { BACKDROPS, CAMERAS, LIGHTS, SURFACES } from './parts';
import type { SetPlan } from './plan';
import { DEFAULT_SET, SETS } from './sets';
import type { Setting } from './vocabulary';

const look = { sweep: false, exposure: 1.05, saturation: 1, vignette: 0.18 };
const outdoors = { horizon: [0.5, 0.6], tilt: [0.14, 0.24], aperture: [0.014, 0.022] } as const;

export const SETTING_PLANS: Record<Setting, SetPlan> = {
  studio: DEFAULT_SET,
  podium: { ...DEFAULT_SET, surface: SURFACES.quartz, camera: CAMERAS.low },
  beach: { ...look, surface: SURFACES.sand, backdrop: BACKDROPS.sea, light: LIGHTS.sun, camera: outdoors },
  kitchen: SETS.counter,
  bathroom: { ...look, surface: SURFACES.marble, backdrop: BACKDROPS.tiles, light: LIGHTS.window, camera: CAMERAS.wall, exposure: 1.12 },
  spa: { ...look, surface: SURFACES.linen, backdrop: BACKDROPS.plaster, light: LIGHTS.window, camera: CAMERAS.tabletop, exposure: 1.1 },
  forest: { ...look, surface: SURFACES.moss, backdrop: BACKDROPS.forest, light: LIGHTS.sun, camera: outdoors },
  garden: { ...look, surface: SURFACES.moss, backdrop: BACKDROPS.foliage, light: LIGHTS.sun, camera: outdoors },
  outdoor: { ...look, surface: SURFACES.slate, backdrop: BACKDROPS.foliage, light: LIGHTS.sun, camera: outdoors },
  snow: { ...look, surface: SURFACES.snow, backdrop: BACKDROPS.snowfield, light: LIGHTS.window, camera: outdoors, exposure: 1.15 },
  desert: { ...look, surface: SURFACES.sand, backdrop: BACKDROPS.dunes, light: LIGHTS.sun, camera: outdoors },
  cafe: { ...look, surface: SURFACES.wood, backdrop: BACKDROPS.cafe, light: LIGHTS.dim, camera: CAMERAS.tabletop, vignette: 0.3 },
  city: { ...look, surface: SURFACES.slate, backdrop: BACKDROPS.city, light: LIGHTS.dim, camera: CAMERAS.low, vignette: 0.35 },
  loft: { ...look, surface: SURFACES.concrete, backdrop: BACKDROPS.brick, light: LIGHTS.hard, camera: CAMERAS.wall },
  office: { ...look, surface: SURFACES.wood, backdrop: BACKDROPS.plaster, light: LIGHTS.window, camera: CAMERAS.tabletop },
  home: { ...look, surface: SURFACES.linen, backdrop: BACKDROPS.plaster, light: LIGHTS.warm, camera: CAMERAS.tabletop },
};
