// How good a video's mattes are against the true alpha, both 0–255 per frame.
// MAE: mean |a − g| over pixels and frames (0–1). Flicker: the mean over
// frames t ≥ 1 of mean |(a_t − a_{t−1}) − (g_t − g_{t−1})| (0–1), how far the
// matte's change from the previous frame differs from the true alpha's own
// change, so a matte that lags a moving subject counts as well as one that
// wobbles on a still one. Ghosts: the share of the frame's pixels whose alpha
// is above 0.1 although they lie farther than 8 px from any pixel of the true
// subject (backdrop a carried mask left behind), averaged over frames.

/** Ghost measure: alpha above this (0–255)… */
const GHOST_ALPHA = 0.1 * 255;
/** …farther than this many pixels from the true subject. */
const GHOST_DISTANCE = 8;

/**
 * @param {ArrayLike<number>[]} alphas the matte, one array per frame
 * @param {ArrayLike<number>[]} truth the true alpha, one array per frame
 * @param {number} size pixels per frame
 */
export function matteQuality(alphas, truth, size, width = 0) {
  if (alphas.length !== truth.length) throw new Error(`${alphas.length} mattes for ${truth.length} frames`);
  let mae = 0;
  let flicker = 0;
  let ghost = 0;
  for (let f = 0; f < truth.length; f++) {
    const a = alphas[f];
    const g = truth[f];
    let sum = 0;
    let change = 0;
    for (let i = 0; i < size; i++) {
      sum += Math.abs(a[i] - g[i]);
      if (f > 0) change += Math.abs(a[i] - alphas[f - 1][i] - (g[i] - truth[f - 1][i]));
    }
    mae += sum / (255 * size);
    flicker += change / (255 * size);
    if (width) {
      const distance = distanceToSubject(g, width, size / width);
      let far = 0;
      for (let i = 0; i < size; i++) if (a[i] > GHOST_ALPHA && distance[i] > GHOST_DISTANCE) far++;
      ghost += far / size;
    }
  }
  return { mae: mae / truth.length, flicker: flicker / Math.max(1, truth.length - 1), ghost: width ? ghost / truth.length : NaN };
}

/** Per pixel, the distance (px, chamfer 1–√2) to the nearest pixel the true subject covers at all. */
export function distanceToSubject(truth, width, height) {
  const d = new Float32Array(width * height);
  for (let i = 0; i < d.length; i++) d[i] = truth[i] > 0 ? 0 : 1e9;
  const diagonal = Math.SQRT2;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      let v = d[i];
      if (x > 0) v = Math.min(v, d[i - 1] + 1);
      if (y > 0) {
        v = Math.min(v, d[i - width] + 1);
        if (x > 0) v = Math.min(v, d[i - width - 1] + diagonal);
        if (x < width - 1) v = Math.min(v, d[i - width + 1] + diagonal);
      }
      d[i] = v;
    }
  }
  for (let y = height - 1; y >= 0; y--) {
    for (let x = width - 1; x >= 0; x--) {
      const i = y * width + x;
      let v = d[i];
      if (x < width - 1) v = Math.min(v, d[i + 1] + 1);
      if (y < height - 1) {
        v = Math.min(v, d[i + width] + 1);
        if (x < width - 1) v = Math.min(v, d[i + width + 1] + diagonal);
        if (x > 0) v = Math.min(v, d[i + width - 1] + diagonal);
      }
      d[i] = v;
    }
  }
  return d;
}
