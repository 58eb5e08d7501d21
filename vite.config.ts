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

export default defineConfig({
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
        globPatterns: ['**/*.{js,mjs,css,html,svg,png,webmanifest,wasm,onnx,mp4}'],
        // The model (88 MB) and the ORT and ffmpeg WASM files are precached so
        // the app works offline after the first load.
        maximumFileSizeToCacheInBytes: 200 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  worker: { format: 'es' },
  optimizeDeps: { exclude: ['onnxruntime-web', '@ffmpeg/ffmpeg', '@ffmpeg/util'] },
  build: { target: 'es2022', sourcemap: true, chunkSizeWarningLimit: 4096 },
  server: { port, headers: isolationHeaders },
  preview: { port, strictPort: true, headers: isolationHeaders },
});
