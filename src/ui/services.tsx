// What the app gives its pages (the engine host, its status, the PWA's state,
// the install prompt), declared here and started by the app (src/app/boot.ts),
// with the React hooks pages read them through.
import { createContext, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import type { EngineProgress } from '../api/tasks';
import type { EngineHost } from '../engine/host';
import type { EngineStatus } from '../engine/model/runtime';

export type EngineStatusView = EngineStatus & { progress?: EngineProgress };

/** The engine's latest status, kept for components mounted after it changed. */
export interface EngineStatusFeed {
  current(): EngineStatusView | null;
  subscribe(listener: () => void): () => void;
}

export interface PwaState {
  updateReady: boolean;
  applyUpdate(): void;
}

export interface InstallPrompt {
  available(): boolean;
  install(): Promise<void>;
  subscribe(listener: () => void): () => void;
}

export interface AppServices {
  engine: EngineHost;
  engineStatus: EngineStatusFeed;
  pwa: { subscribe(listener: (state: PwaState) => void): () => void; current(): PwaState };
  install: InstallPrompt;
  swReady: Promise<ServiceWorkerRegistration | undefined>;
}

export const ServicesContext = createContext<AppServices | null>(null);

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('ServicesContext is missing');
  return services;
}

export function useEngineStatus(): EngineStatusView | null {
  const { engineStatus } = useServices();
  return useSyncExternalStore(engineStatus.subscribe, engineStatus.current);
}

export function usePwaState(): PwaState {
  const { pwa } = useServices();
  const [state, setState] = useState(pwa.current());
  useEffect(() => pwa.subscribe(setState), [pwa]);
  return state;
}

export function useInstallAvailable(): boolean {
  const { install } = useServices();
  const [available, setAvailable] = useState(install.available());
  useEffect(() => install.subscribe(() => setAvailable(install.available())), [install]);
  return available;
}

export function useOnline(): boolean {
  const [online, setOnline] = useState(navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}
