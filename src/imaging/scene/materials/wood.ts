// Wood: planks laid along the depth, each cut from a different board (tone,
// grain offset), with end joints staggered and dark seams between them.
import { hash2 } from '../random';
import { blendInto, detail, smoothstep, writeMix, type MaterialInputs, type Shader } from '../shader';

const PLANK_WIDTH = 0.17;
const PLANK_LENGTH = 1.4;

export function wood({ colors: [light, dark, seam], scale, noise, seed }: MaterialInputs): Shader {
  const width = PLANK_WIDTH * scale;
  const length = PLANK_LENGTH * scale;
  return (u, v, fp, out) => {
    const across = u / width + 1000;
    const plank = Math.floor(across);
    const inPlank = across - plank;
    const along = (v + hash2(plank, 0, seed) * length) / length;
    const board = Math.floor(along);
    const inBoard = along - board;
    const tone = hash2(plank, board, seed);
    // Growth rings seen from the side: stretched, wavering bands along the board.
    const waver = noise.fbm(u * 2.2 + plank * 3.7, v * 0.28 + board * 5.1, 3);
    const rings = 0.5 + 0.5 * Math.sin((inPlank * 2.2 + waver * 2.6 + tone * 4) * Math.PI * 2);
    const ringDetail = detail(width / 12, fp);
    const fibre = noise.at(u * 140, v * 9) * 0.07 * detail(0.005, fp);
    const shade = 0.88 + 0.24 * tone + fibre;
    writeMix(out, light, dark, 0.2 + 0.5 * tone * 0.6 + rings * 0.45 * ringDetail + 0.12 * (1 - ringDetail), shade);
    const seamWidth = 0.0025 + fp * 0.6;
    const toSide = Math.min(inPlank, 1 - inPlank) * width;
    const toEnd = Math.min(inBoard, 1 - inBoard) * length;
    blendInto(out, seam, 0.85 * (1 - smoothstep(0, seamWidth, Math.min(toSide, toEnd))));
  };
}
