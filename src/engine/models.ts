// Which model files exist and where they are served. The manifest is written
// by models/ at build time; the bytes are precached by the service worker.
import manifest from '../../models/manifest.json';

export interface ModelEntry {
  id: string;
  file: string;
  inputSize: number;
}

export const IMAGE_MODEL: ModelEntry = manifest.models[0];

export function modelUrl(model: ModelEntry): string {
  return `${import.meta.env.BASE_URL}models/${model.file}`;
}
