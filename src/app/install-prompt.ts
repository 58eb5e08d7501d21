// Chromium offers installation through `beforeinstallprompt`, which fires once,
// early, and only if the page keeps the event. Kept here so the shell can show
// an Install button whenever the browser is willing.
import type { InstallPrompt } from '../ui/services';

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export function captureInstallPrompt(): InstallPrompt {
  let deferred: BeforeInstallPromptEvent | null = null;
  const listeners = new Set<() => void>();
  const publish = () => listeners.forEach((listener) => listener());
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    publish();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    publish();
  });
  return {
    available: () => deferred !== null,
    async install() {
      const event = deferred;
      if (!event) return;
      // A prompt can be shown once; the browser fires a new event if it may ask again.
      deferred = null;
      publish();
      await event.prompt();
      await event.userChoice;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
