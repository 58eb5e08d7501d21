// One case's matte as the app makes it from a model's raw output, scored
// against the truth: src/engine/matte.ts's refineMatte (min-max normalised
// mask, guided-filter upsampling against the image, stretch), with
// matte()'s no-subject check; a mask the app would refuse ("no subject")
// scores as an empty matte.
import { DEFAULT_REFINEMENT, refineMatte } from '../../src/engine/matte.ts';
import { hasSubject } from '../../src/imaging/mask.ts';
import { matteMetrics } from './metrics.mjs';
import { mean } from './stats.mjs';

/**
 * @param image RgbaImage the model saw (resized to its side)
 * @param truth its true alpha, 0–255
 * @param raw the model's side×side sigmoid output
 * @returns { mae, iou, edgeF1, noSubject }
 */
export async function scoreMatte(image, truth, raw, side) {
  const plane = { data: raw, width: side, height: side };
  const noSubject = !hasSubject(plane);
  const alpha = noSubject ? new Uint8ClampedArray(image.width * image.height) : await refineMatte(image, plane, DEFAULT_REFINEMENT);
  return { ...matteMetrics(truth, alpha, image.width, image.height), noSubject };
}

/** The raw mask itself against the truth (eval:quint8's score): the mask must be the truth's size. */
export function scoreRawMask(truth, raw, side) {
  return matteMetrics(truth, Uint8Array.from(raw, (v) => Math.round(v * 255)), side, side);
}

/** Means of a list of scoreMatte results, and how many lost their subject; null for none. */
export function matteMeans(rows) {
  if (!rows.length) return null;
  return { n: rows.length, mae: mean(rows.map((r) => r.mae)), iou: mean(rows.map((r) => r.iou)), edgeF1: mean(rows.map((r) => r.edgeF1)), lost: rows.filter((r) => r.noSubject).length };
}
