// A cast shadow and a contact shadow for a cut-out subject standing on a floor.
//
// The model: the subject is a flat cut-out standing on a ground plane at its
// lowest visible row, seen by a camera that foreshortens the floor. A point
// light sits at `light.x` (left −1 … right +1) and `light.y` (in front of the
// subject −1 … behind it +1), in units of 1.5 subject heights from the
// subject's foot, and `light.z` subject heights above the subject's top. Every
// subject pixel at height h over the floor projects through the light onto the
// floor; the projection is inverted row by row (no holes), blurred with a
// penumbra that widens with the light's size and with the distance from the
// contact point, and faded with that distance. A tight contact shadow sits
// under the footprint, so a subject cut off at the bottom edge still has one.
//
// Everything runs at a working resolution: shadows are soft, so the result is
// upsampled when it is composited.
import { boxMean } from './box-filter';
import { createPlane, type Plane, type RgbaImage } from './image';
import type { Box } from './mask';
import { resizePlane, workingSize } from './resize';

export interface ShadowSettings {
  opacity: number;
  lightSize: number;
  light: { x: number; y: number; z: number };
}

/** A soft shadow over a region of image coordinates, at `scale` layer pixels per image pixel. */
export interface ShadowLayer {
  alpha: Plane;
  /** Image coordinates of the layer's top-left corner. */
  x: number;
  y: number;
  scale: number;
}

/** How much the floor is foreshortened: depth on the floor appears this many times shorter than width. */
const FLOOR_FORESHORTENING = 0.3;
/** Horizontal distance unit of the light position, in subject heights. */
const LIGHT_REACH = 1.5;
/** The penumbra radius per unit of light size and height over the floor, in subject heights. */
const PENUMBRA = 0.35;
/** Blur radii the penumbra interpolates between, in working pixels. */
const BLUR_LEVELS = [0, 1, 2, 4, 8, 16, 32];
const ALPHA_THRESHOLD = 0.05;

function boundingBox(plane: Plane): Box | null {
  let minX = plane.width;
  let minY = plane.height;
  let maxX = -1;
  let maxY = -1;
  for (let y = 0; y < plane.height; y++) {
    for (let x = 0; x < plane.width; x++) {
      if (plane.data[y * plane.width + x] >= ALPHA_THRESHOLD) {
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        maxY = y;
      }
    }
  }
  return maxX < 0 ? null : { x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1 };
}

function sampleBilinear(plane: Plane, x: number, y: number): number {
  if (x < -0.5 || y < -0.5 || x > plane.width - 0.5 || y > plane.height - 0.5) return 0;
  const fx = Math.min(plane.width - 1, Math.max(0, x - 0.5));
  const fy = Math.min(plane.height - 1, Math.max(0, y - 0.5));
  const x0 = Math.floor(fx);
  const y0 = Math.floor(fy);
  const x1 = Math.min(plane.width - 1, x0 + 1);
  const y1 = Math.min(plane.height - 1, y0 + 1);
  const tx = fx - x0;
  const ty = fy - y0;
  const d = plane.data;
  const w = plane.width;
  const top = d[y0 * w + x0] * (1 - tx) + d[y0 * w + x1] * tx;
  const bottom = d[y1 * w + x0] * (1 - tx) + d[y1 * w + x1] * tx;
  return top + (bottom - top) * ty;
}

/** A Gaussian-like blur: three box passes. */
function softBlur(plane: Plane, radius: number): Plane {
  if (radius <= 0) return plane;
  const r = Math.max(1, Math.round(radius / Math.sqrt(3)));
  return boxMean(boxMean(boxMean(plane, r), r), r);
}

/**
 * The subject's shadow, or null when the alpha holds no subject.
 * @param alpha the cut-out's alpha, 0–255, width × height
 * @param workingSide long side of the working resolution
 */
