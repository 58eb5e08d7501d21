// What the peer fetches from its publicPath, served from local files.
//
// @imgly/background-removal 1.7.0 asks its resources.json for "/models/isnet_fp16"
// (config model "medium") and for ORT 1.21's "ort-wasm-simd-threaded.{wasm,mjs}";
// it fetches each chunk at `publicPath + chunk.name`. The data package we have
// (1.4.5) names the same model "/models/medium", lists its chunks by `hash` only
// and carries an older ORT's WASM. So the peer gets a resources.json of its own
// that points its names at the 1.4.5 model chunks and at ORT 1.21's files
// (or, for the page built on our ORT, at our ORT's files of the same names).
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { root } from './support.mjs';

const require = createRequire(join(root, 'package.json'));
export const dataDir = join(dirname(require.resolve('@imgly/background-removal-data/package.json')), 'dist');
// Its package.json is not exported; its entry point sits in dist/ with the WASM files.
export const ort121Dir = dirname(require.resolve('onnxruntime-web-1.21'));
/** Our ORT's dist/, for the peer page built on it. */
export const appOrtDir = dirname(require.resolve('onnxruntime-web'));

/** The peer's model names → the data package's resources holding the same bytes. */
const MODEL_NAMES = { '/models/isnet_fp16': '/models/medium', '/models/isnet_quint8': '/models/small' };
const ORT_FILES = ['ort-wasm-simd-threaded.wasm', 'ort-wasm-simd-threaded.mjs', 'ort-wasm-simd-threaded.jsep.wasm', 'ort-wasm-simd-threaded.jsep.mjs'];

/** Sub-path (under publicPath) of the ORT files the peer loads. */
export const ORT_PREFIX = 'ort/';

/** @param ortDir the dist/ folder of the ORT the page was built with */
export function peerResources(ortDir = ort121Dir) {
  const data = JSON.parse(readFileSync(join(dataDir, 'resources.json'), 'utf8'));
  const resources = {};
  for (const [peerName, dataName] of Object.entries(MODEL_NAMES)) {
    const entry = data[dataName];
    resources[peerName] = {
      size: entry.size,
      mime: 'application/octet-stream',
      // Chunk files are named by their sha256 in the data package's dist/.
      chunks: entry.chunks.map((chunk) => ({ ...chunk, name: chunk.hash })),
    };
  }
  for (const file of ORT_FILES) {
    const size = statSync(join(ortDir, file)).size;
    resources[`/onnxruntime-web/${file}`] = {
      size,
      // The peer turns these into blob: URLs; a module import needs a JS type.
      mime: file.endsWith('.mjs') ? 'text/javascript' : 'application/wasm',
      chunks: [{ name: ORT_PREFIX + file, offsets: [0, size] }],
    };
  }
  return resources;
}
