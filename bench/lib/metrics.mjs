// Matte quality against ground truth. Alpha planes are 0–255, row-major.
const BOUNDARY_TOLERANCE_PX = 2;

/** Pixels of a binary mask with a 4-neighbour outside it (the image border does not count). */
function boundaryOf(mask, width, height) {
  const points = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (!mask[i]) continue;
      if ((x > 0 && !mask[i - 1]) || (x < width - 1 && !mask[i + 1]) || (y > 0 && !mask[i - width]) || (y < height - 1 && !mask[i + width])) points.push(i);
    }
  }
  return points;
}

/** Marks every pixel within `radius` (Euclidean) of a point. */
function neighbourhood(points, width, height, radius) {
  const near = new Uint8Array(width * height);
  const offsets = [];
  for (let dy = -radius; dy <= radius; dy++) for (let dx = -radius; dx <= radius; dx++) if (dx * dx + dy * dy <= radius * radius) offsets.push([dx, dy]);
  for (const i of points) {
    const x = i % width;
    const y = (i - x) / width;
    for (const [dx, dy] of offsets) {
      const nx = x + dx;
      const ny = y + dy;
      if (nx >= 0 && ny >= 0 && nx < width && ny < height) near[ny * width + nx] = 1;
    }
  }
  return near;
}

/**
 * Boundary F-measure: precision = share of predicted boundary pixels within the
 * tolerance of a true boundary pixel; recall = the converse; F1 their harmonic mean.
 */
export function boundaryF1(truth, predicted, width, height, tolerance = BOUNDARY_TOLERANCE_PX) {
  const trueEdge = boundaryOf(truth, width, height);
  const predictedEdge = boundaryOf(predicted, width, height);
  if (trueEdge.length === 0 && predictedEdge.length === 0) return 1;
  if (trueEdge.length === 0 || predictedEdge.length === 0) return 0;
  const nearTrue = neighbourhood(trueEdge, width, height, tolerance);
  const nearPredicted = neighbourhood(predictedEdge, width, height, tolerance);
  const precision = predictedEdge.filter((i) => nearTrue[i]).length / predictedEdge.length;
  const recall = trueEdge.filter((i) => nearPredicted[i]).length / trueEdge.length;
  return precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
}

/** MAE of alpha on a 0–1 scale, IoU of alpha > 0.5, boundary F1 of alpha > 0.5. */
export function matteMetrics(truth, predicted, width, height) {
  if (truth.length !== predicted.length) throw new Error(`matte sizes differ: ${truth.length} vs ${predicted.length}`);
  const truthMask = new Uint8Array(truth.length);
  const predictedMask = new Uint8Array(truth.length);
  let absolute = 0;
  let intersection = 0;
  let union = 0;
  for (let i = 0; i < truth.length; i++) {
    absolute += Math.abs(truth[i] - predicted[i]);
    // alpha/255 > 0.5 ⇔ alpha ≥ 128
    const t = (truthMask[i] = truth[i] >= 128 ? 1 : 0);
    const p = (predictedMask[i] = predicted[i] >= 128 ? 1 : 0);
    intersection += t & p;
    union += t | p;
  }
  return {
    mae: absolute / truth.length / 255,
    iou: union === 0 ? 1 : intersection / union,
    edgeF1: boundaryF1(truthMask, predictedMask, width, height),
  };
}
