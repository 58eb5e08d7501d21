// Bundles the peer (@imgly/background-removal 1.7.0) into a page of its own.
// npm resolves the peer's `onnxruntime-web` to ours (1.30) because the peer's
// exact peer range (1.21.0) conflicts with the app's; here it gets the version
// it was released against, installed under the alias onnxruntime-web-1.21, so
// it is measured as its users run it. PEER_ORT=app builds a second page that
// keeps our ORT instead, into peer-dist-app-ort/: the peer on our runtime.
import { join } from 'node:path';
import { defineConfig } from 'vite';

const here = import.meta.dirname;
const onOurOrt = process.env.PEER_ORT === 'app';

export default defineConfig({
  root: here,
  base: './',
  publicDir: false,
  resolve: {
    alias: onOurOrt ? [] : [{ find: /^onnxruntime-web(?=\/|$)/, replacement: 'onnxruntime-web-1.21' }],
  },
  build: {
    outDir: join(here, '..', 'out', onOurOrt ? 'peer-dist-app-ort' : 'peer-dist'),
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 8192,
  },
});
