import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { plainBinaries } from './scripts/plain-binaries';

/**
 * A hash of the model converter's source: the engine keeps each converted
 * .tflite under it, so a build whose converter writes other bytes converts
 * afresh instead of loading a file an older converter made.
 */
export function modelConverterVersion(): string {
  const hash = createHash('sha256');
  for (const folder of ['src/engine/tflite', 'src/engine/onnx']) {
    for (const name of readdirSync(join(import.meta.dirname, folder)).sort()) {
      hash.update(name).update(readFileSync(join(import.meta.dirname, folder, name)));
    }
  }
  return hash.digest('hex').slice(0, 12);
}

// WASM threads (ORT) and ffmpeg core-mt need SharedArrayBuffer, so every page
// must be cross-origin isolated. The service worker adds these headers too, for
// static hosts that do not.
const isolationHeaders = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

const port = Number(process.env.PORT) || 4173;

export default defineConfig(({ mode }) => ({
  // Test hooks (a movable clock, crash switches, window.cutoutEngine) exist only
  // in the test build, `vite build --mode test`, which the e2e suite runs.
  define: { __TEST_HOOKS__: JSON.stringify(mode === 'test'), __MODEL_CONVERTER_VERSION__: JSON.stringify(modelConverterVersion()) },
  plugins: [
    react(),
    plainBinaries(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        rollupFormat: 'iife',
        // The first visit precaches the app shell alone: scripts, styles, icons,
        // samples. The model and the runtime the engine chose are fetched by
        // the model host and kept; the other runtimes, the ffmpeg cores and
        // the pose model are fetched when first used and kept then
        // (src/sw/on-demand.ts), or all at once by "Make everything available offline".
        globPatterns: ['**/*.{js,mjs,css,html,svg,png,webmanifest}'],
        globIgnores: ['**/ffmpeg-core*', '**/*.wasm', 'models/**'],
        maximumFileSizeToCacheInBytes: 16 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  worker: { format: 'es' },
  optimizeDeps: { exclude: ['onnxruntime-web', '@ffmpeg/ffmpeg'] },
  build: { target: 'es2022', sourcemap: true, chunkSizeWarningLimit: 4096 },
  server: { port, headers: isolationHeaders },
  preview: { port, strictPort: true, headers: isolationHeaders },
}));
