// What a scene is made of: a surface in perspective, a backdrop behind it, a
// light, a camera and a finish. Sets and prompts both end up as one of these;
// the renderer knows nothing of words or set names.
import type { Rgb } from './color';

export type SurfaceMaterial = 'marble' | 'wood' | 'concrete' | 'linen' | 'terrazzo' | 'slate' | 'sand' | 'paper' | 'snow' | 'moss';

export type BackdropKind = 'plaster' | 'paper' | 'steel' | 'concrete' | 'brick' | 'tiles' | 'linen' | 'sea' | 'bokeh' | 'dunes' | 'forest' | 'marble' | 'wood';

export interface SurfaceSpec {
  material: SurfaceMaterial;
  /** Base, secondary and accent colours (veins, grain, chips…). */
  colors: readonly [Rgb, Rgb, Rgb];
  /** Texture size multiplier: 1 is the material's natural scale. */
  scale: number;
  /** 0 matte … 1 mirror: the strength of the product's reflection. */
  gloss: number;
}

export interface BackdropSpec {
  kind: BackdropKind;
  colors: readonly [Rgb, Rgb, Rgb];
  scale: number;
}

export interface LightSpec {
  /** Key light across the set: −1 far left … 1 far right. */
  x: number;
  /** −1 in front of the product … 1 behind it (as the cut-out shadow of remove-background). */
  y: number;
  /** Height over the product, in product heights (0 grazing … 2 overhead). */
  z: number;
  /** Apparent size of the light, 0 hard … 1 very soft. */
  size: number;
  color: Rgb;
  /** Fill light: the colour of the shadows. */
  ambient: Rgb;
  /** How dark the cast shadow is where darkest, 0–1. */
  shadowOpacity: number;
}

export interface CameraSpec {
  /** Where the surface meets the backdrop, as a fraction of the canvas height from the top. */
  horizon: number;
  /** Gap between that line and the vanishing line above it: small is a low camera, large a high one. */
  tilt: number;
  /** Depth-of-field strength: blur radius (fraction of the canvas) of something infinitely far. */
  aperture: number;
}

export interface SceneRecipe {
  surface: SurfaceSpec;
  backdrop: BackdropSpec;
  light: LightSpec;
  camera: CameraSpec;
  /** A seamless paper sweep: surface and backdrop curve into each other with no edge. */
  sweep: boolean;
  /** Overall brightness multiplier, around 1. */
  exposure: number;
  /** 0 grey … 1 as is … above 1 more colourful. */
  saturation: number;
  /** Darkening towards the corners, 0–1. */
  vignette: number;
  /** Seeds every texture. */
  seed: number;
}
