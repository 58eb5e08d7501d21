// Starts what every window of the app runs: the engine host (so the service
// worker can hand it work) and the service worker registration.
import { Workbox } from 'workbox-window';
import { EngineHost } from '../engine/host';

export interface PwaState {
  updateReady: boolean;
  applyUpdate(): void;
}

export interface AppServices {
  engine: EngineHost;
  pwa: { subscribe(listener: (state: PwaState) => void): () => void; current(): PwaState };
  swReady: Promise<ServiceWorkerRegistration | undefined>;
}

const DEBUG_WEBGPU_KEY = 'cutout.debug.webgpu';

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

export function startApp(): AppServices {
  const engine = new EngineHost({ simulateWebGpuFailure: localStorage.getItem(DEBUG_WEBGPU_KEY) === 'throw' });
  engine.start();
  const pwa = registerServiceWorker();
  // Tests and the console reach the engine through this.
  (window as unknown as { cutoutEngine: EngineHost }).cutoutEngine = engine;
  return { engine, pwa, swReady: pwa.ready };
}
