// Starts LiteRT.js's WebAssembly runtime once per worker, from the files the
// app bundles (Vite `?url`). Only the build the engine chose is fetched, and
// it is kept in Cache Storage (model-files.ts), so it works offline after.
// LiteRT loads its Emscripten script with importScripts, which a module
// worker (ours) refuses; so the script is fetched and run here first, and
// importScripts is stood in for while LiteRT "loads" it. Emscripten gets the
// .wasm's bytes (wasmBinary) and the script its pthread workers start from.
import { loadLiteRt, type LiteRt } from '@litertjs/core';
import relaxedSimdJsUrl from '@litertjs/core/wasm/litert_wasm_internal.js?url';
import relaxedSimdWasmUrl from '@litertjs/core/wasm/litert_wasm_internal.wasm?url';
import threadedJsUrl from '@litertjs/core/wasm/litert_wasm_threaded_internal.js?url';
import threadedWasmUrl from '@litertjs/core/wasm/litert_wasm_threaded_internal.wasm?url';
import type { LiteRtBuild } from './litert-support';
import { keptOrFetched } from './model-files';

const FILES: Record<LiteRtBuild, { js: string; wasm: string }> = {
  threaded: { js: threadedJsUrl, wasm: threadedWasmUrl },
  'relaxed-simd': { js: relaxedSimdJsUrl, wasm: relaxedSimdWasmUrl },
};

/** The globals Emscripten's script and LiteRT's loader talk through. */
interface LoaderGlobals {
  Module?: {
    locateFile(path: string): string;
    mainScriptUrlOrBlob?: string;
    wasmBinary?: Uint8Array;
    print?: (text: string) => void;
    printErr?: (text: string) => void;
  };
  ModuleFactory?: unknown;
  importScripts?: (...urls: string[]) => void;
}

let loaded: { build: LiteRtBuild; liteRt: Promise<LiteRt> } | null = null;

/**
 * LiteRT's own log lines. Emscripten would print them all as console.error
 * ("INFO: Creating LiteRT environment…", "WARNING: NPU accelerator could not be
 * loaded…") on every start; they are the runtime's chatter, so they go to
 * console.debug, and only its errors to console.warn.
 */
export function runtimeLog(text: string): void {
  if (/^(ERROR|FATAL|F\d{4})\b/.test(text.trim())) console.warn('[LiteRT]', text);
  else console.debug('[LiteRT]', text);
}

/** Runs a classic script's text in the global scope, as importScripts would. */
async function runClassicScript(url: string): Promise<void> {
  const { bytes } = await keptOrFetched(url);
  const source = `${new TextDecoder().decode(bytes)}\n//# sourceURL=${new URL(url, self.location.href).href}`;
  // Indirect eval: global scope, so the script's `var ModuleFactory` becomes a global.
  (0, eval)(source);
}

async function load(build: LiteRtBuild): Promise<LiteRt> {
  const { js, wasm } = FILES[build];
  const scope = self as unknown as LoaderGlobals;
  const [{ bytes: wasmBinary }] = await Promise.all([keptOrFetched(wasm), runClassicScript(js)]);
  if (!scope.ModuleFactory) throw new Error(`LiteRT: ${js} did not define ModuleFactory`);
  const jsHref = new URL(js, self.location.href).href;
  scope.Module = { locateFile: (path) => (path.endsWith('.wasm') ? wasm : path), mainScriptUrlOrBlob: jsHref, wasmBinary, print: runtimeLog, printErr: runtimeLog };
  const ownImportScripts = Object.getOwnPropertyDescriptor(scope, 'importScripts');
  scope.importScripts = (...urls) => {
    if (urls.some((u) => u !== js)) throw new Error(`LiteRT asked for ${urls.join(', ')}, not ${js}`);
  };
  try {
    // A full .js path: LiteRT loads exactly this build, whatever it would pick itself.
    return await loadLiteRt(js);
  } finally {
    if (ownImportScripts) Object.defineProperty(scope, 'importScripts', ownImportScripts);
    else delete scope.importScripts;
  }
}

/** LiteRT, loaded on first use. One build per worker: LiteRT keeps a single global runtime. */
export function loadLiteRtBuild(build: LiteRtBuild): Promise<LiteRt> {
  if (loaded && loaded.build !== build) throw new Error(`LiteRT is already loaded as the ${loaded.build} build`);
  if (!loaded) {
    const attempt = { build, liteRt: load(build) };
    attempt.liteRt.catch(() => {
      if (loaded === attempt) loaded = null;
    });
    loaded = attempt;
  }
  return loaded.liteRt;
}

/** Bytes of LiteRT's WebAssembly memory, once it is loaded (its high-water mark: wasm memory never shrinks). */
export async function liteRtHeapBytes(): Promise<number | null> {
  if (!loaded) return null;
  const liteRt = await loaded.liteRt.catch(() => null);
  return (liteRt?.liteRtWasm as unknown as { HEAPU8?: Uint8Array } | undefined)?.HEAPU8?.byteLength ?? null;
}
