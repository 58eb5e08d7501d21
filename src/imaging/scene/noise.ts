// Seeded coherent noise: simplex noise (simplex-noise, drawn from our PRNG so a
// seed fixes it) and its fractal sums, the raw stuff every material is made of.
import { createNoise2D } from 'simplex-noise';
import { createRandom } from './random';

export interface Noise {
  /** Simplex noise in [-1, 1]. */
  at(x: number, y: number): number;
  /** Fractal sum of `octaves` octaves (gain ½, lacunarity 2), normalised to about [-1, 1]. */
  fbm(x: number, y: number, octaves: number): number;
  /** Sum of |noise| octaves: sharp creases, for veins and turbulence; about [0, 1]. */
  turbulence(x: number, y: number, octaves: number): number;
}

export function createNoise(seed: number): Noise {
  const at = createNoise2D(createRandom(seed));
  return {
    at,
    fbm(x, y, octaves) {
      let sum = 0;
      let amplitude = 1;
      let norm = 0;
      for (let o = 0; o < octaves; o++) {
        // Each octave is shifted so the lattices of different octaves never line up.
        sum += amplitude * at(x + o * 17.3, y - o * 31.7);
        norm += amplitude;
        amplitude *= 0.5;
        x *= 2;
        y *= 2;
      }
      return sum / norm;
    },
    turbulence(x, y, octaves) {
      let sum = 0;
      let amplitude = 1;
      let norm = 0;
      for (let o = 0; o < octaves; o++) {
        sum += amplitude * Math.abs(at(x + o * 17.3, y - o * 31.7));
        norm += amplitude;
        amplitude *= 0.5;
        x *= 2;
        y *= 2;
      }
      return sum / norm;
    },
  };
}
