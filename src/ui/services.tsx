// React access to the app's services (engine host, PWA state, install prompt).
import { createContext, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import type { AppServices, PwaState } from './boot';
import type { EngineStatusView } from './engine-status';

export type { EngineStatusView };

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
