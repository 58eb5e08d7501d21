// Which model files exist and where they live. The manifest is written by
// models/ at build time. The URLs carry the model's hash, so a kept copy of
// an older model is never taken for the current one.
import manifest from '../../../models/manifest.json';

export interface ModelEntry {
  id: string;
  file: string;
  sha256: string;
  inputSize: number;
}

export const IMAGE_MODEL: ModelEntry = manifest.models[0];

const MODELS = `${import.meta.env.BASE_URL}models/`;

/** Where the shipped ONNX graph is served (and kept). */
export function modelUrl(model: ModelEntry): string {
  return `${MODELS}${model.file}?sha=${model.sha256.slice(0, 16)}`;
}

const version = (model: ModelEntry) => `sha=${model.sha256.slice(0, 16)}&converter=${__MODEL_CONVERTER_VERSION__}`;

/** Where the converted model's weights are kept, once for every side (kept-model.ts): nothing serves it, it is made here. */
export function weightsUrl(model: ModelEntry): string {
  return `${MODELS}converted/${model.id}.weights?${version(model)}`;
}

/** Where one side's converted model is kept without its weights. */
export function skeletonUrl(model: ModelEntry, side: number): string {
  return `${MODELS}converted/${model.id}-${side}.skeleton?${version(model)}`;
}

/** Kept files live under this prefix. */
export const MODELS_PREFIX = MODELS;

/** Whether a kept file under the models folder belongs to this build's model and converter. */
export function isCurrentModelFile(url: URL, model: ModelEntry = IMAGE_MODEL): boolean {
  const converter = url.searchParams.get('converter');
  return url.searchParams.get('sha') === model.sha256.slice(0, 16) && (converter === null || converter === __MODEL_CONVERTER_VERSION__);
}
