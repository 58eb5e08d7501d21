// The eval garments' prints as POV-Ray pigments, in metres, the same on the
// flat photo and on the worn shell: stripes, checks, flowers (five petals on
// a staggered grid, a function pattern) and a logo (text and a ring) on the
// chest; or plain.
import type { Rgb } from './body';
import type { GarmentSpec } from './garment';

const srgb = (c: Rgb) => `srgb <${(c[0] / 255).toFixed(3)}, ${(c[1] / 255).toFixed(3)}, ${(c[2] / 255).toFixed(3)}>`;

/** The pigment; `logoY` is the height of the chest (where a logo goes), with x = 0 the garment's middle. */
export function printPigment(spec: GarmentSpec, logoY: number): string {
  const a = srgb(spec.colour);
  const b = srgb(spec.second);
  const s = spec.printScale.toFixed(4);
  switch (spec.print) {
    case 'plain':
      return a;
    case 'stripes':
      return `gradient y colour_map { [0 ${a}] [0.55 ${a}] [0.55 ${b}] [1 ${b}] } scale ${s}`;
    case 'checks':
      return `checker ${a}, ${b} scale ${(spec.printScale * 0.9).toFixed(4)}`;
    case 'flowers': {
      const petal = srgb([255 - spec.colour[0] * 0.3, 235 - spec.colour[1] * 0.3, 235 - spec.colour[2] * 0.2]);
      // Cell coordinates (u, v) in -0.5..0.5, every other row shifted half a cell; a petal curve in polar form.
      const U = `(x / ${s} + 0.5 * mod(floor(y / ${s} + 1000), 2))`;
      const DU = `(${U} - floor(${U}) - 0.5)`;
      const DV = `(y / ${s} - floor(y / ${s}) - 0.5)`;
      const R = `sqrt(${DU} * ${DU} + ${DV} * ${DV})`;
      const f = `function { select(${R} - 0.09, 1, select(${R} - 0.34 * (0.55 + 0.45 * cos(5 * atan2(${DV}, ${DU}))), 0.6, 0)) }`;
      return `${f} colour_map { [0 ${a}] [0.5 ${a}] [0.55 ${petal}] [0.8 ${petal}] [0.85 ${b}] [1 ${b}] }`;
    }
    case 'logo': {
      const y = logoY.toFixed(4);
      return `object { union {
          text { ttf "cyrvetic.ttf" "NOVA" 4, 0 scale <0.07, 0.07, 1> translate <-0.115, ${(logoY - 0.03).toFixed(4)}, -2> }
          difference { cylinder { <0, ${(logoY + 0.07).toFixed(4)}, -2>, <0, ${(logoY + 0.07).toFixed(4)}, 2>, 0.045 } cylinder { <0, ${(logoY + 0.07).toFixed(4)}, -3>, <0, ${(logoY + 0.07).toFixed(4)}, 3>, 0.03 } }
        } ${a}, ${b} } /* logo at ${y} */`;
    }
  }
}
