// The converted model as the model host keeps it: its weights once, and a
// skeleton per side (kept-model.ts), in Cache Storage under the model's hash
// and the converter's version. A side is read back from them, or converted
// from the ONNX graph and kept, so a reload compiles without converting and
// what is stored is about the model's own size, however many sides are used.
import { assembleTflite, readSkeletonFile, readWeightsFile, skeletonFile, splitTflite, weightsFile, type KeptWeight } from './kept-model';
import { isKept, keep, readKept } from './model-files';
import { IMAGE_MODEL, skeletonUrl, weightsUrl } from './models';

/** The converted model for `side` from what is kept, or null when it is not. */
export async function readConverted(side: number): Promise<Uint8Array | null> {
  const skeleton = await readKept(skeletonUrl(IMAGE_MODEL, side));
  if (!skeleton) return null;
  const weights = await readKept(weightsUrl(IMAGE_MODEL));
  if (!weights) return null;
  return assembleTflite(readSkeletonFile(skeleton), readWeightsFile(weights));
}

export function isConvertedKept(side: number): Promise<boolean> {
  return isKept(skeletonUrl(IMAGE_MODEL, side));
}

/** The kept weights (once one side was kept), read at most once per pass. */
let keptWeights: Promise<KeptWeight[] | null> | null = null;

/** Keeping goes one side at a time, so the first side's weights are the ones the others split against. */
let keeping: Promise<void> = Promise.resolve();

/**
 * Keeps a side's conversion: its skeleton, split against the weights kept
 * already, or with its own weights when none are (the first side).
 */
export function keepConverted(side: number, tflite: Uint8Array): Promise<void> {
  const next = keeping.then(async () => {
    keptWeights ??= readKept(weightsUrl(IMAGE_MODEL)).then((bytes) => (bytes ? readWeightsFile(bytes) : null));
    const kept = await keptWeights;
    const { skeleton, weights } = splitTflite(tflite, kept ?? undefined);
    if (!kept) {
      keptWeights = Promise.resolve(weights);
      await keep(weightsUrl(IMAGE_MODEL), weightsFile(weights), 'application/octet-stream');
    }
    await keep(skeletonUrl(IMAGE_MODEL, side), skeletonFile(skeleton), 'application/octet-stream');
  });
  keeping = next.catch((error: unknown) => console.warn(`[model] could not keep the ${side}² model`, error));
  return next;
}

/** Lets the kept weights go from memory once no more sides are being kept. */
export function forgetKeptWeights(): void {
  keptWeights = null;
}
