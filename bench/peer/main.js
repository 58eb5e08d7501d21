// The peer, driven from the bench over page.evaluate: window.peerBench.
// It runs on the page's main thread (its WASM backend does not proxy to a
// worker); ORT's own threads are Web Workers.
import { preload, removeBackground } from '@imgly/background-removal';
// The same module instance the peer imports (one bundle), so timing its
// session.run here times the peer's model runs and nothing else.
import * as ort from 'onnxruntime-web';

let modelMs = 0;
const originalRun = ort.InferenceSession.prototype.run;
ort.InferenceSession.prototype.run = async function timedRun(...args) {
  const start = performance.now();
  try {
    return await originalRun.apply(this, args);
  } finally {
    modelMs += performance.now() - start;
  }
};

// The peer memoises its session on JSON.stringify(config), which drops
// functions, and keeps the first config's progress callback: so one callback
// for the whole page, writing to whichever run is current.
let stamps = [];
const progress = (key, current, total) => {
  stamps.push({ t: performance.now(), key, current, total });
};

let config = null;
const inputs = new Map();

async function alphaPlaneBase64(blob) {
  const bitmap = await createImageBitmap(blob, { premultiplyAlpha: 'none', colorSpaceConversion: 'none' });
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  context.drawImage(bitmap, 0, 0);
  const rgba = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
  const alpha = new Uint8Array(bitmap.width * bitmap.height);
  for (let i = 0; i < alpha.length; i++) alpha[i] = rgba[i * 4 + 3];
  let binary = '';
  for (let i = 0; i < alpha.length; i += 0x8000) binary += String.fromCharCode(...alpha.subarray(i, i + 0x8000));
  return { width: bitmap.width, height: bitmap.height, alpha: btoa(binary) };
}

window.peerBench = {
  /** Configures the peer without loading its model: the first run then pays the load, as a user's first photo does. */
  configure(publicPath) {
    config = { publicPath, model: 'medium', device: 'cpu', proxyToWorker: false, output: { format: 'image/png' }, progress };
  },
  async init(publicPath) {
    config = { publicPath, model: 'medium', device: 'cpu', proxyToWorker: false, output: { format: 'image/png' }, progress };
    const start = performance.now();
    await preload(config);
    return {
      initMs: performance.now() - start,
      crossOriginIsolated: self.crossOriginIsolated,
      numThreads: ort.env.wasm.numThreads,
      ortVersion: ort.env.versions?.web ?? null,
      hardwareConcurrency: navigator.hardwareConcurrency,
    };
  },
  async put(name, dataUrl) {
    inputs.set(name, await (await fetch(dataUrl)).blob());
  },
  drop(name) {
    inputs.delete(name);
  },
  /** One end-to-end run: Blob in, PNG Blob out, as a user of the peer calls it. */
  async run(name, withAlpha = false) {
    stamps = [];
    modelMs = 0;
    const start = performance.now();
    const output = await removeBackground(inputs.get(name), config);
    const ms = performance.now() - start;
    return {
      ms,
      modelMs,
      bytes: output.size,
      stamps: stamps.map((s) => ({ ...s, t: s.t - start })),
      alpha: withAlpha ? await alphaPlaneBase64(output) : null,
    };
  },
};
