// How good a video's mattes are against the true alpha, both 0–255 per frame.
// MAE: mean |a − g| over pixels and frames (0–1). Flicker: the mean over
// frames t ≥ 1 of mean |(a_t − a_{t−1}) − (g_t − g_{t−1})| (0–1), how far the
// matte's change from the previous frame differs from the true alpha's own
// change, so a matte that lags a moving subject counts as well as one that
// wobbles on a still one.

/**
 * @param {ArrayLike<number>[]} alphas the matte, one array per frame
 * @param {ArrayLike<number>[]} truth the true alpha, one array per frame
 * @param {number} size pixels per frame
 */
export function matteQuality(alphas, truth, size) {
  if (alphas.length !== truth.length) throw new Error(`${alphas.length} mattes for ${truth.length} frames`);
  let mae = 0;
  let flicker = 0;
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
  }
  return { mae: mae / truth.length, flicker: flicker / Math.max(1, truth.length - 1) };
}
