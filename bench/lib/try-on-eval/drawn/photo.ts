// A drawn garment photographed flat: its template placed on a pale,
// textured backdrop (paper, linen or concrete grain, a soft light across
// it), turned a few degrees and filling 70–88 % of the frame, with a soft
// drop shadow; the fabric printed (supersampled), the back's inside darker
// through the neckline, bands, seams, top-stitching and buttons drawn on,
// shaded by a light falling across it, rolled edges and fold lines. Also
// the garment's label map (240 where it covers more than half a pixel) and
// its landmarks in pixels. Composed in linear light; the same spec gives
// the same bytes.
import type { RgbaImage } from '../../../../src/imaging/image';
import { pick, random, uniform } from '../cases';
import type { LandmarkName } from '../worn';
import { apply, flatten, invert, mapRun, similarity, type Affine, type Pt, type Run } from './geometry';
import { fbm, hash2, valueNoise } from './noise';
import { BACKDROPS, FABRIC, colourDistance, luminance, mixLin, scaleLin, toByte, toLin, type Lin } from './palette';
import { printOf } from './prints';
import { blur, fillPolygons, intersect, nearPolyline, strokePolyline, subtract, type Mask } from './raster';
import type { DrawnSpec } from './spec';
import type { DrawnGarment } from './template';

export interface DrawnPhoto {
  image: RgbaImage;
  /** 240 where the garment covers more than half the pixel, 0 elsewhere. */
  labels: { data: Uint8Array; width: number; height: number };
  landmarks: Partial<Record<LandmarkName, Pt>>;
  /** Garment metres to photo pixels. */
  toPixel: Affine;
  metresPerPixel: number;
  backdrop: string;
  tilt: number;
}

/** Pixels a garment's outline is flattened to within. */
const TOLERANCE = 0.2;

function place(garment: DrawnGarment, width: number, height: number, seed: number): { toPixel: Affine; metresPerPixel: number; tilt: number } {
  const rng = random(seed * 41 + 9);
  const tilt = (uniform(rng, -4, 4) * Math.PI) / 180;
  const fill = uniform(rng, 0.7, 0.88);
  const points = flatten(garment.outline, 0.002);
  const turned = points.map((p) => apply(similarity(1, tilt, 0, 0), p));
  const xs = turned.map((p) => p.x);
  const ys = turned.map((p) => p.y);
  const spanX = Math.max(...xs) - Math.min(...xs);
  const spanY = Math.max(...ys) - Math.min(...ys);
  const scale = Math.min((width * fill) / spanX, (height * fill) / spanY);
  // Centre it, then shift it by up to a third of the room left.
  const cx = (Math.max(...xs) + Math.min(...xs)) / 2;
  const cy = (Math.max(...ys) + Math.min(...ys)) / 2;
  const roomX = (width - spanX * scale) / 2;
  const roomY = (height - spanY * scale) / 2;
  const tx = width / 2 - cx * scale + uniform(rng, -0.33, 0.33) * roomX;
  const ty = height / 2 - cy * scale + uniform(rng, -0.33, 0.33) * roomY;
  return { toPixel: similarity(scale, tilt, tx, ty), metresPerPixel: 1 / scale, tilt };
}

/** A pale backdrop (not too near the garment's colour) with its grain and light. */
function backdropLayer(spec: DrawnSpec, width: number, height: number, seed: number): { pixels: Float32Array; name: string } {
  const rng = random(seed * 43 + 11);
  const garment = FABRIC[spec.colours.ground];
  const candidates = BACKDROPS.filter((b) => colourDistance(b.colour, garment) > 90);
  const backdrop = pick(rng, candidates.length ? candidates : BACKDROPS);
  const base = toLin(backdrop.colour);
  const light = { x: uniform(rng, -0.3, 0.3) * width, y: uniform(rng, -0.4, 0.1) * height };
  const strength = uniform(rng, 0.05, 0.1);
  const noiseSeed = seed * 7 + 1;
  const pixels = new Float32Array(width * height * 3);
  const diagonal = Math.hypot(width, height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let grain: number;
      if (backdrop.grain === 'linen') {
        // Threads both ways, slubs along them.
        grain = 0.035 * (valueNoise(x / 1.3, y / 37, noiseSeed) - 0.5) + 0.035 * (valueNoise(x / 41, y / 1.3, noiseSeed + 1) - 0.5) + 0.02 * (fbm(x / 90, y / 90, noiseSeed + 2, 3) - 0.5);
      } else if (backdrop.grain === 'paper') {
        grain = 0.03 * (fbm(x / 60, y / 60, noiseSeed, 4) - 0.5) + 0.012 * (hash2(x, y, noiseSeed) - 0.5);
      } else {
        const speck = hash2(x, y, noiseSeed + 3);
        grain = 0.05 * (fbm(x / 25, y / 25, noiseSeed, 4) - 0.5) + (speck > 0.995 ? -0.08 : speck < 0.004 ? 0.05 : 0);
      }
      const falloff = 1 + strength * (0.5 - Math.hypot(x - width / 2 - light.x, y - height / 2 - light.y) / diagonal);
      const k = (1 + grain) * falloff;
      const i = (y * width + x) * 3;
      pixels[i] = base[0] * k;
      pixels[i + 1] = base[1] * k;
      pixels[i + 2] = base[2] * k;
    }
  }
  return { pixels, name: backdrop.name };
}

