/// <reference lib="webworker" />
// The service worker: precaches the app (so it works offline), serves /v1 from
// src/api, serves results from IndexedDB, and makes every page cross-origin isolated.
import { cleanupOutdatedCaches, matchPrecache, precache } from 'workbox-precaching';
import type { ApiDeps } from '../api/context';
import { handleApiRequest } from '../api/handle';
import { liveResult } from '../api/results';
import { JOBS_CHANNEL } from '../engine/protocol';
import { appClock as clock, shiftClock } from '../store/clock';
import { studioDatabase } from '../store/database';
import { createEngineGateway } from './engine-bridge';
import { withIsolationHeaders } from './isolation';
import { isOnDemandAsset, serveOnDemand } from './on-demand';
import { apiRoutes } from './routes';
import { isShare, receiveShare } from './share-target';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

precache(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const SWEEP_EVERY_MS = 5 * 60 * 1000;
let lastSweep = 0;
async function sweepExpired(): Promise<void> {
  const now = clock.now();
  if (now - lastSweep < SWEEP_EVERY_MS) return;
  lastSweep = now;
  await (await studioDatabase()).purgeExpired(now);
}

const jobsChannel = new BroadcastChannel(JOBS_CHANNEL);
const engine = createEngineGateway();
const rateWindows = new Map<string, number[]>();

async function fetchInput(url: URL, signal: AbortSignal): Promise<Response> {
  if (url.origin === self.location.origin) {
    const cached = await matchPrecache(url.pathname);
    if (cached) return cached;
    return fetch(url, { credentials: 'same-origin', signal });
  }
  return fetch(url, { mode: url.protocol === 'data:' ? 'same-origin' : 'cors', credentials: 'omit', signal });
}

async function apiDeps(): Promise<ApiDeps> {
  const db = await studioDatabase();
  return {
    db,
    clock,
    engine,
    inputs: {
      origin: self.location.origin,
      fetch: fetchInput,
      readResult: async (id) => (await liveResult({ db, clock }, id))?.blob,
    },
    announceJobs: () => jobsChannel.postMessage({ type: 'jobs-changed' }),
    watchJobs: (listener) => {
      const channel = new BroadcastChannel(JOBS_CHANNEL);
      channel.addEventListener('message', listener);
      return () => channel.close();
    },
    rateWindows,
  };
}

async function serveNavigation(request: Request): Promise<Response> {
  const shell = (await matchPrecache('/index.html')) ?? (await fetch(request));
  return withIsolationHeaders(shell);
}

// Worker scripts need the isolation headers too: under COEP a dedicated worker
// whose script lacks them does not start, so a static host that sends none
// would leave the page isolated but its engine without workers.
async function serveAsset(event: FetchEvent): Promise<Response> {
  const { request } = event;
  const precached = await matchPrecache(request.url);
  if (precached) return withIsolationHeaders(precached);
  return withIsolationHeaders(await (isOnDemandAsset(new URL(request.url)) ? serveOnDemand(request, (work) => event.waitUntil(work)) : fetch(request)));
}

self.addEventListener('install', () => {
  // The first install takes over at once; an update waits for the page's "update" button.
  if (!self.registration.active) void self.skipWaiting();
});

self.addEventListener('activate', () => {
  // Take the open pages at once, but do not hold activation on it: in Firefox
  // 153 claim() can stay pending while the engine's workers start ORT's WASM
  // threads, and activation then hangs for Firefox's 60 s grace period, failing
  // every /v1 request sent meanwhile.
  void self.clients.claim();
});

self.addEventListener('message', (event) => {
  const data = event.data as { type?: string; offsetMs?: number } | undefined;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
  // Test builds only: tests move the clock forward to see results and jobs expire.
  if (__TEST_HOOKS__ && data?.type === 'debug:clock' && typeof data.offsetMs === 'number') {
    shiftClock(data.offsetMs);
    lastSweep = 0;
    event.waitUntil(sweepExpired());
  }
});

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/v1/') || url.pathname === '/v1') {
    event.respondWith(
      (async () => {
        const deps = await apiDeps();
        event.waitUntil(sweepExpired());
        return handleApiRequest(event.request, apiRoutes, deps, event.clientId || event.resultingClientId || null);
      })(),
    );
    return;
  }
  // Before navigations: a share arrives as a POST navigation, and must not get the app's page as if it were a GET.
  if (isShare(event.request, url)) {
    event.respondWith(receiveShare(event.request, self.location.origin, clock.now()));
    return;
  }
  if (event.request.mode === 'navigate') {
    event.respondWith(serveNavigation(event.request));
    return;
  }
  if (event.request.method === 'GET') event.respondWith(serveAsset(event));
});
