// One bench session: builds, servers, one headless Chromium with the network
// guard, and the samplers; torn down in reverse whatever happens.
import { APP_DIST, buildApp, buildPeerPage } from './build.mjs';
import { loadAverage, watchMachine } from './machine.mjs';
import { ChromiumMemory } from './memory.mjs';
import { guardNetwork, OFFLINE_ARGS } from './network-guard.mjs';
import { startPeerServer } from './peer-server.mjs';
import { loadSupport } from './support.mjs';

export async function withBenchSession(work) {
  const loadBefore = loadAverage();
  const build = buildApp();
  buildPeerPage();
  process.env.CUTOUT_DIST = APP_DIST;
  const support = await loadSupport();
  const appServer = await support.server.startPreview();
  const peerServer = await startPeerServer();
  const peerOnOurOrtServer = await startPeerServer(true);
  const browser = await support.chromium.launchBrowser({ extraArgs: OFFLINE_ARGS });
  // Ctrl-C or a kill: close the browser and the preview server rather than orphan them.
  const interrupted = async () => {
    await browser.close().catch(() => {});
    await Promise.all([peerServer.stop(), peerOnOurOrtServer.stop(), appServer.stop()]);
    process.exit(130);
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  const network = guardNetwork(browser.context);
  // Cheap samples (load, CPU shares) all along; memory (a walk of every
  // Chromium process's page tables) only where a bench asks for it, since it
  // slows the processes it reads.
  const watch = watchMachine(loadBefore, 500);
  const memory = new ChromiumMemory();
  let result;
  try {
    result = await work({ support, context: browser.context, appServer, peerServer, peerOnOurOrtServer, memory });
  } finally {
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    memory.stop();
    await browser.close().catch(() => {});
    await peerServer.stop();
    await peerOnOurOrtServer.stop();
    await appServer.stop();
  }
  const machine = watch.stop();
  return { result, machine, build, network: { requests: network.requests, offending: network.offending }, assertOffline: network.assertOffline };
}

/**
 * Opens the implementations' pages, each in a tab of its own: `ours`, `peer`
 * (as its users install it, on ORT 1.21) and `peer-app-ort` (on our ORT).
 */
export async function openImplementations({ support, context, appServer, peerServer, peerOnOurOrtServer }, owners, { openOurs, openPeer }) {
  const opened = {};
  if (owners.has('ours')) opened.ours = await openOurs(support, context, appServer.url);
  if (owners.has('peer')) opened.peer = await openPeer(context, peerServer);
  if (owners.has('peer-app-ort')) opened['peer-app-ort'] = await openPeer(context, peerOnOurOrtServer);
  return opened;
}
