// npm run eval:quint8 — why the app does not run the data package's quint8
// ISNet ("small"), although it is ~0.65× the time of the fp16 one on WASM
// (npm run bench:model) and scored as well on the eval set (npm run eval:image).
// One scene with an exact truth (a lit ball on a wall, with a soft shadow),
// whose wall carries a faint periodic texture of a few grey levels, as fabric,
// paper or a painted wall would; the two models' raw masks are compared with
// the truth. Runs in Node (onnxruntime-web, WASM, 2 threads); writes
// input | fp16 | quint8 pictures to bench/out/quint8-texture-<amplitude>.png.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as ort from 'onnxruntime-web';
import { patchedResource } from '../models/assemble.ts';
import { widenToFloat32 } from '../src/engine/onnx/widen-float32.ts';
import { grayPng, sideBySide } from './lib/gray-png.mjs';
import { matteMetrics } from './lib/metrics.mjs';
import { outDir } from './lib/support.mjs';
import { BALL, TEXTURE_AMPLITUDES, TEXTURE_SIDE, textureScene } from './lib/texture-scene.mjs';
import { fixed, markdownTable } from './lib/table.mjs';

const SIDE = TEXTURE_SIDE;

async function maskOf(graph, input) {
  const session = await ort.InferenceSession.create(graph);
  const out = await session.run({ input: new ort.Tensor('float32', input, [1, 3, SIDE, SIDE]) }, ['output']);
  await session.release();
  return Uint8Array.from(out.output.data, (v) => Math.round(v * 255));
}

/** A quarter-size plane, for the pictures. */
function quarter(plane) {
  const side = SIDE / 4;
  const out = new Uint8Array(side * side);
  for (let y = 0; y < side; y++) for (let x = 0; x < side; x++) out[y * side + x] = plane[y * 4 * SIDE + x * 4];
  return out;
}

ort.env.wasm.numThreads = 2;
const models = { 'fp16 (app, run widened to fp32)': widenToFloat32(patchedResource('/models/medium')), quint8: patchedResource('/models/small') };
mkdirSync(outDir, { recursive: true });
const rows = [];
for (const amplitude of TEXTURE_AMPLITUDES) {
  const { input, truth } = textureScene(amplitude);
  const masks = [];
  for (const [name, graph] of Object.entries(models)) {
    const mask = await maskOf(graph, input);
    const m = matteMetrics(truth, mask, SIDE, SIDE);
    const foreground = mask.reduce((n, v) => n + (v >= 128 ? 1 : 0), 0) / mask.length;
    rows.push([`${amplitude} (${(amplitude * 255).toFixed(1)} grey levels)`, name, fixed(m.mae, 4), fixed(m.iou), fixed(m.edgeF1), fixed(foreground)]);
    masks.push(quarter(mask));
    console.error(`[eval:quint8] texture ${amplitude}, ${name}: MAE ${fixed(m.mae, 4)}, IoU ${fixed(m.iou)}`);
  }
  const luminance = Uint8Array.from({ length: SIDE * SIDE }, (_, i) => Math.round((input[i] + input[SIDE * SIDE + i] + input[2 * SIDE * SIDE + i]) / 3 * 255 + 127.5));
  const { pixels, width, height } = sideBySide([quarter(luminance), ...masks], SIDE / 4, SIDE / 4);
  writeFileSync(join(outDir, `quint8-texture-${amplitude}.png`), grayPng(pixels, width, height));
}
console.log(
  [
    `## eval:quint8 — raw ISNet masks at 1024² on a ball (true foreground ${fixed((Math.PI * BALL.r ** 2) / SIDE ** 2)} of the frame) before a textured wall`,
    '',
    markdownTable(['wall texture amplitude', 'model', 'MAE ↓', 'IoU ↑', 'edge F1 ↑', 'share called foreground'], rows),
    '',
    `Pictures (input luminance | fp16 | quint8): ${outDir}/quint8-texture-<amplitude>.png`,
  ].join('\n'),
);
