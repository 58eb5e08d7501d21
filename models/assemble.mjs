// @ts-check
// Assembles the ISNet ONNX files from @imgly/background-removal-data's 4 MB chunks,
// checks them by sha256, patches the graph (see onnx-patch.mjs) and writes the
// result to public/models/, where Vite serves it and Workbox precaches it.
// Runs on `npm install` (postinstall) and before every build; it is a no-op when
// the output is already there with the right hash.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { patchIsnet } from './onnx-patch.mjs';

const here = dirname(fileURLToPath(import.meta.url));
export const manifest = JSON.parse(readFileSync(join(here, 'manifest.json'), 'utf8'));
export const outputDir = join(here, '..', 'public', 'models');

/** @param {Uint8Array} bytes */
export const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

function dataPackageDir() {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve(`${manifest.source.package}/package.json`)), 'dist');
}

/**
 * Concatenates one resource of the data package from its chunks, each checked by its hash.
 * @param {string} resource e.g. "/models/medium"
 * @returns {Uint8Array}
 */
export function assembleResource(resource) {
  const dir = dataPackageDir();
  const index = JSON.parse(readFileSync(join(dir, 'resources.json'), 'utf8'));
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
 * A resource of the data package patched as the engine patches it (only
 * `output`, MaxPool ceil_mode cleared), for a square input side; no hash
 * checks, for the benches' model variants.
 * @param {string} resource e.g. "/models/small"
 * @param {number} [inputSize]
 */
export function patchedResource(resource, inputSize) {
  return patchIsnet(assembleResource(resource), { keepOutputs: ['output'], clearCeilMode: true, inputSize }).bytes;
}

/** @param {typeof manifest.models[number]} model */
export function buildModel(model) {
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

function main() {
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
