// Starts what every window of the app runs: the engine host (so the service
// worker can hand it work), the service worker registration, the install
// prompt, and an early model load once the page has painted.
import { Workbox } from 'workbox-window';
import { EngineHost } from '../engine/host';
import type { JobHandler } from '../engine/jobs';
import type { AppServices, PwaState } from '../ui/services';
import { studioDatabase } from '../store/database';
import { engineStatusFeed } from './engine-status';
import { captureInstallPrompt } from './install-prompt';
import { applyTheme, storedTheme } from './theme';

/** Test builds only: a page can make WebGPU's adapter throw and withhold LiteRT, to prove the ORT fallback. */
const DEBUG_WEBGPU_KEY = 'cutout.debug.webgpu';
const DEBUG_LITERT_KEY = 'cutout.debug.litert';
/** Test builds only: the device memory (GB) the engine acts on, to prove the choice a phone gets. */
const DEBUG_MEMORY_KEY = 'cutout.debug.memory';

/** Every feature that runs jobs says how in its jobs.ts. */
const jobHandlers = Object.values(import.meta.glob<JobHandler>('../features/*/jobs.ts', { eager: true, import: 'jobHandler' }));

function registerServiceWorker(): AppServices['pwa'] & { ready: Promise<ServiceWorkerRegistration | undefined> } {
  const listeners = new Set<(state: PwaState) => void>();
  let workbox: Workbox | null = null;
  let state: PwaState = { updateReady: false, applyUpdate: () => {} };
  const publish = (next: PwaState) => {
    state = next;
    listeners.forEach((l) => l(state));
  };
  let ready: Promise<ServiceWorkerRegistration | undefined> = Promise.resolve(undefined);
  if ('serviceWorker' in navigator && import.meta.env.PROD) {
    workbox = new Workbox('/sw.js');
    workbox.addEventListener('waiting', () => {
      publish({
        updateReady: true,
        applyUpdate: () => {
          workbox?.addEventListener('controlling', () => location.reload());
          workbox?.messageSkipWaiting();
        },
      });
    });
    ready = workbox.register().then(async (registration) => {
      await navigator.serviceWorker.ready;
      return registration;
    });
    // A static host may not send the isolation headers; the SW adds them, but
    // only to pages it serves, so reload once when it first takes control.
    navigator.serviceWorker.addEventListener('controllerchange', () => {
      if (!self.crossOriginIsolated && !sessionStorage.getItem('cutout.isolation-reload')) {
        sessionStorage.setItem('cutout.isolation-reload', '1');
        location.reload();
      }
    });
  }
  return {
    ready,
    current: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * Has the model host start the model right after the first paint, so the
 * first image does not wait for it and the engine badge shows the download.
 * The work runs in the model host's own thread, at the lowest priority of its
 * queue: a request that comes meanwhile goes first. A failure only shows in
 * the badge: the first real task will try again and report it.
 */
function prepareAfterFirstPaint(engine: EngineHost): void {
  const start = () => {
    void engine
      .refreshStatus()
      .then(() => engine.prepare())
      .then(() => engine.refreshStatus())
      // For whoever reads the console (and for tests that can only read it): which backend, and why.
      .then((status) => console.debug(`[engine] ${status.state}: ${status.backend ?? 'no backend'} (${status.reason ?? ''})`))
      .catch((error: unknown) => console.warn('[engine] could not load the model early', error));
  };
  requestAnimationFrame(() => setTimeout(start, 0));
}

export function startApp(): AppServices {
  applyTheme(storedTheme());
  const install = captureInstallPrompt();
  const runtime = __TEST_HOOKS__
    ? {
        simulateWebGpuFailure: localStorage.getItem(DEBUG_WEBGPU_KEY) === 'throw',
        simulateLiteRtFailure: localStorage.getItem(DEBUG_LITERT_KEY) === 'fail',
        simulateDeviceMemory: Number(localStorage.getItem(DEBUG_MEMORY_KEY)) || undefined,
      }
    : {};
  const engine = new EngineHost({ runtime, store: studioDatabase, jobs: jobHandlers });
  engine.start();
  const pwa = registerServiceWorker();
  prepareAfterFirstPaint(engine);
  // Test builds only: tests reach the engine through this.
  if (__TEST_HOOKS__) (window as unknown as { cutoutEngine: EngineHost }).cutoutEngine = engine;
  return { engine, engineStatus: engineStatusFeed(engine), pwa, install, swReady: pwa.ready };
}
