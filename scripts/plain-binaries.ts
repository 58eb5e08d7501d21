// `npm start` serves the build with `vite preview`, which compresses on the fly
// whatever it takes for text, and a file type it has no MIME type for counts
// as text. ISNet's .onnx is such a file: gzipped as it is sent (88 MB → 82 MB,
// so nothing gained), it took 3.9 s to arrive instead of 0.4 s, and with no
// Content-Length the reader cannot allocate it once. This plugin sends the
// model files as they are, by taking the Accept-Encoding off their requests.
import type { Connect, Plugin } from 'vite';

/** Binary files the app fetches that the preview server would mistake for text. */
const BINARY = /\.(onnx|tflite|data|bin|task)$/i;

export const sendBinariesUncompressed: Connect.NextHandleFunction = (req, _res, next) => {
  const path = new URL(req.url ?? '/', 'http://localhost').pathname;
  if (BINARY.test(path)) delete req.headers['accept-encoding'];
  next();
};

export function plainBinaries(): Plugin {
  return {
    name: 'cutout:plain-binaries',
    // Runs before the preview server's own middleware, its compression included.
    configurePreviewServer(server) {
      server.middlewares.use(sendBinariesUncompressed);
    },
  };
}
