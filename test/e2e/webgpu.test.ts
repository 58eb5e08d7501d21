// ORT's native WebGPU EP computes what WASM computes: the real ISNet, reduced
// to 256², on the same rendered scene, in the app's engine worker on both
// backends (the compareWebGpu test hook). This machine has no GPU: Chromium's
// only adapter is SwiftShader (software, no shader-f16), exposed headless by
// --enable-unsafe-webgpu, so WebGPU gets the float32 graph and takes ~100 s
// for one 256² run. The engine's own choice skips that adapter, which the
// last test checks.
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, type Browser } from '../support/chromium';
import { openApp } from '../support/app';
import { renderScene, testScene } from '../support/scene';

const baseUrl = inject('baseUrl');
const SIDE = 256;
/** Chromium exposes no WebGPU adapter headless without it; the shared flags lack it. */
const WEBGPU_FLAGS = ['--enable-unsafe-webgpu'];

interface Run {
  label: string;
  createMs: number;
  runMs: number;
  mask: number[];
}

interface Comparison {
  side: number;
  adapter: { architecture: string; isFallbackAdapter: boolean; shaderF16: boolean };
  ortMadeDevice: boolean;
  wasm: Run;
  webgpu: Run;
}

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser({ extraArgs: WEBGPU_FLAGS });
  page = await openApp(browser.context, baseUrl, '/');
});

afterAll(() => browser?.close());

/** Decodes the scene in the page and runs the hook in the model host. */
function compareInEngine(p: Page, dataUrl: string, side: number): Promise<Comparison> {
  return p.evaluate(
    async ({ dataUrl, side }) => {
      const bitmap = await createImageBitmap(await (await fetch(dataUrl)).blob());
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(bitmap, 0, 0);
      const pixels = ctx.getImageData(0, 0, bitmap.width, bitmap.height);
      type Hooked = { compareWebGpu(image: { data: Uint8ClampedArray; width: number; height: number }, side: number): Promise<any> };
      const engine = (window as unknown as { cutoutEngine: { model: { hooks: Hooked } } }).cutoutEngine;
      const result = await engine.model.hooks.compareWebGpu({ data: pixels.data, width: pixels.width, height: pixels.height }, side);
      const plain = (run: { mask: Float32Array }) => ({ ...run, mask: Array.from(run.mask) });
      return { ...result, wasm: plain(result.wasm), webgpu: plain(result.webgpu) };
    },
    { dataUrl, side },
  );
}

describe('WebGPU (ORT native EP) against WASM', () => {
  test(`the real ISNet at ${SIDE}²: masks agree within 1e-2 (max) and 1e-3 (mean)`, async () => {
    const started = performance.now();
    const scene = await renderScene(page, testScene({ width: 320, height: 240 }));
    const result = await compareInEngine(page, scene.dataUrl, SIDE);
    const wasm = Float32Array.from(result.wasm.mask);
    const gpu = Float32Array.from(result.webgpu.mask);

    // ORT's native WebGPU EP ran it on a GPU device of its own making.
    expect(result.ortMadeDevice).toBe(true);
    // The graph follows the adapter: float16 only with shader-f16 (SwiftShader has none).
    expect(result.webgpu.label).toBe(result.adapter.shaderF16 ? 'webgpu(fp16)' : 'webgpu(fp32)');
    expect(result.wasm.label).toMatch(/^wasm/);
    expect(wasm.length).toBe(SIDE * SIDE);
    expect(gpu.length).toBe(SIDE * SIDE);
    // A mask with a subject in it, so agreement is not two empty masks agreeing.
    const foreground = wasm.filter((v) => v > 0.5).length / wasm.length;
    expect(foreground).toBeGreaterThan(0.05);
    expect(foreground).toBeLessThan(0.8);

    let maxDiff = 0;
    let sumDiff = 0;
    for (let i = 0; i < wasm.length; i++) {
      const diff = Math.abs(wasm[i] - gpu[i]);
      if (!(diff <= maxDiff)) maxDiff = diff; // NaN wins, and fails below
      sumDiff += diff;
    }
    const meanDiff = sumDiff / wasm.length;
    console.log(
      `[webgpu] adapter ${result.adapter.architecture} (fallback ${result.adapter.isFallbackAdapter}, shader-f16 ${result.adapter.shaderF16}); ` +
        `${result.webgpu.label}: build ${Math.round(result.webgpu.createMs)} ms, run ${Math.round(result.webgpu.runMs)} ms; ` +
        `${result.wasm.label}: build ${Math.round(result.wasm.createMs)} ms, run ${Math.round(result.wasm.runMs)} ms; ` +
        `foreground ${(foreground * 100).toFixed(1)} %; max |Δ| ${maxDiff.toExponential(2)}, mean |Δ| ${meanDiff.toExponential(2)}; ` +
        `${Math.round((performance.now() - started) / 1000)} s in all`,
    );
    expect(maxDiff).toBeLessThanOrEqual(1e-2);
    expect(meanDiff).toBeLessThanOrEqual(1e-3);
  });

  test('the engine itself does not pick a software adapter: the CPU (LiteRT), saying why', async () => {
    const { status, software } = await page.evaluate(async () => {
      const adapter = await navigator.gpu.requestAdapter();
      const engine = (window as unknown as { cutoutEngine: { prepare(): Promise<void>; refreshStatus(): Promise<{ backend: string; reason: string }> } }).cutoutEngine;
      await engine.prepare();
      return { status: await engine.refreshStatus(), software: adapter?.info.isFallbackAdapter === true };
    });
    console.log(`[webgpu] the engine chose ${status.backend}: ${status.reason}`);
    if (!software) return; // a machine with a GPU: the choice is timed, not ruled
    expect(status.backend).toMatch(/^litert/);
    expect(status.reason).toMatch(/WebGPU not tried: the WebGPU adapter is software \(\w+\), slower than the CPU$/);
  });
});