export function castShadow(alpha: Uint8ClampedArray, width: number, height: number, settings: ShadowSettings, workingSide = 640): ShadowLayer | null {
  const size = workingSize(width, height, workingSide);
  const scale = size.width / width;
  const full = createPlane(width, height);
  for (let i = 0; i < alpha.length; i++) full.data[i] = alpha[i] / 255;
  const subject = resizePlane(full, size.width, size.height);
  const box = boundingBox(subject);
  if (!box) return null;

  const subjectHeight = box.height;
  const groundY = box.y + box.height;
  const lightX = box.x + box.width / 2 + settings.light.x * LIGHT_REACH * subjectHeight;
  const lightDepth = settings.light.y * LIGHT_REACH * subjectHeight;
  const lightHeight = subjectHeight * (1.05 + settings.light.z);
  // The projection factor s = h / (H − h) of the highest point bounds how far the shadow reaches.
  const maxReach = subjectHeight / (lightHeight - subjectHeight);
  const blurMargin = BLUR_LEVELS[BLUR_LEVELS.length - 1] * 2;
  const depthStep = lightDepth * FLOOR_FORESHORTENING;
  const farRow = groundY + depthStep * maxReach;
  const farLeft = box.x + (box.x - lightX) * maxReach;
  const farRight = box.x + box.width + (box.x + box.width - lightX) * maxReach;
  const layerBox = {
    x0: Math.floor(Math.min(box.x, farLeft, farRight) - blurMargin),
    x1: Math.ceil(Math.max(box.x + box.width, farLeft, farRight) + blurMargin),
    y0: Math.floor(Math.min(groundY - subjectHeight * 0.05, farRow) - blurMargin),
    y1: Math.ceil(Math.max(groundY + subjectHeight * 0.05, farRow) + blurMargin),
  };
  // Never more than the working image again on each side: a grazing light would otherwise reach for ever.
  layerBox.x0 = Math.max(layerBox.x0, -size.width);
  layerBox.x1 = Math.min(layerBox.x1, size.width * 2);
  layerBox.y0 = Math.max(layerBox.y0, -size.height);
  layerBox.y1 = Math.min(layerBox.y1, size.height * 2);
  const layerWidth = layerBox.x1 - layerBox.x0;
  const layerHeight = layerBox.y1 - layerBox.y0;

  // Hard cast shadow, and per row the height over the floor of what casts it.
  const hard = createPlane(layerWidth, layerHeight);
  const rowHeight = new Float32Array(layerHeight);
  const grazing = Math.abs(depthStep) < subjectHeight * 0.01;
  for (let row = 0; row < layerHeight; row++) {
    const y = layerBox.y0 + row + 0.5;
    const s = grazing ? 0 : (y - groundY) / depthStep;
    if (!(s > 0) || s > maxReach) continue;
    const h = (s * lightHeight) / (1 + s);
    rowHeight[row] = h;
    const sourceY = groundY - h;
    for (let col = 0; col < layerWidth; col++) {
      const x = layerBox.x0 + col + 0.5;
      const sourceX = (x + lightX * s) / (1 + s);
      hard.data[row * layerWidth + col] = sampleBilinear(subject, sourceX, sourceY);
    }
  }

  // Penumbra: per row, blend the two blur levels around the radius that row wants.
  const levels = BLUR_LEVELS.map((r) => softBlur(hard, r));
  const cast = createPlane(layerWidth, layerHeight);
  for (let row = 0; row < layerHeight; row++) {
    const h = rowHeight[row];
    const wanted = 1 + settings.lightSize * PENUMBRA * h * (1 + h / subjectHeight);
    let upper = BLUR_LEVELS.findIndex((r) => r >= wanted);
    if (upper < 0) upper = BLUR_LEVELS.length - 1;
    const lower = Math.max(0, upper - 1);
    const span = BLUR_LEVELS[upper] - BLUR_LEVELS[lower];
    const t = span > 0 ? Math.min(1, Math.max(0, (wanted - BLUR_LEVELS[lower]) / span)) : 0;
    const fade = 1 - 0.6 * Math.min(1, h / subjectHeight);
    for (let col = 0; col < layerWidth; col++) {
      const i = row * layerWidth + col;
      cast.data[i] = (levels[lower].data[i] * (1 - t) + levels[upper].data[i] * t) * fade;
    }
  }
  // Rows that cast nothing (between the floor line and the far end) still get the blur spill of their neighbours.
  const castSoft = softBlur(cast, 1);

  // Contact shadow: the footprint's horizontal extent, pressed flat onto the floor line.
  const footprintRows = Math.max(1, Math.round(subjectHeight * 0.04));
  const footprint = new Float32Array(layerWidth);
  for (let col = 0; col < layerWidth; col++) {
    const x = layerBox.x0 + col + 0.5;
    let strongest = 0;
    for (let k = 0; k < footprintRows; k++) strongest = Math.max(strongest, sampleBilinear(subject, x, groundY - 0.5 - k));
    footprint[col] = strongest;
  }
  const thickness = Math.max(1.5, subjectHeight * 0.025);
  const contact = createPlane(layerWidth, layerHeight);
  for (let row = 0; row < layerHeight; row++) {
    const d = (layerBox.y0 + row + 0.5 - groundY) / thickness;
    const weight = Math.exp(-d * d);
    if (weight < 0.01) continue;
    for (let col = 0; col < layerWidth; col++) contact.data[row * layerWidth + col] = footprint[col] * weight;
  }
  const contactSoft = softBlur(contact, thickness);

  const out = createPlane(layerWidth, layerHeight);
  for (let i = 0; i < out.data.length; i++) {
    const combined = 1 - (1 - 0.85 * castSoft.data[i]) * (1 - 0.95 * Math.min(1, contactSoft.data[i] * 1.6));
    out.data[i] = Math.min(1, combined * settings.opacity);
  }
  return { alpha: out, x: layerBox.x0 / scale, y: layerBox.y0 / scale, scale };
}

