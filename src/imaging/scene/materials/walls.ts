// Walls, in wall coordinates (u across, v up from the floor line): painted
// plaster, brushed steel panels, cast concrete, brick with mortar, subway tiles.
import { hash2 } from '../random';
import { blendInto, detail, smoothstep, writeMix, type MaterialInputs, type Shader } from '../shader';

export function plaster({ colors: [base, mottle], scale, noise }: MaterialInputs): Shader {
  return (u, v, _fp, out) => {
    const m = noise.fbm((u * 1.8) / scale, (v * 1.8) / scale, 4);
    writeMix(out, base, mottle, smoothstep(-0.7, 0.9, m) * 0.35, 1 + 0.03 * noise.at(u * 12, v * 12));
  };
}

const STEEL_PANEL = 0.5;

export function steel({ colors: [base, sheen, seam], scale, noise, seed }: MaterialInputs): Shader {
  const panel = STEEL_PANEL * scale;
  return (u, v, fp, out) => {
    const across = u / panel + 100;
    const index = Math.floor(across);
    const inPanel = across - index;
    const row = Math.floor(v / (panel * 1.6));
    const tone = hash2(index, row, seed);
    // Brushing: long horizontal scratches.
    const brushed = noise.at(u * 0.8, v * 140) * 0.06 + noise.at(u * 3, v * 400) * 0.04 * detail(0.003, fp);
    writeMix(out, base, sheen, tone * 0.5, 1 + brushed);
    const toSeam = Math.min(Math.min(inPanel, 1 - inPanel) * panel, Math.abs(v - (row + 0.5) * panel * 1.6 + panel * 0.8));
    blendInto(out, seam, 0.8 * (1 - smoothstep(0, 0.004 + fp, toSeam)));
    // Rivets along each seam.
    const rivetU = Math.min(inPanel, 1 - inPanel) * panel - 0.02;
    const rivetV = ((v / 0.08) % 1) - 0.5;
    const rivet = Math.hypot(rivetU / 0.008, rivetV * 0.08 / 0.008);
    blendInto(out, seam, (1 - smoothstep(0.6, 1, rivet)) * 0.6);
  };
}

export function concreteWall({ colors: [base, light, stain], scale, noise, seed }: MaterialInputs): Shader {
  const panelWidth = 1.2 * scale;
  const panelHeight = 0.6 * scale;
  return (u, v, fp, out) => {
    const blotch = noise.fbm(u * 1.4, v * 1.4, 4);
    const grain = (hash2(Math.floor(u * 500), Math.floor(v * 500), seed) - 0.5) * 0.1 * detail(0.004, fp);
    writeMix(out, base, light, smoothstep(-0.6, 0.6, blotch), 1 + grain + 0.05 * noise.at(u * 9, v * 9));
    blendInto(out, stain, smoothstep(0.3, 0.8, noise.fbm(u * 0.6 + 4, v * 2, 3)) * 0.35);
    // Formwork: the panel joints and the tie holes of cast-in-place concrete.
    const pu = ((u / panelWidth) % 1 + 1) % 1;
    const pv = ((v / panelHeight) % 1 + 1) % 1;
    const joint = Math.min(Math.min(pu, 1 - pu) * panelWidth, Math.min(pv, 1 - pv) * panelHeight);
    blendInto(out, stain, 0.5 * (1 - smoothstep(0, 0.004 + fp, joint)));
    const tu = ((u / (panelWidth / 2) + 0.5) % 1 + 1) % 1 - 0.5;
    const tv = ((v / (panelHeight / 2) + 0.5) % 1 + 1) % 1 - 0.5;
    const hole = Math.hypot(tu * panelWidth, tv * panelHeight);
    blendInto(out, stain, 0.8 * (1 - smoothstep(0.008, 0.014 + fp, hole)));
  };
}

const BRICK_LENGTH = 0.23;
const BRICK_COURSE = 0.075;
const MORTAR = 0.01;

export function brick({ colors: [brickA, brickB, mortar], scale, noise, seed }: MaterialInputs): Shader {
  const length = BRICK_LENGTH * scale;
  const course = BRICK_COURSE * scale;
  const joint = MORTAR * scale;
  return (u, v, fp, out) => {
    const row = Math.floor(v / course);
    const along = u / length + (row & 1 ? 0.5 : 0) + 1000;
    const column = Math.floor(along);
    const inRow = (v / course - row) * course;
    const inBrick = (along - column) * length;
    const tone = hash2(column, row, seed);
    const burnt = hash2(column, row, seed + 1) > 0.85 ? 0.55 : 0;
    const face = noise.fbm(u * 9, v * 9, 3);
    writeMix(out, brickA, brickB, tone * 0.8 + burnt * 0.3, 0.9 + 0.14 * face + 0.06 * noise.at(u * 45, v * 45) * detail(0.01, fp));
    // Bricks are lit from above: their top edge catches light, the bottom falls into shade.
    const fromTop = course - joint - inRow;
    out[0] *= 1 + 0.12 * (1 - smoothstep(0, 0.01, fromTop)) - 0.15 * (1 - smoothstep(joint, joint + 0.012, inRow));
    out[1] *= 1 + 0.12 * (1 - smoothstep(0, 0.01, fromTop)) - 0.15 * (1 - smoothstep(joint, joint + 0.012, inRow));
    out[2] *= 1 + 0.12 * (1 - smoothstep(0, 0.01, fromTop)) - 0.15 * (1 - smoothstep(joint, joint + 0.012, inRow));
    const toJoint = Math.min(inRow - joint * 0.5, course - joint * 0.5 - inRow, inBrick - joint * 0.5, length - joint * 0.5 - inBrick);
    const m = 1 - smoothstep(-0.002 - fp * 0.5, 0.002 + fp * 0.5, toJoint);
    blendInto(out, mortar, m * (0.85 + 0.15 * noise.at(u * 60, v * 60)));
  };
}

const TILE_WIDTH = 0.16;
const TILE_HEIGHT = 0.08;
const GROUT = 0.006;

export function tiles({ colors: [glaze, glazeVariant, grout], scale, noise, seed }: MaterialInputs): Shader {
  const width = TILE_WIDTH * scale;
  const height = TILE_HEIGHT * scale;
  return (u, v, fp, out) => {
    const row = Math.floor(v / height);
    const along = u / width + (row & 1 ? 0.5 : 0) + 1000;
    const column = Math.floor(along);
    const x = (along - column) * width;
    const y = (v / height - row) * height;
    const tone = hash2(column, row, seed);
    writeMix(out, glaze, glazeVariant, tone * 0.6, 1 + 0.02 * noise.at(u * 20, v * 20));
    // Glazed bevel: a bright rim at the top, a darker one at the bottom.
    const top = height - y;
    const bevel = 0.012 * scale;
    const rim = 0.1 * (1 - smoothstep(0, bevel, top)) - 0.08 * (1 - smoothstep(0, bevel, y));
    out[0] *= 1 + rim;
    out[1] *= 1 + rim;
    out[2] *= 1 + rim;
    const toGrout = Math.min(x, width - x, y, height - y) - GROUT * 0.5;
    blendInto(out, grout, 1 - smoothstep(-fp * 0.5, 0.0015 + fp * 0.5, toGrout));
  };
}
