// The empty set, in linear light at a working resolution: every pixel asks the
// surface or backdrop shader for its colour at the point it sees, lit by the
// key and fill lights; then depth of field blurs it by each row's depth.
// Detail finer than the working resolution would be lost to the blur anyway;
// the product itself is composited later at full resolution.
import { blurRows } from './blur';
import { blurRadius, floorDepth, type SceneGeometry } from './geometry';
import { lightField } from './lighting';
import { createNoise } from './noise';
import type { SceneRecipe } from './recipe';
import { backdropShader, surfaceShader } from './surface-shader';
import { smoothstep } from './shader';

/** The product's box in canvas fractions. */
export interface ProductFrame {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A sweep curves over this height (canvas fraction) around the horizon. */
const SWEEP_BAND = 0.1;
/** Where wall meets surface, the corner is darker: light reaches it from fewer directions. */
const CORNER_SHADE = 0.22;

/** Interleaved linear RGB, side × side. */
export function renderSet(recipe: SceneRecipe, geometry: SceneGeometry, product: ProductFrame, side: number): Float32Array {
  const noise = createNoise(recipe.seed);
  const { horizon, wallDepth } = geometry;
  const { light } = recipe;
  const productU = product.x + product.width / 2 - 0.5;
  const lights = lightField(light, geometry, { u: productU, height: product.height });
  const surface = surfaceShader(recipe.surface, noise, recipe.seed);
  const backdrop = backdropShader(recipe.backdrop, noise, recipe.seed + 1, {
    left: -0.5 * wallDepth,
    right: 0.5 * wallDepth,
    top: horizon * wallDepth,
    eyeLevel: (horizon - geometry.vanish) * wallDepth,
    sunU: productU + light.x * 0.6 * wallDepth,
    sunColor: light.color,
  });
  const out = new Float32Array(side * side * 3);
  const sample = new Float32Array(3);
  const other = new Float32Array(3);
  const rowSigma = new Float32Array(side);
  const pixel = 1 / side;
  const [kr, kg, kb] = light.color;
  const [ar, ag, ab] = light.ambient;
  for (let row = 0; row < side; row++) {
    const y = (row + 0.5) * pixel;
    const onFloor = y > horizon;
    const z = onFloor ? floorDepth(geometry, y) : wallDepth;
    rowSigma[row] = blurRadius(recipe.camera.aperture, z) * side;
    // What one pixel covers along the floor grows with the square of the depth.
    const footprint = onFloor ? Math.max(z, (z * z) / (geometry.base - geometry.vanish)) * pixel : wallDepth * pixel;
    const sweep = recipe.sweep ? smoothstep(-SWEEP_BAND, SWEEP_BAND, y - horizon) : onFloor ? 1 : 0;
    const corner = recipe.sweep ? 1 : 1 - CORNER_SHADE * Math.exp(-Math.abs(y - horizon) / 0.012);
    const v = (horizon - y) * wallDepth;
    for (let col = 0; col < side; col++) {
      const x = (col + 0.5) * pixel - 0.5;
      let r = 0;
      let g = 0;
      let b = 0;
      if (sweep < 1) {
        const u = x * wallDepth;
        backdrop(u, Math.max(v, 0), footprint, sample);
        const e = lights.wall(u, Math.max(v, 0));
        const w = 1 - sweep;
        r += sample[0] * (kr * e + ar) * w;
        g += sample[1] * (kg * e + ag) * w;
        b += sample[2] * (kb * e + ab) * w;
      }
      if (sweep > 0) {
        const zf = onFloor ? z : wallDepth;
        surface(x * zf, zf, footprint, other);
        const e = lights.floor(x * zf, zf);
        r += other[0] * (kr * e + ar) * sweep;
        g += other[1] * (kg * e + ag) * sweep;
        b += other[2] * (kb * e + ab) * sweep;
      }
      const o = (row * side + col) * 3;
      out[o] = r * corner;
      out[o + 1] = g * corner;
      out[o + 2] = b * corner;
    }
  }
  return blurRows(out, side, side, rowSigma);
}
