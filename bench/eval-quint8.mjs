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
import { fixed, markdownTable } from './lib/table.mjs';

const SIDE = 1024;
/** Texture amplitudes, as a share of the full 0–1 range (0.01 ≈ 2.5 grey levels). */
const AMPLITUDES = [0, 0.01, 0.03];
const BALL = { x: 0.5 * SIDE, y: 0.52 * SIDE, r: 0.26 * SIDE };

/** The scene as the model's input (x/255 − 0.5, planar RGB) and its true alpha (0–255). */
function scene(amplitude) {
  const input = new Float32Array(3 * SIDE * SIDE);
  const truth = new Uint8Array(SIDE * SIDE);
  const colour = [0.85, 0.25, 0.2];
  for (let y = 0; y < SIDE; y++) {
    for (let x = 0; x < SIDE; x++) {
      const dx = (x - BALL.x) / BALL.r;
      const dy = (y - BALL.y) / BALL.r;
      const d2 = dx * dx + dy * dy;
      let rgb;
      if (d2 < 1) {
        const light = Math.max(0, -0.4 * dx - 0.5 * dy + 0.77 * Math.sqrt(1 - d2));
        rgb = colour.map((c) => Math.min(1, c * (0.25 + 0.75 * light) + 0.6 * light ** 30));
        truth[y * SIDE + x] = 255;
      } else {
        const wall = 0.78 - 0.25 * (y / SIDE);
        const shadow = Math.exp(-(((x - BALL.x - 30) / (BALL.r * 1.1)) ** 2 + ((y - BALL.y - BALL.r * 0.95) / (BALL.r * 0.25)) ** 2));
        const texture = amplitude * Math.sin(x * 0.11 + Math.sin(y * 0.05)) * Math.cos(y * 0.07);
        rgb = [0.95, 0.9, 0.8].map((tint) => (wall * tint + texture) * (1 - 0.5 * shadow));
      }
      for (let c = 0; c < 3; c++) input[c * SIDE * SIDE + y * SIDE + x] = rgb[c] - 0.5;
    }
  }
  return { input, truth };
}

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
for (const amplitude of AMPLITUDES) {
  const { input, truth } = scene(amplitude);
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