/** The layer's shadow alpha (0–1) at an image coordinate. */
export function shadowAt(layer: ShadowLayer, x: number, y: number): number {
  return sampleBilinear(layer.alpha, (x - layer.x) * layer.scale, (y - layer.y) * layer.scale);
}

/** The part of the layer that is visibly dark, in image coordinates. */
export function shadowBounds(layer: ShadowLayer, threshold = 0.06): Box | null {
  const box = boundingBox({ ...layer.alpha, data: layer.alpha.data.map((v) => (v >= threshold ? 1 : 0)) });
  if (!box) return null;
  const x = Math.floor(layer.x + box.x / layer.scale);
  const y = Math.floor(layer.y + box.y / layer.scale);
  return {
    x,
    y,
    width: Math.ceil(layer.x + (box.x + box.width) / layer.scale) - x,
    height: Math.ceil(layer.y + (box.y + box.height) / layer.scale) - y,
  };
}

/**
 * Draws the cut-out over its shadow on a canvas given in image coordinates
 * (it may reach past the image). Straight alpha in, straight alpha out.
 */
export function composeOverShadow(cutout: RgbaImage, layer: ShadowLayer | null, frame: Box): RgbaImage {
  const out = new Uint8ClampedArray(frame.width * frame.height * 4);
  for (let row = 0; row < frame.height; row++) {
    const y = frame.y + row;
    const inside = y >= 0 && y < cutout.height;
    for (let col = 0; col < frame.width; col++) {
      const x = frame.x + col;
      const o = (row * frame.width + col) * 4;
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      if (inside && x >= 0 && x < cutout.width) {
        const p = (y * cutout.width + x) * 4;
        r = cutout.data[p];
        g = cutout.data[p + 1];
        b = cutout.data[p + 2];
        a = cutout.data[p + 3] / 255;
      }
      const s = layer ? shadowAt(layer, x + 0.5, y + 0.5) : 0;
      const outA = a + s * (1 - a);
      if (outA <= 0) continue;
      // The shadow is black, so it adds coverage but no colour.
      out[o] = (r * a) / outA;
      out[o + 1] = (g * a) / outA;
      out[o + 2] = (b * a) / outA;
      out[o + 3] = outA * 255;
    }
  }
  return { data: out, width: frame.width, height: frame.height };
}