const toPixelRun = (run: Run, m: Affine) => mapRun(run, (p) => apply(m, p));
const fill = (runs: Run[], m: Affine, width: number, height: number): Mask => fillPolygons(runs.map((r) => flatten(toPixelRun(r, m), TOLERANCE)), width, height);

export function drawnPhoto(spec: DrawnSpec, garment: DrawnGarment, width: number, height: number): DrawnPhoto {
  const seed = spec.seed;
  const rng = random(seed * 47 + 13);
  const { toPixel, metresPerPixel, tilt } = place(garment, width, height, seed);
  const toGarment = invert(toPixel);
  const px = (metres: number) => metres / metresPerPixel;

  const body = fill([garment.outline], toPixel, width, height);
  const inside = garment.inside ? intersect(fill([garment.inside], toPixel, width, height), body) : null;
  const tag = garment.tag && inside ? intersect(fill([garment.tag], toPixel, width, height), inside) : null;
  const bands = garment.bands.map((b) => ({ mask: intersect(fill([b.shape], toPixel, width, height), inside ? subtract(body, inside) : body), contrast: b.contrast }));
  const outlinePoints = flatten(garment.outline, 0.002);
  const top = Math.min(...outlinePoints.map((p) => p.y));
  const bottom = Math.max(...outlinePoints.map((p) => p.y));
  const print = printOf(spec, top, bottom);
  const bandColour = toLin(FABRIC[spec.colours.band]);

  // The backdrop, and the garment's shadow on it.
  const { pixels, name } = backdropLayer(spec, width, height, seed);
  const shadowBlur = uniform(rng, 5, 10);
  const shadow = blur(body, shadowBlur);
  const offset = { x: Math.round(uniform(rng, 3, 9)), y: Math.round(uniform(rng, 5, 12)) };
  const shadowStrength = uniform(rng, 0.25, 0.4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const sx = x - offset.x;
      const sy = y - offset.y;
      const s = sx >= 0 && sy >= 0 && sx < width && sy < height ? shadow.data[sy * width + sx] : 0;
      const k = 1 - shadowStrength * s;
      const i = (y * width + x) * 3;
      pixels[i] *= k;
      pixels[i + 1] *= k;
      pixels[i + 2] *= k;
    }
  }

  // Shading: a rolled edge (darker within a centimetre or so of the outline), the light across, folds, the weave.
  const roll = blur(body, Math.max(2, px(0.012)));
  const shade = new Float32Array(width * height).fill(1);
  for (const fold of garment.folds) {
    const points = flatten(toPixelRun({ start: fold.points[0], segments: fold.points.slice(1).map((to) => ({ kind: 'line' as const, to })) }, toPixel), 0.5);
    const sigma = Math.max(1.2, px(fold.width) / 2);
    nearPolyline(points, sigma * 4, width, height, (i, d) => {
      // A valley with a lit ridge beside it.
      shade[i] *= 1 - fold.depth * Math.exp(-(d * d) / (2 * sigma * sigma)) + 0.35 * fold.depth * Math.exp(-((d - 2.2 * sigma) ** 2) / (2 * (0.8 * sigma) ** 2));
    });
  }
  const lightDir = { x: uniform(rng, -0.7, -0.2), y: -1 };
  const lightNorm = Math.hypot(lightDir.x, lightDir.y);
  const garmentSeed = seed * 13 + 5;
  const lum = luminance(print(0, (top + bottom) / 2));
  const threadColour: Lin = lum > 0.25 ? [0.08, 0.08, 0.09] : [0.75, 0.74, 0.7];

  // Seams and stitches, as coverage masks clipped to the garment.
  const seamMask = new Float32Array(width * height);
  for (const seam of garment.seams) {
    const line = strokePolyline(flatten(toPixelRun({ start: seam[0], segments: seam.slice(1).map((to) => ({ kind: 'line' as const, to })) }, toPixel), 0.5), 0.45, width, height);
    for (let i = 0; i < seamMask.length; i++) if (line.data[i] > seamMask[i]) seamMask[i] = line.data[i];
  }
  const stitchMask = new Float32Array(width * height);
  const dash: [number, number] = [Math.max(2, px(0.006)), Math.max(1.5, px(0.004))];
  for (const stitch of garment.stitches) {
    const line = strokePolyline(stitch.map((p) => apply(toPixel, p)), 0.4, width, height, dash);
    for (let i = 0; i < stitchMask.length; i++) if (line.data[i] > stitchMask[i]) stitchMask[i] = line.data[i];
  }
  const buttons = garment.buttons.map((b) => ({ centre: apply(toPixel, b.centre), radius: px(b.radius) }));
  const buttonColour = toLin(lum > 0.3 ? FABRIC.charcoal : FABRIC.ivory);

  // The garment, pixel by pixel, over the backdrop.
  const sub = [0.25, 0.75];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const cover = body.data[i];
      if (cover <= 0) continue;
      // The print, averaged over four points in the pixel.
      let colour: Lin = [0, 0, 0];
      for (const sy of sub) {
        for (const sx of sub) {
          const g = apply(toGarment, { x: x + sx, y: y + sy });
          const c = print(g.x, g.y);
          colour = [colour[0] + c[0] / 4, colour[1] + c[1] / 4, colour[2] + c[2] / 4];
        }
      }
      for (const band of bands) {
        const b = band.mask.data[i];
        if (b > 0) colour = mixLin(colour, band.contrast ? bandColour : scaleLin(colour, 0.9), b);
      }
      if (inside && inside.data[i] > 0) colour = mixLin(colour, scaleLin(mixLin(colour, [0.3, 0.3, 0.3], 0.25), 0.42), inside.data[i]);
      if (tag && tag.data[i] > 0) colour = mixLin(colour, toLin([236, 232, 222]), tag.data[i]);
      const on = inside ? 1 - inside.data[i] : 1;
      colour = mixLin(colour, scaleLin(colour, 0.62), seamMask[i] * 0.8 * on);
      colour = mixLin(colour, threadColour, stitchMask[i] * 0.55 * on);
      for (const b of buttons) {
        const d = Math.hypot(x + 0.5 - b.centre.x, y + 0.5 - b.centre.y);
        if (d < b.radius + 0.5) {
          const a = Math.max(0, Math.min(1, b.radius + 0.5 - d));
          const rimmed = d > b.radius * 0.7 ? scaleLin(buttonColour, 0.75) : d < b.radius * 0.3 ? scaleLin(buttonColour, 1.15) : buttonColour;
          colour = mixLin(colour, rimmed, a);
        }
      }
      // Light: across the garment, darker at its rolled edge and in its folds, and the weave's grain.
      const g = apply(toGarment, { x: x + 0.5, y: y + 0.5 });
      const across = 1 + 0.05 * ((g.x * lightDir.x + g.y * lightDir.y) / lightNorm / Math.max(0.3, bottom - top));
      const edge = 0.8 + 0.2 * Math.min(1, Math.max(0, (roll.data[i] - 0.45) / 0.45));
      const weave = 1 + 0.025 * (hash2(x, y, garmentSeed) - 0.5) + 0.03 * (valueNoise(x / 3, y / 3, garmentSeed + 1) - 0.5);
      const k = across * edge * shade[i] * weave;
      const p = i * 3;
      for (let c = 0; c < 3; c++) pixels[p + c] = pixels[p + c] * (1 - cover) + colour[c] * k * cover;
    }
  }

  const image: RgbaImage = { data: new Uint8ClampedArray(width * height * 4), width, height };
  const labels = { data: new Uint8Array(width * height), width, height };
  for (let i = 0; i < width * height; i++) {
    image.data[i * 4] = toByte(pixels[i * 3]);
    image.data[i * 4 + 1] = toByte(pixels[i * 3 + 1]);
    image.data[i * 4 + 2] = toByte(pixels[i * 3 + 2]);
    image.data[i * 4 + 3] = 255;
    labels.data[i] = body.data[i] > 0.5 ? 240 : 0;
  }
  const landmarks: DrawnPhoto['landmarks'] = {};
  for (const [key, p] of Object.entries(garment.landmarks)) if (p) landmarks[key as LandmarkName] = apply(toPixel, p);
  return { image, labels, landmarks, toPixel, metresPerPixel, backdrop: name, tilt };
}
