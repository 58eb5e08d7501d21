// Serves the peer's page (bench/out/peer-dist) and everything it fetches from
// its publicPath, all from local files: a resources.json of its own (see
// peer-resources.mjs), the data package's model chunks and ORT 1.21's files.
import { PEER_APP_ORT_DIST, PEER_DIST } from './build.mjs';
import { appOrtDir, dataDir, ORT_PREFIX, ort121Dir, peerResources } from './peer-resources.mjs';
import { startStaticServer } from './static-server.mjs';

/** Where the peer's publicPath points on this server. */
const RESOURCE_ROOT = '/imgly/';

/** @param onOurOrt serve the page built on our ORT, with our ORT's files */
export async function startPeerServer(onOurOrt = false) {
  const ortDir = onOurOrt ? appOrtDir : ort121Dir;
  const server = await startStaticServer({
    mounts: [
      ['/', onOurOrt ? PEER_APP_ORT_DIST : PEER_DIST],
      // Model chunks are named by their sha256 in the data package's dist/.
      [RESOURCE_ROOT, dataDir],
      [RESOURCE_ROOT + ORT_PREFIX, ortDir],
    ],
    bodies: { [`${RESOURCE_ROOT}resources.json`]: { type: 'application/json', body: JSON.stringify(peerResources(ortDir)) } },
  });
  return { ...server, publicPath: `${server.url}${RESOURCE_ROOT}` };
}
