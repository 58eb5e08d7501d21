// Motion of a whole layer of the picture as one similarity transform (pan,
// zoom, roll). The camera's: fitted to the block vectors of block-motion.ts.
// Most of a picture is usually backdrop, and a camera moving over it moves
// all of it together, while a subject moves on its own on top; so the fit is
// robust: hypotheses from pairs of well-textured blocks far apart and from
// single blocks' pans, the one most blocks agree with wins, and a weighted
// least-squares fit on the blocks that agree refines it. Blocks that cannot
// say where they came from are left out: flat ones (a plain wall: any vector
// fits) and those whose match would lie outside the previous frame (content
// that just came in at the border); a `focus` weighs the rest (say, by how
// much of each the subject's mask covers). The subject's: matched by its own
// pixels (refineByMask), since its blocks are few and its inside often flat.
import type { BlockMotion } from './block-motion';
import type { Plane } from './image';
import { sampleBilinear, type MotionField } from './motion-field';
import { createRandom } from './scene/random';

/**
 * previous(M(p)) ≈ current(p), with M(p) = c + [a −b; b a]·(p − c) + (tx, ty)
 * about the plane's centre c: a = s·cos θ, b = s·sin θ for a zoom by 1/s and
 * a roll by −θ between the frames, and (tx, ty) the pan, in the plane's pixels.
 */
export interface Similarity {
  a: number;
  b: number;
  tx: number;
  ty: number;
}

export const IDENTITY: Similarity = { a: 1, b: 0, tx: 0, ty: 0 };

export interface GlobalMotionSettings {
  /** A block follows the camera when its vector is within this many pixels of the camera's. */
  tolerance: number;
  /**
   * Texture a block needs to count fully (the smaller eigenvalue of its
   * gradient structure tensor, per pixel, in luma² units): flatter blocks
   * weigh less, so a plain wall does not outvote the textured parts.
   */
  texture: number;
  /** Random pairs of blocks tried as hypotheses (besides the pure pans). */
  hypotheses: number;
  /** Blocks' worth of weight a fit needs; with less (a plain wall, a tiny subject) there is no motion to tell, and the answer is none. */
  minEvidence: number;
}

export const DEFAULT_GLOBAL_MOTION: GlobalMotionSettings = { tolerance: 0.75, texture: 4e-4, hypotheses: 48, minEvidence: 6 };

export interface GlobalMotion {
  model: Similarity;
  /** Per block: 1 when its vector follows the model (within tolerance), else 0. */
  inliers: Uint8Array;
  /** Per block: whether its match lies inside the previous frame (else it came in at the border). */
  inside: Uint8Array;
  /** Per block: its weight in the fit (texture, and 0 outside), 0–1. */
  weight: Float32Array;
  /** Weighted share of the blocks that count which follow the model (0–1; 0 when none count). */
  support: number;
  /** The blocks' weights summed: how many blocks' worth of evidence the fit had. */
  evidence: number;
}

/** The model's vector at (x, y): where that point of the current plane was in the previous one, minus (x, y). */
export function vectorAt(model: Similarity, x: number, y: number, width: number, height: number): [number, number] {
  const cx = (width - 1) / 2;
  const cy = (height - 1) / 2;
  const px = x - cx;
  const py = y - cy;
  return [(model.a - 1) * px - model.b * py + model.tx, model.b * px + (model.a - 1) * py + model.ty];
}

/**
 * Two steps as one: `first` takes the current plane to the previous one and
 * `then` the previous one to an earlier one; the result takes the current
 * plane straight to the earlier one.
 */
export function compose(first: Similarity, then: Similarity): Similarity {
  return {
    a: then.a * first.a - then.b * first.b,
    b: then.a * first.b + then.b * first.a,
    tx: then.a * first.tx - then.b * first.ty + then.tx,
    ty: then.b * first.tx + then.a * first.ty + then.ty,
  };
}

/** The inverse: takes back where the model took. */
export function invert(model: Similarity): Similarity {
  const scale = model.a * model.a + model.b * model.b;
  const a = model.a / scale;
  const b = -model.b / scale;
  return { a, b, tx: -(a * model.tx - b * model.ty), ty: -(b * model.tx + a * model.ty) };
}

/** The camera's zoom between the frames (1: none; above 1 the current frame sees less, i.e. zoomed in). */
export function scaleOf(model: Similarity): number {
  return Math.hypot(model.a, model.b);
}

