// Test-only: LiteRT.js in Node. Its loader runs the Emscripten script with
// importScripts (a worker's) and reads `self`; Node has neither, so both are
// stood in for, the script run with vm in this context, and its .wasm found by
// file path. Node 20 has no relaxed SIMD, so LiteRT picks its compat build.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import vm from 'node:vm';
import * as liteRt from '@litertjs/core';

const require = createRequire(import.meta.url);
const wasmDir = join(dirname(require.resolve('@litertjs/core/package.json')), 'wasm');

let loading: Promise<typeof liteRt> | null = null;

export function loadLiteRtInNode(): Promise<typeof liteRt> {
  loading ??= (async () => {
    const scope = globalThis as Record<string, unknown>;
    scope.self ??= globalThis;
    scope.importScripts = (file: string) => {
      // The script's Node branch reads the .wasm with require('fs') and __dirname.
      Object.assign(scope, { require, __dirname: wasmDir, __filename: file });
      vm.runInThisContext(readFileSync(file, 'utf8'), { filename: file });
    };
    scope.Module = { locateFile: (name: string) => join(wasmDir, name) };
    // LiteRT looks for a WebGPU device in `navigator`, which Node 20 lacks; it warns and goes on.
    const warn = console.warn;
    console.warn = () => {};
    try {
      await liteRt.loadLiteRt(`${wasmDir}/`);
    } finally {
      console.warn = warn;
      delete scope.importScripts;
    }
    return liteRt;
  })();
  return loading;
}
