// Assembles the ISNet ONNX files from @imgly/background-removal-data's 4 MB chunks,
// checks them by sha256, patches the graph as the engine does (src/engine/onnx/)
// and writes the result to public/models/, where Vite serves it and Workbox
// precaches it. Runs on `npm install` (postinstall) and before every build; it
// is a no-op when the output is already there with the right hash.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { patchIsnet, type PatchReport } from '../src/engine/onnx/isnet-patch';

export interface ModelEntry {
  id: string;
  /** The resource of the data package it is assembled from, e.g. "/models/medium". */
  resource: string;
  sourceSha256: string;
  /** Its file name under public/models/. */
  file: string;
  sha256: string;
  inputSize: number;
  input: string;
  output: string;
}

interface Manifest {
  source: { package: string; version: string; upstream: string };
  normalisation: { scale: number; mean: number[]; std: number[] };
  models: ModelEntry[];
}

/** One resource of the data package's dist/resources.json. */
interface ResourceEntry {
  size: number;
  chunks: { hash: string; offsets: [number, number] }[];
}

const here = dirname(fileURLToPath(import.meta.url));
export const manifest: Manifest = JSON.parse(readFileSync(join(here, 'manifest.json'), 'utf8'));
const outputDir = join(here, '..', 'public', 'models');

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

function dataPackageDir(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve(`${manifest.source.package}/package.json`)), 'dist');
}

/** Concatenates one resource of the data package (e.g. "/models/medium") from its chunks, each checked by its hash. */
export function assembleResource(resource: string): Uint8Array {
  const dir = dataPackageDir();
  const index: Record<string, ResourceEntry | undefined> = JSON.parse(readFileSync(join(dir, 'resources.json'), 'utf8'));
  const entry = index[resource];
  if (!entry) throw new Error(`${manifest.source.package} has no resource ${resource}`);
  const out = new Uint8Array(entry.size);
  for (const chunk of entry.chunks) {
    const bytes = readFileSync(join(dir, chunk.hash));
    if (sha256(bytes) !== chunk.hash) throw new Error(`chunk ${chunk.hash} of ${resource} is corrupt`);
    const [start, end] = chunk.offsets;
    if (bytes.length !== end - start) throw new Error(`chunk ${chunk.hash} has the wrong size`);
    out.set(bytes, start);
  }
  return out;
}

/**
 * A resource of the data package (e.g. "/models/small") patched as the engine
 * patches it (only `output`, MaxPool ceil_mode cleared), for a square input
 * side; no hash checks, for the benches' model variants.
 */
export function patchedResource(resource: string, inputSize?: number): Uint8Array {
  return patchIsnet(assembleResource(resource), { keepOutputs: ['output'], clearCeilMode: true, inputSize }).bytes;
}

export function buildModel(model: ModelEntry): { source: Uint8Array; bytes: Uint8Array; report: PatchReport } {
  const source = assembleResource(model.resource);
  const sourceHash = sha256(source);
  if (sourceHash !== model.sourceSha256) {
    throw new Error(`${model.resource}: sha256 ${sourceHash}, expected ${model.sourceSha256}`);
  }
  const { bytes, report } = patchIsnet(source, {
    keepOutputs: [model.output],
    clearCeilMode: true,
    inputSize: model.inputSize,
  });
  const hash = sha256(bytes);
  if (hash !== model.sha256) throw new Error(`${model.id}: patched sha256 ${hash}, expected ${model.sha256}`);
  return { source, bytes, report };
}

function main(): void {
  mkdirSync(outputDir, { recursive: true });
  for (const model of manifest.models) {
    const target = join(outputDir, model.file);
    if (existsSync(target) && sha256(readFileSync(target)) === model.sha256) {
      console.log(`models: ${model.file} is up to date`);
      continue;
    }
    const { bytes, report } = buildModel(model);
    writeFileSync(target, bytes);
    console.log(
      `models: wrote ${model.file} (${(bytes.length / 1e6).toFixed(1)} MB, ${report.nodesBefore} → ${report.nodesAfter} nodes, ` +
        `${report.ceilModesCleared} MaxPool ceil_mode cleared)`,
    );
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
