// The converted model as the model host keeps it: its weights once, and a
// skeleton per side (kept-model.ts), in Cache Storage under the model's hash
// and the converter's version. A side is read back from them, or converted
// from the ONNX graph and kept, so a reload compiles without converting and
// what is stored is about the model's own size, however many sides are used.
import { resizeTfliteInPlace } from '../tflite/resize-tflite';
import { assembleTflite, layOutSkeleton, readSkeletonFile, readWeightsFile, skeletonFile, splitTflite, weightsFile, withSameHoles, type KeptWeight } from './kept-model';
import { isKept, keep, keptUnder, readKept } from './model-files';
import { IMAGE_MODEL, MODELS_PREFIX, skeletonUrl, weightsUrl } from './models';

async function assembleKept(skeletonAt: string, weightsAt: string): Promise<Uint8Array | null> {
  const skeleton = await readKept(skeletonAt);
  if (!skeleton) return null;
  const weights = await readKept(weightsAt);
  if (!weights) return null;
  return assembleTflite(readSkeletonFile(skeleton), readWeightsFile(weights));
}

/** The converted model for `side` from what is kept, or null when it is not. */
export function readConverted(side: number): Promise<Uint8Array | null> {
  return assembleKept(skeletonUrl(IMAGE_MODEL, side), weightsUrl(IMAGE_MODEL));
}

/**
 * The model for `side` as an older build's converter kept it, or null: where
 * a new build cannot convert (offline, the shipped graph no longer kept), the
 * older conversion of the same model still runs — only not as well tuned.
 */
export async function readOlderConversion(side: number): Promise<Uint8Array | null> {
  const sha = new URL(weightsUrl(IMAGE_MODEL), self.location.href).searchParams.get('sha');
  const skeletonPath = new URL(skeletonUrl(IMAGE_MODEL, side), self.location.href).pathname;
  const weightsPath = new URL(weightsUrl(IMAGE_MODEL), self.location.href).pathname;
  const kept = await keptUnder(MODELS_PREFIX);
  for (const skeleton of kept.filter((url) => url.pathname === skeletonPath && url.searchParams.get('sha') === sha)) {
    const converter = skeleton.searchParams.get('converter');
    const weights = kept.find((url) => url.pathname === weightsPath && url.searchParams.get('sha') === sha && url.searchParams.get('converter') === converter);
    if (weights) return assembleKept(skeleton.href, weights.href);
  }
  return null;
}

export function isConvertedKept(side: number): Promise<boolean> {
  return isKept(skeletonUrl(IMAGE_MODEL, side));
}

/** The kept weights (once one side was kept), read at most once per pass. */
let keptWeights: Promise<KeptWeight[] | null> | null = null;

/** Keeping goes one side at a time, so the first side's weights are the ones the others split against. */
let queue: Promise<void> = Promise.resolve();

/** Settles once every side asked to be kept so far is written (or failed to be). */
export function keeping(): Promise<void> {
  return queue;
}

/**
 * Keeps a side's conversion: its skeleton, split against the weights kept
 * already, or with its own weights when none are (the first side).
 */
export function keepConverted(side: number, tflite: Uint8Array): Promise<void> {
  const next = queue.then(async () => {
    keptWeights ??= readKept(weightsUrl(IMAGE_MODEL)).then((bytes) => (bytes ? readWeightsFile(bytes) : null));
    const kept = await keptWeights;
    const { skeleton, weights } = splitTflite(tflite, kept ?? undefined);
    if (!kept) {
      keptWeights = Promise.resolve(weights);
      await keep(weightsUrl(IMAGE_MODEL), weightsFile(weights), 'application/octet-stream');
    }
    await keep(skeletonUrl(IMAGE_MODEL, side), skeletonFile(skeleton), 'application/octet-stream');
  });
  queue = next.catch((error: unknown) => console.warn(`[model] could not keep the ${side}² model`, error));
  return next;
}

/**
 * Side `side` made over from side `from`'s kept conversion (its activations'
 * sizes rescaled in place, resize-tflite.ts), without converting the graph
 * again, and kept as a skeleton with `from`'s holes (no weight is compared).
 * With `weights`, the whole file for LiteRT; without, only what is kept.
 * Null when `from` is not kept or its sizes do not scale.
 */
async function resized(from: number, side: number, weights: boolean): Promise<Uint8Array | null> {
  await keeping();
  const skeletonBytes = await readKept(skeletonUrl(IMAGE_MODEL, from));
  if (!skeletonBytes) return null;
  const skeleton = readSkeletonFile(skeletonBytes);
  const weightBytes = weights ? await readKept(weightsUrl(IMAGE_MODEL)) : null;
  if (weights && !weightBytes) return null;
  const tflite = weightBytes ? assembleTflite(skeleton, readWeightsFile(weightBytes)) : layOutSkeleton(skeleton);
  if (!resizeTfliteInPlace(tflite, from, side)) return null;
  const kept = withSameHoles(skeleton, tflite);
  const next = queue.then(() => keep(skeletonUrl(IMAGE_MODEL, side), skeletonFile(kept), 'application/octet-stream'));
  queue = next.catch((error: unknown) => console.warn(`[model] could not keep the ${side}² model`, error));
  return tflite;
}

/** The model for `side` made over from side `from`'s kept conversion, and kept; null when it cannot be (then convert). */
export function resizeKept(from: number, side: number): Promise<Uint8Array | null> {
  return resized(from, side, true);
}

/** Keeps side `side` made over from side `from`'s kept conversion; false when it cannot be (then convert). */
export async function keepResized(from: number, side: number): Promise<boolean> {
  if (!(await resized(from, side, false))) return false;
  await keeping();
  return isConvertedKept(side);
}

/** Lets the kept weights go from memory once no more sides are being kept. */
export function forgetKeptWeights(): void {
  keptWeights = null;
}
