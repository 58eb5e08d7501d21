// Which shader draws a surface or a backdrop of a recipe.
import type { Noise } from './noise';
import type { BackdropSpec, SurfaceSpec } from './recipe';
import type { Shader } from './shader';
import type { Rgb } from './color';
import { linen, paper } from './materials/cloth';
import { moss, sand, snow } from './materials/ground';
import { concrete, marble, slate, terrazzo } from './materials/stone';
import { wood } from './materials/wood';
import { bokeh, dunes, forest, sea } from './materials/outdoors';
import { brick, concreteWall, plaster, steel, tiles } from './materials/walls';

export function surfaceShader(spec: SurfaceSpec, noise: Noise, seed: number): Shader {
  const inputs = { colors: spec.colors, scale: spec.scale, noise, seed };
  switch (spec.material) {
    case 'marble':
      return marble(inputs);
    case 'wood':
      return wood(inputs);
    case 'concrete':
      return concrete(inputs);
    case 'linen':
      return linen(inputs);
    case 'terrazzo':
      return terrazzo(inputs);
    case 'slate':
      return slate(inputs);
    case 'sand':
      return sand(inputs);
    case 'paper':
      return paper(inputs);
    case 'snow':
      return snow(inputs);
    case 'moss':
      return moss(inputs);
  }
}

export interface WallFrame {
  /** Wall units (see geometry) of the canvas's left and right edges and its top. */
  left: number;
  right: number;
  top: number;
  eyeLevel: number;
  sunU: number;
  sunColor: Rgb;
}

export function backdropShader(spec: BackdropSpec, noise: Noise, seed: number, frame: WallFrame): Shader {
  const inputs = { colors: spec.colors, scale: spec.scale, noise, seed };
  switch (spec.kind) {
    case 'plaster':
      return plaster(inputs);
    case 'paper':
      return paper(inputs);
    case 'steel':
      return steel(inputs);
    case 'concrete':
      return concreteWall(inputs);
    case 'brick':
      return brick(inputs);
    case 'tiles':
      return tiles(inputs);
    case 'linen':
      return linen({ ...inputs, scale: inputs.scale * 2 });
    case 'marble':
      return marble(inputs);
    case 'wood':
      return wood(inputs);
    case 'sea':
      return sea({ ...inputs, ...frame });
    case 'dunes':
      return dunes({ ...inputs, ...frame });
    case 'forest':
      return forest(inputs);
    case 'bokeh':
      return bokeh({
        ...inputs,
        region: { u0: frame.left, u1: frame.right, v0: 0, v1: frame.top },
        count: Math.round(30 * spec.scale),
      });
  }
}
