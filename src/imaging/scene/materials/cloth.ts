// Cloth and paper: woven linen with soft folds, and seamless studio paper.
import { detail, smoothstep, writeMix, type MaterialInputs, type Shader } from '../shader';

const THREADS_PER_UNIT = 110;

export function linen({ colors: [base, thread, fold], scale, noise }: MaterialInputs): Shader {
  const frequency = (THREADS_PER_UNIT / scale) * Math.PI * 2;
  return (u, v, fp, out) => {
    // Folds: a stretched height field lit from the front-left.
    const h0 = noise.fbm(u * 1.6 / scale, v * 0.55 / scale, 3);
    const hu = noise.fbm((u + 0.02) * 1.6 / scale, v * 0.55 / scale, 3);
    const hv = noise.fbm(u * 1.6 / scale, (v + 0.02) * 0.55 / scale, 3);
    const slope = (hu - h0) * 0.9 - (hv - h0) * 0.5;
    const foldShade = 1 + Math.max(-0.35, Math.min(0.35, slope * 9));
    // Slubby threads: each thread's thickness wanders along its length.
    const slubU = noise.at(u * 9, v * 220) * 0.5;
    const slubV = noise.at(u * 220, v * 9) * 0.5;
    const warp = Math.sin(u * frequency + slubU);
    const weft = Math.sin(v * frequency + slubV);
    const weave = warp * weft * detail((Math.PI * 2) / frequency, fp);
    const fleck = smoothstep(0.5, 0.9, noise.at(u * 30, v * 30)) * 0.3 * detail(0.01, fp);
    writeMix(out, base, thread, 0.5 + 0.35 * weave + fleck * 0.5, foldShade * (1 + 0.06 * weave));
    const crease = smoothstep(0.55, 0.9, 1 - Math.abs(h0 * 2.2));
    out[0] += (fold[0] - out[0]) * crease * 0.15;
    out[1] += (fold[1] - out[1]) * crease * 0.15;
    out[2] += (fold[2] - out[2]) * crease * 0.15;
  };
}

export function paper({ colors: [base, shade], noise }: MaterialInputs): Shader {
  return (u, v, _fp, out) => {
    writeMix(out, base, shade, smoothstep(-1, 1, noise.fbm(u * 0.8, v * 0.8, 2)) * 0.15, 1);
  };
}
