import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

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
  define: { __TEST_HOOKS__: JSON.stringify(mode === 'test') },
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        rollupFormat: 'iife',
        globPatterns: ['**/*.{js,mjs,css,html,svg,png,webmanifest,wasm,onnx,mp4,tflite,data,binarypb}'],
        // The first visit takes the shell, the model (88 MB) and ORT, so images
        // work offline after it. The ffmpeg cores (~60 MB) are fetched when
        // video first needs them and kept then (src/sw/on-demand.ts).
        globIgnores: ['**/ffmpeg-core*'],
        maximumFileSizeToCacheInBytes: 200 * 1024 * 1024,
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
