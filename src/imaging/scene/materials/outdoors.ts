// Backdrops that are places rather than walls, in wall coordinates (u across,
// v up from the floor line): sky over sea, dunes, a forest edge, and bokeh —
// out-of-focus points of light. The eye level is where sea meets sky.
import { between, createRandom } from '../random';
import { blendInto, smoothstep, writeMix, type MaterialInputs, type Shader } from '../shader';
import type { Rgb } from '../color';

export interface Outdoors extends MaterialInputs {
  /** Across positions of the canvas's edges, in wall units. */
  left: number;
  right: number;
  /** Height of the eye level (the sea's horizon) over the floor line, in wall units. */
  eyeLevel: number;
  /** Height of the top of the canvas over the floor line, in wall units. */
  top: number;
  /** Across position of the sun, in wall units. */
  sunU: number;
  sunColor: Rgb;
}

export function sea({ colors: [sky, haze, water], noise, eyeLevel, top, sunU, sunColor }: Outdoors): Shader {
  return (u, v, _fp, out) => {
    const sunGlow = Math.exp(-((u - sunU) ** 2) / 0.18);
    if (v > eyeLevel) {
      const t = smoothstep(eyeLevel, top, v);
      writeMix(out, haze, sky, Math.sqrt(t), 1);
      blendInto(out, sunColor, sunGlow * (1 - t) * 0.55);
      // Wisps of cloud.
      blendInto(out, haze, smoothstep(0.2, 0.8, noise.fbm(u * 0.9, v * 4, 4)) * 0.35 * t);
      return;
    }
    const depthT = smoothstep(0, eyeLevel, v);
    const swell = noise.fbm(u * 3, v * 40, 3);
    writeMix(out, water, haze, depthT * 0.45, 1 + 0.1 * swell);
    // The sun's path glitters on the water.
    blendInto(out, sunColor, sunGlow * smoothstep(0.2, 0.7, swell) * 0.7);
    // Surf where the sea meets the sand.
    blendInto(out, haze, (1 - smoothstep(0, eyeLevel * 0.25, v)) * 0.6 * (0.6 + 0.4 * noise.at(u * 6, 0)));
  };
}

const DUNE_SAMPLES = 512;

export function dunes({ colors: [sky, sandLit, sandShade], noise, eyeLevel, top, sunU, sunColor, left, right }: Outdoors): Shader {
  const ridges = [0.9, 0.55, 0.25].map((h) => h * eyeLevel + eyeLevel * 0.15);
  // Each dune's crest depends on u alone: tabulate crest and slope once, across the canvas.
  const step = (right - left) / (DUNE_SAMPLES - 1);
  const crests = ridges.map((base, layer) =>
    Float32Array.from({ length: DUNE_SAMPLES + 1 }, (_, i) => base + eyeLevel * 0.35 * noise.fbm((left + i * step) * (0.5 + layer * 0.4) + layer * 9, layer * 3, 3)),
  );
  const away = sunU > 0 ? -1 : 1;
  return (u, v, _fp, out) => {
    const i = Math.min(DUNE_SAMPLES - 1, Math.max(0, Math.floor((u - left) / step)));
    for (let layer = 0; layer < ridges.length; layer++) {
      const crest = crests[layer][i];
      if (v < crest) {
        const slope = (crests[layer][i + 1] - crest) / step;
        // The face turned to the sun is lit; the lee side, just under the crest, falls into shade.
        const lit = smoothstep(-0.15, 0.15, slope * away + (crest - v) * 2);
        writeMix(out, sandShade, sandLit, 0.35 + 0.55 * lit, 1);
        // Aerial perspective: farther dunes fade toward the sky.
        blendInto(out, sky, (1 - layer / ridges.length) * 0.05 + layer * 0.18);
        return;
      }
    }
    const t = smoothstep(eyeLevel, top, v);
    writeMix(out, sunColor, sky, Math.sqrt(t), 1);
  };
}

export function forest({ colors: [foliage, light, bark], noise, scale }: MaterialInputs): Shader {
  return (u, v, _fp, out) => {
    const canopy = noise.fbm(u * 2.5, v * 2.5, 4);
    writeMix(out, foliage, light, smoothstep(-0.2, 0.9, canopy + v * 0.15), 1);
    const trunks = noise.fbm(u * 3.2 / scale, v * 0.15, 2);
    blendInto(out, bark, smoothstep(0.25, 0.35, trunks) * 0.85);
  };
}

export interface BokehInputs extends MaterialInputs {
  /** The region to fill with lights, in wall units. */
  region: { u0: number; u1: number; v0: number; v1: number };
  count: number;
}

/** Points of light on a gradient; the renderer's depth of field then makes them discs. */
export function bokeh({ colors: [low, high, lights], seed, region, count, noise }: BokehInputs): Shader {
  const random = createRandom(seed ^ 0x5bd1e995);
  const spots = Array.from({ length: count }, () => ({
    u: between(random, region.u0, region.u1),
    v: between(random, region.v0, region.v1),
    r: between(random, 0.015, 0.06) * (region.u1 - region.u0),
    gain: between(random, 0.6, 2.2),
    tint: random(),
  }));
  // Spots binned into columns of the region, so a pixel only visits its neighbours.
  const columns = 16;
  const width = (region.u1 - region.u0) / columns;
  const bins = Array.from({ length: columns }, (_, c) => spots.filter((s) => Math.abs(region.u0 + (c + 0.5) * width - s.u) < s.r + width / 2));
  return (u, v, _fp, out) => {
    const t = smoothstep(region.v0, region.v1, v);
    writeMix(out, low, high, t, 1 + 0.2 * noise.fbm(u * 1.5, v * 1.5, 2));
    const bin = bins[Math.min(columns - 1, Math.max(0, Math.floor((u - region.u0) / width)))];
    for (const s of bin) {
      const d = Math.hypot(u - s.u, v - s.v) / s.r;
      if (d >= 1) continue;
      const edge = (1 - smoothstep(0.8, 1, d)) * s.gain;
      out[0] += lights[0] * edge * (0.7 + 0.6 * s.tint);
      out[1] += lights[1] * edge;
      out[2] += lights[2] * edge * (1.3 - 0.6 * s.tint);
    }
  };
}
