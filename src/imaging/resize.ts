// Resampling. Downscaling averages every source pixel a target pixel covers
// (area / box filter, antialiased); upscaling of smooth fields is bilinear.
import { createPlane, type Plane, type RgbaImage } from './image';

interface AxisWeights {
  /** For each target index: first source index and the weights of the sources it covers. */
  start: Int32Array;
  count: Int32Array;
  weights: Float32Array;
  stride: number;
}

/** Area weights of one axis: target pixel i covers source [i·s, (i+1)·s). */
function areaWeights(source: number, target: number): AxisWeights {
  const scale = source / target;
  const stride = Math.ceil(scale) + 2;
  const start = new Int32Array(target);
  const count = new Int32Array(target);
  const weights = new Float32Array(target * stride);
  for (let i = 0; i < target; i++) {
    const from = i * scale;
    const to = Math.min(source, (i + 1) * scale);
    const first = Math.floor(from);
    const last = Math.min(source - 1, Math.ceil(to) - 1);
    start[i] = first;
    count[i] = last - first + 1;
    for (let s = first; s <= last; s++) {
      const covered = Math.min(to, s + 1) - Math.max(from, s);
      weights[i * stride + (s - first)] = covered / (to - from);
    }
  }
  return { start, count, weights, stride };
}

/** Bilinear weights of one axis with half-pixel centres (as Resize half_pixel). */
function bilinearWeights(source: number, target: number): AxisWeights {
  const scale = source / target;
  const stride = 2;
  const start = new Int32Array(target);
  const count = new Int32Array(target);
  const weights = new Float32Array(target * stride);
  for (let i = 0; i < target; i++) {
    const x = Math.min(source - 1, Math.max(0, (i + 0.5) * scale - 0.5));
    const x0 = Math.floor(x);
    const x1 = Math.min(source - 1, x0 + 1);
    const t = x - x0;
    start[i] = x0;
    count[i] = x1 === x0 ? 1 : 2;
    weights[i * stride] = x1 === x0 ? 1 : 1 - t;
    weights[i * stride + 1] = x1 === x0 ? 0 : t;
  }
  return { start, count, weights, stride };
}

function weightsFor(source: number, target: number): AxisWeights {
  return target < source ? areaWeights(source, target) : bilinearWeights(source, target);
}

/**
 * Resamples the RGB channels of an image into three planes of 0–1 values.
 * Area-averaged when shrinking, bilinear when growing; separable.
 */
export function resizeRgbToPlanes(image: RgbaImage, width: number, height: number): [Plane, Plane, Plane] {
  if (width === image.width && height === image.height) return rgbToPlanes(image);
  const wx = weightsFor(image.width, width);
  const wy = weightsFor(image.height, height);
  // Horizontal pass into a float buffer of height × target width × 3.
  const src = image.data;
  const sw = image.width;
  const temp = new Float32Array(image.height * width * 3);
  for (let y = 0; y < image.height; y++) {
    const row = y * sw * 4;
    for (let x = 0; x < width; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      const first = wx.start[x];
      for (let k = 0; k < wx.count[x]; k++) {
        const w = wx.weights[x * wx.stride + k];
        const p = row + (first + k) * 4;
        r += src[p] * w;
        g += src[p + 1] * w;
        b += src[p + 2] * w;
      }
      const t = (y * width + x) * 3;
      temp[t] = r;
      temp[t + 1] = g;
      temp[t + 2] = b;
    }
  }
  const planes: [Plane, Plane, Plane] = [createPlane(width, height), createPlane(width, height), createPlane(width, height)];
  const [pr, pg, pb] = planes.map((p) => p.data);
  for (let y = 0; y < height; y++) {
    const first = wy.start[y];
    for (let x = 0; x < width; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let k = 0; k < wy.count[y]; k++) {
        const w = wy.weights[y * wy.stride + k];
        const t = ((first + k) * width + x) * 3;
        r += temp[t] * w;
        g += temp[t + 1] * w;
        b += temp[t + 2] * w;
      }
      const o = y * width + x;
      pr[o] = r / 255;
      pg[o] = g / 255;
      pb[o] = b / 255;
    }
  }
  return planes;
}

/** The RGB channels as three planes of 0–1 values, the same size (what resampling to the same size gives). */
function rgbToPlanes(image: RgbaImage): [Plane, Plane, Plane] {
  const { width, height, data } = image;
  const planes: [Plane, Plane, Plane] = [createPlane(width, height), createPlane(width, height), createPlane(width, height)];
  const [pr, pg, pb] = planes.map((p) => p.data);
  for (let i = 0, p = 0; i < pr.length; i++, p += 4) {
    pr[i] = data[p] / 255;
    pg[i] = data[p + 1] / 255;
    pb[i] = data[p + 2] / 255;
  }
  return planes;
}

/**
 * Resamples one channel (area when shrinking, bilinear when growing).
 * @param scale multiplies every value, e.g. 1/255 to read 8-bit alpha as 0–1
 */
export function resizePlane(
  plane: { data: ArrayLike<number>; width: number; height: number },
  width: number,
  height: number,
  scale = 1,
): Plane {
  if (width === plane.width && height === plane.height) {
    const out = createPlane(width, height);
    for (let i = 0; i < out.data.length; i++) out.data[i] = plane.data[i] * scale;
    return out;
  }
  const wx = weightsFor(plane.width, width);
  const wy = weightsFor(plane.height, height);
  const temp = new Float32Array(plane.height * width);
  for (let y = 0; y < plane.height; y++) {
    const row = y * plane.width;
    for (let x = 0; x < width; x++) {
      let v = 0;
      for (let k = 0; k < wx.count[x]; k++) v += plane.data[row + wx.start[x] + k] * wx.weights[x * wx.stride + k];
      temp[y * width + x] = v;
    }
  }
  const out = createPlane(width, height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let v = 0;
      for (let k = 0; k < wy.count[y]; k++) v += temp[(wy.start[y] + k) * width + x] * wy.weights[y * wy.stride + k];
      out.data[y * width + x] = v * scale;
    }
  }
  return out;
}

/** The size to work at for full-image statistics: the image's own, or smaller so the long side is at most `maxSide`. */
export function workingSize(width: number, height: number, maxSide: number): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * Resamples straight RGBA, weighting colour by alpha (so transparent pixels'
 * arbitrary colours do not bleed into the edge), and returns straight RGBA.
 */
export function resizeRgba(image: RgbaImage, width: number, height: number): RgbaImage {
  const n = image.width * image.height;
  const premultiplied = new Uint8ClampedArray(n * 4);
  const alpha = createPlane(image.width, image.height);
  for (let i = 0; i < n; i++) {
    const a = image.data[i * 4 + 3] / 255;
    premultiplied[i * 4] = image.data[i * 4] * a;
    premultiplied[i * 4 + 1] = image.data[i * 4 + 1] * a;
    premultiplied[i * 4 + 2] = image.data[i * 4 + 2] * a;
    premultiplied[i * 4 + 3] = 255;
    alpha.data[i] = a;
  }
  const [r, g, b] = resizeRgbToPlanes({ data: premultiplied, width: image.width, height: image.height }, width, height);
  const a = resizePlane(alpha, width, height);
  const out = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    const ai = a.data[i];
    if (ai <= 0) continue;
    out[i * 4] = (r.data[i] / ai) * 255;
    out[i * 4 + 1] = (g.data[i] / ai) * 255;
    out[i * 4 + 2] = (b.data[i] / ai) * 255;
    out[i * 4 + 3] = ai * 255;
  }
  return { data: out, width, height };
}
