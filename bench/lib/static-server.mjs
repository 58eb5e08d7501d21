// A small static server for bench pages: folders mounted at URL prefixes, a
// few generated bodies, and the headers that make a page cross-origin isolated
// (so ORT may use threads). It listens on 127.0.0.1; pages are opened as
// http://localhost:<port>, a different site from the app's 127.0.0.1, so each
// gets its own renderer process.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
};
const ISOLATION = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };

/** A file under a folder, or null when it is missing or would climb out of it. */
function inside(folder, relative) {
  const path = normalize(join(folder, relative));
  return path.startsWith(folder + '/') && existsSync(path) && statSync(path).isFile() ? path : null;
}

/**
 * mounts: [urlPrefix, folder] pairs, longest prefix first wins ("/" last);
 * bodies: { path: { type, body } } served as they are.
 */
export function startStaticServer({ mounts, bodies = {} }) {
  const ordered = [...mounts].sort((a, b) => b[0].length - a[0].length);
  const server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    const generated = bodies[pathname];
    if (generated) {
      response.writeHead(200, { ...ISOLATION, 'Content-Type': generated.type });
      response.end(generated.body);
      return;
    }
    const mount = ordered.find(([prefix]) => pathname.startsWith(prefix));
    const relative = mount && pathname.slice(mount[0].length);
    const file = mount && inside(mount[1], relative === '' ? 'index.html' : relative);
    if (!file) {
      response.writeHead(404, ISOLATION);
      response.end('not found');
      return;
    }
    response.writeHead(200, {
      ...ISOLATION,
      'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
      'Content-Length': statSync(file).size,
    });
    createReadStream(file).pipe(response);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const url = `http://localhost:${server.address().port}`;
      const stop = () =>
        new Promise((done) => {
          server.close(() => done());
          server.closeAllConnections();
        });
      resolve({ url, stop });
    });
  });
}
