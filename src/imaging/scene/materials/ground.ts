// Outdoor ground: rippled sand, snow, moss.
import { hash2 } from '../random';
import { blendInto, detail, smoothstep, writeMix, type MaterialInputs, type Shader } from '../shader';

export function sand({ colors: [base, light, grainTone], scale, noise, seed }: MaterialInputs): Shader {
  return (u, v, fp, out) => {
    const p = u / scale;
    const q = v / scale;
    const drift = noise.fbm(p * 1.1, q * 1.1, 3);
    const ripple = Math.sin((q * 9 + p * 1.5 + drift * 2.4) * Math.PI * 2) * detail(0.11 * scale, fp);
    const grain = hash2(Math.floor(u * 900), Math.floor(v * 900), seed);
    const fine = detail(0.003, fp);
    writeMix(out, base, light, smoothstep(-0.6, 0.8, drift) * 0.5 + ripple * 0.12, 1 + ripple * 0.08 + (grain - 0.5) * 0.18 * fine);
    blendInto(out, grainTone, grain > 0.93 ? 0.5 * fine : 0);
  };
}

export function snow({ colors: [base, shadow, sparkle], scale, noise, seed }: MaterialInputs): Shader {
  return (u, v, fp, out) => {
    const p = u / scale;
    const q = v / scale;
    const h = noise.fbm(p * 2, q * 2, 3);
    const hv = noise.fbm(p * 2, (q + 0.03) * 2, 3);
    writeMix(out, base, shadow, smoothstep(-0.05, 0.12, hv - h) * 0.6 + smoothstep(-0.6, 0.6, h) * 0.1, 1);
    const glint = hash2(Math.floor(u * 700), Math.floor(v * 700), seed);
    blendInto(out, sparkle, glint > 0.992 ? detail(0.004, fp) : 0);
  };
}

export function moss({ colors: [base, light, dark], scale, noise, seed }: MaterialInputs): Shader {
  return (u, v, fp, out) => {
    const p = u / scale;
    const q = v / scale;
    const clumps = noise.fbm(p * 4, q * 4, 4);
    const tufts = noise.at(p * 40, q * 40) * detail(0.01 * scale, fp);
    const grain = (hash2(Math.floor(u * 600), Math.floor(v * 600), seed) - 0.5) * 0.25 * detail(0.004, fp);
    writeMix(out, base, light, smoothstep(-0.3, 0.7, clumps + tufts * 0.3), 1 + grain);
    blendInto(out, dark, smoothstep(0.1, 0.6, -noise.fbm(p * 1.2 + 7, q * 1.2, 3)) * 0.6);
  };
}
