// Stone: veined marble, polished concrete, terrazzo (a quartz worktop's chips), slate.
import { hash2 } from '../random';
import { blendInto, detail, smoothstep, writeMix, type MaterialInputs, type Shader } from '../shader';

export function marble({ colors: [base, cloud, vein], scale, noise }: MaterialInputs): Shader {
  return (u, v, fp, out) => {
    const p = u / scale;
    const q = v / scale;
    const haze = noise.fbm(p * 2.2 + 5, q * 2.2, 3);
    // Veins are the creases of a sine bent by turbulence: long diagonal
    // fractures that wander and branch, never closed loops.
    const bend = noise.turbulence(p * 0.9, q * 0.9, 4);
    const main = Math.abs(Math.sin((p * 1.1 + q * 0.6) * 3.2 + bend * 2.2));
    const fine = Math.abs(Math.sin((q * 1.4 - p * 0.7) * 5 + noise.turbulence(p * 1.8 + 9, q * 1.8, 3) * 3));
    const soft = 0.02 + fp * 4;
    const veinMain = Math.exp(-main / soft) * 0.85 + Math.exp(-main / (soft * 8)) * 0.2;
    const veinFine = Math.exp(-fine / (soft * 0.6)) * 0.4 * detail(0.01 * scale, fp);
    writeMix(out, base, cloud, smoothstep(-0.4, 0.7, haze) * 0.6, 1);
    blendInto(out, vein, Math.min(0.9, veinMain + veinFine));
  };
}

export function concrete({ colors: [base, light, stain], scale, noise, seed }: MaterialInputs): Shader {
  return (u, v, fp, out) => {
    const p = u / scale;
    const q = v / scale;
    const blotch = noise.fbm(p * 1.3, q * 1.3, 3);
    const mid = noise.fbm(p * 7, q * 7, 2);
    const poreSize = 0.004 * scale;
    const pores = smoothstep(0.55, 0.8, noise.at(p * 55, q * 55)) * detail(poreSize * 4, fp);
    const grain = (hash2(Math.floor(u / poreSize), Math.floor(v / poreSize), seed) - 0.5) * 0.16 * detail(poreSize * 2, fp);
    writeMix(out, base, light, smoothstep(-0.6, 0.6, blotch), 1 + 0.09 * mid + grain - 0.3 * pores);
    blendInto(out, stain, smoothstep(0.35, 0.8, noise.fbm(p * 0.7 + 11, q * 0.7, 3)) * 0.45);
  };
}

export function terrazzo({ colors: [base, chip, accent], scale, noise, seed }: MaterialInputs): Shader {
  return (u, v, fp, out) => {
    const p = u / scale;
    const q = v / scale;
    const cloud = noise.fbm(p * 1.5, q * 1.5, 2);
    const chips = noise.at(p * 26, q * 26);
    const accents = noise.at(p * 34 + 40, q * 34);
    const edge = 0.04 + fp * 30;
    const chipFade = detail(0.015 * scale, fp);
    const speck = (hash2(Math.floor(p * 500), Math.floor(q * 500), seed) - 0.5) * 0.08 * detail(0.004 * scale, fp);
    writeMix(out, base, chip, smoothstep(-0.8, 0.8, cloud) * 0.12, 1 + speck);
    // Far off, chips blend into the average tint instead of flickering.
    blendInto(out, chip, smoothstep(0.62, 0.62 + edge, chips) * (0.15 + 0.7 * chipFade));
    blendInto(out, accent, smoothstep(0.7, 0.7 + edge, accents) * (0.1 + 0.8 * chipFade));
  };
}

export function slate({ colors: [base, streak, dark], scale, noise, seed }: MaterialInputs): Shader {
  return (u, v, fp, out) => {
    const p = u / scale;
    const q = v / scale;
    const layers = noise.fbm(p * 0.7, q * 3.5, 4);
    const cleft = Math.abs(noise.at(p * 0.5 + 3, q * 8));
    const grain = (hash2(Math.floor(p * 300), Math.floor(q * 300), seed) - 0.5) * 0.1 * detail(0.006 * scale, fp);
    writeMix(out, base, streak, smoothstep(-0.5, 0.9, layers) * 0.6, 1 + grain);
    blendInto(out, dark, (1 - smoothstep(0, 0.05 + fp * 8, cleft)) * 0.5);
  };
}
