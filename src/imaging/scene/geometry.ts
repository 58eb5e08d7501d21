// The set's geometry, in canvas fractions (x right, y down, 0–1): a flat
// surface from the camera to a wall, seen by a pinhole camera whose vanishing
// line sits `tilt` above the line where surface and wall meet. Distances are in
// units of the product's distance, so the product's foot is at depth 1, where
// one canvas width spans one unit.
import type { CameraSpec } from './recipe';

export interface SceneGeometry {
  /** Row where the surface meets the backdrop. */
  horizon: number;
  /** Row of the vanishing line (eye level), above the horizon. */
  vanish: number;
  /** Row of the product's foot: the plane in focus. */
  base: number;
  /** Depth of the backdrop wall. */
  wallDepth: number;
}

/** Room kept between the product's foot and the back edge of the surface, so the product stands on it. */
const STANDING_ROOM = 0.07;
const HIGHEST_HORIZON = 0.16;

/**
 * @param productBase the row of the product's lowest pixel (may lie below the canvas)
 */
export function sceneGeometry(camera: CameraSpec, productBase: number): SceneGeometry {
  // The product must stand on the surface, not float against the wall: the
  // surface reaches behind its foot, unless the foot is placed so high that
  // there is no room for a surface at all.
  const room = productBase - STANDING_ROOM;
  const horizon = room >= HIGHEST_HORIZON ? Math.min(camera.horizon, room) : camera.horizon;
  const vanish = horizon - camera.tilt;
  const base = Math.max(productBase, horizon + STANDING_ROOM);
  return { horizon, vanish, base, wallDepth: (base - vanish) / (horizon - vanish) };
}

/** Depth of the surface seen at row y (below the horizon). */
export function floorDepth(geometry: SceneGeometry, y: number): number {
  return (geometry.base - geometry.vanish) / (y - geometry.vanish);
}

/** Circle of confusion (canvas fractions) of something at depth z, focused at depth 1. */
export function blurRadius(aperture: number, z: number): number {
  const defocus = 1 - 1 / z;
  // In front of the focus the blur is damped: close-up sets keep their foreground readable.
  return aperture * (defocus > 0 ? defocus : -0.3 * defocus);
}
