// The drawn garments' prints, as colour functions of a point on the garment
// (metres, in the template's frame): florals of separate petal shapes with
// centres and leaves on a jittered grid, polka dots on a staggered grid,
// gingham (two crossing sets of half-tone bands), an ombré down the
// garment's length, chevrons, abstract blobs cut from warped noise; or plain.
import { hash2, fbm } from './noise';
import { FABRIC, mixLin, scaleLin, toLin, type Lin } from './palette';
import type { DrawnSpec } from './spec';

export type PrintFn = (x: number, y: number) => Lin;

const frac = (v: number) => v - Math.floor(v);
const smooth = (t: number) => (t <= 0 ? 0 : t >= 1 ? 1 : t * t * (3 - 2 * t));

/** The print of `spec` over a garment spanning `top` to `bottom` (metres, for the ombré). */
export function printOf(spec: DrawnSpec, top: number, bottom: number): PrintFn {
  const ground = toLin(FABRIC[spec.colours.ground]);
  const second = toLin(FABRIC[spec.colours.second]);
  const third = toLin(FABRIC[spec.colours.third]);
  const s = spec.printScale;
  const seed = spec.seed;
  switch (spec.print) {
    case 'plain':
      return () => ground;
    case 'dots': {
      const r = s * (0.16 + 0.12 * hash2(1, 2, seed));
      const rowH = s * 0.866;
      return (x, y) => {
        const row = Math.round(y / rowH);
        let best = Infinity;
        for (const j of [row - 1, row, row + 1]) {
          const shift = (((j % 2) + 2) % 2) * 0.5 * s;
          const cx = Math.round((x - shift) / s) * s + shift;
          best = Math.min(best, Math.hypot(x - cx, y - j * rowH));
        }
        return best < r ? second : ground;
      };
    }
    case 'gingham': {
      const light = toLin(FABRIC.white);
      const half = mixLin(light, ground, 0.5);
      return (x, y) => {
        const a = frac(x / s) < 0.5;
        const b = frac(y / s) < 0.5;
        return a && b ? ground : a || b ? half : light;
      };
    }
    case 'ombre':
      return (_x, y) => mixLin(ground, second, smooth((y - top) / Math.max(1e-3, bottom - top)));
    case 'chevron': {
      const colours = [ground, second, ground, third];
      const band = s * 0.3;
      return (x, y) => {
        const zig = Math.abs(2 * frac(x / s) - 1) * s * 0.5;
        const k = Math.floor((y + zig) / band);
        return colours[((k % 4) + 4) % 4];
      };
    }
    case 'blobs':
      return (x, y) => {
        // Noise warped by noise: rounded, organic patches in two more colours.
        const wx = x / s + 1.5 * fbm(x / s + 7.1, y / s, seed + 3, 2);
        const wy = y / s + 1.5 * fbm(x / s, y / s - 3.7, seed + 5, 2);
        const n = fbm(wx, wy, seed, 3);
        return n > 0.62 ? third : n > 0.53 ? second : ground;
      };
    case 'floral':
      return floral(spec, ground, second, third);
  }
}

/**
 * Flowers on a jittered grid of cells `printScale` wide: five or six petals
 * (ellipses about the centre, each with a darker rim), a round centre, two
 * leaves between petals; some cells hold a bud instead, a few nothing.
 */
function floral(spec: DrawnSpec, ground: Lin, petal: Lin, centre: Lin): PrintFn {
  const s = spec.printScale;
  const seed = spec.seed * 3 + 1;
  const greenish = spec.colours.ground === 'forest' || spec.colours.ground === 'sage' || spec.colours.ground === 'olive';
  const leaf = greenish ? scaleLin(ground, 0.6) : mixLin(toLin(FABRIC.sage), ground, 0.25);
  const rim = mixLin(petal, ground, 0.35);
  return (x, y) => {
    const ci = Math.floor(x / s);
    const cj = Math.floor(y / s);
    let colour: Lin | null = null;
    let rank = 0;
    for (let j = cj - 1; j <= cj + 1; j++) {
      for (let i = ci - 1; i <= ci + 1; i++) {
        const h = hash2(i, j, seed);
        if (h < 0.1) continue;
        const cx = (i + 0.2 + 0.6 * hash2(i, j, seed + 1)) * s;
        const cy = (j + 0.2 + 0.6 * hash2(i, j, seed + 2)) * s;
        const dx = x - cx;
        const dy = y - cy;
        const r = Math.hypot(dx, dy);
        if (h < 0.3) {
          // A bud.
          const R = s * 0.09;
          if (r < R && rank < 2) {
            colour = r < R * 0.8 ? petal : rim;
            rank = 2;
          }
          continue;
        }
        const R = s * (0.28 + 0.14 * hash2(i, j, seed + 3));
        if (r > R * 1.55) continue;
        const turn = hash2(i, j, seed + 4) * Math.PI * 2;
        const n = hash2(i, j, seed + 5) < 0.5 ? 5 : 6;
        const turned = Math.atan2(dy, dx) - turn;
        const theta = ((turned % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI);
        if (r < R * 0.2) {
          if (rank < 4) {
            colour = r < R * 0.16 ? centre : scaleLin(centre, 0.7);
            rank = 4;
          }
          continue;
        }
        const k = Math.round((theta * n) / (2 * Math.PI));
        const phi = theta - (k * 2 * Math.PI) / n;
        const a = (r * Math.cos(phi) - R * 0.55) / (R * 0.45);
        const b = (r * Math.sin(phi)) / (R * 0.26);
        const q = a * a + b * b;
        if (q < 1) {
          if (rank < 3) {
            colour = q > 0.72 ? rim : petal;
            rank = 3;
          }
          continue;
        }
        // Two leaves, each between two petals (the first gap and the one half round), reaching past them.
        const gap = Math.floor((theta * n) / (2 * Math.PI));
        if (gap !== 0 && gap !== Math.floor(n / 2)) continue;
        const pl = theta - ((gap + 0.5) * 2 * Math.PI) / n;
        const la = (r * Math.cos(pl) - R * 1.05) / (R * 0.42);
        const lb = (r * Math.sin(pl)) / (R * 0.14);
        if (la * la + lb * lb < 1 && rank < 1) {
          colour = leaf;
          rank = 1;
        }
      }
    }
    return colour ?? ground;
  };
}
