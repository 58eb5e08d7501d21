// One ISNet graph scored for bench:quant in onnxruntime-node (CPU, one thread,
// to leave the machine's other core to others), or in onnxruntime-web's WASM
// build under Node (one thread; what the app runs, to confirm a result): on eval:quint8's texture
// scenes, the raw 1024² mask against the exact truth, as eval:quint8 scores it;
// on the eval:image cases, the app's whole matte (src/engine/matte.ts: model,
// guided-filter upsampling, stretch) against the truth, as eval:image scores
// it. Both also against a reference graph's raw masks, when one is given.
import * as ortNode from 'onnxruntime-node';
import * as ortWeb from 'onnxruntime-web';
import { IMAGE_MATTE, matte } from '../../src/engine/matte.ts';
import { matteMetrics } from './metrics.mjs';

const SIDE = 1024;

async function openGraph(bytes, runtime) {
  const ort = runtime === 'web' ? ortWeb : ortNode;
  if (runtime === 'web') ortWeb.env.wasm.numThreads = 1;
  const options = runtime === 'web' ? { executionProviders: ['wasm'] } : { executionProviders: ['cpu'], intraOpNumThreads: 1, interOpNumThreads: 1 };
  const session = await ort.InferenceSession.create(bytes, { ...options, graphOptimizationLevel: 'all' });
  const runs = [];
  return {
    runs,
    /** The raw sigmoid output for one 1×3×1024×1024 input. */
    async raw(input) {
      const start = performance.now();
      const out = await session.run({ input: new ort.Tensor('float32', input, [1, 3, SIDE, SIDE]) }, ['output']);
      runs.push(performance.now() - start);
      const data = new Float32Array(out.output.data);
      out.output.dispose?.();
      return data;
    },
    release: () => session.release(),
  };
}

function meanAbsDiff(a, b) {
  if (!b) return null;
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i] - b[i]);
  return sum / a.length;
}

/**
 * @param inputs { textures: textureScene()[], cases: evalImages() }
 * @param reference raw masks of the reference graph by input name, or null
 * @param runtime 'node' (onnxruntime-node) or 'web' (onnxruntime-web, WASM)
 * @returns { textures: [{ name, mae, iou, edgeF1, foreground, rawVsReference }],
 *            cases: [{ name, mae, iou, edgeF1, rawVsReference }], raws, msPerRun }
 */
export async function scoreGraph(bytes, inputs, reference = null, runtime = 'node') {
  const graph = await openGraph(bytes, runtime);
  const raws = {};
  const textures = [];
  const cases = [];
  try {
    for (const scene of inputs.textures) {
      const raw = await graph.raw(scene.input);
      raws[scene.name] = raw;
      const mask = Uint8Array.from(raw, (v) => Math.round(v * 255));
      const foreground = mask.reduce((n, v) => n + (v >= 128 ? 1 : 0), 0) / mask.length;
      textures.push({ name: scene.name, ...matteMetrics(scene.truth, mask, SIDE, SIDE), foreground, rawVsReference: meanAbsDiff(raw, reference?.[scene.name]) });
    }
    for (const c of inputs.cases) {
      let raw = null;
      const segment = async (input, side) => {
        raw = await graph.raw(input);
        return { data: raw, width: side, height: side };
      };
      const alpha = await matte(c.image, segment, IMAGE_MATTE);
      raws[c.name] = raw;
      cases.push({ name: c.name, ...matteMetrics(c.truth, alpha, c.image.width, c.image.height), rawVsReference: meanAbsDiff(raw, reference?.[c.name]) });
    }
  } finally {
    await graph.release();
  }
  return { textures, cases, raws, msPerRun: graph.runs.reduce((a, b) => a + b, 0) / graph.runs.length };
}
