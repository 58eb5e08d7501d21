// The engine's latest status for every component at once. The host tells only
// its subscribers at the moment something happens, so a component mounted
// later (the studio's progress panel) would miss a model load in progress;
// this feed subscribes once, at start, and keeps the last word.
import type { EngineHost } from '../engine/host';
import type { EngineStatusFeed, EngineStatusView } from '../ui/services';

export function engineStatusFeed(engine: EngineHost): EngineStatusFeed {
  let latest: EngineStatusView | null = null;
  const listeners = new Set<() => void>();
  engine.subscribe((status) => {
    latest = status;
    listeners.forEach((listener) => listener());
  });
  return {
    current: () => latest,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
