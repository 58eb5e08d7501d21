// Thin-plate spline in 2-D: the smoothest (least bending energy) mapping that
// takes control points `from` onto `to`, an affine part plus radial kernels
// U(r) = r² log r². It solves the standard (n+3)×(n+3) system
//   [K + λI  P] [w]   [d]
//   [Pᵀ      0] [a] = [0]
// with K the kernels between control points and P their [1 x y] rows.
//
// Conditioning: coordinates are centred on the control points' centroid and
// divided by their RMS radius, so λ means the same at any image size.
// What is fitted is the displacement d = to − from (not `to` itself): where the
// points leave the affine part undetermined (fewer than three distinct points,
// or all on a line) the solver sets the free coefficients to 0, so the map
// stays finite and near the identity across the line instead of collapsing
// onto it (exactly the identity across for a horizontal or vertical line). Points closer than `mergeDistance` (normalised units:
// 1% of the points' RMS radius) are merged, their displacements averaged, so
// duplicates never make the system singular. Points a little further apart
// but sent to conflicting places still interpolate exactly, which takes a
// wild bend; λ > 0 is the remedy for those.
import { solveLinear } from './linear-solve';

/** A position in pixels (x right, y down); the same shape as the try-on fit's Point. */
export interface Point {
  x: number;
  y: number;
}

export interface ThinPlate {
  map(x: number, y: number): Point;
}

/** Normalised control points within this distance of each other count as one (a few pixels at landmark spreads). */
const mergeDistance = 0.01;

/** r² log r² from the squared distance; 0 at r = 0. */
function kernel(squaredDistance: number): number {
  return squaredDistance > 0 ? squaredDistance * Math.log(squaredDistance) : 0;
}

interface Frame {
  centreX: number;
  centreY: number;
  scale: number;
}

/** Centroid and RMS radius of the points (radius 1 when they all coincide). */
function normalisingFrame(points: Point[]): Frame {
  let centreX = 0;
  let centreY = 0;
  for (const p of points) {
    centreX += p.x / points.length;
    centreY += p.y / points.length;
  }
  let spread = 0;
  for (const p of points) spread += ((p.x - centreX) ** 2 + (p.y - centreY) ** 2) / points.length;
  const scale = Math.sqrt(spread);
  return { centreX, centreY, scale: scale > 0 ? scale : 1 };
}

interface Control {
  x: number;
  y: number;
  dx: number;
  dy: number;
}

/** Normalised controls with their normalised displacements; near-coincident ones merged (displacements averaged). */
function mergedControls(from: Point[], to: Point[], frame: Frame): Control[] {
  const groups: { x: number; y: number; dx: number; dy: number; count: number }[] = [];
  from.forEach((source, i) => {
    const x = (source.x - frame.centreX) / frame.scale;
    const y = (source.y - frame.centreY) / frame.scale;
    const dx = (to[i].x - source.x) / frame.scale;
    const dy = (to[i].y - source.y) / frame.scale;
    const twin = groups.find((g) => Math.hypot(g.x - x, g.y - y) < mergeDistance);
    if (!twin) {
      groups.push({ x, y, dx, dy, count: 1 });
      return;
    }
    twin.dx += dx;
    twin.dy += dy;
    twin.count += 1;
  });
  return groups.map((g) => ({ x: g.x, y: g.y, dx: g.dx / g.count, dy: g.dy / g.count }));
}

/**
 * Fits the spline taking each `from[i]` to `to[i]`.
 * @param regularisation λ ≥ 0: 0 interpolates (control points land exactly);
 *   larger values trade exactness for smoothness, tending to the best affine fit.
 */
export function fitThinPlate(from: Point[], to: Point[], regularisation = 0): ThinPlate {
  if (from.length !== to.length) throw new Error(`fitThinPlate: ${from.length} sources but ${to.length} targets`);
  if (from.length === 0) return { map: (x, y) => ({ x, y }) };
  const frame = normalisingFrame(from);
  const controls = mergedControls(from, to, frame);
  const n = controls.length;
  const size = n + 3;
  const system = new Float64Array(size * size);
  const rhsX = new Float64Array(size);
  const rhsY = new Float64Array(size);
  controls.forEach((c, i) => {
    for (let j = 0; j < n; j++) {
      system[i * size + j] = kernel((c.x - controls[j].x) ** 2 + (c.y - controls[j].y) ** 2);
    }
    system[i * size + i] += regularisation;
    const affine = [1, c.x, c.y];
    affine.forEach((value, k) => {
      system[i * size + n + k] = value;
      system[(n + k) * size + i] = value;
    });
    rhsX[i] = c.dx;
    rhsY[i] = c.dy;
  });
  const [weightsX, weightsY] = solveLinear(system, [rhsX, rhsY], size);

  return {
    map(x: number, y: number): Point {
      const u = (x - frame.centreX) / frame.scale;
      const v = (y - frame.centreY) / frame.scale;
      let dx = weightsX[n] + weightsX[n + 1] * u + weightsX[n + 2] * v;
      let dy = weightsY[n] + weightsY[n + 1] * u + weightsY[n + 2] * v;
      for (let i = 0; i < n; i++) {
        const c = controls[i];
        const k = kernel((u - c.x) ** 2 + (v - c.y) ** 2);
        dx += weightsX[i] * k;
        dy += weightsY[i] * k;
      }
      return { x: x + dx * frame.scale, y: y + dy * frame.scale };
    },
  };
}