/** Per block, the smaller eigenvalue of the gradient structure tensor, per pixel: how well its position is defined. */
export function blockTexture(plane: Plane, blockSize: number, columns: number, rows: number): Float32Array {
  const { width, height, data } = plane;
  const out = new Float32Array(columns * rows);
  for (let by = 0; by < rows; by++) {
    for (let bx = 0; bx < columns; bx++) {
      let sxx = 0;
      let syy = 0;
      let sxy = 0;
      let n = 0;
      const x1 = Math.min(width - 1, (bx + 1) * blockSize);
      const y1 = Math.min(height - 1, (by + 1) * blockSize);
      for (let y = by * blockSize; y < y1; y++) {
        for (let x = bx * blockSize; x < x1; x++) {
          const i = y * width + x;
          const gx = data[i + 1] - data[i];
          const gy = data[i + width] - data[i];
          sxx += gx * gx;
          syy += gy * gy;
          sxy += gx * gy;
          n++;
        }
      }
      if (!n) continue;
      const mean = (sxx + syy) / 2;
      const spread = Math.hypot((sxx - syy) / 2, sxy);
      out[by * columns + bx] = (mean - spread) / n;
    }
  }
  return out;
}

interface Samples {
  /** Block centres relative to the plane's centre, and where each was in the previous plane (same frame). */
  x: Float32Array;
  y: Float32Array;
  u: Float32Array;
  v: Float32Array;
  weight: Float32Array;
}

/** Weighted least squares of a similarity over the samples with positive `use` weight. */
function fitSimilarity(s: Samples, use: Float32Array): Similarity | null {
  let w = 0;
  let mx = 0;
  let my = 0;
  let mu = 0;
  let mv = 0;
  for (let i = 0; i < use.length; i++) {
    if (!(use[i] > 0)) continue;
    w += use[i];
    mx += use[i] * s.x[i];
    my += use[i] * s.y[i];
    mu += use[i] * s.u[i];
    mv += use[i] * s.v[i];
  }
  if (w <= 0) return null;
  mx /= w;
  my /= w;
  mu /= w;
  mv /= w;
  let spread = 0;
  let dot = 0;
  let cross = 0;
  for (let i = 0; i < use.length; i++) {
    if (!(use[i] > 0)) continue;
    const x = s.x[i] - mx;
    const y = s.y[i] - my;
    const u = s.u[i] - mu;
    const v = s.v[i] - mv;
    spread += use[i] * (x * x + y * y);
    dot += use[i] * (x * u + y * v);
    cross += use[i] * (x * v - y * u);
  }
  // Too little spread to tell a zoom or a roll: a pan alone.
  const a = spread > 1e-6 * w ? dot / spread : 1;
  const b = spread > 1e-6 * w ? cross / spread : 0;
  return { a, b, tx: mu - (a * mx - b * my), ty: mv - (b * mx + a * my) };
}

/** Total weight of the samples the model explains within tolerance. */
function support(s: Samples, model: Similarity, tolerance: number): number {
  let total = 0;
  for (let i = 0; i < s.weight.length; i++) {
    if (!(s.weight[i] > 0)) continue;
    const eu = model.a * s.x[i] - model.b * s.y[i] + model.tx - s.u[i];
    const ev = model.b * s.x[i] + model.a * s.y[i] + model.ty - s.v[i];
    if (eu * eu + ev * ev <= tolerance * tolerance) total += s.weight[i];
  }
  return total;
}

/** A similarity through two samples exactly (the pair must be apart). */
function through(s: Samples, i: number, j: number): Similarity | null {
  const dx = s.x[j] - s.x[i];
  const dy = s.y[j] - s.y[i];
  const du = s.u[j] - s.u[i];
  const dv = s.v[j] - s.v[i];
  const d = dx * dx + dy * dy;
  if (d < 1) return null;
  const a = (dx * du + dy * dv) / d;
  const b = (dx * dv - dy * du) / d;
  return { a, b, tx: s.u[i] - (a * s.x[i] - b * s.y[i]), ty: s.v[i] - (b * s.x[i] + a * s.y[i]) };
}

/**
 * The camera's motion from the previous frame to the current one.
 * @param blocks block vectors from the previous plane to `current`
 * @param current the plane the blocks cut (for their texture)
 */
/**
 * @param focus per block, 0–1, how much it may vote (say, how much of it is
 * backdrop, for the camera; how much is subject, for the subject's own motion)
 */
