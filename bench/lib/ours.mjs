// Drives this project through its real front door: the built app under its
// service worker, a key made on the Developer page, and POST /v1/remove-background
// from the page, as a script on the origin would call it.
import { installAlphaReader } from './page-alpha.mjs';

/** Runs in the page: records when the engine reports each stage. */
async function installRecorder() {
  const engine = window.cutoutEngine;
  // The host only tells subscribers once it has a status; make sure it has one.
  await engine.refreshStatus();
  window.__benchStamps = [];
  engine.subscribe((status) => window.__benchStamps.push({ t: performance.now(), stage: status.progress?.stage ?? 'status' }));
  window.__benchInputs = new Map();
}

/** Runs in the page: one end-to-end call, input Blob → PNG bytes. */
async function callRemoveBackground({ name, key, withAlpha }) {
  const input = window.__benchInputs.get(name);
  window.__benchStamps = [];
  const start = performance.now();
  const form = new FormData();
  form.append('image', input, name);
  const response = await fetch('/v1/remove-background', {
    method: 'POST',
    headers: { 'X-API-KEY': key, Accept: 'image/png' },
    body: form,
  });
  const output = await response.blob();
  const ms = performance.now() - start;
  if (!response.ok) return { error: `${response.status}: ${await output.text()}` };
  return {
    ms,
    engine: response.headers.get('X-Engine'),
    bytes: output.size,
    stamps: window.__benchStamps.map((s) => ({ stage: s.stage, t: s.t - start })),
    alpha: withAlpha ? await window.__benchAlphaOf(output) : null,
  };
}

// Our stages, from the engine's progress reports (see removeBackground.ts and
// pipeline.ts): [name, stamp it starts at, stamp it ends at]; null = the call's
// start or end. "status" is the host's report after the worker returned.
const STAGES = [
  ['request → engine (SW: parse, sniff, auth, hand-off)', null, 'decoding'],
  ['decode', 'decoding', 'preparing'],
  ['model input (resize 1024², normalise)', 'preparing', 'segmenting'],
  ['model run', 'segmenting', 'refining edges'],
  ['guided-filter upsample', 'refining edges', 'estimating colours'],
  ['foreground colours', 'estimating colours', 'encoding PNG'],
  ['PNG encode', 'encoding PNG', 'status'],
  ['engine → response (SW: store result, respond)', 'status', null],
];

export function ourStages(run) {
  const at = {};
  let after = -Infinity;
  for (const [, , end] of STAGES) {
    if (!end) continue;
    const stamp = run.stamps.find((s) => s.stage === end && s.t >= after);
    if (stamp) after = at[end] = stamp.t;
  }
  const stages = {};
  for (const [name, from, to] of STAGES) {
    const start = from ? at[from] : 0;
    const end = to ? at[to] : run.ms;
    stages[name] = start != null && end != null ? end - start : null;
  }
  return stages;
}

export const OUR_MODEL_STAGE = STAGES[3][0];

/**
 * BENCH_DEVICE_MEMORY=2 runs our app as on a device that reports 2 GB (a test
 * build's hook): onnxruntime-web on the float16 graph instead of LiteRT.
 */
export async function openOurs(support, context, baseUrl) {
  const deviceMemory = process.env.BENCH_DEVICE_MEMORY;
  if (deviceMemory) await context.addInitScript((gb) => localStorage.setItem('cutout.debug.memory', gb), deviceMemory);
  const page = await support.app.openApp(context, baseUrl);
  const key = await support.app.createKeyInUi(page, baseUrl);
  await page.evaluate(installRecorder);
  await page.evaluate(installAlphaReader);
  return {
    page,
    info: await page.evaluate(() => ({ crossOriginIsolated: self.crossOriginIsolated, hardwareConcurrency: navigator.hardwareConcurrency, userAgent: navigator.userAgent })),
    put: (name, dataUrl) =>
      page.evaluate(
        async ({ name, dataUrl }) => {
          window.__benchInputs.set(name, await (await fetch(dataUrl)).blob());
        },
        { name, dataUrl },
      ),
    drop: (name) =>
      page.evaluate((name) => {
        window.__benchInputs.delete(name);
      }, name),
    async run(name, withAlpha = false) {
      const result = await page.evaluate(callRemoveBackground, { name, key, withAlpha });
      if (result.error) throw new Error(`ours failed on ${name}: ${result.error}`);
      return { ...result, stages: ourStages(result) };
    },
    close: () => page.close(),
  };
}
