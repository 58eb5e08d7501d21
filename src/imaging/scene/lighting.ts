// Where the key light is and how much of it reaches each point of the set. The
// light position is the one the cast shadow is computed from (the remove-
// background shadow model: x across and y in depth in units of 1.5 product
// heights, z in product heights over the product), so the bright side of the
// floor, the hot spot on the wall and the direction of the shadow agree.
import type { SceneGeometry } from './geometry';
import type { LightSpec } from './recipe';

export interface LightField {
  /** Relative irradiance of the surface at (u, depth); 1 at the product's foot. */
  floor(u: number, z: number): number;
  /** Relative irradiance of the wall at (u, height over the floor). */
  wall(u: number, v: number): number;
}

const LIGHT_REACH = 1.5;

/**
 * @param product the product's centre across (u at depth 1) and its height, in canvas fractions
 */
export function lightField(light: LightSpec, geometry: SceneGeometry, product: { u: number; height: number }): LightField {
  const h = Math.max(0.08, product.height);
  const lu = product.u + light.x * LIGHT_REACH * h;
  const lz = Math.min(1 + light.y * LIGHT_REACH * h, geometry.wallDepth - 0.25);
  const ly = h * (1.05 + light.z);
  // A big soft source falls off more gently than a point (it is spread over an area).
  const falloff = 1.1 - 0.5 * light.size;
  const atFoot = ly / Math.pow((product.u - lu) ** 2 + (1 - lz) ** 2 + ly * ly, 1.5);
  const wallDistance = geometry.wallDepth - lz;
  const wallPeak = 1 / (wallDistance * wallDistance);
  return {
    floor(u, z) {
      const e = ly / Math.pow((u - lu) ** 2 + (z - lz) ** 2 + ly * ly, 1.5);
      return Math.min(1.6, Math.pow(e / atFoot, falloff));
    },
    wall(u, v) {
      const e = wallDistance / Math.pow((u - lu) ** 2 + (v - ly) ** 2 + wallDistance * wallDistance, 1.5);
      return 0.5 + 0.5 * Math.pow(e / wallPeak, falloff);
    },
  };
}