export function estimateGlobalMotion(blocks: BlockMotion, current: Plane, settings: GlobalMotionSettings = DEFAULT_GLOBAL_MOTION, focus?: Float32Array): GlobalMotion {
  const { width, height, blockSize, columns, rows } = blocks;
  const count = columns * rows;
  const cx = (width - 1) / 2;
  const cy = (height - 1) / 2;
  const texture = blockTexture(current, blockSize, columns, rows);
  const samples: Samples = { x: new Float32Array(count), y: new Float32Array(count), u: new Float32Array(count), v: new Float32Array(count), weight: new Float32Array(count) };
  const inside = new Uint8Array(count);
  for (let by = 0; by < rows; by++) {
    for (let bx = 0; bx < columns; bx++) {
      const b = by * columns + bx;
      const x0 = bx * blockSize;
      const y0 = by * blockSize;
      const x1 = Math.min(width, x0 + blockSize);
      const y1 = Math.min(height, y0 + blockSize);
      // The match inside the previous frame, with half a pixel to spare for interpolation.
      const dx = blocks.dx[b];
      const dy = blocks.dy[b];
      inside[b] = x0 + dx >= -0.5 && y0 + dy >= -0.5 && x1 - 1 + dx <= width - 0.5 && y1 - 1 + dy <= height - 0.5 ? 1 : 0;
      samples.x[b] = (x0 + x1 - 1) / 2 - cx;
      samples.y[b] = (y0 + y1 - 1) / 2 - cy;
      samples.u[b] = samples.x[b] + dx;
      samples.v[b] = samples.y[b] + dy;
      samples.weight[b] = inside[b] ? (texture[b] / (texture[b] + settings.texture)) * (focus ? focus[b] : 1) : 0;
    }
  }
  const total = samples.weight.reduce((sum, w) => sum + w, 0);
  const inliers = new Uint8Array(count);
  if (total < settings.minEvidence || total <= 0) return { model: IDENTITY, inliers, inside, weight: samples.weight, support: 0, evidence: total };

  // Hypotheses: no motion, each block's own pan, and similarities through pairs of blocks far apart.
  let best: Similarity = IDENTITY;
  let bestSupport = support(samples, IDENTITY, settings.tolerance);
  const consider = (model: Similarity | null) => {
    if (!model) return;
    const s = support(samples, model, settings.tolerance);
    if (s > bestSupport) {
      best = model;
      bestSupport = s;
    }
  };
  // Hypotheses come from the blocks that weigh most.
  const heaviest = samples.weight.reduce((most, w) => Math.max(most, w), 0);
  const weighted: number[] = [];
  for (let b = 0; b < count; b++) if (samples.weight[b] >= heaviest / 2) weighted.push(b);
  const pans = new Set<string>();
  for (const b of weighted) {
    const dx = samples.u[b] - samples.x[b];
    const dy = samples.v[b] - samples.y[b];
    const key = `${Math.round(dx * 4)},${Math.round(dy * 4)}`;
    if (pans.has(key)) continue;
    pans.add(key);
    consider({ a: 1, b: 0, tx: dx, ty: dy });
  }
  // Seeded, so a fit is the same on every run.
  const random = createRandom(count * 7919 + weighted.length);
  const apart = Math.max(width, height) / 4;
  for (let h = 0; h < settings.hypotheses && weighted.length > 1; h++) {
    const i = weighted[Math.floor(random() * weighted.length)];
    const j = weighted[Math.floor(random() * weighted.length)];
    if (Math.hypot(samples.x[i] - samples.x[j], samples.y[i] - samples.y[j]) < apart) continue;
    consider(through(samples, i, j));
  }

  // Refine on the blocks that agree, twice (the refined model may take in a few more).
  const use = new Float32Array(count);
  for (let round = 0; round < 2; round++) {
    for (let b = 0; b < count; b++) {
      const eu = best.a * samples.x[b] - best.b * samples.y[b] + best.tx - samples.u[b];
      const ev = best.b * samples.x[b] + best.a * samples.y[b] + best.ty - samples.v[b];
      use[b] = eu * eu + ev * ev <= settings.tolerance * settings.tolerance ? samples.weight[b] : 0;
    }
    const refined = fitSimilarity(samples, use);
    if (refined && support(samples, refined, settings.tolerance) >= bestSupport) {
      best = refined;
      bestSupport = support(samples, refined, settings.tolerance);
    }
  }
  for (let b = 0; b < count; b++) {
    const eu = best.a * samples.x[b] - best.b * samples.y[b] + best.tx - samples.u[b];
    const ev = best.b * samples.x[b] + best.a * samples.y[b] + best.ty - samples.v[b];
    inliers[b] = eu * eu + ev * ev <= settings.tolerance * settings.tolerance ? 1 : 0;
  }
  return { model: best, inliers, inside, weight: samples.weight, support: bestSupport / total, evidence: total };
}

/**
 * Per block, how much of what it shows was covered by `mask` (0–1) in the
 * previous frame: the mask sampled over the block's matched position, on a
 * 3×3 grid of points.
 */
