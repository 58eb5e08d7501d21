// Whether this browser can run LiteRT.js on the CPU, and with which of its
// WebAssembly builds: the threaded one needs relaxed SIMD and a cross-origin
// isolated page (SharedArrayBuffer); the plain one relaxed SIMD. Without
// relaxed SIMD (LiteRT's compat build, measured slower than onnxruntime-web's
// WASM there), the caller keeps onnxruntime-web.
import { supportsFeature } from '@litertjs/core';
import { modelThreads, ownThreadEnvironment, type ThreadEnvironment } from './threads';

export type LiteRtBuild = 'threaded' | 'relaxed-simd';

export interface WasmFeatures {
  simd: boolean;
  relaxedSimd: boolean;
  /** Wasm threads and SharedArrayBuffer. */
  threads: boolean;
}

export interface LiteRtSupport {
  usable: boolean;
  build?: LiteRtBuild;
  threads: number;
  reason: string;
}

export function chooseLiteRtBuild(features: WasmFeatures, env: ThreadEnvironment): LiteRtSupport {
  if (!features.simd) return { usable: false, threads: 0, reason: 'no WebAssembly SIMD in this browser' };
  if (!features.relaxedSimd) {
    // LiteRT's only build without relaxed SIMD (compat) runs on one thread,
    // and there it lost to ORT WASM on one thread too: a 1024² photo in WebKit
    // took 13.8 s against ORT's 12.1 s, in 1.25 times ORT's memory (bench:memory).
    return { usable: false, threads: 0, reason: 'no relaxed SIMD: LiteRT would run its compat build, slower and heavier than ORT WASM' };
  }
  if (env.sharedMemory && features.threads) {
    const threads = modelThreads(env);
    return { usable: true, build: 'threaded', threads, reason: `LiteRT with ${threads} threads (shared memory)` };
  }
  return { usable: true, build: 'relaxed-simd', threads: 1, reason: 'LiteRT on one thread (no SharedArrayBuffer here, so no threads)' };
}

/** (func (result v128) v128.const 0): validates only where WebAssembly has SIMD128. */
const SIMD_PROBE = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, 0x01, 0x05, 0x01, 0x60, 0x00, 0x01, 0x7b, 0x03, 0x02, 0x01, 0x00, 0x0a, 0x16, 0x01, 0x14, 0x00,
  0xfd, 0x0c, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x0b,
]);

export async function detectWasmFeatures(): Promise<WasmFeatures> {
  if (typeof WebAssembly === 'undefined') return { simd: false, relaxedSimd: false, threads: false };
  return {
    simd: WebAssembly.validate(SIMD_PROBE),
    // LiteRT's own probes, so this agrees with the build loadLiteRt would pick.
    relaxedSimd: await supportsFeature('relaxedSimd'),
    threads: typeof SharedArrayBuffer !== 'undefined' && (await supportsFeature('threads')),
  };
}

/** What LiteRT can do in this worker or page. */
export async function liteRtSupport(env: ThreadEnvironment = ownThreadEnvironment()): Promise<LiteRtSupport> {
  return chooseLiteRtBuild(await detectWasmFeatures(), env);
}
