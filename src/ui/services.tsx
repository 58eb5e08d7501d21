// React access to the app's services (engine host, PWA state).
import { createContext, useContext, useEffect, useState } from 'react';
import type { AppServices, PwaState } from './boot';
import type { EngineStatus } from '../engine/runtime';
import type { EngineProgress } from '../engine/protocol';

export const ServicesContext = createContext<AppServices | null>(null);

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('ServicesContext is missing');
  return services;
}

export function useEngineStatus(): (EngineStatus & { progress?: EngineProgress }) | null {
  const { engine } = useServices();
  const [status, setStatus] = useState<(EngineStatus & { progress?: EngineProgress }) | null>(null);
  useEffect(() => engine.subscribe(setStatus), [engine]);
  return status;
}

export function usePwaState(): PwaState {
  const { pwa } = useServices();
  const [state, setState] = useState(pwa.current());
  useEffect(() => pwa.subscribe(setState), [pwa]);
  return state;
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