export function blockCoverage(blocks: BlockMotion, mask: Plane): Float32Array {
  const { width, height, blockSize, columns, rows } = blocks;
  const out = new Float32Array(columns * rows);
  for (let by = 0; by < rows; by++) {
    for (let bx = 0; bx < columns; bx++) {
      const b = by * columns + bx;
      const x0 = bx * blockSize;
      const y0 = by * blockSize;
      const w = Math.min(width, x0 + blockSize) - x0;
      const h = Math.min(height, y0 + blockSize) - y0;
      let sum = 0;
      for (let j = 0; j < 3; j++) for (let i = 0; i < 3; i++) sum += sampleBilinear(mask, x0 + ((i + 0.5) * w) / 3 - 0.5 + blocks.dx[b], y0 + ((j + 0.5) * h) / 3 - 0.5 + blocks.dy[b]);
      out[b] = sum / 9;
    }
  }
  return out;
}

/** The model as a per-pixel field (for warping by it). */
export function similarityField(model: Similarity, width: number, height: number): MotionField {
  const dx = new Float32Array(width * height);
  const dy = new Float32Array(width * height);
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i++) {
      const [vx, vy] = vectorAt(model, x, y, width, height);
      dx[i] = vx;
      dy[i] = vy;
    }
  }
  return { dx, dy, width, height };
}

/**
 * The subject's motion found by matching its own pixels: where the pixels
 * `mask` covers in the previous plane (well inside it: its rim mixes in
 * backdrop, which moves its own way) land on the same values in the current
 * one. Each guess's translation is searched ±`reach` whole pixels, then the
 * best in halves, quarters and eighths; the zoom and roll are the first
 * guess's. `previous` may be any earlier frame the guesses lead to. A subject
 * with a flat inside is found by its outline, which block matching cannot do
 * where the blocks along it are ruled by a textured backdrop.
 */
export function refineByMask(guesses: Similarity[], current: Plane, previous: Plane, mask: Plane, reach = 3, cap = 0.08): Similarity {
  const model = guesses[0];
  const { width, height } = previous;
  const cx = (width - 1) / 2;
  const cy = (height - 1) / 2;
  const points: number[] = [];
  for (let y = 1, i = width + 1; y < height - 1; y++, i += 2) {
    for (let x = 1; x < width - 1; x++, i++) {
      if (mask.data[i] < 0.5 || mask.data[i - 1] < 0.5 || mask.data[i + 1] < 0.5 || mask.data[i - width] < 0.5 || mask.data[i + width] < 0.5) continue;
      points.push(x, y, previous.data[i]);
    }
  }
  const n = points.length / 3;
  if (n < 16) return model;
  // Every other point of a large subject is enough.
  const step = n > 6000 ? 2 : 1;
  const scale = model.a * model.a + model.b * model.b;
  // The inverse of the linear part, to take a previous point to the current plane.
  const ia = model.a / scale;
  const ib = -model.b / scale;
  const cost = (tx: number, ty: number) => {
    let sum = 0;
    for (let k = 0; k < n; k += step) {
      const qx = points[3 * k] - cx - tx;
      const qy = points[3 * k + 1] - cy - ty;
      // Capped, so a pixel that met backdrop cannot outweigh the rest.
      sum += Math.min(cap, Math.abs(points[3 * k + 2] - sampleBilinear(current, cx + ia * qx - ib * qy, cy + ib * qx + ia * qy)));
    }
    return sum;
  };
  let bestX = model.tx;
  let bestY = model.ty;
  let best = cost(bestX, bestY);
  const tried = new Set<string>();
  const consider = (tx: number, ty: number) => {
    const c = cost(tx, ty);
    if (c < best) {
      best = c;
      bestX = tx;
      bestY = ty;
    }
  };
  // Whole pixels on the integer grid (so the finer steps can reach any point), around every guess.
  for (const guess of guesses) {
    const gridX = Math.round(guess.tx);
    const gridY = Math.round(guess.ty);
    for (let oy = -reach; oy <= reach; oy++) {
      for (let ox = -reach; ox <= reach; ox++) {
        const key = `${gridX + ox},${gridY + oy}`;
        if (tried.has(key)) continue;
        tried.add(key);
        consider(gridX + ox, gridY + oy);
      }
    }
  }
  for (const stride of [0.5, 0.25, 0.125]) {
    const centreX = bestX;
    const centreY = bestY;
    for (let oy = -1; oy <= 1; oy++) for (let ox = -1; ox <= 1; ox++) if (ox || oy) consider(centreX + ox * stride, centreY + oy * stride);
  }
  return { ...model, tx: bestX, ty: bestY };
}
